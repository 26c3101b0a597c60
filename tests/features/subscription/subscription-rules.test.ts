import { describe, expect, it } from 'vitest';
import type { OrderLineRow } from '#db/schema';
import {
  addsNothingTo,
  adviceWithheld,
  cancellableOptionOrders,
  changedOptions,
  changeLines,
  optimizeContext,
  optionEditsThisMonthOnly,
  orderAction,
  selectionOf,
  sortOptions,
  startSelection,
  totalVolumes,
  type Selection,
} from '#features/subscription/data/subscription-rules.ts';

const line = (over: Partial<OrderLineRow>): OrderLineRow => ({
  id: 1,
  orderId: 'O-0000000011',
  orderDate: '2026-01-01T00:00:00.000Z',
  kind: 'OPTION',
  resourceName: 'Extra 1 GB',
  resourceId: 11,
  oldValue: '0',
  newValue: '1',
  status: 'PENDING',
  error: null,
  isCancellable: true,
  initiatorRef: null,
  initiatorType: 'O',
  scheduledDate: '2026-02-05',
  executed: null,
  created: '2026-01-01T00:00:00.000Z',
  ...over,
});
const sel = (product: number, options: Record<string, number> = {}): Selection => ({ product, options });

describe('totalVolumes (docs/product/subscription.md "Products and options": base plus options, 0 unlimited)', () => {
  it.each([
    ['a plan alone', { dataMb: 20480, voiceMinutes: 500, smsCount: 0 }, [], { dataMb: 20480, voiceMinutes: 500, smsCount: 0 }],
    [
      'counted data options add their volume each',
      { dataMb: 5120, voiceMinutes: 150, smsCount: 0 },
      [{ optionId: 11, priceCents: 300, dataMb: 1024, zone: 'domestic', count: 3 }],
      { dataMb: 8192, voiceMinutes: 150, smsCount: 0 },
    ],
    [
      'an option of another zone has an allowance of its own (Roaming World 1 GB)',
      { dataMb: 102400, voiceMinutes: 0, smsCount: 0 },
      [{ optionId: 14, priceCents: 1500, dataMb: 1024, zone: 'world', count: 1 }],
      { dataMb: 102400, voiceMinutes: 0, smsCount: 0 },
    ],
    [
      'an unlimited plan stays unlimited',
      { dataMb: 0, voiceMinutes: 0, smsCount: 0 },
      [{ optionId: 11, priceCents: 300, dataMb: 1024, zone: 'domestic', count: 1 }],
      { dataMb: 0, voiceMinutes: 0, smsCount: 0 },
    ],
  ] as const)('%s', (_name, product, options, expected) => {
    expect(totalVolumes(product, options)).toEqual(expected);
  });
});

describe('sortOptions (docs/product/subscription.md "Option order on the optimize screen")', () => {
  const option = (optionId: number, priceCents: number, maxCombinations: number, enabled = true) => ({
    optionId,
    priceCents,
    maxCombinations,
    enabled,
  });
  it.each([
    [
      'counted options by price descending, then unique options ascending',
      [option(11, 300, 10), option(13, 500, 1), option(12, 1000, 4), option(15, 200, 1), option(14, 1500, 3)],
      [14, 12, 11, 15, 13],
    ],
    [
      'options the chosen plan does not offer come last',
      [option(20, 100, 1, false), option(13, 500, 1), option(21, 900, 5, false)],
      [13, 21, 20],
    ],
    ['equal prices keep the id order', [option(12, 300, 2), option(11, 300, 2)], [11, 12]],
  ] as const)('%s', (_name, options, expected) => {
    expect(sortOptions(options).map((o) => o.optionId)).toEqual(expected);
  });
});

describe('optimizeContext: the five contexts of docs/product/subscription.md "Optimize contexts"', () => {
  it.each([
    ['nothing pending', [], false, false, 'EditNewOrder'],
    ['opened from the plan suggestion', [], false, true, 'EditOptimizeSubscription'],
    ['a plan change waits', [line({ kind: 'PRODUCT', resourceId: 3 })], false, true, 'EditPendingOrder'],
    ['an option order waits', [line({})], false, false, 'CancelOptionPending'],
    ['an option order waits, not cancellable (this month’s)', [line({ isCancellable: false })], false, false, 'EditNewOrder'],
    ['an option order is being executed', [line({ status: 'QUEUED' })], false, false, 'EditNewOrder'],
    ['a closed order is shown, whatever waits', [line({ kind: 'PRODUCT' })], true, false, 'SeeClosedOrder'],
  ] as const)('%s → %s', (_name, openLines, viewingClosedOrder, prefilled, expected) => {
    expect(optimizeContext({ openLines, viewingClosedOrder, prefilled })).toBe(expected);
  });
});

describe('pending option orders', () => {
  const lines = [
    line({ orderId: 'O-0000000011', kind: 'PRODUCT', resourceId: 3 }),
    line({ orderId: 'O-0000000011', id: 2 }),
    line({ orderId: 'O-0000000012', id: 3 }),
    line({ orderId: 'O-0000000013', id: 4, isCancellable: false }),
    line({ orderId: 'O-0000000014', id: 5, kind: 'SETTING' }),
  ];
  it.each([
    ['every order with a cancellable option line', null, ['O-0000000011', 'O-0000000012']],
    ['except the pending plan change being edited', 'O-0000000011', ['O-0000000012']],
  ] as const)('%s', (_name, current, expected) => {
    expect(cancellableOptionOrders(lines, current)).toEqual(expected);
  });

  it.each([
    ['another order’s option line waits', lines, 'O-0000000011', true],
    ['only the edited order has option lines', [lines[0]!, lines[1]!], 'O-0000000011', false],
    ['nothing waits', [], null, false],
  ] as const)('option edits apply to this month only: %s → %s', (_name, openLines, current, expected) => {
    expect(optionEditsThisMonthOnly(openLines, current)).toBe(expected);
  });
});

describe('startSelection', () => {
  const current = sel(2, { '11': 1, '13': 1 });
  it.each([
    ['nothing pending: the line as it is', [], current],
    ['an option order alone does not change the start', [line({})], current],
    [
      'a pending plan change: its plan and the counts its option lines set',
      [
        line({ kind: 'PRODUCT', resourceId: 3, oldValue: 'Mega Mobile M', newValue: 'Mega Mobile L' }),
        line({ id: 2, resourceId: 12, newValue: '2' }),
        line({ id: 3, resourceId: 11, oldValue: '1', newValue: '0' }),
        line({ id: 4, orderId: 'O-0000000099', resourceId: 14, newValue: '1' }),
      ],
      sel(3, { '12': 2, '13': 1 }),
    ],
  ] as const)('%s', (_name, openLines, expected) => {
    expect(startSelection(current, openLines)).toEqual(expected);
  });
});

describe('orderAction: modify versus create (docs/product/subscription.md "Order rules")', () => {
  const current = sel(2, { '11': 1 });
  const pending = { orderId: 'O-0000000020', productId: 3 };
  it.each([
    ['the form as it started: unchanged', { current, start: current, draft: sel(2, { '11': 1 }), pending: null }, { kind: 'unchanged' }],
    [
      'an option added: a new order of the change',
      { current, start: current, draft: sel(2, { '11': 3 }), pending: null },
      { kind: 'create', request: { product: 2, options: [{ id: 11, combinations: 3 }] } },
    ],
    [
      'another plan, an option removed',
      { current, start: current, draft: sel(1, {}), pending: null },
      { kind: 'create', request: { product: 1, options: [{ id: 11, combinations: 0 }] } },
    ],
    [
      'a pending plan change and another product: that order is modified, with every option against the line',
      { current, start: sel(3, { '11': 1 }), draft: sel(1, { '12': 1, '11': 1 }), pending },
      { kind: 'modify', orderId: 'O-0000000020', request: { product: 1, options: [{ id: 12, combinations: 1 }] } },
    ],
    [
      'going back to the current plan modifies the pending change too',
      { current, start: sel(3, { '11': 1 }), draft: sel(2, { '11': 1 }), pending },
      { kind: 'modify', orderId: 'O-0000000020', request: { product: 2, options: [] } },
    ],
    [
      'a pending plan change kept, options changed: a new order that leaves the plan as it is now',
      { current, start: sel(3, { '11': 1 }), draft: sel(3, { '11': 2 }), pending },
      { kind: 'create', request: { product: 2, options: [{ id: 11, combinations: 2 }] } },
    ],
    [
      'a pending plan change kept as it is: unchanged',
      { current, start: sel(3, { '11': 1 }), draft: sel(3, { '11': 1 }), pending },
      { kind: 'unchanged' },
    ],
  ] as const)('%s', (_name, input, expected) => {
    expect(orderAction(input)).toEqual(expected);
  });
});

describe('changeLines: what changes and when', () => {
  it.each([
    [
      'a plan and an option at the next cycle',
      sel(2, { '11': 1 }),
      { product: 3, options: [{ id: 11, combinations: 0 }] },
      false,
      [
        { kind: 'product', from: 2, to: 3, when: 'nextCycle' },
        { kind: 'option', optionId: 11, from: 1, to: 0, when: 'nextCycle' },
      ],
    ],
    [
      'options for this month only while another option order waits; the plan still at the next cycle',
      sel(2),
      { product: 1, options: [{ id: 12, combinations: 2 }] },
      true,
      [
        { kind: 'product', from: 2, to: 1, when: 'nextCycle' },
        { kind: 'option', optionId: 12, from: 0, to: 2, when: 'thisMonth' },
      ],
    ],
    [
      'an option asked at its current count is no change',
      sel(2, { '11': 1 }),
      { product: 2, options: [{ id: 11, combinations: 1 }] },
      false,
      [],
    ],
  ] as const)('%s', (_name, current, request, thisMonth, expected) => {
    expect(changeLines(current, request, thisMonth)).toEqual(expected);
  });

  it('reads counts of options taken once (booleans) and several times (numbers)', () => {
    expect(
      selectionOf(2, [
        { optionId: 11, count: 0 },
        { optionId: 13, count: 1 },
        { optionId: 12, count: 2 },
      ]),
    ).toEqual(sel(2, { '13': 1, '12': 2 }));
    expect(changedOptions(sel(2, { '13': 1 }), sel(2, { '12': 1 }))).toEqual([
      { id: 12, combinations: 1 },
      { id: 13, combinations: 0 },
    ]);
  });
});

describe('adviceWithheld ("which plan fits me" on a blocked or restricted line)', () => {
  it.each([
    [null, false],
    ['fraud', true],
    ['suspectedFraud', true],
    ['credit', true],
    ['general', true],
    ['restricted', true],
    // Dunning blocks orders but is no block of the line: the comparison still tells what would cost less.
    ['unpaid', false],
    ['pendingOrder', false],
    ['waitingRequest', false],
    ['plainUser', false],
  ] as const)('%s → %s', (refusal, expected) => {
    expect(adviceWithheld(refusal)).toBe(expected);
  });
});

// Issue 43 point 14: no "Extra 1 GB" offered on an unlimited plan.
describe('addsNothingTo: an option that adds nothing to the plan is not offered', () => {
  const unlimited = { dataMb: 0, voiceMinutes: 0, smsCount: 0 };
  const mobileM = { dataMb: 10_240, voiceMinutes: 300, smsCount: 0 };
  const extra1Gb = { dataMb: 1024, voiceMinutes: 0, smsCount: 0, zone: 'domestic' as const };
  const international60 = { dataMb: 0, voiceMinutes: 60, smsCount: 0, zone: 'international' as const };
  it.each([
    ['Extra 1 GB on Mega Pro Unlimited', unlimited, extra1Gb, true],
    ['Extra 1 GB on Mega Mobile M', mobileM, extra1Gb, false],
    ['International 60 on Mega Pro Unlimited (another zone)', unlimited, international60, false],
  ] as const)('%s → %s', (_name, plan, option, expected) => {
    expect(addsNothingTo(plan, option)).toBe(expected);
  });
});
