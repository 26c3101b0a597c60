import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '#db/schema';
import { putRecords } from '#workers/usage-blocks';
import type { UsageRecordRow } from '#workers/usage-core';
import {
  bestConfiguration,
  comparePlans,
  createCycleUsageAccumulator,
  cycleCost,
  MIN_CYCLES,
  type CycleUsage,
  type PlanCatalogue,
  type PlanProduct,
} from '#workers/plan-fit';
import { rollupCombination, rollupLength } from '#workers/usage-rollup';
import { createUsageService } from '#workers/usage-service';

const GB = 1024 ** 3;
const rates = { dataPerMb: 1, callPerMinute: 15, sms: 10 };
const extra1 = { id: 11, name: 'Extra 1 GB', priceCents: 300, dataMb: 1024, maxCombinations: 10 };
const extra5 = { id: 12, name: 'Extra 5 GB', priceCents: 1000, dataMb: 5120, maxCombinations: 4 };
const intl = { id: 13, name: 'International 60', priceCents: 500, dataMb: 0, maxCombinations: 1 };
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
const use = (dataGb: number, callMinutes = 0, extrasCents = 0, sms = 0): CycleUsage => ({
  data: dataGb * GB,
  call: callMinutes * 60,
  sms,
  extrasCents,
  records: 10,
});
const nothing: CycleUsage = { data: 0, call: 0, sms: 0, extrasCents: 0, records: 0 };

describe('cycleCost', () => {
  it.each([
    ['within the bundle: the price and the extras', S, [], use(4, 100, 250), { cents: 1250, covered: true }],
    ['an option adds its price and its data', S, [{ id: 11, count: 2 }], use(6.5), { cents: 1600, covered: true }],
    // 1 GB over: 1024 MB at 1 cent; 30 minutes over at 15 cents.
    ['use beyond the bundle at the plan’s rates', S, [], use(6, 180), { cents: 1000 + 1024 + 450, covered: false }],
    [
      'a started MB and a started minute are charged whole',
      S,
      [],
      { data: 5 * GB + 1, call: 150 * 60 + 1, sms: 0, extrasCents: 0, records: 2 },
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
    ['keeps the options without data', S, [use(1), use(1), use(1)], [{ id: 13, count: 1 }], 1500],
  ] as const)('%s', (_name, product, usage, expectedOptions, expectedAverage) => {
    const kept = _name === 'keeps the options without data' ? [{ id: 13, count: 1 }] : [];
    const best = bestConfiguration(product, kept, usage);
    expect(best.options).toEqual(expectedOptions);
    expect(best.average).toBe(expectedAverage);
    expect(best.covers).toBe(true);
  });

  it('falls back to the cheapest options when nothing covers (and says so)', () => {
    const best = bestConfiguration(S, [], [use(80), use(80), use(80)]);
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
      { status: 'ready', cycles: 3, suggestion: { productId: 1, options: [] }, monthlySaving: 1000 },
    ],
    [
      'a user whose plan is the cheapest that covers gets no suggestion',
      [use(15, 200), use(18, 300), use(12, 100)],
      residential({ product: M, options: [] }),
      { status: 'ready', suggestion: null, monthlySaving: 0 },
    ],
    [
      'a user paying overage on S is told M covers it for less',
      [use(19, 400), use(18, 450), use(19, 480)],
      residential({ product: S, options: [] }),
      { status: 'ready', suggestion: { productId: 2, covers: true } },
    ],
    [
      'options bought on top of the current plan are priced in its cost',
      [use(9), use(9), use(9)],
      residential({ product: M, options: [{ id: 11, count: 3 }] }),
      // M with its 3 × 1 GB costs 29 €; M alone covers 9 GB for 20 €.
      { status: 'ready', suggestion: { productId: 2, options: [] }, monthlySaving: 900 },
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
      { status: 'ready', cycles: 3, suggestion: { productId: 1 } },
    ],
    [
      'only the last six cycles count',
      [use(90), use(90), use(2), use(2), use(2), use(2), use(2), use(2)],
      residential({ product: M, options: [] }),
      { status: 'ready', cycles: 6, suggestion: { productId: 1 } },
    ],
  ] as const)('%s', (_name, usage, catalogue, expected) => {
    expect(comparePlans(usage, catalogue)).toMatchObject(expected);
  });

  it('Emma’s unlimited line used for 10–30 GB: Pro 30 fits, with International 60 kept', () => {
    const fit = comparePlans([use(10), use(30), use(22), use(14), use(25)], {
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
      suggestion: { productId: 4, options: [{ id: 13, count: 1 }], average: 3400, covers: true },
      monthlySaving: 1900,
    });
  });

  it('keeps the extras of every cycle in every plan', () => {
    const fit = comparePlans([use(2, 0, 300), use(2, 0, 700), use(2, 0, 500)], residential({ product: S, options: [] }));
    if (fit.status !== 'ready') throw new Error('expected a comparison');
    expect(fit.current.perCycle).toEqual([1300, 1700, 1500]);
    expect(fit.plans.map((p) => p.perCycle[1])).toEqual([1700, 2700, 4200]);
  });
});

describe('createCycleUsageAccumulator', () => {
  const from = Date.UTC(2026, 0, 1);
  const to = Date.UTC(2026, 0, 31, 23, 59, 59, 999);
  const record = (over: Partial<UsageRecordRow>): UsageRecordRow => ({
    id: 'r',
    contractId: 5,
    serviceCat: 'data',
    messages: 1,
    isOob: false,
    resourceImpact: 0,
    resourceUnit: 'EUR_CENT',
    serviceUsed: 0,
    serviceUnit: 'B',
    incoming: false,
    destination: 'national',
    eventTime: from + 1000,
    ...over,
  });

  it.each([
    [
      'in-bundle national and roaming use is covered',
      [record({ serviceUsed: 100 }), record({ serviceUsed: 50, destination: 'roaming' })],
      { data: 150, extrasCents: 0 },
    ],
    [
      'national use beyond the bundle is covered too (a bigger bundle absorbs it)',
      [record({ serviceUsed: 70, isOob: true, resourceImpact: 9 })],
      { data: 70, extrasCents: 0 },
    ],
    [
      'international and premium out-of-bundle costs are extras',
      [
        record({ serviceCat: 'call', serviceUsed: 120, isOob: true, resourceImpact: 98, destination: 'international' }),
        record({ serviceCat: 'sms', serviceUsed: 1, isOob: true, resourceImpact: 200, destination: 'premium' }),
      ],
      { call: 0, sms: 0, extrasCents: 298 },
    ],
    ['incoming calls count', [record({ serviceCat: 'call', serviceUsed: 60, incoming: true })], { call: 60 }],
    ['records outside the cycle are left out', [record({ serviceUsed: 5, eventTime: to + 1 })], { data: 0, records: 0 }],
  ] as const)('%s', (_name, rows, expected) => {
    const accumulator = createCycleUsageAccumulator(from, to);
    accumulator.add(rows);
    expect(accumulator.result()).toMatchObject(expected);
  });

  it('reads a day’s rollup like its records, and refuses a day cut by the cycle', () => {
    const sums = new Array<number>(rollupLength).fill(0);
    const put = (type: number, isOob: boolean, destination: number, used: number, cost: number) => {
      const base = rollupCombination(type, false, isOob, destination) * 3;
      sums[base] = used;
      sums[base + 1] = 1;
      sums[base + 2] = cost;
    };
    put(1, false, 0, 1000, 0);
    put(0, true, 1, 300, 49);
    const accumulator = createCycleUsageAccumulator(from, to);
    expect(accumulator.addRollup({ dayStart: from, dayEnd: from + 86_400_000, sums })).toBe(true);
    expect(accumulator.addRollup({ dayStart: from - 3_600_000, dayEnd: from + 82_800_000, sums })).toBe(false);
    expect(accumulator.result()).toEqual({ data: 1000, call: 0, sms: 0, extrasCents: 49, records: 2 });
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
    expect(fit).toMatchObject({ status: 'ready', cycles: 3, suggestion: { productId: 1 }, monthlySaving: 1000 });
    if (fit.status === 'ready') expect(fit.current.perCycle).toEqual([2000, 2000, 2000]);
    db.close();
  });
});
