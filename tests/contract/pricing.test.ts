import { describe, expect, it } from 'vitest';
import {
  allocateExclVat,
  countsAfterOrder,
  divideRounded,
  monthlyCharges,
  orderPricing,
  priceCounts,
  promotionDiscounts,
  promotionsFor,
  proRata,
  vatBreakdown,
  type PromotionTerms,
  type Subscription,
} from '#contract/pricing';

const t = (text: string) => ({ fr: text, nl: text, en: text });

// The demo catalogue's figures (server/demo/data/catalogue.ts): the cases the issue walked through.
const M = { id: 2, name: 'Mega Mobile M', price: 2000 };
const L = { id: 3, name: 'Mega Mobile L', price: 3500 };
const PRO30 = { id: 5, name: 'Mega Pro 30', price: 2900 };
const INTL = { id: 9, name: 'International 60', price: 500 };
const EXTRA1 = { id: 7, name: 'Extra 1 GB', price: 300 };
const SOPHIE = 1;
const PROMOTIONS: PromotionTerms[] = [
  { id: 1, productId: M.id, contractId: null, type: 'percentage', amount: 20, label: t('-20 % for 6 months') },
  { id: 2, productId: L.id, contractId: null, type: 'amount', amount: 500, label: t('€5 off every month') },
  { id: 3, productId: PRO30.id, contractId: null, type: 'percentage', amount: 10, label: t('10 % off') },
  { id: 4, productId: null, contractId: SOPHIE, type: 'amount', amount: 300, label: t('Referral: €3 a month') },
];

describe('rounding to the cent (halves away from zero, exact)', () => {
  it.each([
    [1, 2, 1],
    [-1, 2, -1],
    [5, 10, 1],
    [4, 10, 0],
    [-4, 10, 0],
    [2000 * 12, 30, 800],
    [2000 * 7, 31, 452],
    [-1500 * 100, 121, -1240],
  ])('%i / %i → %i', (n, d, expected) => expect(divideRounded(n, d)).toBe(expected));

  it('refuses a zero divisor and fractions', () => {
    expect(() => divideRounded(1, 0)).toThrow(RangeError);
    expect(() => divideRounded(1.5, 2)).toThrow(RangeError);
  });
});

describe('which promotions a line gets on a plan', () => {
  it.each<[string, number, number | null, number[]]>([
    ['Sophie on M: M’s −20 % and her referral', M.id, SOPHIE, [1, 4]],
    ['Sophie on L: L’s −€5 and her referral (M’s −20 % stays with M)', L.id, SOPHIE, [2, 4]],
    ['another line on L: L’s only', L.id, 99, [2]],
    ['Emma on Pro 30: its −10 %', PRO30.id, 5, [3]],
  ])('%s', (_name, planId, contractId, ids) => {
    expect(promotionsFor(planId, contractId, PROMOTIONS).map((p) => p.id)).toEqual(ids);
  });

  it('a promotion granted to one line on one plan applies to that pair only', () => {
    const both: PromotionTerms = { id: 9, productId: L.id, contractId: SOPHIE, type: 'amount', amount: 100, label: t('x') };
    expect(promotionsFor(L.id, SOPHIE, [both]).map((p) => p.id)).toEqual([9]);
    expect(promotionsFor(M.id, SOPHIE, [both])).toEqual([]);
    expect(promotionsFor(L.id, 2, [both])).toEqual([]);
  });
});

describe('promotion discounts on a plan', () => {
  it.each<[string, number, Pick<PromotionTerms, 'type' | 'amount'>[], number[]]>([
    ['none', 2000, [], []],
    ['20 % of €20', 2000, [{ type: 'percentage', amount: 20 }], [400]],
    ['a percentage rounded to the cent', 999, [{ type: 'percentage', amount: 10 }], [100]],
    ['€5 off a €3.50 plan: never more than the plan', 350, [{ type: 'amount', amount: 500 }], [350]],
    [
      'past the price: the second gets what is left',
      1000,
      [
        { type: 'percentage', amount: 80 },
        { type: 'amount', amount: 500 },
      ],
      [800, 200],
    ],
    ['a free plan', 0, [{ type: 'percentage', amount: 50 }], [0]],
  ])('%s', (_name, price, promotions, discounts) => {
    expect(promotionDiscounts(price, promotions)).toEqual(discounts);
  });
});

const sub = (plan: typeof M, options: { option: typeof INTL; count: number }[] = []): Subscription => ({
  plan,
  options: options.map(({ option, count }) => ({ ...option, count })),
});

describe('a monthly price as the sum of its lines', () => {
  it.each<[string, number, Subscription, [string, number][], number]>([
    [
      'Sophie today: M −20 % − €3 referral = €13',
      SOPHIE,
      sub(M),
      [
        ['plan', 2000],
        ['promotion', -400],
        ['promotion', -300],
      ],
      1300,
    ],
    [
      'Sophie on L with International 60: 35 + 5 − 5 − 3 = €32',
      SOPHIE,
      sub(L, [{ option: INTL, count: 1 }]),
      [
        ['plan', 3500],
        ['option', 500],
        ['promotion', -500],
        ['promotion', -300],
      ],
      3200,
    ],
    [
      'Emma on Pro 30 with International 60: the 10 % is off the plan only (29 − 2.90 + 5 = €31.10)',
      5,
      sub(PRO30, [{ option: INTL, count: 1 }]),
      [
        ['plan', 2900],
        ['option', 500],
        ['promotion', -290],
      ],
      3110,
    ],
    [
      'options by unit price, dearest first, × their count',
      5,
      sub(PRO30, [
        { option: EXTRA1, count: 3 },
        { option: INTL, count: 1 },
      ]),
      [
        ['plan', 2900],
        ['option', 500],
        ['option', 900],
        ['promotion', -290],
      ],
      4010,
    ],
  ])('%s', (_name, contractId, subscription, lines, total) => {
    const charges = monthlyCharges(contractId, subscription, PROMOTIONS);
    expect(charges.lines.map((l) => [l.kind, l.amount])).toEqual(lines);
    expect(charges.total).toBe(total);
    expect(charges.total).toBe(charges.lines.reduce((sum, l) => sum + l.amount, 0));
  });
});

describe('pro rata', () => {
  it.each([
    ['a whole 30-day cycle', 2000, 30, 30, 2000],
    ['a whole 31-day cycle', 2000, 31, 31, 2000],
    ['12 days of 30', 500, 12, 30, 200],
    ['7 days of 31 (4.516…)', 2000, 7, 31, 452],
    ['1 day of 28', 1000, 1, 28, 36],
    ['no day', 1000, 0, 30, 0],
    ['a promotion pro rata (negative)', -300, 10, 30, -100],
  ])('%s', (_name, monthly, days, cycleDays, expected) => expect(proRata(monthly, days, cycleDays)).toBe(expected));

  it('refuses more days than the cycle', () => expect(() => proRata(100, 31, 30)).toThrow(RangeError));
});

describe('what a line holds after an order', () => {
  const current = { plan: M.id, options: { [EXTRA1.id]: 1 } };
  it.each<[string, Parameters<typeof countsAfterOrder>[0], ReturnType<typeof countsAfterOrder>]>([
    [
      'a plan change and an option at the next cycle',
      { current, waiting: [], request: { product: L.id, options: [{ id: INTL.id, combinations: 1 }] }, optionTiming: 'nextCycle' },
      { afterToday: null, after: { plan: L.id, options: { [EXTRA1.id]: 1, [INTL.id]: 1 } } },
    ],
    [
      'an option order waiting elsewhere still happens, this order’s counts win',
      {
        current,
        waiting: [
          { kind: 'OPTION', resourceId: EXTRA1.id, newValue: '0' },
          { kind: 'OPTION', resourceId: INTL.id, newValue: '1' },
        ],
        request: { product: PRO30.id, options: [{ id: INTL.id, combinations: 0 }] },
        optionTiming: 'nextCycle',
      },
      { afterToday: null, after: { plan: PRO30.id, options: {} } },
    ],
    [
      'the line’s own plan in the request keeps a plan change waiting in another order',
      {
        current,
        waiting: [{ kind: 'PRODUCT', resourceId: L.id, newValue: 'Mega Mobile L' }],
        request: { product: M.id, options: [{ id: INTL.id, combinations: 1 }] },
        optionTiming: 'today',
      },
      {
        afterToday: { plan: M.id, options: { [EXTRA1.id]: 1, [INTL.id]: 1 } },
        after: { plan: L.id, options: { [EXTRA1.id]: 1, [INTL.id]: 1 } },
      },
    ],
  ])('%s', (_name, input, expected) => expect(countsAfterOrder(input)).toEqual(expected));
});

describe('an order’s price', () => {
  const cycle = { start: '2026-11-05', end: '2026-12-04' };

  it('Sophie, M → L and International 60 at the next cycle: €13 → €32 from 5 December, nothing this cycle', () => {
    const pricing = orderPricing({
      contractId: SOPHIE,
      current: sub(M),
      afterToday: null,
      after: sub(L, [{ option: INTL, count: 1 }]),
      promotions: PROMOTIONS,
      today: '2026-11-27',
      cycle,
    });
    expect(pricing.before.total).toBe(1300);
    expect(pricing.after.total).toBe(3200);
    expect(pricing.from).toBe('2026-12-05');
    expect(pricing.proRata).toBeNull();
  });

  it('an option for the rest of this cycle: its price × the days left, from today', () => {
    const withIntl = sub(M, [{ option: INTL, count: 1 }]);
    const pricing = orderPricing({
      contractId: SOPHIE,
      current: sub(M),
      afterToday: withIntl,
      after: withIntl,
      promotions: PROMOTIONS,
      today: '2026-11-27',
      cycle,
    });
    expect(pricing.from).toBe('2026-11-27');
    // 27 Nov – 4 Dec: 8 days of a 30-day cycle.
    expect(pricing.proRata).toMatchObject({ from: '2026-11-27', to: '2026-12-04', days: 8, cycleDays: 30, total: 133 });
    expect(pricing.proRata?.lines.map((l) => [l.id, l.quantity, l.amount])).toEqual([[INTL.id, 1, 133]]);
    expect(pricing.after.total).toBe(1800);
  });

  it('an option this month while another order waits: pro rata now, the new monthly price from the next cycle', () => {
    const pricing = orderPricing({
      contractId: SOPHIE,
      current: sub(M),
      afterToday: sub(M, [{ option: INTL, count: 1 }]),
      after: sub(L, [{ option: INTL, count: 1 }]),
      promotions: PROMOTIONS,
      today: '2026-11-27',
      cycle,
    });
    expect(pricing.from).toBe('2026-12-05');
    expect(pricing.proRata?.total).toBe(133);
    expect(pricing.after.total).toBe(3200);
  });

  it('an option removed for the rest of this cycle takes its days off', () => {
    const pricing = orderPricing({
      contractId: 5,
      current: sub(PRO30, [{ option: EXTRA1, count: 2 }]),
      afterToday: sub(PRO30, [{ option: EXTRA1, count: 1 }]),
      after: sub(PRO30, [{ option: EXTRA1, count: 1 }]),
      promotions: PROMOTIONS,
      today: '2026-11-20',
      cycle: { start: '2026-11-01', end: '2026-11-30' },
    });
    expect(pricing.proRata?.lines.map((l) => [l.quantity, l.amount])).toEqual([[-1, -110]]);
    expect(pricing.proRata?.total).toBe(-110);
  });

  it('prices counts with the catalogue, or says it cannot', () => {
    const catalogue = new Map([M, INTL].map((p) => [p.id, p]));
    expect(priceCounts({ plan: M.id, options: { [INTL.id]: 2 } }, (id) => catalogue.get(id))).toEqual({
      plan: M,
      options: [{ ...INTL, count: 2 }],
    });
    expect(priceCounts({ plan: M.id, options: { [EXTRA1.id]: 1 } }, (id) => catalogue.get(id))).toBeNull();
  });
});

describe('VAT at 21 %: excl. + VAT = incl. to the cent', () => {
  it.each([
    [12100, 10000, 2100],
    [2672, 2208, 464],
    [1300, 1074, 226],
    [100, 83, 17],
    [1, 1, 0],
    [0, 0, 0],
    [-1500, -1240, -260],
  ])('%i incl. → %i excl. + %i VAT', (incl, excl, vat) => {
    expect(vatBreakdown(incl)).toEqual({ excl, vat, incl });
  });

  it.each<[string, number[], number[]]>([
    ['Sophie’s €13: 20.00 − 4.00 − 3.00', [2000, -400, -300], [1653, -331, -248]],
    ['three lines of €1', [100, 100, 100], [83, 83, 82]],
    ['a credit note', [-1500], [-1240]],
    ['Marc’s plan, option and usage', [1000, 500, 1172], [826, 413, 969]],
  ])('lines excl. VAT add up to the total excl. VAT: %s', (_name, incl, excl) => {
    const split = allocateExclVat(incl);
    expect(split.lines).toEqual(excl);
    expect(split.lines.reduce((a, b) => a + b, 0)).toBe(split.excl);
    expect(split.excl + split.vat).toBe(split.incl);
  });

  it('every line stays within a cent of its exact amount excl. VAT, on 2,000 generated invoices', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed;
    };
    for (let n = 0; n < 2000; n++) {
      const lines = Array.from({ length: 1 + (next() % 9) }, () => (next() % 20_000) - 4000);
      const split = allocateExclVat(lines);
      expect(split.lines.reduce((a, b) => a + b, 0)).toBe(split.excl);
      expect(split.excl + split.vat).toBe(lines.reduce((a, b) => a + b, 0));
      split.lines.forEach((excl, i) => expect(Math.abs(excl - ((lines[i] ?? 0) * 100) / 121)).toBeLessThan(1));
    }
  });
});
