import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { outOfBundleByNature, usageTotalsOf } from '#contract/rating';
import {
  aggregate,
  averagePerCycle,
  createAggregator,
  matchesFilter,
  type AggregateResult,
  type AggregatorOptions,
  type DayBucket,
  type UsageDestination,
  type UsageFilter,
  type UsageRecordRow,
  type UsageType,
} from '#workers/usage-core';
import { brusselsDay, brusselsEndOfDay, brusselsMidnight } from '../fixtures/service-zone.ts';

const row = (over: Partial<UsageRecordRow>): UsageRecordRow => ({
  id: 'r',
  contractId: 1,
  serviceCat: 'data',
  messages: 0,
  isOob: false,
  resourceImpact: 0,
  resourceUnit: 'EUR_CENT',
  serviceUsed: 0,
  serviceUnit: 'B',
  incoming: false,
  destination: 'national',
  eventTime: 0,
  ...over,
});

/**
 * Deliberately naive: Intl's Brussels day per row (tests/fixtures/service-zone.ts), a label map and the rating's
 * per-record classification, sharing no logic with the hot path.
 */
const reference = (rows: readonly UsageRecordRow[], options: UsageFilter): AggregateResult => {
  const days = new Map<string, DayBucket>();
  for (let day = brusselsDay(options.from); brusselsMidnight(day) <= options.to;) {
    days.set(day, { day, data: 0, call: 0, sms: 0 });
    day = brusselsDay(brusselsEndOfDay(day) + 1);
  }
  const totals = { call: { used: 0, count: 0 }, data: { used: 0, count: 0 }, sms: { used: 0, count: 0 } };
  const kept: UsageRecordRow[] = [];
  for (const r of rows) {
    if (r.eventTime < options.from || r.eventTime > options.to) continue;
    if (options.types && options.types.length > 0 && !options.types.includes(r.serviceCat)) continue;
    if (options.direction === 'in' && !r.incoming) continue;
    if (options.direction === 'out' && r.incoming) continue;
    const facts = { kind: r.serviceCat, incoming: r.incoming, destination: r.destination, outsideZone: r.isOob };
    if (options.oobOnly && !outOfBundleByNature(facts)) continue;
    kept.push(r);
    days.get(brusselsDay(r.eventTime))![r.serviceCat] += r.serviceUsed;
    totals[r.serviceCat].used += r.serviceUsed;
    totals[r.serviceCat].count++;
  }
  const usage = usageTotalsOf(
    kept.map((r) => ({
      kind: r.serviceCat,
      incoming: r.incoming,
      destination: r.destination,
      outsideZone: r.isOob,
      used: r.serviceUsed,
      priceCents: r.resourceImpact,
    })),
  );
  return { days: [...days.values()], totals, usage, matched: kept.length, scanned: rows.length };
};

describe('matchesFilter', () => {
  const base: UsageFilter = { from: 1000, to: 2000 };
  it.each<[string, Partial<UsageRecordRow>, UsageFilter, boolean]>([
    ['inside the range', { eventTime: 1500 }, base, true],
    ['on the lower bound', { eventTime: 1000 }, base, true],
    ['on the upper bound', { eventTime: 2000 }, base, true],
    ['before the range', { eventTime: 999 }, base, false],
    ['after the range', { eventTime: 2001 }, base, false],
    ['NaN time', { eventTime: Number.NaN }, base, false],
    ['type kept', { eventTime: 1500, serviceCat: 'sms' }, { ...base, types: ['sms', 'call'] }, true],
    ['type dropped', { eventTime: 1500, serviceCat: 'data' }, { ...base, types: ['sms'] }, false],
    ['empty types keep all', { eventTime: 1500, serviceCat: 'data' }, { ...base, types: [] }, true],
    ['incoming with in', { eventTime: 1500, incoming: true }, { ...base, direction: 'in' }, true],
    ['outgoing with in', { eventTime: 1500, incoming: false }, { ...base, direction: 'in' }, false],
    ['incoming with out', { eventTime: 1500, incoming: true }, { ...base, direction: 'out' }, false],
    ['incoming with all', { eventTime: 1500, incoming: true }, { ...base, direction: 'all' }, true],
    ['national with oobOnly', { eventTime: 1500, isOob: true }, { ...base, oobOnly: true }, false],
    ['EU roaming with oobOnly', { eventTime: 1500, destination: 'roaming' }, { ...base, oobOnly: true }, false],
    ['roaming outside the EU with oobOnly', { eventTime: 1500, destination: 'roaming', isOob: true }, { ...base, oobOnly: true }, true],
    [
      'an international call with oobOnly',
      { eventTime: 1500, serviceCat: 'call', destination: 'international' },
      { ...base, oobOnly: true },
      true,
    ],
    [
      'a received international call with oobOnly',
      { eventTime: 1500, serviceCat: 'call', incoming: true, destination: 'international' },
      { ...base, oobOnly: true },
      false,
    ],
  ])('%s', (_name, over, filter, expected) => {
    expect(matchesFilter(row(over), filter)).toBe(expected);
  });
});

describe('Aggregator', () => {
  it('zero-fills every day of the range', () => {
    const from = brusselsMidnight('2026-02-27');
    const to = brusselsEndOfDay('2026-03-02');
    const { days } = aggregate([], { from, to });
    expect(days.map((d) => d.day)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(days.every((d) => d.data === 0 && d.call === 0 && d.sms === 0)).toBe(true);
  });

  it('buckets by day, sums totals and sums what the rating tells apart', () => {
    // Hour `h` of a Brussels day of October 2026 (25 October is the 25-hour day: hours count from its midnight).
    const day = (d: number, h: number): number => brusselsMidnight(`2026-10-${d}`) + h * 3_600_000;
    const rows = [
      row({ serviceCat: 'data', serviceUsed: 1_000, eventTime: day(24, 0) }),
      row({ serviceCat: 'data', serviceUsed: 500, eventTime: day(25, 23), isOob: true, resourceImpact: 99, destination: 'roaming' }),
      row({ serviceCat: 'call', serviceUsed: 65, eventTime: day(25, 1), isOob: true, resourceImpact: 30, destination: 'national' }),
      row({ serviceCat: 'sms', serviceUsed: 1, eventTime: day(26, 12), isOob: true, resourceImpact: 150, destination: 'premium' }),
      row({ serviceCat: 'sms', serviceUsed: 2, eventTime: day(26, 13), isOob: true, resourceImpact: 20, destination: 'international' }),
      row({ serviceCat: 'call', serviceUsed: 40, eventTime: day(26, 14), incoming: true }),
      row({ serviceCat: 'call', serviceUsed: 10, eventTime: day(27, 9) }), // outside the range
    ];
    const result = aggregate(rows, { from: day(24, 0), to: brusselsEndOfDay('2026-10-26') });
    expect(result.days).toEqual([
      { day: '2026-10-24', data: 1_000, call: 0, sms: 0 },
      { day: '2026-10-25', data: 500, call: 65, sms: 0 },
      { day: '2026-10-26', data: 0, call: 40, sms: 3 },
    ]);
    expect(result.totals).toEqual({
      data: { used: 1_500, count: 2 },
      call: { used: 105, count: 2 },
      sms: { used: 3, count: 2 },
    });
    // The national call flagged out of zone is still national: in the bundle; the received call is free.
    expect(result.usage.domestic).toEqual({
      data: { used: 1_000, count: 1, priceCents: 0 },
      call: { used: 65, count: 1, priceCents: 30 },
      sms: { used: 0, count: 0, priceCents: 0 },
    });
    expect(result.usage.free.call).toEqual({ used: 40, count: 1, priceCents: 0 });
    expect(result.usage.world.data).toEqual({ used: 500, count: 1, priceCents: 99 });
    expect(result.usage.premium.sms).toEqual({ used: 1, count: 1, priceCents: 150 });
    expect(result.usage.international.sms).toEqual({ used: 2, count: 1, priceCents: 20 });
    expect([result.matched, result.scanned]).toEqual([6, 7]);
  });

  it.each<[string, number, string[]]>([
    // Fixed offsets reproduce another zone's days whatever the runner's TZ.
    ['UTC+2 (offset −120)', -120, ['2026-06-01', '2026-06-02']],
    ['UTC', 0, ['2026-06-01', '2026-06-01']],
    ['UTC−5 (offset 300)', 300, ['2026-05-31', '2026-06-01']],
  ])('with a fixed offset %s', (_name, timeZoneOffset, expected) => {
    const early = Date.UTC(2026, 5, 1, 3, 0); // 03:00Z
    const late = Date.UTC(2026, 5, 1, 22, 30); // 22:30Z
    const agg = createAggregator({ from: early, to: late, timeZoneOffset });
    agg.add([row({ serviceUsed: 1, eventTime: early }), row({ serviceUsed: 2, eventTime: late })]);
    const { days } = agg.result();
    const dayOf = (used: number): string | undefined => days.find((d) => d.data > 0 && (d.data & used) === used)?.day;
    expect([dayOf(1), dayOf(2)]).toEqual(expected);
  });

  it('gives progressive snapshots and keeps accumulating', () => {
    const from = brusselsMidnight('2026-01-01');
    const agg = createAggregator({ from, to: from + 3_600_000 });
    agg.add([row({ serviceUsed: 10, eventTime: from })]);
    expect(agg.result().totals.data.used).toBe(10);
    agg.add([row({ serviceUsed: 5, eventTime: from + 1 })]);
    expect(agg.result().totals.data.used).toBe(15);
  });

  it.each<[string, number, number, number | undefined]>([
    ['to before from', 2, 1, undefined],
    ['NaN bound', Number.NaN, 1, undefined],
    ['eleven years', 0, 11 * 366 * 86_400_000, undefined],
    ['eleven years, fixed offset', 0, 11 * 366 * 86_400_000, 0],
  ])('rejects a bad range: %s', (_name, from, to, timeZoneOffset) => {
    const options: AggregatorOptions = timeZoneOffset === undefined ? { from, to } : { from, to, timeZoneOffset };
    expect(() => createAggregator(options)).toThrow(RangeError);
  });

  it('property: pages of any size give the same result as the naive reference', () => {
    const types: UsageType[] = ['call', 'data', 'sms'];
    const destinations: UsageDestination[] = ['national', 'international', 'roaming', 'premium'];
    const scenario = fc
      .record({
        // Spans the European and American DST changes of several years.
        from: fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2027, 11, 31) }),
        spanDays: fc.integer({ min: 0, max: 70 }),
        spanExtraMs: fc.integer({ min: 0, max: 86_399_999 }),
        types: fc.option(fc.subarray(types), { nil: undefined }),
        direction: fc.option(fc.constantFrom('all' as const, 'in' as const, 'out' as const), { nil: undefined }),
        oobOnly: fc.option(fc.boolean(), { nil: undefined }),
      })
      .chain((s) => {
        const to = s.from + s.spanDays * 86_400_000 + s.spanExtraMs;
        const record = fc.record({
          id: fc.string({ maxLength: 4 }),
          contractId: fc.nat(5),
          serviceCat: fc.constantFrom(...types),
          messages: fc.nat(3),
          isOob: fc.boolean(),
          resourceImpact: fc.nat(10_000),
          resourceUnit: fc.constant('EUR_CENT'),
          serviceUsed: fc.nat(2 ** 31),
          serviceUnit: fc.constant('B'),
          incoming: fc.boolean(),
          destination: fc.constantFrom(...destinations),
          // A margin around the range so that the bounds filter is exercised too.
          eventTime: fc.oneof(
            fc.integer({ min: s.from - 86_400_000, max: to + 86_400_000 }),
            fc.constantFrom(s.from, to, s.from - 1, to + 1),
          ),
        });
        return fc.record({
          filter: fc.constant<UsageFilter>({
            from: s.from,
            to,
            ...(s.types === undefined ? {} : { types: s.types }),
            ...(s.direction === undefined ? {} : { direction: s.direction }),
            ...(s.oobOnly === undefined ? {} : { oobOnly: s.oobOnly }),
          }),
          rows: fc.array(record, { maxLength: 300 }),
          pageSizes: fc.array(fc.integer({ min: 1, max: 64 }), { minLength: 1, maxLength: 20 }),
        });
      });

    fc.assert(
      fc.property(scenario, ({ filter, rows, pageSizes }) => {
        const agg = createAggregator(filter);
        for (let i = 0, p = 0; i < rows.length; p++) {
          const size = pageSizes[p % pageSizes.length]!;
          agg.add(rows.slice(i, i + size));
          i += size;
        }
        const got = agg.result();
        expect(got).toEqual(reference(rows, filter));
        expect(got.matched).toBe(rows.filter((r) => matchesFilter(r, filter)).length);
      }),
      { numRuns: 300 },
    );
  });
  // How fast 1,000,000 records aggregate is a figure of `npm run bench` (bench/usage.bench.ts, usage_aggregate_1m_ms).
});

describe('averagePerCycle', () => {
  it.each<[number[], number | undefined, number]>([
    [[6, 6, 6, 6, 6, 6], undefined, 6],
    [[1, 2, 3, 4, 5, 6], undefined, 3.5],
    [[12], undefined, 2],
    [[], undefined, 0],
    [[3, 6, 9], 3, 6],
  ])('%j / %s → %d', (totals, divisor, expected) => {
    expect(averagePerCycle(totals, divisor)).toBe(expected);
  });

  it.each([0, -1, Number.NaN, Number.POSITIVE_INFINITY])('rejects divisor %d', (divisor) => {
    expect(() => averagePerCycle([1], divisor)).toThrow(RangeError);
  });
});

describe("days are the service's (Europe/Brussels), whatever the device's time zone", () => {
  // [instant, bytes] of each record; [Brussels day, bytes] of each day of the range.
  it.each<[string, string, string, [string, number][], [string, number][]]>([
    [
      'the spring DST day is one day of 23 hours',
      '2026-03-28T23:00:00.000Z',
      '2026-03-29T21:59:59.999Z',
      [
        ['2026-03-28T23:00:00.000Z', 1], // 00:00 in Brussels
        ['2026-03-29T21:59:59.999Z', 2], // 23:59:59.999 in Brussels
      ],
      [['2026-03-29', 3]],
    ],
    [
      'the autumn DST day is one day of 25 hours',
      '2026-10-24T22:00:00.000Z',
      '2026-10-25T22:59:59.999Z',
      [
        ['2026-10-24T22:30:00.000Z', 4], // 00:30 in Brussels, summer time
        ['2026-10-25T22:30:00.000Z', 8], // 23:30 in Brussels, winter time
      ],
      [['2026-10-25', 12]],
    ],
    [
      'a record at 00:30 in Brussels counts on its Brussels day',
      '2026-01-31T23:00:00.000Z',
      '2026-02-02T22:59:59.999Z',
      [
        ['2026-01-31T23:30:00.000Z', 16], // 1 February in Brussels, 31 January in UTC and New York
        ['2026-02-01T22:30:00.000Z', 32], // 1 February in Brussels, 2 February in Tokyo
      ],
      [
        ['2026-02-01', 48],
        ['2026-02-02', 0],
      ],
    ],
  ])('%s', (_name, from, to, records, days) => {
    const rows = records.map(([at, used]) => row({ eventTime: Date.parse(at), serviceUsed: used }));
    const result = aggregate(rows, { from: Date.parse(from), to: Date.parse(to) });
    expect(result.days.map((d) => [d.day, d.data])).toEqual(days);
  });
});
