import { addDaysToDate, localDate, startOfLocalDay } from '#contract/calendar';
import type { z } from 'zod';
import { call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import { isStale } from '#contract/freshness';
import type { usageHistoryResponseSchema } from '#contract/usage';
import { bumpRevision, daysOfBlocks, summaryWroteDay, toUsageRecordRow } from '#data/usage-pull';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { UsageRecordRow } from '#db/schema';
import { stillCurrent, wipeEpoch, type PullResult } from '#sync/pull';
import { blockMs, blockStartOf, groupIntoBlocks, mergeIntoBlocks, type BlockGroup } from '#workers/usage-blocks';
import { createDayRollupBuilder, localDayOf, toDailyRow, type DayRollupBuilder } from '#workers/usage-rollup';
import { yieldToMain } from '#lib/yield-to-main';

/*
 * The usage records of a date range (paged GET …/usage/history → Dexie in batches of hourly blocks), for the
 * consumption screens and their worker. It keeps the rules of "Rollup consistency" (src/data/usage-pull.ts) with
 * the summary pull, which writes records too.
 * Offline: every call fails, nothing is written, and the views keep the last stored rows with their age.
 */

/** Rows per API page (the contract's maximum) and per Dexie transaction (docs/architecture.md: ~1,000). */
export const historyPageSize = 5000;
export const ingestChunkSize = 1000;

/** The records pulls of one contract run one after the other (see "Rollup consistency"). */
const recordPullChains = new Map<number, Promise<unknown>>();

/** Across the tabs of the device too (Web Locks), so that two tabs never interleave the writes of one contract. */
const acrossTabs = <T>(contractId: number, task: () => Promise<T>): Promise<T> =>
  typeof navigator !== 'undefined' && navigator.locks ? navigator.locks.request(`usage-records:${contractId}`, task) : task();

const oneAtATime = <T>(contractId: number, task: () => Promise<T>): Promise<T> => {
  const previous = recordPullChains.get(contractId) ?? Promise.resolve();
  const locked = () => acrossTabs(contractId, task);
  const run = previous.then(locked, locked);
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  recordPullChains.set(contractId, tail);
  void tail.then(() => {
    if (recordPullChains.get(contractId) === tail) recordPullChains.delete(contractId);
  });
  return run;
};

/**
 * The rollup rows of the local days that the fetched range [from, to] (service-zone dates) covers completely,
 * including days without any record; days touched but only partly covered get none.
 */
const completeDayRows = (
  contractId: number,
  range: { from: string; to: string },
  rollups: DayRollupBuilder,
  asOf: number,
  skip: (dayStart: number) => boolean,
) => {
  const coverStart = startOfLocalDay(range.from);
  const coverEnd = startOfLocalDay(addDaysToDate(range.to, 1));
  const rows = [];
  for (let day = localDayOf(coverStart); day.start < coverEnd; day = localDayOf(day.end)) {
    if (day.start >= coverStart && day.end <= coverEnd && !skip(day.start)) {
      const sums = rollups.days.get(day.start);
      if (sums && !sums.valid) continue;
      rows.push(toDailyRow(contractId, day.start, day.end, asOf, sums?.sums ?? null));
    }
  }
  return rows;
};

/** Groups in order, cut into runs of about `chunkSize` records (a run never splits an hour's block). */
const packGroups = (groups: readonly BlockGroup[], chunkSize: number): BlockGroup[][] => {
  const runs: BlockGroup[][] = [];
  let run: BlockGroup[] = [];
  let size = 0;
  for (const group of groups) {
    if (size > 0 && size + group.records.length > chunkSize) {
      runs.push(run);
      run = [];
      size = 0;
    }
    run.push(group);
    size += group.records.length;
  }
  if (run.length > 0) runs.push(run);
  return runs;
};

/**
 * Write rows in transactions of ~1,000 records each, merged into their hourly blocks (src/db/schema.ts
 * `UsageBlockRow`), so no single transaction (nor the task that issues it) blocks the page for long. The
 * transactions are issued one task after the other without waiting for the previous commit (IndexedDB runs them
 * in order), so the database never waits for the page nor the page for the database.
 * Each transaction also drops the rollups of the days it touches (see "Rollup consistency"); `dropped` remembers
 * the days already dropped by this pull.
 */
export const ingestUsageRecords = async (
  rows: readonly UsageRecordRow[],
  chunkSize = ingestChunkSize,
  dropped = new Set<string>(),
  epoch = wipeEpoch(),
): Promise<void> => {
  const commits: Promise<void>[] = [];
  for (const [n, run] of packGroups(groupIntoBlocks(rows), chunkSize).entries()) {
    if (n > 0) await yieldToMain();
    const days = daysOfBlocks(run, dropped);
    const commit = db.transaction('rw', db.usageBlocks, db.usageDaily, async () => {
      // A logout since the pull started: these records are not kept (see wipeEpoch in pull.ts).
      if (!stillCurrent(epoch)) return;
      await mergeIntoBlocks(db, run);
      if (days.length > 0) await db.usageDaily.bulkDelete(days);
    });
    // Awaited below; keeps a failure from being reported as unhandled meanwhile.
    commit.catch(() => undefined);
    commits.push(commit);
  }
  await Promise.all(commits);
};

type UsageHistoryPage = z.infer<typeof usageHistoryResponseSchema>;

export type RecordsProgress = { loaded: number; total: number };

const inFlight = new Map<string, Promise<PullResult>>();

/** The range's last day is before today, both on the service's calendar (Europe/Brussels, not the device's). */
const endedBeforeToday = (range: { to: string }, now: number): boolean => range.to < localDate(now);

/**
 * The records of a date range (ISO dates, inclusive), every page of GET …/usage/history into Dexie. The next page
 * is requested while the current one is written. A range that ended before today never changes once fetched, so
 * it is not fetched again; one that includes today follows the 15-minute rule.
 * Offline: the first call fails and nothing changes; a failure midway keeps the pages already written (the range
 * is not marked fetched, so the next visit fetches it again).
 */
export const pullUsageRecords = (
  customerId: number,
  contractId: number,
  range: { from: string; to: string },
  options: { force?: boolean; onProgress?: (p: RecordsProgress) => void; pageSize?: number; now?: () => number } = {},
): Promise<PullResult> => {
  const resource = resourceKeys.usageRecords(customerId, contractId, range.from, range.to);
  const existing = inFlight.get(resource);
  if (existing && !options.force) return existing;
  const now = options.now ?? Date.now;
  const pageSize = options.pageSize ?? historyPageSize;
  const epoch = wipeEpoch();
  const run = oneAtATime(contractId, async (): Promise<PullResult> => {
    const startedAt = now();
    if (!options.force) {
      const meta = await db.meta.get(resource);
      const closed = endedBeforeToday(range, now());
      if (meta && (closed || !isStale(meta.fetchedAt, now()))) return 'fresh';
    }
    const fetchPage = (page: number): Promise<UsageHistoryPage> =>
      call(endpoints.usageHistory, {
        params: { customerId, contractId },
        query: {
          'megalist-page': page,
          'megalist-batchSize': pageSize,
          'megalist-sort': 'event_time',
          'megalist-sortOrder': 'desc',
          from: range.from,
          to: range.to,
        },
        silent: true,
      });
    let next: Promise<UsageHistoryPage> | null = fetchPage(1);
    let page = 1;
    let loaded = 0;
    const rollups = createDayRollupBuilder();
    // Pages can shift while new records arrive (sorted newest first): a record seen twice is summed once.
    const seen = new Set<string>();
    const dropped = new Set<string>();
    let writing: Promise<void> = Promise.resolve();
    // Rows of hours that later pages may still add to (pages come newest first): written once their hour is
    // complete, so that most blocks are written once. (A block written twice is merged, never duplicated.)
    let held: UsageRecordRow[] = [];
    let oldestSeen = Infinity;
    while (next) {
      const answer: UsageHistoryPage = await next;
      const lastPage: number = answer.pagination.last_page;
      next = page < lastPage ? fetchPage(page + 1) : null;
      // Keep the failure of a prefetched page from being reported as unhandled before it is awaited.
      next?.catch(() => undefined);
      const data = answer.data;
      const rows: UsageRecordRow[] = new Array<UsageRecordRow>(data.length);
      for (let i = 0; i < data.length; i++) {
        const row = toUsageRecordRow(data[i]!, contractId);
        rows[i] = row;
        if (row.eventTime < oldestSeen) oldestSeen = row.eventTime;
        if (seen.has(row.id)) continue;
        seen.add(row.id);
        rollups.add(row);
      }
      const openBlock = page < lastPage ? blockStartOf(oldestSeen) : -Infinity;
      const complete: UsageRecordRow[] = [];
      const stillOpen: UsageRecordRow[] = [];
      for (const list of [held, rows]) for (const row of list) (row.eventTime >= openBlock + blockMs ? complete : stillOpen).push(row);
      held = stillOpen;
      // The previous page's commits run while this page is issued: at most two pages of writes in flight.
      const previous = writing;
      writing = ingestUsageRecords(complete, ingestChunkSize, dropped, epoch);
      writing.catch(() => undefined);
      await previous;
      loaded += rows.length;
      options.onProgress?.({ loaded, total: answer.pagination.total });
      page += 1;
    }
    await writing;
    const daily = completeDayRows(contractId, range, rollups, startedAt, (day) => (summaryWroteDay(contractId, day) ?? -Infinity) >= startedAt);
    await db.transaction('rw', db.meta, db.usageDaily, async () => {
      if (!stillCurrent(epoch)) return;
      await db.usageDaily.bulkPut(daily);
      await db.meta.put({ resource, fetchedAt: now() });
      await bumpRevision(contractId, now());
    });
    return 'updated';
  });
  inFlight.set(resource, run);
  const clear = () => {
    if (inFlight.get(resource) === run) inFlight.delete(resource);
  };
  run.then(clear, clear);
  return run;
};

/** Records of a range still to download, or 0 when its stored copy is complete and fresh (the pull would skip it). */
const recordsToFetch = async (
  customerId: number,
  contractId: number,
  range: { from: string; to: string },
  force: boolean,
  now: number,
): Promise<number> => {
  if (!force) {
    const meta = await db.meta.get(resourceKeys.usageRecords(customerId, contractId, range.from, range.to));
    const closed = endedBeforeToday(range, now);
    if (meta && (closed || !isStale(meta.fetchedAt, now))) return 0;
  }
  const answer = await call(endpoints.usageHistory, {
    params: { customerId, contractId },
    query: { 'megalist-page': 1, 'megalist-batchSize': 1, 'megalist-sort': 'event_time', 'megalist-sortOrder': 'desc', from: range.from, to: range.to },
    silent: true,
  });
  return answer.pagination.total;
};

/**
 * The records of several date ranges that one screen needs together (the consumption summary: the period and the
 * completed bills of the average), with ONE honest progress over the whole load: the records of every range still to
 * download are counted first (a one-row page each), then the ranges are pulled one after the other and the progress
 * is the sum, so it only grows and never restarts at a second total (docs/product/consumption.md "No partial
 * figure"). Offline: the first call fails and nothing changes.
 */
export const pullUsageRanges = async (
  customerId: number,
  contractId: number,
  ranges: readonly { from: string; to: string }[],
  options: { force?: boolean; onProgress?: (p: RecordsProgress) => void } = {},
): Promise<PullResult> => {
  const force = options.force ?? false;
  const counts = await Promise.all(ranges.map((range) => recordsToFetch(customerId, contractId, range, force, Date.now())));
  const total = counts.reduce((sum, n) => sum + n, 0);
  let done = 0;
  let reached = 0;
  let result: PullResult = 'fresh';
  for (const [i, range] of ranges.entries()) {
    if (counts[i] === 0) continue;
    const rest = counts.slice(i + 1).reduce((sum, n) => sum + n, 0);
    options.onProgress?.({ loaded: done, total: Math.max(total, done + (counts[i] ?? 0) + rest) });
    const outcome = await pullUsageRecords(customerId, contractId, range, {
      force,
      // A range may have grown since it was counted: the total never shows less than what is loaded.
      onProgress: (p) => {
        reached = Math.max(reached, done + p.loaded);
        options.onProgress?.({ loaded: reached, total: Math.max(total, done + p.total + rest) });
      },
    });
    done = Math.max(done + (counts[i] ?? 0), reached);
    if (outcome === 'updated') result = 'updated';
  }
  return result;
};
