import { describe, expect, it } from 'vitest';
import { allocatePayment, type OpenDocument } from '#server/lib/payment-allocation';
import { amountValue, centsOf } from '#server/lib/payment-provider';

// Where the money of a paid online payment goes (docs/product/payments.md "Payment outcomes").

const doc = (id: number, total: number, partiallyPaid: number, dueDate: string, issued = '2026-01-01'): OpenDocument => ({
  id,
  total,
  partiallyPaid,
  dueDate,
  issued,
});

describe('allocatePayment', () => {
  it.each([
    {
      name: 'one invoice, paid what is left of it',
      amount: 2500,
      covered: [1],
      open: [doc(1, 4000, 1500, '2026-02-01')],
      updates: [{ id: 1, partiallyPaid: 4000, settled: true }],
      unapplied: 0,
    },
    {
      name: 'the target first, even when another is due earlier',
      amount: 1000,
      covered: [2],
      open: [doc(1, 3000, 0, '2026-01-15'), doc(2, 1000, 0, '2026-02-15')],
      updates: [{ id: 2, partiallyPaid: 1000, settled: true }],
      unapplied: 0,
    },
    {
      name: 'the target was paid meanwhile: the next invoice due takes the money, the rest is kept',
      amount: 3000,
      covered: [1],
      open: [doc(3, 500, 0, '2026-03-01'), doc(2, 1000, 0, '2026-02-01')],
      updates: [
        { id: 2, partiallyPaid: 1000, settled: true },
        { id: 3, partiallyPaid: 500, settled: true },
      ],
      unapplied: 1500,
    },
    {
      name: 'the target received a partial transfer meanwhile: settled, the surplus goes on',
      amount: 2000,
      covered: [1],
      open: [doc(1, 2000, 500, '2026-01-01'), doc(2, 1200, 0, '2026-02-01')],
      updates: [
        { id: 1, partiallyPaid: 2000, settled: true },
        { id: 2, partiallyPaid: 500, settled: false },
      ],
      unapplied: 0,
    },
    {
      name: 'the open total nets a credit note it was made for',
      amount: 3800,
      covered: [1, 3, 2],
      open: [doc(1, 4000, 1500, '2026-01-01'), doc(2, 2000, 0, '2026-02-01'), doc(3, -700, 0, '2026-01-20')],
      updates: [
        { id: 3, partiallyPaid: 0, settled: true },
        { id: 1, partiallyPaid: 4000, settled: true },
        { id: 2, partiallyPaid: 2000, settled: true },
      ],
      unapplied: 0,
    },
    {
      name: 'a credit note it was not made for is left to be refunded',
      amount: 1000,
      covered: [1],
      open: [doc(1, 1000, 0, '2026-01-01'), doc(2, -500, 0, '2026-01-02')],
      updates: [{ id: 1, partiallyPaid: 1000, settled: true }],
      unapplied: 0,
    },
    {
      name: 'less than due (never expected, but never lost): a partial payment',
      amount: 700,
      covered: [1],
      open: [doc(1, 1000, 0, '2026-01-01')],
      updates: [{ id: 1, partiallyPaid: 700, settled: false }],
      unapplied: 0,
    },
    {
      name: 'nothing open any more: all of it is kept for a refund',
      amount: 1000,
      covered: [1],
      open: [],
      updates: [],
      unapplied: 1000,
    },
    {
      name: 'same due date: the one issued first, then the lower id',
      amount: 1500,
      covered: [],
      open: [doc(5, 1000, 0, '2026-02-01', '2026-01-10'), doc(4, 1000, 0, '2026-02-01', '2026-01-05')],
      updates: [
        { id: 4, partiallyPaid: 1000, settled: true },
        { id: 5, partiallyPaid: 500, settled: false },
      ],
      unapplied: 0,
    },
  ])('$name', ({ amount, covered, open, updates, unapplied }) => {
    expect(allocatePayment(amount, covered, open)).toEqual({ updates, unapplied });
  });
});

describe('amounts as the provider writes them', () => {
  it.each([
    [1, '0.01'],
    [4599, '45.99'],
    [100, '1.00'],
    [123_456_789, '1234567.89'],
  ])('%i cents ↔ "%s"', (cents, value) => {
    expect(amountValue(cents)).toBe(value);
    expect(centsOf(value)).toBe(cents);
  });

  it.each(['45', '45.9', '-1.00', '1,00', '45.999', ''])('refuses "%s"', (value) => {
    expect(centsOf(value)).toBeNull();
  });
});
