import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_MB,
  billedUnits,
  bundleOf,
  classify,
  emptyUsageTotals,
  outOfBundleByNature,
  outOfBundleCharges,
  rateCyclePart,
  rateUsage,
  recordCharges,
  sumUsageTotals,
  usageTotalsOf,
  type Bundle,
  type OobRates,
  type RatableRecord,
  type RatingClass,
  type UsageDestination,
  type UsageFacts,
  type UsageKind,
} from '#contract/rating';

const MB = BYTES_PER_MB;
const rates: OobRates = { dataPerMb: 1, callPerMinute: 15, sms: 10 };

const record = (facts: Partial<RatableRecord> & Pick<RatableRecord, 'kind' | 'used'>): RatableRecord => ({
  incoming: false,
  destination: 'national',
  outsideZone: false,
  priceCents: 0,
  ...facts,
});

describe('classify', () => {
  it.each<[string, UsageFacts, RatingClass]>([
    ['outgoing national call', { kind: 'call', incoming: false, destination: 'national', outsideZone: false }, 'domestic'],
    ['incoming national call', { kind: 'call', incoming: true, destination: 'national', outsideZone: false }, 'free'],
    ['incoming text', { kind: 'sms', incoming: true, destination: 'national', outsideZone: false }, 'free'],
    ['incoming call while roaming in the EU', { kind: 'call', incoming: true, destination: 'roaming', outsideZone: false }, 'free'],
    ['incoming call from abroad', { kind: 'call', incoming: true, destination: 'international', outsideZone: false }, 'free'],
    ['incoming call outside the EU', { kind: 'call', incoming: true, destination: 'roaming', outsideZone: true }, 'free'],
    ['outgoing call in the EU', { kind: 'call', incoming: false, destination: 'roaming', outsideZone: false }, 'domestic'],
    ['outgoing call outside the EU', { kind: 'call', incoming: false, destination: 'roaming', outsideZone: true }, 'world'],
    ['international call', { kind: 'call', incoming: false, destination: 'international', outsideZone: false }, 'international'],
    // The network's flag only tells roaming zones apart: an international call is international either way.
    ['international call flagged', { kind: 'call', incoming: false, destination: 'international', outsideZone: true }, 'international'],
    ['national call flagged', { kind: 'call', incoming: false, destination: 'national', outsideZone: true }, 'domestic'],
    ['premium text', { kind: 'sms', incoming: false, destination: 'premium', outsideZone: true }, 'premium'],
    ['national data', { kind: 'data', incoming: false, destination: 'national', outsideZone: false }, 'domestic'],
    // Data has no direction: a record marked incoming still counts.
    ['data marked incoming', { kind: 'data', incoming: true, destination: 'national', outsideZone: false }, 'domestic'],
    ['data in the EU', { kind: 'data', incoming: false, destination: 'roaming', outsideZone: false }, 'domestic'],
    ['data outside the EU', { kind: 'data', incoming: false, destination: 'roaming', outsideZone: true }, 'world'],
  ])('%s', (_name, facts, expected) => {
    expect(classify(facts)).toBe(expected);
    expect(outOfBundleByNature(facts)).toBe(expected === 'international' || expected === 'world' || expected === 'premium');
  });
});

describe('bundleOf', () => {
  const S = { dataMb: 5120, voiceMinutes: 150, smsCount: 0 };
  const unlimited = { dataMb: 0, voiceMinutes: 0, smsCount: 0 };
  const extra5 = { dataMb: 5120, voiceMinutes: 0, smsCount: 0, zone: 'domestic' as const };
  const international60 = { dataMb: 0, voiceMinutes: 60, smsCount: 0, zone: 'international' as const };
  const world1 = { dataMb: 1024, voiceMinutes: 0, smsCount: 0, zone: 'world' as const };
  it.each<[string, Parameters<typeof bundleOf>, Bundle]>([
    [
      'a base alone: its volumes; texts 0 = unlimited; no international or world allowance',
      [S, []],
      {
        domestic: { data: 5120 * MB, call: 9000, sms: null },
        international: { data: 0, call: 0, sms: 0 },
        world: { data: 0, call: 0, sms: 0 },
      },
    ],
    [
      'domestic options add to the bundle, × their count',
      [S, [{ ...extra5, count: 2 }]],
      {
        domestic: { data: 15_360 * MB, call: 9000, sms: null },
        international: { data: 0, call: 0, sms: 0 },
        world: { data: 0, call: 0, sms: 0 },
      },
    ],
    [
      'International 60 and Roaming World are allowances of their own zones',
      [
        S,
        [
          { ...international60, count: 1 },
          { ...world1, count: 2 },
        ],
      ],
      {
        domestic: { data: 5120 * MB, call: 9000, sms: null },
        international: { data: 0, call: 3600, sms: 0 },
        world: { data: 2048 * MB, call: 0, sms: 0 },
      },
    ],
    [
      'an unlimited base stays unlimited whatever the options',
      [unlimited, [{ ...extra5, count: 1 }]],
      {
        domestic: { data: null, call: null, sms: null },
        international: { data: 0, call: 0, sms: 0 },
        world: { data: 0, call: 0, sms: 0 },
      },
    ],
    [
      'an option held 0 times adds nothing',
      [S, [{ ...extra5, count: 0 }]],
      {
        domestic: { data: 5120 * MB, call: 9000, sms: null },
        international: { data: 0, call: 0, sms: 0 },
        world: { data: 0, call: 0, sms: 0 },
      },
    ],
  ])('%s', (_name, args, expected) => {
    expect(bundleOf(...args)).toEqual(expected);
  });
});

describe('billedUnits', () => {
  it.each<[Parameters<typeof billedUnits>, number]>([
    [['call', 0], 0],
    [['call', -5], 0],
    [['call', 1], 1],
    [['call', 60], 1],
    [['call', 61], 2],
    [['data', 1], 1],
    [['data', MB], 1],
    [['data', MB + 1], 2],
    [['sms', 3], 3],
  ])('%j → %d', (args, expected) => {
    expect(billedUnits(...args)).toBe(expected);
  });
});

describe('rateUsage', () => {
  const marcBundle = bundleOf({ dataMb: 5120, voiceMinutes: 150, smsCount: 0 }, []);

  it('incoming calls never count: 4,224 s out of 9,000 s, nothing beyond, whatever is received', () => {
    const totals = usageTotalsOf([
      record({ kind: 'call', used: 4224 }),
      record({ kind: 'call', used: 6277, incoming: true }),
      record({ kind: 'sms', used: 40, incoming: true }),
    ]);
    const rating = rateUsage(totals, marcBundle, rates);
    expect(rating.zones.domestic.call).toEqual({ used: 4224, allowance: 9000, beyond: 0, cents: 0 });
    expect(rating.free).toEqual({ data: 0, call: 6277, sms: 40 });
    expect(rating.lines).toEqual([]);
    expect(rating.overspent).toEqual({ credit: 0, premium: 0, national: 0, international: 0 });
  });

  it.each<[string, RatableRecord[], ReturnType<typeof rateUsage>['lines']]>([
    ['nothing used', [], []],
    ['exactly the bundle: nothing billed', [record({ kind: 'call', used: 9000 })], []],
    [
      'one second beyond the calls: a started minute',
      [record({ kind: 'call', used: 9001 })],
      [{ zone: 'domestic', kind: 'call', quantity: 1, unit: 'minute', unitCents: 15, cents: 15 }],
    ],
    [
      'beyond the data bundle, EU roaming included: per started MB',
      [record({ kind: 'data', used: 5000 * MB }), record({ kind: 'data', used: 120 * MB + 2 * MB + 1, destination: 'roaming' })],
      [{ zone: 'domestic', kind: 'data', quantity: 3, unit: 'MB', unitCents: 1, cents: 3 }],
    ],
    [
      'international calls: per started minute of the cycle total (no allowance)',
      [record({ kind: 'call', used: 61, destination: 'international' }), record({ kind: 'call', used: 59, destination: 'international' })],
      [{ zone: 'international', kind: 'call', quantity: 2, unit: 'minute', unitCents: 15, cents: 30 }],
    ],
    [
      'international texts at the text rate',
      [record({ kind: 'sms', used: 3, destination: 'international' })],
      [{ zone: 'international', kind: 'sms', quantity: 3, unit: 'sms', unitCents: 10, cents: 30 }],
    ],
    [
      'data outside the EU, without a world allowance',
      [record({ kind: 'data', used: 10 * MB, destination: 'roaming', outsideZone: true })],
      [{ zone: 'world', kind: 'data', quantity: 10, unit: 'MB', unitCents: 1, cents: 10 }],
    ],
    [
      'premium: each record at its own price; a premium record never touches the bundle',
      [
        record({ kind: 'sms', used: 1, destination: 'premium', outsideZone: true, priceCents: 150 }),
        record({ kind: 'sms', used: 1, destination: 'premium', outsideZone: true, priceCents: 300 }),
      ],
      [{ zone: 'premium', kind: 'sms', quantity: 2, unit: 'item', unitCents: null, cents: 450 }],
    ],
    [
      'a price on a record that is not premium is not billed (the rating decides)',
      [record({ kind: 'call', used: 60, priceCents: 999 })],
      [],
    ],
    [
      'lines come zone by zone, data before calls before texts',
      [
        record({ kind: 'sms', used: 1, destination: 'premium', priceCents: 200 }),
        record({ kind: 'call', used: 120, destination: 'international' }),
        record({ kind: 'call', used: 9060 }),
        record({ kind: 'data', used: 5121 * MB }),
      ],
      [
        { zone: 'domestic', kind: 'data', quantity: 1, unit: 'MB', unitCents: 1, cents: 1 },
        { zone: 'domestic', kind: 'call', quantity: 1, unit: 'minute', unitCents: 15, cents: 15 },
        { zone: 'international', kind: 'call', quantity: 2, unit: 'minute', unitCents: 15, cents: 30 },
        { zone: 'premium', kind: 'sms', quantity: 1, unit: 'item', unitCents: null, cents: 200 },
      ],
    ],
  ])('%s', (_name, records, expected) => {
    const totals = usageTotalsOf(records);
    const rating = rateUsage(totals, marcBundle, rates);
    expect(rating.lines).toEqual(expected);
    expect(outOfBundleCharges(totals, marcBundle, rates)).toEqual(expected);
    const sum = expected.reduce((s, line) => s + line.cents, 0);
    expect(rating.totalCents).toBe(sum);
    expect(rating.overspent.credit).toBe(sum);
    expect(rating.overspent.premium + rating.overspent.national + rating.overspent.international).toBe(sum);
    expect(rating.centsByKind.data + rating.centsByKind.call + rating.centsByKind.sms).toBe(sum);
    for (const line of expected) if (line.unitCents !== null) expect(line.quantity * line.unitCents).toBe(line.cents);
  });

  it('allowances of options absorb their zone first', () => {
    const bundle = bundleOf({ dataMb: 0, voiceMinutes: 0, smsCount: 0 }, [
      { dataMb: 0, voiceMinutes: 60, smsCount: 0, zone: 'international', count: 1 },
      { dataMb: 1024, voiceMinutes: 0, smsCount: 0, zone: 'world', count: 1 },
    ]);
    const rating = rateUsage(
      usageTotalsOf([
        record({ kind: 'call', used: 3500, destination: 'international' }),
        record({ kind: 'data', used: 1025 * MB, destination: 'roaming', outsideZone: true }),
        record({ kind: 'data', used: 500_000 * MB }),
      ]),
      bundle,
      rates,
    );
    expect(rating.zones.international.call).toEqual({ used: 3500, allowance: 3600, beyond: 0, cents: 0 });
    expect(rating.zones.world.data).toEqual({ used: 1025 * MB, allowance: 1024 * MB, beyond: MB, cents: 1 });
    expect(rating.zones.domestic.data).toEqual({ used: 500_000 * MB, allowance: null, beyond: 0, cents: 0 });
    expect(rating.lines).toEqual([{ zone: 'world', kind: 'data', quantity: 1, unit: 'MB', unitCents: 1, cents: 1 }]);
    expect(rating.overspent).toEqual({ credit: 1, premium: 0, national: 0, international: 1 });
  });
});

describe('totals', () => {
  it('the sum of two halves rates like the whole', () => {
    const first = [record({ kind: 'call', used: 5000 }), record({ kind: 'sms', used: 1, destination: 'premium', priceCents: 150 })];
    const second = [record({ kind: 'call', used: 4100 }), record({ kind: 'call', used: 500, incoming: true })];
    const bundle = bundleOf({ dataMb: 5120, voiceMinutes: 150, smsCount: 0 }, []);
    expect(rateUsage(sumUsageTotals(usageTotalsOf(first), usageTotalsOf(second)), bundle, rates)).toEqual(
      rateUsage(usageTotalsOf([...first, ...second]), bundle, rates),
    );
    expect(sumUsageTotals(emptyUsageTotals(), emptyUsageTotals())).toEqual(emptyUsageTotals());
  });
});

describe('recordCharges: each record’s share of the cycle’s charges', () => {
  const S = bundleOf({ dataMb: 5120, voiceMinutes: 150, smsCount: 0 }, []);
  const withWorld = bundleOf({ dataMb: 5120, voiceMinutes: 150, smsCount: 0 }, [
    { dataMb: 1024, voiceMinutes: 0, smsCount: 0, zone: 'world', count: 1 },
    { dataMb: 0, voiceMinutes: 60, smsCount: 0, zone: 'international', count: 1 },
  ]);
  const abroad = (used: number) => record({ kind: 'call', used, destination: 'international' });
  const outside = (used: number) => record({ kind: 'data', used, destination: 'roaming', outsideZone: true });

  it.each<[string, Bundle, RatableRecord[], number[], RatableRecord[]?]>([
    ['nothing used', S, [], []],
    // 61 s start 2 minutes (30 c); 59 s more stay within them; 1 s more starts a third.
    [
      'calls abroad, per started minute of the total: the record that starts a minute pays it',
      S,
      [abroad(61), abroad(59), abroad(1)],
      [30, 0, 15],
    ],
    [
      'national calls: nothing within the bundle, then the record crossing it pays its started minute',
      S,
      [
        record({ kind: 'call', used: 8990 }),
        record({ kind: 'call', used: 20 }),
        record({ kind: 'call', used: 40 }),
        record({ kind: 'call', used: 11 }),
      ],
      [0, 15, 0, 15],
    ],
    ['data outside the EU, per started MB', S, [outside(MB / 2), outside(MB / 2), outside(1)], [1, 0, 1]],
    ['a world allowance absorbs its zone first', withWorld, [outside(1000 * MB), outside(30 * MB), outside(MB)], [0, 6, 1]],
    [
      'an international allowance absorbs calls abroad first; exactly the allowance costs nothing',
      withWorld,
      [abroad(3500), abroad(100), abroad(1)],
      [0, 0, 15],
    ],
    [
      'international texts per text',
      S,
      [record({ kind: 'sms', used: 2, destination: 'international' }), record({ kind: 'sms', used: 1, destination: 'international' })],
      [20, 10],
    ],
    [
      'premium: each record its own price; an incoming premium text is free',
      S,
      [
        record({ kind: 'sms', used: 1, destination: 'premium', priceCents: 150 }),
        record({ kind: 'sms', used: 1, destination: 'premium', priceCents: 300 }),
        record({ kind: 'sms', used: 1, destination: 'premium', incoming: true, priceCents: 200 }),
      ],
      [150, 300, 0],
    ],
    [
      'a price on a record that is not premium costs nothing (the rating decides)',
      S,
      [record({ kind: 'call', used: 60, priceCents: 999 })],
      [0],
    ],
    [
      'incoming calls and texts are free; data has no direction',
      S,
      [
        record({ kind: 'call', used: 600, incoming: true }),
        record({ kind: 'sms', used: 1, incoming: true }),
        record({ kind: 'data', used: 5121 * MB, incoming: true }),
      ],
      [0, 0, 1],
    ],
    [
      'each group counts on its own, whatever the records in between',
      S,
      [abroad(30), record({ kind: 'call', used: 9000 }), abroad(30), record({ kind: 'call', used: 1 }), outside(1)],
      [15, 0, 0, 15, 1],
    ],
    // 100 s before the list: 2 minutes already started; 20 s more stay within them, 1 s more starts the third.
    ['a list that starts inside the cycle continues from its totals so far', S, [abroad(20), abroad(1)], [0, 15], [abroad(100)]],
  ])('%s', (_name, bundle, records, expected, earlier = []) => {
    const before = usageTotalsOf(earlier);
    const costs = records.map(recordCharges(bundle, rates, before));
    expect(costs).toEqual(expected);
    // The costs add up to what the cycle's charges grew by over the list: its whole charges when it starts the cycle.
    const through = usageTotalsOf([...earlier, ...records]);
    const total = costs.reduce((sum, cents) => sum + cents, 0);
    expect(total).toBe(rateCyclePart(before, through, bundle, rates).totalCents);
    if (earlier.length === 0) expect(total).toBe(rateUsage(through, bundle, rates).totalCents);
  });

  it('adds up to the cycle’s charges, group by group, for any records and any plan; never negative', () => {
    const recordArb = fc.record({
      kind: fc.constantFrom<UsageKind>('data', 'call', 'sms'),
      incoming: fc.boolean(),
      destination: fc.constantFrom<UsageDestination>('national', 'roaming', 'international', 'premium'),
      outsideZone: fc.boolean(),
      used: fc.integer({ min: 0, max: 3 * 1024 * MB }),
      priceCents: fc.integer({ min: 0, max: 600 }),
    });
    const volumesArb = fc.record({
      dataMb: fc.integer({ min: 0, max: 3000 }),
      voiceMinutes: fc.integer({ min: 0, max: 200 }),
      smsCount: fc.integer({ min: 0, max: 5 }),
    });
    fc.assert(
      fc.property(
        volumesArb,
        fc.array(
          fc.record({
            volumes: volumesArb,
            zone: fc.constantFrom('domestic', 'international', 'world' as const),
            count: fc.integer({ min: 0, max: 2 }),
          }),
          { maxLength: 3 },
        ),
        fc.array(recordArb, { maxLength: 60 }),
        fc.nat(60),
        (base, options, records, cut) => {
          const bundle = bundleOf(
            base,
            options.map(({ volumes, zone, count }) => ({ ...volumes, zone, count })),
          );
          const costs = records.map(recordCharges(bundle, rates));
          expect(costs.every((cents) => cents >= 0)).toBe(true);
          const rating = rateUsage(usageTotalsOf(records), bundle, rates);
          expect(costs.reduce((sum, cents) => sum + cents, 0)).toBe(rating.totalCents);
          for (const line of rating.lines) {
            const group = records.flatMap((r, i) => (r.kind === line.kind && classify(r) === line.zone ? [costs[i] ?? 0] : []));
            expect(group.reduce((sum, cents) => sum + cents, 0)).toBe(line.cents);
          }
          // Cut in two lists, the second continuing from the first's totals: the same costs.
          const at = Math.min(cut, records.length);
          const first = records.slice(0, at);
          expect([
            ...first.map(recordCharges(bundle, rates)),
            ...records.slice(at).map(recordCharges(bundle, rates, usageTotalsOf(first))),
          ]).toEqual(costs);
        },
      ),
      { numRuns: 300 },
    );
  });
});
