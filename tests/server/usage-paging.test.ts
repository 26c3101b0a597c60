import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/database';
import { localDayRange } from '#contract/calendar';
import { countUsage, usagePage, type HistoryFilter, type SortOrder } from '#server/lib/usage-data';
import { closeTestDatabase } from './test-database.ts';
import { seededDatabase } from './seeded-db.ts';
import { textRecord } from './usage-record.ts';

/*
 * The history's page jump through the hourly rollup (migration 006) answers exactly what a plain OFFSET over the
 * records answers: same total, same rows, for both orders, with and without a type filter, at every depth.
 */

let db: Db;
let contractId: number;
beforeAll(async () => {
  db = await seededDatabase();
  contractId = (await db.selectFrom('contracts').select('id').where('msisdn', '=', '0470000007').executeTakeFirstOrThrow()).id;
});
afterAll(() => closeTestDatabase(db));

/** The records of the filter, in the query everyone would write first. */
const records = (filter: HistoryFilter) =>
  db
    .selectFrom('usage_records')
    .where('contract_id', '=', contractId)
    .$if(filter.type !== undefined, (query) => query.where('service_cat', '=', filter.type ?? 'data'))
    .where('event_time', '>=', filter.range.from)
    .where('event_time', '<=', filter.range.to);

const reference = async (filter: HistoryFilter, order: SortOrder, limit: number, offset: number): Promise<number[]> =>
  (await records(filter).select('id').orderBy('event_time', order).orderBy('id', order).limit(limit).offset(offset).execute()).map(
    (row) => row.id,
  );

const open = { from: Number.MIN_SAFE_INTEGER, to: Number.MAX_SAFE_INTEGER };
/** A local date `days` ago (the seed's usage is relative to today). */
const daysAgo = (days: number): string => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

describe('usage history pages through the hour index', () => {
  const filters: [string, HistoryFilter][] = [
    ['everything', { range: open, type: undefined }],
    ['data only', { range: open, type: 'data' }],
    ['sms in a month', { range: localDayRange(daysAgo(60), daysAgo(30)), type: 'sms' }],
    ['a few days', { range: localDayRange(daysAgo(12), daysAgo(10)), type: undefined }],
  ];

  it.each(filters)('%s: the same total and rows as a plain OFFSET, at every depth and in both orders', async (_name, filter) => {
    const total = await countUsage(db, contractId, filter);
    const counted = (
      await records(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;
    expect(total).toBe(counted);
    expect(total).toBeGreaterThan(100);
    const offsets = [
      0,
      1,
      24,
      25,
      49,
      1000,
      Math.floor(total / 3),
      Math.floor(total / 2) + 7,
      total - 26,
      total - 25,
      total - 1,
      total,
      total + 5,
    ];
    for (const order of ['asc', 'desc'] as const) {
      for (const offset of offsets.filter((o) => o >= 0)) {
        const ids = (await usagePage(db, contractId, filter, order, 25, offset)).map((row) => row.id);
        expect(ids, `${order} offset ${offset}`).toEqual(await reference(filter, order, 25, offset));
      }
    }
  });

  it('follows a write: the index is rebuilt when the records change', async () => {
    const filter: HistoryFilter = { range: open, type: undefined };
    const before = await countUsage(db, contractId, filter);
    await db
      .insertInto('usage_records')
      .values(textRecord(contractId, Date.now() - 5 * 86_400_000))
      .execute();
    expect(await countUsage(db, contractId, filter)).toBe(before + 1);
    expect((await usagePage(db, contractId, filter, 'desc', 25, 0)).map((row) => row.id)).toEqual(await reference(filter, 'desc', 25, 0));
  });
});
