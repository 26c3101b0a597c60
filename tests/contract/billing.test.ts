import { describe, expect, it } from 'vitest';
import { creditsToDeduct, invoiceTotals, lineCycleLines, type HeldItem, type LineCycleInput } from '#contract/billing';
import type { PromotionTerms } from '#contract/pricing';

const t = (text: string) => ({ fr: text, nl: text, en: text });
const S: Omit<HeldItem, 'from' | 'to'> = { kind: 'plan', productId: 1, name: 'Mega Mobile S', price: 1000, count: 1 };
const M: Omit<HeldItem, 'from' | 'to'> = { kind: 'plan', productId: 2, name: 'Mega Mobile M', price: 2000, count: 1 };
const INTL: Omit<HeldItem, 'from' | 'to'> = { kind: 'option', productId: 13, name: 'International 60', price: 500, count: 1 };
const EXTRA1: Omit<HeldItem, 'from' | 'to'> = { kind: 'option', productId: 11, name: 'Extra 1 GB', price: 300, count: 2 };
const PROMOTIONS: PromotionTerms[] = [
  { id: 1, productId: 2, contractId: null, type: 'percentage', amount: 20, label: t('-20 % M') },
  { id: 4, productId: null, contractId: 1, type: 'amount', amount: 300, label: t('Referral') },
];
// A 30-day cycle: 5 September – 4 October.
const PERIOD = { start: '2026-09-05', end: '2026-10-04' };
const input = (held: HeldItem[], usage: LineCycleInput['usage'] = []): LineCycleInput => ({
  contractId: 1,
  msisdn: '0470000001',
  period: PERIOD,
  held,
  promotions: PROMOTIONS,
  usage,
});
const summary = (lines: ReturnType<typeof lineCycleLines>) =>
  lines.map((line) => [line.kind, line.label?.en ?? line.category, line.amount, line.from, line.to]);

describe('one cycle of a line, billed from what it held', () => {
  it.each<[string, HeldItem[], (string | number | null)[][]]>([
    [
      'the whole cycle: monthly prices, the plan’s promotion and the line’s',
      [{ ...M, from: '2025-10-06', to: null }],
      [
        ['plan', 'Mega Mobile M', 2000, null, null],
        ['promotion', '-20 % M', -400, null, null],
        ['promotion', 'Referral', -300, null, null],
      ],
    ],
    [
      'a plan change during the cycle: each plan for its days, each with its own promotions',
      [
        { ...S, from: '2025-10-06', to: '2026-09-23' },
        { ...M, from: '2026-09-24', to: null },
      ],
      [
        // 5–23 September: 19 of 30 days.
        ['plan', 'Mega Mobile S', 633, '2026-09-05', '2026-09-23'],
        ['promotion', 'Referral', -190, '2026-09-05', '2026-09-23'],
        // 24 September – 4 October: 11 of 30 days.
        ['plan', 'Mega Mobile M', 733, '2026-09-24', '2026-10-04'],
        ['promotion', '-20 % M', -147, '2026-09-24', '2026-10-04'],
        ['promotion', 'Referral', -110, '2026-09-24', '2026-10-04'],
      ],
    ],
    [
      'activated during the cycle, an option taken later and one removed before its end',
      [
        { ...M, from: '2026-09-21', to: null },
        { ...INTL, from: '2026-09-25', to: null },
        { ...EXTRA1, from: '2026-09-21', to: '2026-09-30' },
      ],
      [
        // 21 September – 4 October: 14 of 30 days (933.33, 186.67, 140).
        ['plan', 'Mega Mobile M', 933, '2026-09-21', '2026-10-04'],
        ['promotion', '-20 % M', -187, '2026-09-21', '2026-10-04'],
        ['promotion', 'Referral', -140, '2026-09-21', '2026-10-04'],
        ['option', 'International 60', 167, '2026-09-25', '2026-10-04'],
        ['option', 'Extra 1 GB', 200, '2026-09-21', '2026-09-30'],
      ],
    ],
    ['nothing held during the cycle: no line', [{ ...M, from: '2026-10-05', to: null }], []],
    ['ended before the cycle: no line', [{ ...M, from: '2025-01-01', to: '2026-09-04' }], []],
  ])('%s', (_name, held, expected) => {
    expect(summary(lineCycleLines(input(held)))).toEqual(expected);
  });

  it('adds the rating’s usage charges after the subscription, leaving out those at zero', () => {
    const lines = lineCycleLines(
      input(
        [{ ...M, from: '2025-01-01', to: null }],
        [
          { category: 'international:call', label: t('Calls abroad: 23 min × €0.15'), amount: 345 },
          { category: 'domestic:data', label: t('Data beyond the bundle'), amount: 0 },
        ],
      ),
    );
    expect(lines.at(-1)).toMatchObject({ kind: 'usage', category: 'international:call', amount: 345 });
    expect(lines.filter((line) => line.kind === 'usage')).toHaveLength(1);
  });
});

describe('credit notes taken off a new invoice (5 days)', () => {
  const credit = (piece: string, issued: string, amount: number) => ({ piece, issued, amount });
  it.each<[string, number, ReturnType<typeof credit>[], string[]]>([
    ['issued 3 days before: taken off', 2000, [credit('NC1', '2026-11-28', 1500)], ['NC1']],
    ['issued 5 days before: taken off', 2000, [credit('NC1', '2026-11-26', 1500)], ['NC1']],
    ['issued 6 days before: refunded instead', 2000, [credit('NC1', '2026-11-25', 1500)], []],
    ['larger than the invoice: refunded whole, never split', 1000, [credit('NC1', '2026-11-30', 1500)], []],
    [
      'two: the oldest first, as long as the invoice stays at or above zero',
      2500,
      [credit('NC2', '2026-11-30', 1000), credit('NC1', '2026-11-29', 1500), credit('NC3', '2026-11-30', 100)],
      ['NC1', 'NC2'],
    ],
    ['issued after the invoice: not this one’s', 2000, [credit('NC1', '2026-12-02', 500)], []],
  ])('%s', (_name, total, credits, used) => {
    expect(creditsToDeduct(total, '2026-12-01', credits).map((c) => c.piece)).toEqual(used);
  });
});

describe('an invoice’s totals', () => {
  it('are the sum of its lines incl. VAT, split excl. VAT line by line', () => {
    const totals = invoiceTotals([{ amount: 2000 }, { amount: -400 }, { amount: -300 }, { amount: 345 }]);
    expect(totals).toEqual({ incl: 1645, excl: 1360, vat: 285, linesExcl: [1653, -330, -248, 285] });
    expect(totals.linesExcl.reduce((a, b) => a + b, 0)).toBe(totals.excl);
  });
});
