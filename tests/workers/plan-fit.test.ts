import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '#db/schema';
import fc from 'fast-check';
import { addUsage, emptyUsageTotals, type UsageFacts } from '#contract/rating';
import { putRecords } from '#workers/usage-blocks';
import type { UsageRecordRow } from '#workers/usage-core';
import {
  advise,
  bestConfiguration,
  comparePlans,
  cycleCost,
  MIN_CYCLES,
  MIN_SAVING_CENTS,
  type CycleUsage,
  type PlanCatalogue,
  type PlanProduct,
} from '#workers/plan-fit';
import { createUsageService } from '#workers/usage-service';

const GB = 1024 ** 3;
const rates = { dataPerMb: 1, callPerMinute: 15, sms: 10 };
const none = { voiceMinutes: 0, smsCount: 0 };
const extra1 = { id: 11, name: 'Extra 1 GB', priceCents: 300, dataMb: 1024, ...none, zone: 'domestic' as const, maxCombinations: 10 };
const extra5 = { id: 12, name: 'Extra 5 GB', priceCents: 1000, dataMb: 5120, ...none, zone: 'domestic' as const, maxCombinations: 4 };
const intl = {
  id: 13,
  name: 'International 60',
  priceCents: 500,
  dataMb: 0,
  voiceMinutes: 60,
  smsCount: 0,
  zone: 'international' as const,
  maxCombinations: 1,
};
const options = [extra5, extra1, intl];
const plan = (id: number, name: string, priceCents: number, dataGb: number, voiceMinutes = 0): PlanProduct => ({
  id,
  name,
  priceCents,
  dataMb: dataGb * 1024,
  voiceMinutes,
  smsCount: 0,
  oobRates: rates,
  options,
});
const S = plan(1, 'S', 1000, 5, 150);
const M = plan(2, 'M', 2000, 20, 500);
const L = plan(3, 'L', 3500, 100);
const pro30 = plan(4, 'Pro 30', 2900, 30);
const proUnlimited = plan(5, 'Pro Unlimited', 4500, 0);
const out = (kind: UsageFacts['kind'], destination: UsageFacts['destination'] = 'national'): UsageFacts => ({
  kind,
  incoming: false,
  destination,
  outsideZone: false,
});
/** A cycle: data and outgoing national calls in the bundle, premium purchases (cents), calls abroad (minutes), received calls. */
const use = (dataGb: number, callMinutes = 0, premiumCents = 0, abroadMinutes = 0, receivedMinutes = 0): CycleUsage => {
  const usage = emptyUsageTotals();
  addUsage(usage, out('data'), { used: dataGb * GB, count: 5, priceCents: 0 });
  addUsage(usage, out('call'), { used: callMinutes * 60, count: 5, priceCents: 0 });
  if (premiumCents > 0) addUsage(usage, out('sms', 'premium'), { used: 1, count: 1, priceCents: premiumCents });
  if (abroadMinutes > 0) addUsage(usage, out('call', 'international'), { used: abroadMinutes * 60, count: 1, priceCents: 0 });
  if (receivedMinutes > 0) addUsage(usage, { ...out('call'), incoming: true }, { used: receivedMinutes * 60, count: 1, priceCents: 0 });
  return { usage, records: 10 };
};
const nothing: CycleUsage = { usage: emptyUsageTotals(), records: 0 };

describe('cycleCost', () => {
  it.each([
    ['within the bundle: the price and the premium purchases', S, [], use(4, 100, 250), { cents: 1250, covered: true }],
    ['received calls never count, however long', S, [], use(4, 100, 0, 0, 5000), { cents: 1000, covered: true }],
    ['calls abroad are priced at the plan’s rate, never covered nor uncovering', S, [], use(4, 100, 0, 20), { cents: 1300, covered: true }],
    ['International 60 absorbs its minutes', S, [{ id: 13, count: 1 }], use(4, 100, 0, 20), { cents: 1500, covered: true }],
    ['an option adds its price and its data', S, [{ id: 11, count: 2 }], use(6.5), { cents: 1600, covered: true }],
    // 1 GB over: 1024 MB at 1 cent; 30 minutes over at 15 cents.
    ['use beyond the bundle at the plan’s rates', S, [], use(6, 180), { cents: 1000 + 1024 + 450, covered: false }],
    [
      'a started MB and a started minute are charged whole',
      S,
      [],
      (() => {
        const usage = emptyUsageTotals();
        addUsage(usage, out('data'), { used: 5 * GB + 1, count: 1, priceCents: 0 });
        addUsage(usage, out('call'), { used: 150 * 60 + 1, count: 1, priceCents: 0 });
        return { usage, records: 2 };
      })(),
      { cents: 1016, covered: false },
    ],
    ['0 is unlimited', proUnlimited, [], use(400, 5000), { cents: 4500, covered: true }],
    ['an option the plan does not offer is ignored', { ...S, options: [] }, [{ id: 11, count: 3 }], use(4), { cents: 1000, covered: true }],
  ] as const)('%s', (_name, product, chosen, usage, expected) => {
    expect(cycleCost(product, chosen, usage)).toEqual(expected);
  });
});

describe('bestConfiguration', () => {
  it.each([
    ['no option needed', M, [use(10), use(15), use(12)], [], 2000],
    // 7 GB at most: two Extra 1 GB (6 €) are cheaper than an Extra 5 GB (10 €).
    ['the cheapest data options that cover the worst cycle', S, [use(4), use(7), use(6)], [{ id: 11, count: 2 }], 1600],
    // 12 GB on S's 5: 7 × 1 GB would cost 21 €, one 5 GB and two 1 GB cost 16 €.
    [
      'mixes options for the lowest price',
      S,
      [use(12), use(12), use(12)],
      [
        { id: 12, count: 1 },
        { id: 11, count: 2 },
      ],
      2600,
    ],
    // 100 minutes abroad a month cost 15 €; with International 60 (5 €), 40 minutes cost 6 €.
    [
      'takes International 60 where it costs less than the minutes it saves',
      S,
      [use(1, 0, 0, 100), use(1, 0, 0, 100), use(1, 0, 0, 100)],
      [{ id: 13, count: 1 }],
      2100,
    ],
    ['leaves it where it does not', S, [use(1, 0, 0, 10), use(1, 0, 0, 10), use(1, 0, 0, 10)], [], 1150],
  ] as const)('%s', (_name, product, usage, expectedOptions, expectedAverage) => {
    const best = bestConfiguration(product, usage);
    expect(best.options).toEqual(expectedOptions);
    expect(best.average).toBe(expectedAverage);
    expect(best.covers).toBe(true);
  });

  it('falls back to the cheapest options when nothing covers (and says so)', () => {
    const best = bestConfiguration(S, [use(80), use(80), use(80)]);
    expect(best.covers).toBe(false);
    // Every option at its maximum still leaves use beyond the bundle: the cheapest mix is the answer.
    expect(best.average).toBeLessThan(cycleCost(S, [], use(80)).cents);
  });
});

describe('comparePlans', () => {
  const residential = (current: PlanCatalogue['current']): PlanCatalogue => ({ products: [S, M, L], current });
  it.each([
    [`fewer than ${MIN_CYCLES} cycles`, [use(3), use(3)], residential({ product: M, options: [] }), { status: 'tooShort', cycles: 2 }],
    [
      'a light user of M is told S fits, with the saving',
      [use(2, 60), use(3, 100), use(4, 120)],
      residential({ product: M, options: [] }),
      { status: 'ready', cycles: 3, advice: { kind: 'switch', plan: { productId: 1, options: [] }, saving: 1000 } },
    ],
    [
      'a user whose plan is the cheapest that covers is told to keep it',
      [use(15, 200), use(18, 300), use(12, 100)],
      residential({ product: M, options: [] }),
      { status: 'ready', current: { covers: true }, advice: { kind: 'keep' } },
    ],
    [
      'a user paying overage on S is told M covers it for less',
      [use(19, 400), use(18, 450), use(19, 480)],
      residential({ product: S, options: [] }),
      { status: 'ready', current: { covers: false }, advice: { kind: 'switch', plan: { productId: 2, covers: true } } },
    ],
    [
      // Marc: a little beyond S's 150 minutes in some months costs less than M: S does not cover, M covers for more.
      'a plan that does not cover is never called the cheapest that covers',
      [use(3, 160), use(3, 140), use(3, 170)],
      residential({ product: S, options: [] }),
      {
        status: 'ready',
        current: { covers: false, average: 1000 + 150 },
        advice: { kind: 'cover', plan: { productId: 2, covers: true }, extra: 850 },
      },
    ],
    [
      'received calls do not make S too small',
      [use(3, 140, 0, 0, 300), use(3, 120, 0, 0, 400), use(3, 100, 0, 0, 500)],
      residential({ product: S, options: [] }),
      { status: 'ready', current: { covers: true, average: 1000 }, advice: { kind: 'keep' } },
    ],
    [
      'options bought on top of the current plan are priced in its cost',
      [use(9), use(9), use(9)],
      residential({ product: M, options: [{ id: 11, count: 3 }] }),
      // M with its 3 × 1 GB costs 29 €; M alone covers 9 GB for 20 €.
      { status: 'ready', advice: { kind: 'switch', plan: { productId: 2, options: [] }, saving: 900 } },
    ],
    [
      'cycles before the first recorded use are not judged',
      [nothing, nothing, use(3), use(3)],
      residential({ product: M, options: [] }),
      { status: 'tooShort', cycles: 2 },
    ],
    [
      'a month without use after the history started still counts',
      [nothing, use(3), nothing, use(3)],
      residential({ product: M, options: [] }),
      { status: 'ready', cycles: 3, advice: { kind: 'switch', plan: { productId: 1 } } },
    ],
    [
      'only the last six cycles count',
      [use(90), use(90), use(2), use(2), use(2), use(2), use(2), use(2)],
      residential({ product: M, options: [] }),
      { status: 'ready', cycles: 6, advice: { kind: 'switch', plan: { productId: 1 } } },
    ],
    [
      'nothing covers 500 GB on a residential podium without unlimited data',
      [use(500), use(500), use(500)],
      residential({ product: L, options: [] }),
      { status: 'ready', advice: { kind: 'noneCovers' } },
    ],
  ] as const)('%s', (_name, usage, catalogue, expected) => {
    expect(comparePlans(usage, catalogue)).toMatchObject(expected);
  });

  it('Emma’s unlimited line used for 10–30 GB: Pro 30 fits, without an International 60 her few minutes abroad do not need', () => {
    const fit = comparePlans([use(10, 0, 0, 5), use(30), use(22, 0, 0, 12), use(14), use(25)], {
      products: [plan(6, 'Pro 10', 1900, 10), pro30, proUnlimited],
      current: {
        product: proUnlimited,
        options: [
          { id: 11, count: 1 },
          { id: 13, count: 1 },
        ],
      },
    });
    expect(fit).toMatchObject({
      status: 'ready',
      current: { average: 4500 + 300 + 500 },
      // 17 minutes abroad over five months at 15 cents: 51 cents a month on average.
      advice: { kind: 'switch', plan: { productId: 4, options: [], average: 2951, covers: true }, saving: 5300 - 2951 },
    });
  });

  it('prices the premium purchases of every cycle in every plan', () => {
    const fit = comparePlans([use(2, 0, 300), use(2, 0, 700), use(2, 0, 500)], residential({ product: S, options: [] }));
    if (fit.status !== 'ready') throw new Error('expected a comparison');
    expect(fit.current.perCycle).toEqual([1300, 1700, 1500]);
    expect(fit.plans.map((p) => p.perCycle[1])).toEqual([1700, 2700, 4200]);
  });

  it('property: the advice never contradicts the table it comes with', () => {
    const cycle = fc
      .record({
        data: fc.integer({ min: 0, max: 120 }),
        calls: fc.integer({ min: 0, max: 700 }),
        premium: fc.integer({ min: 0, max: 900 }),
        abroad: fc.integer({ min: 0, max: 200 }),
        received: fc.integer({ min: 0, max: 900 }),
      })
      .map((c) => use(c.data, c.calls, c.premium, c.abroad, c.received));
    fc.assert(
      fc.property(fc.array(cycle, { minLength: MIN_CYCLES, maxLength: 6 }), fc.constantFrom(S, M, L), (usage, current) => {
        const fit = comparePlans(usage, residential({ product: current, options: [] }));
        if (fit.status !== 'ready') throw new Error('expected a comparison');
        const { advice, plans } = fit;
        const covering = plans.filter((p) => p.covers);
        const cheapestCovering = Math.min(...covering.map((p) => p.average));
        if (advice.kind === 'keep') {
          // "Already the cheapest that covers your use": it covers, and nothing that covers is cheaper by a saving.
          expect(fit.current.covers).toBe(true);
          for (const plan of covering) expect(plan.average).toBeGreaterThan(fit.current.average - MIN_SAVING_CENTS);
        } else if (advice.kind === 'noneCovers') {
          expect(covering).toEqual([]);
          expect(fit.current.covers).toBe(false);
        } else {
          expect(advice.plan.covers).toBe(true);
          expect(advice.plan.average).toBe(cheapestCovering);
          if (advice.kind === 'switch') expect(advice.plan.average).toBeLessThanOrEqual(fit.current.average);
          else expect(fit.current.covers).toBe(false);
        }
        expect(advise(fit.current, plans)).toEqual(advice);
      }),
      { numRuns: 200 },
    );
  });
});

describe('usage service planFit', () => {
  it('measures each cycle from the stored records and compares the plans, offline (IndexedDB only)', async () => {
    const db = createDatabase('plan-fit-service');
    const cycles = [0, 1, 2].map((i) => ({ from: Date.UTC(2026, i, 1), to: Date.UTC(2026, i + 1, 1) - 1 }));
    const rows: UsageRecordRow[] = cycles.flatMap((cycle, i) =>
      [0, 1, 2, 3].map((k) => ({
        id: `c${i}-${k}`,
        contractId: 5,
        serviceCat: 'data' as const,
        messages: 1,
        isOob: false,
        resourceImpact: 0,
        resourceUnit: 'EUR_CENT',
        // 4 × 0.75 GB = 3 GB a cycle.
        serviceUsed: 0.75 * GB,
        serviceUnit: 'B',
        incoming: false,
        destination: 'national' as const,
        eventTime: cycle.from + (k + 1) * 86_400_000,
      })),
    );
    await putRecords(db, rows);
    const fit = await createUsageService(db).planFit(5, cycles, { products: [S, M, L], current: { product: M, options: [] } });
    expect(fit).toMatchObject({ status: 'ready', cycles: 3, advice: { kind: 'switch', plan: { productId: 1 }, saving: 1000 } });
    if (fit.status === 'ready') expect(fit.current.perCycle).toEqual([2000, 2000, 2000]);
    db.close();
  });
});
