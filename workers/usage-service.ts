import { DAY_MS } from '#contract/calendar';
import type { RatingClass, UsageTotals } from '#contract/rating';
import { resourceKeys } from '#db/resource-keys';
import type { AppDatabase } from '#db/schema';
import { comparePlans, type CycleUsage, type PlanCatalogue, type PlanFit } from './plan-fit.ts';
import { scanRecords } from './usage-blocks.ts';
import { averageProfile, profileOf, type UsageProfile } from './usage-profile.ts';
import {
  averagePerCycle,
  createAggregator,
  matchesFilter,
  type AggregateResult,
  type Aggregator,
  type UsageDirection,
  type UsageRecordRow,
  type UsageType,
} from './usage-core.ts';

/*
 * What the usage worker does, as a plain module over a Dexie database (tested in Vitest on fake-indexeddb; the
 * worker only wraps it in Comlink). Records are read from their hourly blocks in pages of `readPageSize` rows
 * (workers/usage-blocks.ts); each page is fed to the aggregator, and the rows that pass the filter stay here, in the worker: the page
 * asks for them one page at a time (`rows`). Only small results cross postMessage.
 * Aggregates without a list (`aggregateOnly`, `average`) come from the per-day rollups (usageDaily) for the days
 * that have one, and from the records only for the days that have none (ranges never completely fetched, edge days).
 * Offline: reads IndexedDB only, never the network.
 */

export type UsageQuery = {
  contractId: number;
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, inclusive. */
  to: number;
  types?: UsageType[];
  direction?: UsageDirection;
  oobOnly?: boolean;
  ratingClass?: RatingClass;
};

/** A query's filter, its defaults filled in. */
const filterOf = (q: UsageQuery) => ({
  from: q.from,
  to: q.to,
  types: q.types ?? [],
  direction: q.direction ?? 'all',
  oobOnly: q.oobOnly ?? false,
  ...(q.ratingClass ? { ratingClass: q.ratingClass } : {}),
});

export type QueryAnswer = {
  /** Identifies the filtered list kept in the worker; `rows` answers only for the latest query. */
  queryId: number;
  count: number;
  aggregate: AggregateResult;
};

export type CycleRange = { from: number; to: number };

export type AverageAnswer = {
  /**
   * Per type, the use that counts against a bundle (workers/usage-profile.ts), summed over the given cycles and divided
   * by the divisor (docs/product/consumption.md "Average use", 6 by default).
   */
  average: Record<UsageType, number>;
  perCycle: Record<UsageType, number>[];
};

export type ProfileAnswer = {
  /**
   * Per measure, the sum of the given cycles divided by the divisor (docs/product/consumption.md "Average use", 6 by
   * default).
   */
  average: UsageProfile;
  perCycle: UsageProfile[];
};

export const readPageSize = 5000;
/** The largest page the page may ask for: the main thread never holds more than this many records. */
export const maxRowsPage = 500;
/** Raw rows kept between queries (same contract and range): re-filtering then needs no IndexedDB read. */
export const maxCachedRows = 400_000;

type Cache = { contractId: number; from: number; to: number; revision: number; rows: UsageRecordRow[] } | null;

export const createUsageService = (db: AppDatabase) => {
  let cache: Cache = null;
  let nextQueryId = 0;
  // The last few answered lists (a page may briefly have two queries in flight, e.g. React's double effects).
  const lists = new Map<number, UsageRecordRow[]>();
  const keptLists = 3;

  const revisionOf = async (contractId: number) => (await db.meta.get(resourceKeys.usageRevision(contractId)))?.fetchedAt ?? 0;

  /** Feeds every record of the range to `onPage`, from the worker's memory when the same range was read last. */
  const eachPage = async (contractId: number, from: number, to: number, onPage: (rows: UsageRecordRow[]) => void) => {
    const revision = await revisionOf(contractId);
    if (cache && cache.contractId === contractId && cache.from <= from && cache.to >= to && cache.revision === revision) {
      for (let i = 0; i < cache.rows.length; i += readPageSize) onPage(cache.rows.slice(i, i + readPageSize));
      return;
    }
    const kept: UsageRecordRow[] = [];
    let keep = true;
    await scanRecords(db, contractId, from, to, (page) => {
      onPage(page);
      if (keep) {
        if (kept.length + page.length > maxCachedRows) keep = false;
        else for (const row of page) kept.push(row);
      }
    });
    cache = keep ? { contractId, from, to, revision, rows: kept } : null;
  };

  /** Filters and aggregates a period; keeps the matching rows, newest first, for `rows`. */
  const query = async (q: UsageQuery): Promise<QueryAnswer> => {
    const queryId = ++nextQueryId;
    const filter = filterOf(q);
    const aggregator = createAggregator(filter);
    const matching: UsageRecordRow[] = [];
    await eachPage(q.contractId, q.from, q.to, (page) => {
      aggregator.add(page);
      for (const row of page) if (matchesFilter(row, filter)) matching.push(row);
    });
    matching.reverse();
    lists.set(queryId, matching);
    for (const id of lists.keys()) if (lists.size > keptLists && id !== queryId) lists.delete(id);
    return { queryId, count: matching.length, aggregate: aggregator.result() };
  };

  /** One page of a recent query's rows (at most `maxRowsPage`); null when newer queries pushed it out. */
  const rows = (queryId: number, offset: number, limit: number): UsageRecordRow[] | null => {
    const list = lists.get(queryId);
    if (!list) return null;
    const size = Math.max(0, Math.min(limit, maxRowsPage));
    return list.slice(offset, offset + size);
  };

  /**
   * Feeds [from, to] to the aggregator: the rollup of every day that has one, then the records of the rest, read
   * range by range. Without any usable rollup it is the plain record scan (with the worker's cache).
   */
  const feedRange = async (
    aggregator: Pick<Aggregator, 'add' | 'addRollup'>,
    contractId: number,
    from: number,
    to: number,
  ): Promise<void> => {
    // Rollup rows start at a local midnight, so the first one of interest starts at most a day before `from`.
    const daily = await db.usageDaily
      .where('[contractId+dayStart]')
      .between([contractId, from - 2 * DAY_MS], [contractId, to], true, true)
      .toArray();
    const covered: [number, number][] = [];
    for (const day of daily) if (aggregator.addRollup(day)) covered.push([day.dayStart, day.dayEnd - 1]);
    if (covered.length === 0) {
      await eachPage(contractId, from, to, (page) => aggregator.add(page));
      return;
    }
    const gaps: [number, number][] = [];
    let cursor = from;
    for (const [start, end] of covered) {
      if (start > cursor) gaps.push([cursor, start - 1]);
      cursor = Math.max(cursor, end + 1);
    }
    if (cursor <= to) gaps.push([cursor, to]);
    for (const [a, b] of gaps) await scanRecords(db, contractId, a, b, (page) => aggregator.add(page));
  };

  /** Aggregation only (no list kept): the summary screen, the average and the benchmark use it. */
  const aggregateOnly = async (q: UsageQuery): Promise<AggregateResult> => {
    const aggregator = createAggregator(filterOf(q));
    await feedRange(aggregator, q.contractId, q.from, q.to);
    return aggregator.result();
  };

  /**
   * Totals of each given cycle and their average with the divisor of docs/product/consumption.md "Average use" (6 by
   * default).
   */
  const average = async (contractId: number, cycles: CycleRange[], divisor?: number): Promise<AverageAnswer> => {
    if (cycles.length === 0) return { average: { data: 0, call: 0, sms: 0 }, perCycle: [] };
    // Bill cycles never overlap, so each cycle is simply aggregated on its own (from its rollups).
    const perCycle: Record<UsageType, number>[] = [];
    for (const c of cycles) {
      const counted = profileOf((await aggregateOnly({ contractId, from: c.from, to: c.to })).usage);
      perCycle.push({ data: counted.dataBytes, call: counted.nationalCallSeconds, sms: counted.nationalSms });
    }
    const avg = (type: UsageType) =>
      averagePerCycle(
        perCycle.map((c) => c[type]),
        divisor,
      );
    return { average: { data: avg('data'), call: avg('call'), sms: avg('sms') }, perCycle };
  };

  /**
   * "Which plan fits me" (workers/plan-fit.ts): each cycle's usage from `aggregateOnly` (its rollups and records),
   * then the comparison of the catalogue's plans. The cycles are completed bill cycles, oldest first.
   */
  const planFit = async (contractId: number, cycles: CycleRange[], catalogue: PlanCatalogue): Promise<PlanFit> => {
    const usage: CycleUsage[] = [];
    for (const c of cycles) {
      const result = await aggregateOnly({ contractId, from: c.from, to: c.to });
      usage.push({ usage: result.usage, records: result.matched });
    }
    return comparePlans(usage, catalogue);
  };

  /**
   * The usage profile a tariff comparison asks for (workers/usage-profile.ts) of each given cycle, and its average
   * with the divisor of docs/product/consumption.md "Average use" (6 by default): from the rollups, and the records
   * of the days without one.
   */
  const profile = async (contractId: number, cycles: CycleRange[], divisor?: number): Promise<ProfileAnswer> => {
    const usage: UsageTotals[] = [];
    for (const c of cycles) usage.push((await aggregateOnly({ contractId, from: c.from, to: c.to })).usage);
    return { average: averageProfile(usage, divisor), perCycle: usage.map(profileOf) };
  };

  return {
    query,
    rows,
    aggregateOnly,
    average,
    planFit,
    profile,
    /** "Which plan fits me" over cycles' totals the page already has (the server's, GET …/usage/cycles): no records read. */
    comparePlans: (usage: CycleUsage[], catalogue: PlanCatalogue): PlanFit => comparePlans(usage, catalogue),
  };
};
