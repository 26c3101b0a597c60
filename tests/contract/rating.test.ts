import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_MB,
  billedUnits,
  bundleOf,
  classify,
  emptyUsageTotals,
  outOfBundleByNature,
  outOfBundleCharges,
  rateUsage,
  sumUsageTotals,
  usageTotalsOf,
  type Bundle,
  type OobRates,
  type RatableRecord,
  type RatingClass,
  type UsageFacts,
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
