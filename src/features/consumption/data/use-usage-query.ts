import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import { usePull, type PullProgress } from '#lib/use-pull';
import type { AggregateResult, UsageDirection, UsageType } from '#workers/usage-core';
import type { CycleRange } from '#workers/usage-service';
import type { ResolvedPeriod } from './period.ts';
import { pullUsageRecords } from '#data/usage-records-pull';
import { usageWorker } from '#data/usage-worker-client';

export type UsageFilters = { types: UsageType[]; direction: UsageDirection; oobOnly: boolean };

export type UsageQueryState = {
  /** `loading` until the worker answered once for these inputs. */
  status: 'loading' | 'ready';
  queryId: number;
  count: number;
  aggregate: AggregateResult | null;
  /** Progress of the download of the period's records, while it runs. */
  progress: PullProgress | null;
  fetchedAt: number | undefined;
  error: unknown;
  /**
   * The figures shown may still change: the period's records are downloading, or were written since the worker
   * answered (a newer answer is on its way). Screens mark their totals `aria-busy` meanwhile.
   */
  busy: boolean;
  /**
   * The period's records were never downloaded completely and the download failed (offline): figures computed from
   * the few stored records would be wrong, so the screens say what is missing instead of showing them.
   */
  unknown: boolean;
};

/** Never completely downloaded, and the attempt to download failed: what is stored is not the whole period. */
const notKnown = (fetchedAt: number | undefined, error: unknown): boolean => fetchedAt === undefined && error !== null;

/** Pulls the period's records into Dexie (batches) and keeps the worker's answer for the filters up to date. */
export const useRecordsPull = (customerId: number | null, contractId: number | null, period: ResolvedPeriod | null) => {
  const from = period?.from;
  const to = period?.to;
  const { progress, refreshError: error } = usePull(
    customerId === null || contractId === null || !from || !to ? null : [customerId, contractId, { from, to }],
    pullUsageRecords,
  );
  // Keyed by the range: right after the range changes, useLiveQuery still returns the previous range's answer.
  const rangeKey = `${customerId}|${contractId}|${from}|${to}`;
  const fetched = useLiveQuery(
    async () => ({
      rangeKey,
      at: customerId === null || contractId === null || !from || !to ? undefined : (await db.meta.get(resourceKeys.usageRecords(customerId, contractId, from, to)))?.fetchedAt,
    }),
    [customerId, contractId, from, to, rangeKey],
  );
  const fetchedAt = fetched?.rangeKey === rangeKey ? fetched.at : undefined;
  // The revision changes whenever records of this contract are written: the worker's answer is then redone.
  const revision = useLiveQuery(async () => (contractId === null ? 0 : ((await db.meta.get(resourceKeys.usageRevision(contractId)))?.fetchedAt ?? 0)), [contractId]);
  return { progress, error, fetchedAt, revision: revision ?? 0 };
};

/**
 * Usage of a contract for a period and filters, computed in the usage worker over the records in Dexie. The page
 * gets totals, per-day buckets and a count; rows come one page at a time (useRecordPages). With `list: false` (a
 * screen without the records list) the worker answers from its per-day rollups and keeps no list (queryId 0).
 * Offline: computed from whatever records are stored; the pull's failure is reported in `error`.
 */
export const useUsageQuery = (
  customerId: number | null,
  contractId: number | null,
  period: ResolvedPeriod | null,
  filters: UsageFilters,
  { list = true }: { list?: boolean } = {},
): UsageQueryState => {
  const pullState = useRecordsPull(customerId, contractId, period);
  const [answer, setAnswer] = useState<{ key: string; revision: number; queryId: number; count: number; aggregate: AggregateResult } | null>(null);
  const typesKey = filters.types.join(',');
  const key = `${contractId}|${period?.fromMs}|${period?.toMs}|${typesKey}|${filters.direction}|${filters.oobOnly}`;
  const { revision } = pullState;
  const fromMs = period?.fromMs;
  const toMs = period?.toMs;
  useEffect(() => {
    if (contractId === null || fromMs === undefined || toMs === undefined) return;
    let live = true;
    const types = typesKey ? (typesKey.split(',') as UsageType[]) : [];
    const q = { contractId, from: fromMs, to: toMs, types, direction: filters.direction, oobOnly: filters.oobOnly };
    const worker = usageWorker();
    (list ? worker.query(q) : worker.aggregateOnly(q).then((aggregate) => ({ queryId: 0, count: aggregate.matched, aggregate })))
      .then(
        (a) => live && setAnswer({ key, revision, ...a }),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [contractId, fromMs, toMs, typesKey, filters.direction, filters.oobOnly, key, revision, list]);
  const ready = answer !== null && answer.key === key;
  const current = ready && answer.revision === revision;
  // Not fetched yet and no failure: the download is about to start (or runs without progress so far).
  const downloading = pullState.progress !== null || (pullState.fetchedAt === undefined && pullState.error === null);
  return {
    status: ready ? 'ready' : 'loading',
    queryId: ready ? answer.queryId : 0,
    count: ready ? answer.count : 0,
    aggregate: ready ? answer.aggregate : null,
    progress: pullState.progress,
    fetchedAt: pullState.fetchedAt,
    error: pullState.error,
    busy: !current || downloading,
    unknown: notKnown(pullState.fetchedAt, pullState.error),
  };
};

/**
 * Average per bill over the last completed cycles (SPEC §9: the sum divided by 6), computed in the worker after
 * their records are pulled. Offline: from the stored records.
 */
export const useAverage = (customerId: number | null, contractId: number | null, cycles: CycleRange[]) => {
  const first = cycles[0];
  const last = cycles[cycles.length - 1];
  const range = first && last ? { from: isoDate(first.from), to: isoDate(last.to), fromMs: first.from, toMs: last.to } : null;
  const pullState = useRecordsPull(customerId, contractId, range);
  const [average, setAverage] = useState<{ key: string; value: Record<UsageType, number> } | null>(null);
  const key = `${contractId}|${range?.fromMs}|${range?.toMs}`;
  const cyclesKey = JSON.stringify(cycles);
  useEffect(() => {
    if (contractId === null) return;
    let live = true;
    usageWorker()
      .average(contractId, JSON.parse(cyclesKey) as CycleRange[])
      .then(
        (a) => live && setAverage({ key, value: a.average }),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [contractId, cyclesKey, key, pullState.revision]);
  return {
    average: average?.key === key ? average.value : null,
    progress: pullState.progress,
    fetchedAt: pullState.fetchedAt,
    unknown: notKnown(pullState.fetchedAt, pullState.error),
  };
};

const isoDate = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
