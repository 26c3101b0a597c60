import { describe, expect, it } from 'vitest';
import {
  amountDue,
  creditNoteRefundBy,
  creditNoteReusableUntil,
  invoiceContext,
  isUrgentPayment,
  situationTotals,
  type ContextInput,
  type InvoiceContext,
  type OpenItem,
} from '#contract/invoice-rules';

const today = '2026-03-10';

describe('invoice context (docs/product/invoices.md "Invoice context")', () => {
  it.each<[string, ContextInput, InvoiceContext]>([
    ['paid list, direct debit', { list: 'paid', paymentMode: 'DD', dueDate: '2026-02-20', creditNote: false }, 'IS_PAID'],
    ['paid list, bank transfer', { list: 'paid', paymentMode: 'BT', dueDate: '2026-02-20', creditNote: false }, 'IS_PAID'],
    ['paid list, due later (paid early)', { list: 'paid', paymentMode: 'BT', dueDate: '2026-04-01', creditNote: false }, 'IS_PAID'],
    ['open, bank transfer, not due yet', { list: 'open', paymentMode: 'BT', dueDate: '2026-03-20', creditNote: false }, 'TO_PAID'],
    ['open, bank transfer, overdue', { list: 'open', paymentMode: 'BT', dueDate: '2026-02-20', creditNote: false }, 'TO_PAID'],
    ['open, direct debit, due later', { list: 'open', paymentMode: 'DD', dueDate: '2026-03-20', creditNote: false }, 'DD_PENDING'],
    ['open, direct debit, due today', { list: 'open', paymentMode: 'DD', dueDate: today, creditNote: false }, 'DD_PENDING'],
    ['open, direct debit, due yesterday', { list: 'open', paymentMode: 'DD', dueDate: '2026-03-09', creditNote: false }, 'DD_FAILED'],
    ['open credit note', { list: 'open', paymentMode: 'DD', dueDate: '2026-03-20', creditNote: true }, 'CREDIT_OPEN'],
    ['refunded credit note', { list: 'paid', paymentMode: 'BT', dueDate: '2026-02-20', creditNote: true }, 'CREDIT_REFUNDED'],
  ])('%s → %s', (_name, input, context) => {
    expect(invoiceContext(input, today)).toBe(context);
  });
});

describe('urgent payment (docs/product/invoices.md "Urgent payment")', () => {
  it.each<[string, string | null, number, boolean]>([
    ['due date passed, in debt', '2026-03-09', -5230, true],
    ['due today, in debt', today, -5230, false],
    ['due later, in debt', '2026-03-11', -5230, false],
    ['due date passed, nothing owed', '2026-03-01', 0, false],
    ['due date passed, money owed to the customer', '2026-03-01', 2500, false],
    ['no open invoice', null, 0, false],
  ])('%s → %s', (_name, due, total, urgent) => {
    expect(isUrgentPayment(due, total, today)).toBe(urgent);
  });
});

const item = (over: Partial<OpenItem>): OpenItem => ({
  uuid: 'a',
  total: 2000,
  paid: 0,
  dueDate: '2026-03-20',
  issued: '2026-03-05',
  paymentMode: 'BT',
  ...over,
});

describe('situation totals in cents', () => {
  it.each<[string, OpenItem[], Partial<ReturnType<typeof situationTotals>>]>([
    [
      'nothing open',
      [],
      { openInvoiceTotal: 0, isInDebt: false, payUrgently: false, hasOpenInvoice: false, firstInvoiceDueDate: null, partialPayments: {} },
    ],
    [
      'one invoice not due yet',
      [item({})],
      { openInvoiceTotal: -2000, isInDebt: true, payUrgently: false, hasOpenInvoice: true, firstInvoiceDueDate: '2026-03-20' },
    ],
    [
      'an overdue invoice with a partial payment',
      [item({ uuid: 'old', total: 2530, paid: 1000, dueDate: '2026-02-20', issued: '2026-02-05' })],
      { openInvoiceTotal: -1530, isInDebt: true, payUrgently: true, partialPayments: { old: 1000 }, firstInvoiceIssueDate: '2026-02-05' },
    ],
    [
      'two invoices: the first due date is the oldest one’s',
      [item({ uuid: 'new', dueDate: '2026-03-20' }), item({ uuid: 'old', total: 1999, dueDate: '2026-02-20', issued: '2026-02-05' })],
      { openInvoiceTotal: -3999, payUrgently: true, firstInvoiceDueDate: '2026-02-20' },
    ],
    [
      'an open credit note only: money owed to the customer',
      [item({ total: -2500, dueDate: '2026-01-16', issued: '2026-01-01' })],
      { openInvoiceTotal: 2500, isInDebt: false, payUrgently: false, hasOpenInvoice: true, firstInvoiceDueDate: '2026-01-16' },
    ],
    [
      'a credit note larger than the invoice it sits next to',
      [item({ total: 1000 }), item({ uuid: 'cn', total: -1500, dueDate: '2026-01-16' })],
      { openInvoiceTotal: 500, isInDebt: false, payUrgently: false, firstInvoiceDueDate: '2026-03-20' },
    ],
    [
      'a credit note smaller than an overdue invoice',
      [item({ total: 3000, dueDate: '2026-03-01' }), item({ uuid: 'cn', total: -1000, dueDate: '2026-02-16' })],
      { openInvoiceTotal: -2000, isInDebt: true, payUrgently: true, firstInvoiceDueDate: '2026-03-01' },
    ],
    [
      'a direct debit still to be collected: owed, not a debt',
      [item({ paymentMode: 'DD', total: 1500, dueDate: '2026-03-20' })],
      { openInvoiceTotal: -1500, isInDebt: false, payUrgently: false, hasOpenInvoice: true, firstInvoiceDueDate: '2026-03-20' },
    ],
    [
      'a direct debit due today is still on its way',
      [item({ paymentMode: 'DD', total: 1500, dueDate: today })],
      { openInvoiceTotal: -1500, isInDebt: false, payUrgently: false },
    ],
    [
      'a failed direct debit (due date passed): a debt, urgent',
      [item({ paymentMode: 'DD', total: 1500, dueDate: '2026-03-09' })],
      { openInvoiceTotal: -1500, isInDebt: true, payUrgently: true },
    ],
    [
      'a pending direct debit next to an overdue transfer',
      [item({ paymentMode: 'DD', total: 1500, dueDate: '2026-03-20' }), item({ uuid: 'bt', total: 1000, dueDate: '2026-03-01' })],
      { openInvoiceTotal: -2500, isInDebt: true, payUrgently: true, firstInvoiceDueDate: '2026-03-01' },
    ],
    [
      'fully paid by partial payments (not yet closed)',
      [item({ total: 2000, paid: 2000, dueDate: '2026-03-01' })],
      { openInvoiceTotal: 0, hasOpenInvoice: false },
    ],
  ])('%s', (_name, open, expected) => {
    expect(situationTotals(open, today)).toMatchObject(expected);
  });

  it('never writes -0', () => {
    expect(Object.is(situationTotals([item({ paid: 2000 })], today).openInvoiceTotal, 0)).toBe(true);
  });
});

/*
 * docs/product/invoices.md "Invoice situation": « Vous devez {{amount}} (dont {{amount}} prélevé automatiquement par
 * domiciliation) ». The "of which" is a part of the whole: what is owed is netted by the open credit notes, and so is its
 * direct-debit part, once the debts paid by hand are covered. Yasmine owed 66,70 € (an 81,70 € direct debit less a
 * 15 € credit note) "of which 81,70 €" by direct debit.
 */
describe('the direct-debit part of what is owed (never more than the whole)', () => {
  const dd = (over: Partial<OpenItem>) => item({ paymentMode: 'DD', ...over });
  const note = (total: number) => item({ uuid: 'cn', total, dueDate: '2026-03-08', issued: '2026-03-07' });
  it.each<[string, OpenItem[], { openInvoiceTotal: number; pendingDebitTotal: number }]>([
    ['nothing open', [], { openInvoiceTotal: 0, pendingDebitTotal: 0 }],
    ['a pending direct debit only: all of it', [dd({ total: 1500 })], { openInvoiceTotal: -1500, pendingDebitTotal: 1500 }],
    [
      'a direct debit and an open credit note (Yasmine)',
      [dd({ total: 8170 }), note(-1500)],
      { openInvoiceTotal: -6670, pendingDebitTotal: 6670 },
    ],
    [
      'a credit note larger than the direct debit: nothing owed',
      [dd({ total: 1000 }), note(-1500)],
      { openInvoiceTotal: 500, pendingDebitTotal: 0 },
    ],
    ['a credit note equal to the direct debit', [dd({ total: 1500 }), note(-1500)], { openInvoiceTotal: 0, pendingDebitTotal: 0 }],
    [
      'a transfer to pay and a pending direct debit',
      [item({ uuid: 'bt', total: 1000 }), dd({ total: 1500 })],
      { openInvoiceTotal: -2500, pendingDebitTotal: 1500 },
    ],
    [
      'a transfer, a pending direct debit and a credit note smaller than the transfer: the note nets what is paid by hand',
      [item({ uuid: 'bt', total: 1000 }), dd({ total: 1500 }), note(-500)],
      { openInvoiceTotal: -2000, pendingDebitTotal: 1500 },
    ],
    [
      'a transfer, a pending direct debit and a credit note larger than the transfer: the rest nets the debit',
      [item({ uuid: 'bt', total: 1000 }), dd({ total: 1500 }), note(-1200)],
      { openInvoiceTotal: -1300, pendingDebitTotal: 1300 },
    ],
    [
      'a failed direct debit (past its due date) is no pending debit',
      [dd({ total: 1500, dueDate: '2026-03-09' })],
      { openInvoiceTotal: -1500, pendingDebitTotal: 0 },
    ],
    [
      'a direct debit due today is still pending',
      [dd({ total: 1500, dueDate: today })],
      { openInvoiceTotal: -1500, pendingDebitTotal: 1500 },
    ],
    [
      'a partly paid pending direct debit: what is left of it',
      [dd({ total: 1500, paid: 500 })],
      { openInvoiceTotal: -1000, pendingDebitTotal: 1000 },
    ],
    ['transfers only', [item({ total: 1000 }), note(-300)], { openInvoiceTotal: -700, pendingDebitTotal: 0 }],
  ])('%s', (_name, open, expected) => {
    const totals = situationTotals(open, today);
    expect({ openInvoiceTotal: totals.openInvoiceTotal, pendingDebitTotal: totals.pendingDebitTotal }).toEqual(expected);
    // The part is within the whole: between nothing and what is owed.
    expect(totals.pendingDebitTotal).toBeGreaterThanOrEqual(0);
    expect(totals.pendingDebitTotal).toBeLessThanOrEqual(Math.max(0, -totals.openInvoiceTotal));
  });
});

describe('credit notes (docs/product/invoices.md "Credit notes")', () => {
  it.each([
    ['2026-03-10', '2026-03-24', '2026-03-15'],
    ['2026-02-20', '2026-03-06', '2026-02-25'],
    ['2026-12-25', '2027-01-08', '2026-12-30'],
  ])('issued %s: refunded by %s, reused by an invoice issued until %s', (issued, refund, reuse) => {
    expect(creditNoteRefundBy(issued)).toBe(refund);
    expect(creditNoteReusableUntil(issued)).toBe(reuse);
  });

  it.each([
    [2000, 0, 2000],
    [2000, 500, 1500],
    [2000, 2500, 0],
  ])('%i − %i paid → %i due', (total, paid, due) => {
    expect(amountDue(total, paid)).toBe(due);
  });
});
