import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { localDate } from '#contract/calendar';
import type { RatingClass } from '#contract/rating';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import { usePull, type PullProgress } from '#lib/use-pull';
import type { AggregateResult, UsageDirection, UsageType } from '#workers/usage-core';
import type { CycleRange } from '#workers/usage-service';
import type { ResolvedPeriod } from './period.ts';
import { pullUsageRanges } from '#data/usage-records-pull';
import { usageWorker } from '#data/usage-worker-client';

export type UsageFilters = {
  types: UsageType[];
  direction: UsageDirection;
  oobOnly: boolean;
  /** One rating class only (an invoice's out-of-bundle cause: docs/product/invoices.md "Why this bill is different"). */
  ratingClass?: RatingClass;
};

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

type DateRange = { from: string; to: string };

/** The download of the records of the ranges a screen shows, as one load (src/data/usage-records-pull.ts `pullUsageRanges`). */
export type RecordsLoad = {
  /** One counter over every range still to download: it only grows. */
  progress: PullProgress | null;
  /** The last failure of the download (offline, server error), null once one succeeds. */
  error: unknown;
  /** The download has ended, downloaded or failed: what is stored now is all the screen will get for a while. */
  settled: boolean;
  /** Each range asked for, with when it was last completely downloaded (undefined: never). */
  ranges: readonly (DateRange & { fetchedAt: number | undefined })[];
  /** Changes whenever records of the contract are written: the worker's answers are redone. */
  revision: number;
};

/** What one load tells about the records of one range a figure is computed from. */
export type RangeState = {
  /** Figures computed from the stored records of the range are whole, and may be shown. */
  complete: boolean;
  /** When the range's records were last completely downloaded; undefined when never. */
  fetchedAt: number | undefined;
  /** Never completely downloaded, and the download failed (offline): the screens say what is missing. */
  unknown: boolean;
};

/**
 * The state of one range's records in a load: the range is covered by a range of the load that was completely
 * downloaded once (the range itself, or a longer one holding it). Each figure asks for its own range, so offline the
 * current bill downloaded on home's visit gives its totals even though the average's bills were never downloaded
 * (docs/product/consumption.md "Loading and partial figures"). Online, while the load still downloads records the
 * screen never had, no figure shows (one load, one progress, then every figure at once); once it has ended,
 * downloaded or failed, each figure whose records are whole shows.
 */
export const rangeState = (load: Pick<RecordsLoad, 'error' | 'settled' | 'ranges'>, range: DateRange | null): RangeState => {
  let fetchedAt: number | undefined;
  if (range)
    for (const r of load.ranges)
      if (r.fetchedAt !== undefined && r.from <= range.from && range.to <= r.to) fetchedAt = Math.max(fetchedAt ?? 0, r.fetchedAt);
  const everyRangeFetched = load.ranges.length > 0 && load.ranges.every((r) => r.fetchedAt !== undefined);
  return {
    complete: fetchedAt !== undefined && (everyRangeFetched || load.settled),
    fetchedAt,
    unknown: fetchedAt === undefined && load.error !== null,
  };
};

/**
 * Pulls the records of the given ranges into Dexie as one load with one progress, and tells when each was last
 * completely downloaded (`rangeState` reads it for one figure).
 * Offline: nothing is downloaded; the ranges fetched on an earlier visit are complete, the others unknown.
 */
export const useRecordsLoad = (customerId: number | null, contractId: number | null, ranges: readonly DateRange[] | null): RecordsLoad => {
  const rangesKey = ranges === null ? '' : JSON.stringify(ranges);
  const { progress, refreshError: error, settled } = usePull(
    customerId === null || contractId === null || ranges === null || ranges.length === 0 ? null : [customerId, contractId, ranges],
    pullUsageRanges,
  );
  // Keyed by the ranges: right after they change, useLiveQuery still returns the previous ranges' answer.
  const key = `${customerId}|${contractId}|${rangesKey}`;
  const fetched = useLiveQuery(async () => {
    const wanted = rangesKey === '' ? [] : (JSON.parse(rangesKey) as DateRange[]);
    if (customerId === null || contractId === null) return { key, ranges: [] };
    const metas = await Promise.all(wanted.map((r) => db.meta.get(resourceKeys.usageRecords(customerId, contractId, r.from, r.to))));
    return { key, ranges: wanted.map((r, i) => ({ from: r.from, to: r.to, fetchedAt: metas[i]?.fetchedAt })) };
  }, [customerId, contractId, rangesKey, key]);
  const revision = useLiveQuery(
    async () => (contractId === null ? 0 : ((await db.meta.get(resourceKeys.usageRevision(contractId)))?.fetchedAt ?? 0)),
    [contractId],
  );
  return { progress, error, settled, ranges: fetched?.key === key ? fetched.ranges : [], revision: revision ?? 0 };
};

const rangeOf = (period: ResolvedPeriod | null): DateRange | null => (period ? { from: period.from, to: period.to } : null);

/**
 * Usage of a contract for a period and filters, computed in the usage worker over the records in Dexie. The page gets
 * totals, per-day buckets and a count; rows come one page at a time (useRecordPages). With `list: false` (a screen
 * without the records list) the worker answers from its per-day rollups and keeps no list (queryId 0). No figure
 * before the period's records are all on the device (docs/product/consumption.md "Loading and partial figures"):
 * `aggregate` stays null while the first download runs; `load` shares one download between several figures, each read
 * for its own range (`rangeState`). Offline: computed from the stored records of a period downloaded before;
 * otherwise `unknown`.
 */
export const useUsageQuery = (
  customerId: number | null,
  contractId: number | null,
  period: ResolvedPeriod | null,
  filters: UsageFilters,
  { list = true, load }: { list?: boolean; load?: RecordsLoad } = {},
): UsageQueryState => {
  const range = rangeOf(period);
  const own = useRecordsLoad(customerId, contractId, load || !range ? null : [range]);
  const pullState = load ?? own;
  const { complete, fetchedAt, unknown } = rangeState(pullState, range);
  const [answer, setAnswer] = useState<{ key: string; revision: number; queryId: number; count: number; aggregate: AggregateResult } | null>(null);
  const typesKey = filters.types.join(',');
  const key = `${contractId}|${period?.fromMs}|${period?.toMs}|${typesKey}|${filters.direction}|${filters.oobOnly}|${filters.ratingClass ?? ''}`;
  const { revision } = pullState;
  const fromMs = period?.fromMs;
  const toMs = period?.toMs;
  useEffect(() => {
    if (contractId === null || fromMs === undefined || toMs === undefined || !complete) return;
    let live = true;
    const types = typesKey ? (typesKey.split(',') as UsageType[]) : [];
    const q = {
      contractId,
      from: fromMs,
      to: toMs,
      types,
      direction: filters.direction,
      oobOnly: filters.oobOnly,
      ...(filters.ratingClass ? { ratingClass: filters.ratingClass } : {}),
    };
    const worker = usageWorker();
    (list ? worker.query(q) : worker.aggregateOnly(q).then((aggregate) => ({ queryId: 0, count: aggregate.matched, aggregate })))
      .then(
        (a) => live && setAnswer({ key, revision, ...a }),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [contractId, fromMs, toMs, typesKey, filters.direction, filters.oobOnly, filters.ratingClass, key, revision, list, complete]);
  const ready = complete && answer !== null && answer.key === key;
  const current = ready && answer.revision === revision;
  return {
    status: ready ? 'ready' : 'loading',
    queryId: ready ? answer.queryId : 0,
    count: ready ? answer.count : 0,
    aggregate: ready ? answer.aggregate : null,
    progress: pullState.progress,
    fetchedAt,
    error: pullState.error,
    busy: !current || pullState.progress !== null,
    unknown,
  };
};

/** The dates of the completed cycles of the average (Brussels days, as the API's), as one range of the records' download. */
export const averageRange = (cycles: readonly CycleRange[]): DateRange | null => {
  const first = cycles[0];
  const last = cycles[cycles.length - 1];
  return first && last ? { from: localDate(first.from), to: localDate(last.to) } : null;
};

/**
 * Average per bill over the last completed cycles (docs/product/consumption.md "Average use": the sum divided by 6)
 * of the use that counts against a bundle, computed in the worker once the cycles' records are all on the device
 * (never from part of them). Offline: from the records of an earlier complete download; otherwise unknown.
 */
export const useAverage = (customerId: number | null, contractId: number | null, cycles: CycleRange[], { load }: { load?: RecordsLoad } = {}) => {
  const range = averageRange(cycles);
  const own = useRecordsLoad(customerId, contractId, load || !range ? null : [range]);
  const pullState = load ?? own;
  const { complete, fetchedAt, unknown } = rangeState(pullState, range);
  const [average, setAverage] = useState<{ key: string; value: Record<UsageType, number> } | null>(null);
  const key = `${contractId}|${range?.from}|${range?.to}`;
  const cyclesKey = JSON.stringify(cycles);
  const { revision } = pullState;
  useEffect(() => {
    if (contractId === null || !complete) return;
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
  }, [contractId, cyclesKey, key, revision, complete]);
  return {
    average: complete && average?.key === key ? average.value : null,
    progress: pullState.progress,
    fetchedAt,
    unknown,
  };
};
