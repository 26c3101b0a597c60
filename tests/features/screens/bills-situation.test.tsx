// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDaysToDate } from '#contract/calendar';
import type { InvoiceListRow, InvoiceRow, InvoiceSituationRow } from '#db/schema';
import { BillsPage } from '#features/invoices/components/bills-page.tsx';
import { todayOnDevice } from '#features/invoices/components/dates.ts';
import type { BillsData } from '#features/invoices/data/use-bills.ts';
import type * as PaymentReturn from '#features/invoices/data/use-payment-return.ts';
import { formatMoneyCents } from '#lib/format';
import { renderScreen } from './render-screen.tsx';

/*
 * « Ma situation » on the bills screen (docs/product/invoices.md "Invoice situation"): « Vous devez {{amount}} (dont
 * {{amount}} prélevé automatiquement par domiciliation) ». The "of which" is the server's (the situation's
 * `pendingDebitTotal`, netted like the whole), never recomputed on the device from the open list: Yasmine read « Vous
 * devez 66,70 € (dont 81,70 € prélevé automatiquement par domiciliation) », her 15 € credit note netted in the whole
 * only.
 */

let bills: BillsData;

vi.mock('#features/invoices/data/use-bills.ts', () => ({
  useBills: () => ({
    result: { status: 'ready', data: bills },
    refresh: () => Promise.resolve(),
    refreshError: null,
    settled: true,
    aboveListsPending: false,
  }),
}));

vi.mock('#features/invoices/data/use-payment-return.ts', async (original) => ({
  ...(await original<typeof PaymentReturn>()),
  usePaymentReturn: () => ({ payment: undefined, checking: false }),
}));

afterEach(cleanup);

const today = todayOnDevice();

const document = (over: Partial<InvoiceRow>): InvoiceRow => ({
  uuid: 'inv',
  generatedAt: `${addDaysToDate(today, -5)}T05:00:00.000Z`,
  dueDate: addDaysToDate(today, 10),
  paidAt: null,
  periodStart: null,
  periodEnd: null,
  totalInclVat: 8170,
  structuredCommunication: '+++000/0000/00097+++',
  piece: 'F-1',
  paymentMode: 'DD',
  documentType: 'invoice',
  costCenterId: null,
  ...over,
});

const debit = document({});
const creditNote = document({ uuid: 'cn', piece: 'NC-1', totalInclVat: -1500, documentType: 'credit_note', dueDate: today });
const transfer = document({ uuid: 'bt', piece: 'F-2', totalInclVat: 1000, paymentMode: 'BT', dueDate: addDaysToDate(today, 5) });

const situationRow = (over: Partial<InvoiceSituationRow>): InvoiceSituationRow => ({
  customerId: 5,
  openInvoiceTotal: 0,
  pendingDebitTotal: 0,
  firstInvoiceDueDate: null,
  hasOpenInvoice: true,
  isInDebt: false,
  payUrgently: false,
  firstInvoiceIssueDate: null,
  nextInvoiceDate: null,
  nextInvoiceDueDate: null,
  partialPayments: {},
  paymentReference: null,
  ...over,
});

const withData = (situation: InvoiceSituationRow, open: InvoiceRow[]): void => {
  const list: InvoiceListRow = { key: 'open:all', customerId: 5, invoices: open, pagination: null };
  bills = {
    customerId: 5,
    canSee: true,
    situation,
    costCenters: [],
    open: list,
    paid: { key: 'paid:all:1', customerId: 5, invoices: [], pagination: null },
    estimate: undefined,
    creditor: undefined,
    storedPdfs: new Set(),
    nextBill: null,
    lastInvoices: [],
    lastInvoicesUnread: false,
    recentTotals: [],
    fetchedAt: Date.now(),
    lineBlockedForDebt: false,
  };
};

const money = (cents: number) => formatMoneyCents(cents, 'fr');

/** The balance as read: « Vous devez … » and what is said of it. */
const balance = async (): Promise<string> => {
  const owed = await screen.findByTestId('open-balance');
  return owed.parentElement?.textContent ?? '';
};

/** Every amount written in a text, in cents. */
const amountsIn = (text: string): number[] =>
  [...text.matchAll(/(\d+),(\d\d)/g)].map(([, euros = '0', cents = '0']) => Number(euros) * 100 + Number(cents));

describe('the balance and its direct-debit part (fr)', () => {
  it.each<[string, InvoiceSituationRow, InvoiceRow[], string]>([
    [
      'Yasmine: a direct debit and a credit note, all she owes is collected by the bank',
      situationRow({ openInvoiceTotal: -6670, pendingDebitTotal: 6670, firstInvoiceDueDate: debit.dueDate }),
      [creditNote, debit],
      `Vous devez ${money(6670)} (entièrement prélevé automatiquement par domiciliation)`,
    ],
    [
      'a transfer to pay beside a direct debit: the debit is part of what is owed',
      situationRow({ openInvoiceTotal: -2000, pendingDebitTotal: 1500, isInDebt: true, firstInvoiceDueDate: transfer.dueDate }),
      [transfer, document({ totalInclVat: 1500 }), document({ uuid: 'cn', totalInclVat: -500, documentType: 'credit_note' })],
      `Vous devez ${money(2000)} (dont ${money(1500)} prélevé automatiquement par domiciliation)`,
    ],
    [
      'a transfer only: no direct-debit part',
      situationRow({ openInvoiceTotal: -1000, pendingDebitTotal: 0, isInDebt: true, firstInvoiceDueDate: transfer.dueDate }),
      [transfer],
      `Vous devez ${money(1000)}`,
    ],
    [
      'a situation stored before the server said the part: nothing said of it rather than a figure of the device',
      situationRow({ openInvoiceTotal: -6670, pendingDebitTotal: undefined, firstInvoiceDueDate: debit.dueDate }),
      [creditNote, debit],
      `Vous devez ${money(6670)}`,
    ],
  ])('%s', async (_name, situation, open, expected) => {
    withData(situation, open);
    await renderScreen(<BillsPage />, { lang: 'fr', namespaces: ['invoices'], path: '/bills/main' });
    const text = await balance();
    expect(text).toBe(expected);
    // Whatever is said, no amount of it is larger than what is owed.
    for (const amount of amountsIn(text)) expect(amount).toBeLessThanOrEqual(-situation.openInvoiceTotal);
  });
});
