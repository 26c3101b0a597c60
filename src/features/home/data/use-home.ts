import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { isPlainUser } from '#contract/roles';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { ContactRow, ContractRow, CustomerRow, SessionRow } from '#db/schema';
import { selectContract } from '#lib/contract-selection';
import { usePull } from '#lib/use-pull';
import { useFirstFrame } from '#lib/first-frame';
import { fromLive, type LiveResult } from '#lib/live-result';
import { useStable } from '#lib/use-stable';
import { readForcedContractId } from '#data/selected-contract';
import { selectedContractKey } from './contract-preference.ts';
import { pullContractProducts, pullCustomer } from './pulls.ts';

export type HomeData = {
  session: SessionRow;
  customer: CustomerRow | undefined;
  contact: ContactRow | undefined;
  contracts: ContractRow[];
  selectedContractId: number | null;
  fetchedAt: number | undefined;
};

/** What home shows of the stored rows (pure): the live query's reading, and the server's first answer's (first-visit.ts). */
export const assembleHome = (
  session: SessionRow,
  rows: { customer: CustomerRow | undefined; contact: ContactRow | undefined; contracts: ContractRow[]; fetchedAt: number | undefined },
  forcedContractId: number | null,
): HomeData => {
  const isPlain = isPlainUser(session);
  // A plain user only ever sees its own contract (docs/product/roles.md "Plain user"), even if more rows were
  // stored.
  const contracts = isPlain ? rows.contracts.filter((c) => c.msisdn === session.msisdn) : rows.contracts;
  const selectedContractId = selectContract({
    contracts,
    isPlainUser: isPlain,
    userMsisdn: session.msisdn,
    forcedContractId,
  });
  return { session, customer: rows.customer, contact: rows.contact, contracts, selectedContractId, fetchedAt: rows.fetchedAt };
};

/** What home shows, as its live query reads it (and the route, for the first frame: see lib/first-frame.ts). */
export const readHome = async (): Promise<{ data: HomeData | null }> => {
  const session = await db.session.get('current');
  if (!session || session.customerId === null) return { data: null };
  const customerId = session.customerId;
  const [customer, contact, contracts, meta, forced] = await Promise.all([
    db.customers.get(customerId),
    db.contacts.get(customerId),
    db.contracts.where('customerId').equals(customerId).sortBy('position'),
    db.meta.get(resourceKeys.customer(customerId)),
    db.prefs.get(selectedContractKey),
  ]);
  return { data: assembleHome(session, { customer, contact, contracts, fetchedAt: meta?.fetchedAt }, readForcedContractId(forced?.value)) };
};

export const homeFrameKey = 'home';

/**
 * Everything the home page shows, read from Dexie. Asks for a refresh of the customer when it is older than 15
 * minutes. Offline: shows the stored rows and their age; the refresh error is reported, nothing is lost.
 */
export const useHome = (): { result: LiveResult<HomeData | null>; refresh: () => Promise<void>; refreshError: unknown } => {
  const live = useStable(useLiveQuery(readHome, [], useFirstFrame<{ data: HomeData | null }>(homeFrameKey)));
  const result = useMemo(() => fromLive(live), [live]);

  const customerId = result.status === 'ready' ? (result.data?.session.customerId ?? null) : null;
  const { refresh, refreshError } = usePull(customerId === null ? null : [customerId], pullCustomer);
  // Home loads the selected line's products (docs/product/home.md, the route table's "loads products"): its plan and
  // options are on the device before the customer opens the subscription, offline too.
  const contractId = result.status === 'ready' ? (result.data?.selectedContractId ?? null) : null;
  usePull(customerId === null || contractId === null ? null : [customerId, contractId], pullContractProducts);

  return { result, refresh, refreshError };
};
