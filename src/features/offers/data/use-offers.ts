import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { lastCycles, monthlyCycle, type BillCycle } from '#contract/bill-cycle';
import { localDate } from '#contract/calendar';
import { isPlainUser } from '#contract/roles';
import { pullCustomer } from '#data/customer-pull';
import { readForcedContractId, selectedContractKey } from '#data/selected-contract';
import { pullUsageRecords } from '#data/usage-records-pull';
import { usageWorker } from '#data/usage-worker-client';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { ContractRow, OffersRow } from '#db/schema';

export type { OffersRow };
import { selectContract } from '#lib/contract-selection';
import { fromLive, type LiveResult } from '#lib/live-result';
import { usePull, type PullProgress } from '#lib/use-pull';
import type { UsageProfile } from '#workers/usage-profile';
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

/** docs/product/consumption.md "Average use": the average is taken over the last 6 completed bill cycles. */
export const comparisonCycles = 6;

/** The last completed cycles of a contract's bill cycle (monthly on the 1st when the contract has none). */
export const completedCycleRanges = (cycle: BillCycle | null, now: Date, n = comparisonCycles) =>
  lastCycles(cycle ?? monthlyCycle(1), now, n, { includeCurrent: false }).map((p) => ({ from: p.start.getTime(), to: p.end.getTime() }));

export type UsageProfileState = {
  /**
   * The average per cycle, once every record of the cycles is on the device and the worker answered: never from part
   * of them (docs/product/offers.md: the comparison link carries the customer's real profile or nothing).
   */
  average: UsageProfile | null;
  /** While the cycles' records download (they are pulled when online, then read offline). */
  progress: PullProgress | null;
  /** When the cycles' records were last fetched completely; undefined when never (then there is no average). */
  fetchedAt: number | undefined;
  error: unknown;
};

/**
 * The customer's average use per bill cycle over the last 6 completed cycles, computed by the usage worker from the
 * records in IndexedDB (docs/product/consumption.md "Average use": divisor 6), once they are all there. The cycles'
 * records are pulled first when online (a closed range is fetched once). Offline: computed from an earlier complete
 * download, or not at all.
 */
export const useUsageProfile = (customerId: number | null, contract: ContractRow | undefined): UsageProfileState => {
  const contractId = contract?.id ?? null;
  const cycleKey = JSON.stringify(contract?.billCycle ?? null);
  const cycles = useMemo(() => completedCycleRanges(JSON.parse(cycleKey) as BillCycle | null, new Date()), [cycleKey]);
  const first = cycles[0];
  const last = cycles[cycles.length - 1];
  // The API's dates are the service's calendar days (Europe/Brussels), as the cycles' bounds.
  const range = first && last ? { from: localDate(first.from), to: localDate(last.to) } : null;
  const { progress, refreshError } = usePull(customerId === null || contractId === null || !range ? null : [customerId, contractId, range], pullUsageRecords);
  const fetchedAt = useLiveQuery(
    async () => (customerId === null || contractId === null || !range ? undefined : (await db.meta.get(resourceKeys.usageRecords(customerId, contractId, range.from, range.to)))?.fetchedAt),
    [customerId, contractId, range?.from, range?.to],
  );
  // Records written for this contract (by this pull or another screen's) change the revision: the worker answers again.
  const revision = useLiveQuery(async () => (contractId === null ? 0 : ((await db.meta.get(resourceKeys.usageRevision(contractId)))?.fetchedAt ?? 0)), [contractId]);
  const [answer, setAnswer] = useState<{ key: string; value: UsageProfile } | null>(null);
  const key = `${contractId}|${JSON.stringify(cycles)}`;
  const complete = fetchedAt !== undefined;
  useEffect(() => {
    if (contractId === null || !complete) return;
    let live = true;
    usageWorker()
      .profile(contractId, cycles)
      .then(
        (profile) => live && setAnswer({ key, value: profile.average }),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [contractId, cycles, key, revision, complete]);
  return { average: complete && answer?.key === key ? answer.value : null, progress, fetchedAt, error: refreshError };
};
