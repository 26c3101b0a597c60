import 'fake-indexeddb/auto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '#db/schema';
import { aggregate, type UsageRecordRow, type UsageType } from '#workers/usage-core';
import { createDayRollupBuilder, localDayOf, toDailyRow } from '#workers/usage-rollup';
import { putRecords } from '#workers/usage-blocks';
import { createUsageService } from '#workers/usage-service';

let dbCount = 0;
const freshDb = () => createDatabase(`usage-rollup-${++dbCount}`);

const hour = 3_600_000;
const day = 24 * hour;
// Around the spring DST change in Brussels (29 March): the service's days (Europe/Brussels) whatever the runner's TZ.
const t0 = Date.UTC(2026, 2, 25);

const recordArb = fc.record({
  serviceCat: fc.constantFrom<UsageType>('data', 'call', 'sms'),
  isOob: fc.boolean(),
  resourceImpact: fc.integer({ min: 0, max: 5000 }),
  serviceUsed: fc.integer({ min: 0, max: 50_000_000 }),
  incoming: fc.boolean(),
  destination: fc.constantFrom('national', 'international', 'roaming', 'premium' as const),
  // Ten days, with a bias towards midnights (the day borders).
  eventTime: fc.oneof(
    fc.integer({ min: t0, max: t0 + 10 * day - 1 }),
    fc.integer({ min: 0, max: 10 }).chain((d) => fc.integer({ min: -2, max: 1 }).map((o) => t0 + d * day + o)),
  ),
});

const toRows = (drafts: Omit<UsageRecordRow, 'id' | 'contractId' | 'messages' | 'resourceUnit' | 'serviceUnit'>[]): UsageRecordRow[] =>
  drafts.map((d, i) => ({ ...d, id: `r${i}`, contractId: 7, messages: 1, resourceUnit: 'EUR_CENT', serviceUnit: 'B' }));

const filterArb = fc.record({
  from: fc.integer({ min: t0 - day, max: t0 + 5 * day }),
  length: fc.oneof(
    fc.integer({ min: 0, max: 6 * day }),
    fc.integer({ min: 1, max: 6 }).map((n) => n * day - 1),
  ),
  types: fc.subarray<UsageType>(['data', 'call', 'sms']),
  direction: fc.constantFrom('all', 'in', 'out' as const),
  oobOnly: fc.boolean(),
});

describe('aggregation from per-day rollups', () => {
  it('gives exactly the record scan on random records, filters, ranges and rollup coverage', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(recordArb, { maxLength: 120 }),
        filterArb,
        fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
        async (drafts, f, coverage) => {
          const rows = toRows(drafts);
          const db = freshDb();
          await putRecords(db, rows);
          const builder = createDayRollupBuilder();
          for (const row of rows) builder.add(row);
          // Rollups for some days only (the rest is read from the records), empty days included.
          const daily = [];
          for (let k = -1; k < 11; k++) {
            const { start, end } = localDayOf(t0 + k * day);
            if (coverage[k + 1]) daily.push(toDailyRow(7, start, end, 1, builder.days.get(start)?.sums ?? null));
          }
          await db.usageDaily.bulkPut(daily);
          const service = createUsageService(db);
          const q = { contractId: 7, from: f.from, to: f.from + f.length, types: f.types, direction: f.direction, oobOnly: f.oobOnly };
          const fromRollups = await service.aggregateOnly(q);
          const reference = aggregate(rows, q);
          expect({ ...fromRollups, scanned: 0 }).toEqual({ ...reference, scanned: 0 });
          db.close();
        },
      ),
      { numRuns: 60 },
    );
  });

  it('a rollup that does not match a day of the grid is ignored and the records are read', async () => {
    const db = freshDb();
    const rows = toRows([
      {
        serviceCat: 'data',
        isOob: false,
        resourceImpact: 0,
        serviceUsed: 10,
        incoming: false,
        destination: 'national',
        eventTime: t0 + 5 * hour,
      },
    ]);
    await putRecords(db, rows);
    // Written in another time zone: starts an hour off the local midnight.
    await db.usageDaily.put(toDailyRow(7, t0 + hour, t0 + day + hour, 1, null));
    const answer = await createUsageService(db).aggregateOnly({ contractId: 7, from: t0, to: t0 + day - 1 });
    expect(answer.totals.data.used).toBe(10);
    db.close();
  });

  it('average over cycles from rollups equals the average from records', async () => {
    const db = freshDb();
    const rows = toRows(
      Array.from({ length: 40 }, (_, i) => ({
        serviceCat: (['data', 'call', 'sms'] as const)[i % 3]!,
        isOob: false,
        resourceImpact: 0,
        serviceUsed: 100 + i,
        incoming: false,
        destination: 'national' as const,
        eventTime: t0 + i * 6 * hour,
      })),
    );
    await putRecords(db, rows);
    const cycles = [
      { from: t0, to: t0 + 4 * day - 1 },
      { from: t0 + 4 * day, to: t0 + 10 * day - 1 },
    ];
    const before = await createUsageService(db).average(7, cycles);
    const builder = createDayRollupBuilder();
    for (const row of rows) builder.add(row);
    await db.usageDaily.bulkPut([...builder.days].map(([start, d]) => toDailyRow(7, start, d.dayEnd, 1, d.sums)));
    const after = await createUsageService(db).average(7, cycles);
    expect(after).toEqual(before);
    expect(before.perCycle[0]!.data).toBeGreaterThan(0);
    db.close();
  });
});

describe("localDayOf: the service's day (Europe/Brussels), whatever the device's time zone", () => {
  it.each([
    ['00:30 on the spring DST day (23 hours)', '2026-03-28T23:30:00Z', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
    ['23:59 on the spring DST day', '2026-03-29T21:59:00Z', '2026-03-28T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
    ['00:30 on the autumn DST day (25 hours)', '2026-10-24T22:30:00Z', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z'],
    ['23:30 on the autumn DST day', '2026-10-25T22:30:00Z', '2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z'],
    ['Brussels midnight itself', '2026-01-14T23:00:00Z', '2026-01-14T23:00:00.000Z', '2026-01-15T23:00:00.000Z'],
  ])('%s', (_name, at, start, end) => {
    const day = localDayOf(Date.parse(at));
    expect([new Date(day.start).toISOString(), new Date(day.end).toISOString()]).toEqual([start, end]);
  });
});
