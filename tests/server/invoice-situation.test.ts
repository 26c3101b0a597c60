import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '#contract/calendar';
import { isPendingDebit } from '#contract/invoice-rules';
import { invoiceListSchema, invoiceSituationSchema, type Invoice, type InvoiceSituation } from '#contract/invoices';
import { alertConditions, invoiceAlertTone } from '#features/home/data/alert-rules.ts';
import { bearer, createTestApp, createTestAppAt, login, type TestApp } from './test-app.ts';

/*
 * The invoice situation as the demo customers get it (GET /customer/:id/invoices/situation), checked against their
 * open invoices (GET …/invoices/open) rather than against seeded amounts, which depend on the day of the seed:
 *
 * - docs/product/invoices.md "Invoice situation": « Vous devez {{amount}} (dont {{amount}} prélevé automatiquement par
 *   domiciliation) ». The direct-debit part is within the whole: never below 0, never above what is owed, never above
 *   the pending direct debits listed. Yasmine was told she owed 66,70 € "of which 81,70 €" (her 15 € credit note was
 *   netted in the whole, not in the part).
 * - docs/product/invoices.md "Urgent payment", docs/product/home.md "Alert modals": past due only when an open item
 *   with something left to pay is past its due date on the service's (Brussels) calendar; home's modal takes the
 *   server's word for it. Emma (bank transfer, due on the 16th) was told on the 6th that her invoice was past due.
 *
 * Two seeds: the run's (its pinned day), and the day the two reports came from, when Emma's and Yasmine's December
 * invoices are open and not yet due.
 */

const customers = { sophie: 'MT00000001', marc: 'MT00000003', emma: 'MT00000004', yasmine: 'MT00000005' } as const;
type Who = keyof typeof customers;

type Seen = { customerId: number; today: string; situation: InvoiceSituation; open: Invoice[] };

/** Each demo customer's situation and open documents, as its holder reads them. */
const seenBy = async (t: TestApp, now: Date): Promise<Record<Who, Seen>> => {
  const seen: Partial<Record<Who, Seen>> = {};
  for (const [who, loginId] of Object.entries(customers) as [Who, string][]) {
    const { token, response } = await login(t.app, loginId);
    const customerId = response.json<{ user: { customer_id: number } }>().user.customer_id;
    const get = async (path: string) => {
      const answer = await t.app.inject({ method: 'GET', url: `/api/customer/${customerId}/invoices/${path}`, headers: bearer(token) });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json<unknown>();
    };
    seen[who] = {
      customerId,
      today: localDate(now.getTime()),
      situation: invoiceSituationSchema.parse(await get('situation')),
      open: invoiceListSchema.parse(await get('open')).invoices,
    };
  }
  return seen as Record<Who, Seen>;
};

const leftToPay = (invoice: Invoice, situation: InvoiceSituation): number =>
  invoice.total.total_incl_vat - (situation.partialPayments[invoice.uuid] ?? 0);

/** The open direct debits still before their due date, as listed (what the bank will collect). */
const listedPendingDebits = ({ open, situation, today }: Seen): number =>
  open
    .filter((invoice) =>
      isPendingDebit(
        {
          uuid: invoice.uuid,
          total: invoice.total.total_incl_vat,
          paid: situation.partialPayments[invoice.uuid] ?? 0,
          dueDate: invoice.dates.due_date,
          issued: localDate(Date.parse(invoice.dates.invoice_generated_at)),
          paymentMode: invoice.details.payment_mode,
        },
        today,
      ),
    )
    .reduce((sum, invoice) => sum + leftToPay(invoice, situation), 0);

/** The checks every customer's situation passes, whatever the day. */
const expectConsistent = (who: Who, seen: Seen) => {
  const { situation, open, today } = seen;
  // `|| 0`: nothing owed is 0, not -0.
  const owed = -situation.openInvoiceTotal || 0;
  // The whole is what the open list leaves to pay, credit notes netted.
  expect(owed, `${who}: open total`).toBe(open.reduce((sum, invoice) => sum + leftToPay(invoice, situation), 0));
  // The part: within the whole, and within the direct debits it stands for.
  expect(situation.pendingDebitTotal, `${who}: direct-debit part`).toBeGreaterThanOrEqual(0);
  expect(situation.pendingDebitTotal, `${who}: direct-debit part within what is owed`).toBeLessThanOrEqual(Math.max(0, owed));
  expect(situation.pendingDebitTotal, `${who}: direct-debit part within the pending debits`).toBeLessThanOrEqual(listedPendingDebits(seen));
  // Past due only when something left to pay is past its due date (Brussels calendar), and then in debt.
  const pastDue = open.some((invoice) => leftToPay(invoice, situation) > 0 && invoice.dates.due_date < today);
  if (!pastDue) expect(situation.payUrgently, `${who}: nothing is past its due date`).toBe(false);
  if (situation.payUrgently) expect(situation.isInDebt, `${who}: urgent means in debt`).toBe(true);
  // Home's modal says "past due" exactly when the server does.
  expect(invoiceAlertTone(situation) === 'pastDue', `${who}: home's past-due text`).toBe(situation.payUrgently);
};

describe('the invoice situation of the demo customers, on the run’s day', () => {
  let t: TestApp;
  let seen: Record<Who, Seen>;
  beforeAll(async () => {
    t = await createTestApp();
    seen = await seenBy(t, new Date());
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(Object.keys(customers) as Who[])('%s: the "of which" is within the whole, "past due" only when it is', (who) => {
    expectConsistent(who, seen[who]);
  });
});

describe('the invoice situation on the day of the reports (Emma and Yasmine with December invoices open)', () => {
  // Sunday 6 December 2026, 10:30 in Brussels: the monthly invoices of the 1st are open, due on the 16th.
  const start = new Date('2026-12-06T09:30:00.000Z');
  let t: TestApp;
  let seen: Record<Who, Seen>;
  beforeAll(async () => {
    // A seed of its own at that day (on PostgreSQL, the usage records written anew).
    t = await createTestAppAt(start);
    seen = await seenBy(t, start);
  }, 300_000);
  afterAll(async () => {
    await t.close();
  });

  it.each(Object.keys(customers) as Who[])('%s: the "of which" is within the whole, "past due" only when it is', (who) => {
    expectConsistent(who, seen[who]);
  });

  it('tells Emma (bank transfer, due on the 16th) that she has an invoice to pay, not that it is past due', () => {
    const { situation, open, today } = seen.emma;
    const toPay = open.filter((invoice) => invoice.details.payment_mode === 'BT' && leftToPay(invoice, situation) > 0);
    // The day's story: her invoices are open and none is due yet.
    expect(toPay.length, 'Emma has an open invoice to pay by transfer').toBeGreaterThan(0);
    expect(
      toPay.every((invoice) => invoice.dates.due_date >= today),
      'none is due yet',
    ).toBe(true);
    expect(situation).toMatchObject({ hasOpenInvoice: true, isInDebt: true, payUrgently: false });
    // Home shows its invoice modal (she owes, by hand), in the tone of an invoice to pay.
    expect(alertConditions({ isPlainUser: false, contracts: [], situation, osg: null })).toEqual(['invoiceSituation']);
    expect(invoiceAlertTone(situation)).toBe('notYetDue');
  });

  it('nets Yasmine’s open credit note in the direct-debit part as in what she owes', () => {
    const { situation, open } = seen.yasmine;
    const debit = open.find((invoice) => invoice.details.payment_mode === 'DD' && invoice.total.total_incl_vat > 0);
    const note = open.find((invoice) => invoice.details.document_type === 'credit_note');
    // The day's story: her December direct debit is still to be collected, her credit note still to be refunded.
    if (!debit || !note) throw new Error(`Yasmine has ${open.length} open documents, a direct debit and a credit note expected`);
    const owed = -situation.openInvoiceTotal;
    expect(owed).toBe(debit.total.total_incl_vat + note.total.total_incl_vat);
    // All she owes is the bank's to collect: nothing by hand, no debt, and the part is the whole, not the debit alone.
    expect(situation).toMatchObject({ isInDebt: false, payUrgently: false, pendingDebitTotal: owed });
    expect(situation.pendingDebitTotal).toBeLessThan(debit.total.total_incl_vat);
  });
});
