import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '#db/schema';
import { aggregate, type UsageRecordRow } from '#workers/usage-core';
import { putRecords, scanRecords } from '#workers/usage-blocks';
import { createUsageService, maxRowsPage } from '#workers/usage-service';

let dbCount = 0;
const freshDb = () => createDatabase(`usage-service-${++dbCount}`);

const row = (i: number, over: Partial<UsageRecordRow> = {}): UsageRecordRow => ({
  id: `r${String(i).padStart(6, '0')}`,
  contractId: 7,
  serviceCat: (['data', 'call', 'sms'] as const)[i % 3]!,
  messages: 1,
  isOob: i % 10 === 0,
  resourceImpact: i % 10 === 0 ? 25 : 0,
  resourceUnit: 'EUR_CENT',
  serviceUsed: (i % 3) + 1,
  serviceUnit: 'B',
  incoming: i % 2 === 0,
  destination: i % 4 === 0 ? 'roaming' : 'national',
  eventTime: Date.UTC(2026, 0, 1) + i * 60_000,
  ...over,
});

describe('scanRecords (keyset paging on the hourly blocks)', () => {
  it.each([
    ['distinct instants', (i: number) => row(i)],
    [
      'many rows on the same instant across page borders',
      (i: number) => row(i, { eventTime: Date.UTC(2026, 0, 1) + Math.floor(i / 7) * 60_000 }),
    ],
    ['every row on one instant', (i: number) => row(i, { eventTime: Date.UTC(2026, 0, 1) })],
  ])('%s: every row once, in time order', async (_name, make) => {
    const db = freshDb();
    const rows = Array.from({ length: 53 }, (_, i) => make(i));
    await putRecords(db, [...rows, row(999, { contractId: 8 })]);
    const seen: UsageRecordRow[] = [];
    const pageSizes: number[] = [];
    const total = await scanRecords(
      db,
      7,
      0,
      Date.UTC(2030, 0, 1),
      (page) => {
        pageSizes.push(page.length);
        seen.push(...page);
      },
      5,
    );
    expect(total).toBe(53);
    expect(new Set(seen.map((r) => r.id)).size).toBe(53);
    expect(Math.max(...pageSizes)).toBeLessThanOrEqual(5);
    expect(seen.map((r) => r.eventTime)).toEqual([...seen.map((r) => r.eventTime)].sort((a, b) => a - b));
    db.close();
  });
});

describe('usage service', () => {
  it('query aggregates like the pure aggregator and serves pages of rows, newest first', async () => {
    const db = freshDb();
    const rows = Array.from({ length: 1200 }, (_, i) => row(i));
    await putRecords(db, rows);
    const service = createUsageService(db);
    const from = Date.UTC(2026, 0, 1, 2);
    const to = Date.UTC(2026, 0, 1, 15);
    const answer = await service.query({ contractId: 7, from, to, types: ['call'], direction: 'out' });
    const expected = aggregate(rows, { from, to, types: ['call'], direction: 'out' });
    // `scanned` differs: the service reads only the range from the index, the reference is fed every row.
    expect({ ...answer.aggregate, scanned: 0 }).toEqual({ ...expected, scanned: 0 });
    expect(answer.count).toBe(expected.matched);
    const first = service.rows(answer.queryId, 0, 10_000);
    expect(first).toHaveLength(Math.min(maxRowsPage, answer.count));
    expect(first![0]!.eventTime).toBeGreaterThanOrEqual(first![1]!.eventTime);
    expect(first!.every((r) => r.serviceCat === 'call' && !r.incoming)).toBe(true);
    db.close();
  });

  it('a cached range is re-read after new records arrive (revision changes)', async () => {
    const db = freshDb();
    await putRecords(db, [row(1), row(2)]);
    const service = createUsageService(db);
    const q = { contractId: 7, from: Date.UTC(2025, 0, 1), to: Date.UTC(2027, 0, 1) };
    expect((await service.query(q)).count).toBe(2);
    await putRecords(db, [row(3)]);
    await db.meta.put({ resource: 'usage-rev:7', fetchedAt: 123 });
    expect((await service.query(q)).count).toBe(3);
    db.close();
  });

  it('older lists stay readable for a while, then give null', async () => {
    const db = freshDb();
    await putRecords(db, [row(1), row(2)]);
    const service = createUsageService(db);
    const q = { contractId: 7, from: Date.UTC(2025, 0, 1), to: Date.UTC(2027, 0, 1) };
    const a = await service.query(q);
    await service.query(q);
    expect(service.rows(a.queryId, 0, 10)).toHaveLength(2);
    await service.query(q);
    await service.query(q);
    expect(service.rows(a.queryId, 0, 10)).toBeNull();
    db.close();
  });

  it('average: the sum of the cycles divided by 6 (docs/product/consumption.md "Average use")', async () => {
    const db = freshDb();
    const day = 86_400_000;
    const t0 = Date.UTC(2026, 0, 1);
    await putRecords(db, [
      row(1, { serviceCat: 'data', serviceUsed: 600, eventTime: t0 + day }),
      row(2, { serviceCat: 'data', serviceUsed: 600, eventTime: t0 + 40 * day }),
      row(3, { serviceCat: 'call', serviceUsed: 120, eventTime: t0 + 41 * day }),
      row(4, { serviceCat: 'data', serviceUsed: 999, eventTime: t0 + 100 * day }),
    ]);
    const service = createUsageService(db);
    const cycles = [
      { from: t0, to: t0 + 31 * day - 1 },
      { from: t0 + 31 * day, to: t0 + 59 * day - 1 },
    ];
    const answer = await service.average(7, cycles);
    expect(answer.perCycle).toEqual([
      { data: 600, call: 0, sms: 0 },
      { data: 600, call: 120, sms: 0 },
    ]);
    expect(answer.average).toEqual({ data: 200, call: 20, sms: 0 });
    db.close();
  });
});
