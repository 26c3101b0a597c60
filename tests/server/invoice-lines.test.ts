import { describe, expect, it } from 'vitest';
import { promotionDiscounts, type PromotionTerms } from '#server/lib/invoice-lines';
import { vatIncluded } from '#server/lib/invoice-pdf';

describe('promotion discounts on a plan', () => {
  it.each<[string, number, PromotionTerms[], number[]]>([
    ['none', 2000, [], []],
    ['20 % of €20', 2000, [{ type: 'percentage', amount: 20 }], [400]],
    [
      '20 % and €3',
      2000,
      [
        { type: 'percentage', amount: 20 },
        { type: 'amount', amount: 300 },
      ],
      [400, 300],
    ],
    ['a percentage rounded to the cent', 999, [{ type: 'percentage', amount: 10 }], [100]],
    ['€5 off a €3.50 plan: never more than the plan', 350, [{ type: 'amount', amount: 500 }], [350]],
    [
      'two promotions past the price: the second gets what is left',
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

describe('VAT included in an amount (21 %)', () => {
  it.each([
    [12100, 2100],
    [2672, 464],
    [100, 17],
    [1, 0],
    [0, 0],
    [-1500, -260],
  ])('%i cents incl. VAT hold %i cents of VAT', (total, vat) => {
    expect(vatIncluded(total)).toBe(vat);
  });
});
