import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/database';
import { localDayRange } from '#server/lib/service-calendar';
import { countUsage, usagePage, type HistoryFilter, type SortOrder } from '#server/lib/usage-data';
import { seededDatabase } from './seeded-db.ts';

/*
 * The history's page jump through the hourly rollup (migration 006) answers exactly what a plain OFFSET over the
 * records answers: same total, same rows, for both orders, with and without a type filter, at every depth.
 */

let db: Db;
let contractId: number;
beforeAll(async () => {
  db = await seededDatabase();
  contractId = (db.prepare("SELECT id FROM contracts WHERE msisdn = '0470000007'").get() as { id: number }).id;
});
afterAll(() => db.close());

const reference = (filter: HistoryFilter, order: SortOrder, limit: number, offset: number): number[] => {
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const type = filter.type === undefined ? '' : 'AND service_cat = ?';
  const args =
    filter.type === undefined
      ? [contractId, filter.range.from, filter.range.to]
      : [contractId, filter.type, filter.range.from, filter.range.to];
  return (
    db
      .prepare(
        `SELECT id FROM usage_records WHERE contract_id = ? ${type.replace('AND service_cat = ?', '')} ${type ? 'AND service_cat = ?' : ''} AND event_time BETWEEN ? AND ?
         ORDER BY event_time ${direction}, id ${direction} LIMIT ? OFFSET ?`,
      )
      .pluck()
      .all(...args, limit, offset) as number[]
  ).map(Number);
};

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

  it.each(filters)('%s: the same total and rows as a plain OFFSET, at every depth and in both orders', (_name, filter) => {
    const total = countUsage(db, contractId, filter);
    const counted = db
      .prepare(
        `SELECT COUNT(*) FROM usage_records WHERE contract_id = ? ${filter.type ? 'AND service_cat = ?' : ''} AND event_time BETWEEN ? AND ?`,
      )
      .pluck()
      .get(...(filter.type ? [contractId, filter.type] : [contractId]), filter.range.from, filter.range.to);
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
        const ids = usagePage(db, contractId, filter, order, 25, offset).map((row) => row.id);
        expect(ids, `${order} offset ${offset}`).toEqual(reference(filter, order, 25, offset));
      }
    }
  });

  it('follows a write: the index is rebuilt when the records change', () => {
    const filter: HistoryFilter = { range: open, type: undefined };
    const before = countUsage(db, contractId, filter);
    db.prepare(
      `INSERT INTO usage_records (contract_id, service_cat, messages, is_oob, resource_impact, resource_unit, service_used, service_unit,
        incoming, destination, event_time) VALUES (?, 'sms', 1, 0, 0, 'EUR_CENT', 1, 'sms', 0, 'national', ?)`,
    ).run(contractId, Date.now() - 5 * 86_400_000);
    expect(countUsage(db, contractId, filter)).toBe(before + 1);
    expect(usagePage(db, contractId, filter, 'desc', 25, 0).map((row) => row.id)).toEqual(reference(filter, 'desc', 25, 0));
  });
});
