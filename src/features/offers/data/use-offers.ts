import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { isPlainUser } from '#contract/roles';
import { pullCustomer } from '#data/customer-pull';
import { readForcedContractId, selectedContractKey } from '#data/selected-contract';
import { pullUsageCycles } from '#data/usage-cycles-pull';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { ContractRow, OffersRow } from '#db/schema';

export type { OffersRow };
import { selectContract } from '#lib/contract-selection';
import { fromLive, type LiveResult } from '#lib/live-result';
import { usePull } from '#lib/use-pull';
import { averageProfile, type UsageProfile } from '#workers/usage-profile';
import { pullOffers } from './offers-pull.ts';

export type OffersData = {
  customerId: number;
  plainUser: boolean;
  offers: OffersRow | undefined;
  fetchedAt: number | undefined;
  /** The line whose use the comparison link describes (the selected one, as on home and consumption). */
  contract: ContractRow | undefined;
};

/**
 * The offers page's data, from Dexie; pulls the offers (and the customer, for its lines) when older than 15
 * minutes. Offline: the stored offers with their age.
 */
export const useOffers = (): { result: LiveResult<OffersData | null>; refresh: () => Promise<void>; refreshError: unknown; settled: boolean } => {
  const result = fromLive(
    useLiveQuery(async (): Promise<{ data: OffersData | null }> => {
      const session = await db.session.get('current');
      if (!session || session.customerId === null) return { data: null };
      const customerId = session.customerId;
      const [offers, meta, all, forced] = await Promise.all([
        db.offers.get(customerId),
        db.meta.get(resourceKeys.offers(customerId)),
        db.contracts.where('customerId').equals(customerId).sortBy('position'),
        db.prefs.get(selectedContractKey),
      ]);
      const plainUser = isPlainUser(session);
      const contracts = plainUser ? all.filter((c) => c.msisdn === session.msisdn) : all;
      const id = selectContract({ contracts, isPlainUser: plainUser, userMsisdn: session.msisdn, forcedContractId: readForcedContractId(forced?.value) });
      return { data: { customerId, plainUser, offers, fetchedAt: meta?.fetchedAt, contract: contracts.find((c) => c.id === id) } };
    }, []),
  );
  const customerId = result.status === 'ready' ? (result.data?.customerId ?? null) : null;
  const offers = usePull(customerId === null ? null : [customerId], pullOffers);
  usePull(customerId === null ? null : [customerId], pullCustomer);
  return { result, refresh: offers.refresh, refreshError: offers.refreshError, settled: offers.settled };
};

export type UsageProfileState = {
  /**
   * The average per cycle of the last completed cycles' totals, as the server summed them (GET …/usage/cycles): never
   * from part of them (docs/product/offers.md: the comparison link carries the customer's real profile or nothing).
   */
  average: UsageProfile | null;
  /** When the cycles' totals were fetched; undefined when never (then there is no average). */
  fetchedAt: number | undefined;
  error: unknown;
  refresh: () => Promise<void>;
};

/**
 * The customer's average use per bill cycle over the last 6 completed cycles (docs/product/consumption.md "Average
 * use": divisor 6), from the cycles' totals stored in Dexie and pulled with the 15-minute rule: no record is downloaded
 * for it (issue 41 point 7). Offline: from the stored totals, with their age, or not at all.
 */
export const useUsageProfile = (customerId: number | null, contract: ContractRow | undefined): UsageProfileState => {
  const contractId = contract?.id ?? null;
  const { refresh, refreshError } = usePull(customerId === null || contractId === null ? null : [customerId, contractId], pullUsageCycles);
  const stored = useLiveQuery(async () => {
    if (customerId === null || contractId === null) return undefined;
    const [row, meta] = await Promise.all([db.usageCycles.get(contractId), db.meta.get(resourceKeys.usageCycles(customerId, contractId))]);
    return row ? { contractId, row, fetchedAt: meta?.fetchedAt } : undefined;
  }, [customerId, contractId]);
  const current = stored?.contractId === contractId ? stored : undefined;
  const average = useMemo(() => (current ? averageProfile(current.row.cycles.map((c) => c.totals)) : null), [current]);
  return { average, fetchedAt: current?.fetchedAt, error: refreshError, refresh };
};
