import { describe, expect, it } from 'vitest';
import type { InvoiceEstimateRow, InvoiceSituationRow } from '#db/schema';
import { daysLeftInCycle, homeBillOf, quickActionKeys, type HomeBill } from '#features/home/data/hero-rules.ts';

describe('daysLeftInCycle (today included; calendar days, whatever the clock change)', () => {
  it.each([
    ['first day of a 30-day cycle', '2026-11-30', '2026-11-01', 30],
    ['middle of the cycle', '2026-11-30', '2026-11-24', 7],
    ['last day', '2026-11-30', '2026-11-30', 1],
    ['the day after the end (summary not replaced yet)', '2026-11-30', '2026-12-01', 0],
    ['long after the end', '2026-11-30', '2027-01-15', 0],
    ['across the end of a year', '2027-01-04', '2026-12-05', 31],
    ['across the October clock change', '2026-10-31', '2026-10-24', 8],
    ['across the March clock change', '2027-04-04', '2027-03-28', 8],
    ['a leap February', '2028-03-04', '2028-02-05', 29],
    ['an instant after the date is ignored', '2026-11-30T23:59:59+01:00', '2026-11-30', 1],
  ] as const)('%s: end %s, today %s → %i', (_name, end, today, expected) => {
    expect(daysLeftInCycle(end, today)).toBe(expected);
  });
});

const situation = (patch: Partial<InvoiceSituationRow> = {}): InvoiceSituationRow => ({
  customerId: 1,
  openInvoiceTotal: 0,
  pendingDebitTotal: 0,
  firstInvoiceDueDate: null,
  hasOpenInvoice: false,
  isInDebt: false,
  payUrgently: false,
  firstInvoiceIssueDate: null,
  nextInvoiceDate: '2026-12-05',
  nextInvoiceDueDate: '2026-12-20',
  partialPayments: {},
  paymentReference: null,
  ...patch,
});

const estimate = (totals: number[], nextInvoiceDate: string | null = '2026-12-05'): InvoiceEstimateRow => ({
  customerId: 1,
  nextInvoiceDate,
  total: totals.reduce((sum, total) => sum + total, 0),
  computedAt: '2026-11-24T09:30:00Z',
  contracts: totals.map((total, i) => ({
    contractId: i + 1,
    msisdn: null,
    period: { start: '2026-11-05', end: '2026-12-04' },
    lines: [],
    total,
  })),
});

describe('homeBillOf (what is owed first, otherwise the next invoice’s estimate)', () => {
  it.each<[string, InvoiceSituationRow | undefined, InvoiceEstimateRow | undefined, HomeBill | null]>([
    ['nothing stored yet: the card keeps its room', undefined, undefined, null],
    [
      'owed by bank transfer, not yet due',
      situation({ openInvoiceTotal: -8975, firstInvoiceDueDate: '2026-12-16', hasOpenInvoice: true, isInDebt: true }),
      estimate([3100]),
      { kind: 'due', amountCents: 8975, dueDate: '2026-12-16', overdue: false, byDebit: false },
    ],
    [
      'owed and past due (the server’s urgent payment)',
      situation({ openInvoiceTotal: -8975, firstInvoiceDueDate: '2026-10-30', payUrgently: true }),
      undefined,
      { kind: 'due', amountCents: 8975, dueDate: '2026-10-30', overdue: true, byDebit: false },
    ],
    [
      'owed, all of it collected by a pending direct debit',
      situation({ openInvoiceTotal: -3100, pendingDebitTotal: 3100, firstInvoiceDueDate: '2026-12-10' }),
      undefined,
      { kind: 'due', amountCents: 3100, dueDate: '2026-12-10', overdue: false, byDebit: true },
    ],
    [
      'owed, only part of it by direct debit',
      situation({ openInvoiceTotal: -5000, pendingDebitTotal: 2500, firstInvoiceDueDate: '2026-12-10' }),
      undefined,
      { kind: 'due', amountCents: 5000, dueDate: '2026-12-10', overdue: false, byDebit: false },
    ],
    [
      'owed, a row stored before the server said the direct-debit part',
      situation({ openInvoiceTotal: -5000, pendingDebitTotal: undefined, firstInvoiceDueDate: '2026-12-10' }),
      undefined,
      { kind: 'due', amountCents: 5000, dueDate: '2026-12-10', overdue: false, byDebit: false },
    ],
    [
      'nothing owed: the estimate of every line, on its date',
      situation(),
      estimate([3100, 1550]),
      { kind: 'next', amountCents: 4650, date: '2026-12-05' },
    ],
    [
      'a credit (positive total) is nothing owed',
      situation({ openInvoiceTotal: 1200 }),
      estimate([3100]),
      { kind: 'next', amountCents: 3100, date: '2026-12-05' },
    ],
    [
      'the estimate without a date takes the situation’s',
      situation(),
      estimate([3100], null),
      { kind: 'next', amountCents: 3100, date: '2026-12-05' },
    ],
    ['the estimate alone (situation not stored yet)', undefined, estimate([3100]), { kind: 'next', amountCents: 3100, date: '2026-12-05' }],
    ['nothing owed and an estimate without lines', situation(), estimate([]), { kind: 'settled' }],
    ['nothing owed and no estimate', situation(), undefined, { kind: 'settled' }],
  ])('%s', (_name, stored, next, expected) => {
    expect(homeBillOf(stored, next)).toEqual(expected);
  });
});

describe('quickActionKeys (a plain user never pays; roaming and limits need a line)', () => {
  it.each([
    [{ plainUser: false, hasLine: true }, ['pay', 'roaming', 'limits']],
    [{ plainUser: true, hasLine: true }, ['roaming', 'limits']],
    [{ plainUser: false, hasLine: false }, ['pay']],
    [{ plainUser: true, hasLine: false }, []],
  ] as const)('%o → %o', (who, expected) => {
    expect(quickActionKeys(who)).toEqual(expected);
  });
});
