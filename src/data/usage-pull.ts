import { call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import type { UsageRecordDto } from '#contract/usage';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { UsageRecordRow, UsageSummaryRow } from '#db/schema';
import { pull, type PullResult } from '#sync/pull';
import { toUsageSummaryRow } from './usage-summary-row.ts';
import { blockMs, groupIntoBlocks, mergeIntoBlocks, type BlockGroup } from '#workers/usage-blocks';
import { localDayOf } from '#workers/usage-rollup';

/*
 * Usage shared by home and consumption: the summary of a contract's current or previous bill (balances, its 20
 * latest records, overspent and safeguards), and the rules that keep the stored records and their per-day
 * rollups consistent between the two pulls that write records (this summary pull, and the records pull of a date
 * range in src/data/usage-records-pull.ts). They live in the shared data/ because both features
 * pull the summary and both pulls write the same rows.
 * Offline: every call fails, nothing is written, and the views keep the last stored rows with their age.
 */

/** The current or previous bill, or an earlier closed one by its first day ('cycle:2026-09-01'). */
export type UsagePeriod = UsageSummaryRow['period'];

/** The summary of an earlier closed bill cycle starting on `start`. */
export const cyclePeriodKey = (start: string): UsagePeriod => `cycle:${start}`;

export const toUsageRecordRow = (dto: UsageRecordDto, contractId: number): UsageRecordRow => ({
  id: dto.id,
  contractId,
  serviceCat: dto.service_cat,
  messages: dto.messages,
  isOob: dto.is_oob,
  resourceImpact: dto.resource_impact,
  resourceUnit: dto.resource_unit,
  serviceUsed: dto.service_used,
  serviceUnit: dto.service_unit,
  incoming: dto.incoming,
  destination: dto.destination,
  eventTime: Date.parse(dto.event_time),
  ...(dto.country === undefined ? {} : { country: dto.country }),
});

export { toUsageSummaryRow } from './usage-summary-row.ts';

/** Records of a contract were written: the usage worker drops its cached answers (resourceKeys.usageRevision). */
export const bumpRevision = (contractId: number, now: number) => db.meta.put({ resource: resourceKeys.usageRevision(contractId), fetchedAt: now });

/*
 * Rollup consistency (usageDaily): a day's rollup row must always equal the sum of that day's stored records.
 * - The records pulls of one contract run one after the other (in this tab, and across tabs with a Web Lock), so
 *   a later one always carries a newer snapshot.
 * - Every write of records deletes the rollup rows of the days it touches, in the same transaction; the records
 *   pull writes the rows of its complete days again when its last page is in, so a pull that stops half-way leaves
 *   no row for the days it touched and the worker reads their records instead.
 * - The summary's recent records may land while a records pull runs: their days are remembered here
 *   (`summaryWroteDay`), and the records pull does not write rollups for days written after it started.
 */
const summaryWrites = new Map<number, Map<number, number>>();

/** When the summary pull last wrote records of this local day of the contract (ms), if it did. */
export const summaryWroteDay = (contractId: number, dayStart: number): number | undefined => summaryWrites.get(contractId)?.get(dayStart);

/**
 * The [contractId, local day start] keys of the days that blocks of records touch, each once (`seen` carries them
 * across calls): the rollups to drop when those records are written (see "Rollup consistency").
 */
export const daysOfBlocks = (groups: readonly BlockGroup[], seen = new Set<string>()): [number, number][] => {
  const days: [number, number][] = [];
  for (const group of groups) {
    // An hour lies within one local day in whole-hour time zones; the last millisecond covers the others.
    for (const t of [group.blockStart, group.blockStart + blockMs - 1]) {
      const day = localDayOf(t).start;
      const key = `${group.contractId}:${day}`;
      if (seen.has(key)) continue;
      seen.add(key);
      days.push([group.contractId, day]);
    }
  }
  return days;
};

/** GET …/usage?period=: the summary row, its 20 latest records and the fetch time in one transaction. */
export const pullUsageSummary = (
  customerId: number,
  contractId: number,
  period: UsagePeriod,
  options: { force?: boolean } = {},
): Promise<PullResult> =>
  pull({
    resource: resourceKeys.usageSummary(customerId, contractId, period),
    force: options.force ?? false,
    tables: [db.usageSummaries, db.usageBlocks, db.usageDaily],
    fetch: () =>
      call(endpoints.usageSummary, {
        params: { customerId, contractId },
        query: period.startsWith('cycle:') ? { cycle: period.slice('cycle:'.length) } : { period: period as 'current' | 'previous' },
        silent: true,
      }),
    write: async (summary) => {
      const blocks = groupIntoBlocks(summary.cdrUsage.map((r) => toUsageRecordRow(r, contractId)));
      const days = daysOfBlocks(blocks);
      const now = Date.now();
      await db.usageSummaries.put(toUsageSummaryRow(summary, contractId, period));
      await mergeIntoBlocks(db, blocks);
      // These days' rollups may lack the new records: the worker reads their records until the next records pull.
      await db.usageDaily.bulkDelete(days);
      const marks = summaryWrites.get(contractId) ?? new Map<number, number>();
      for (const [, day] of days) marks.set(day, now);
      summaryWrites.set(contractId, marks);
      await bumpRevision(contractId, now);
    },
  });

