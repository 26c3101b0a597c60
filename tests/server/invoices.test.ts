import { monthlyCycle } from '#contract/bill-cycle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billCycleSchema } from '#contract/contracts';
import { invoiceListSchema, invoiceSituationSchema, type InvoiceSituation } from '#contract/invoices';
import { DEMO_IDS } from '#server/db/demo/ids';
import { addDaysToDate, cyclePeriod, localDate } from '#server/lib/service-calendar';
import { createSession } from '#server/lib/sessions';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
const tokens = { sophie: '', lucas: '', marc: '', emma: '', jan: '' };
const C = DEMO_IDS.customers;

beforeAll(async () => {
  t = await createTestApp();
  // Sessions are opened directly: these tests are about the invoice routes, not the login flow (auth.test.ts).
  const U = DEMO_IDS.users;
  for (const who of ['sophie', 'lucas', 'marc', 'emma', 'jan'] as const) tokens[who] = createSession(t.db, U[who], new Date()).accessToken;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const situationOf = async (customerId: number, token: string): Promise<InvoiceSituation> => {
  const response = await get(`/api/customer/${customerId}/invoices/situation`, token);
  expect(response.statusCode, response.body).toBe(200);
  return invoiceSituationSchema.parse(response.json());
};
type OpenRow = { id: number; uuid: string; total: number; due: string; generated: string };
const openRowsOf = (customerId: number): OpenRow[] =>
  t.db
    .prepare(
      'SELECT id, uuid, total_incl_vat_cents AS total, due_date AS due, generated_at AS generated FROM invoices WHERE customer_id = ? AND paid = 0 ORDER BY generated_at',
    )
    .all(customerId) as OpenRow[];

describe('GET /customer/:id/invoices/situation', () => {
  it('shows Marc in debt, overdue, with an open invoice (negative total = debt)', async () => {
    const situation = await situationOf(C.marc, tokens.marc);
    const [open] = openRowsOf(C.marc);
    expect(open).toBeDefined();
    expect(situation).toMatchObject({
      openInvoiceTotal: -(open?.total ?? 0),
      isInDebt: true,
      payUrgently: true,
      hasOpenInvoice: true,
      firstInvoiceDueDate: open?.due,
      firstInvoiceIssueDate: localDate(Date.parse(open?.generated ?? '')),
      partialPayments: {},
    });
    expect(situation.openInvoiceTotal).toBeLessThan(0);
    expect((situation.firstInvoiceDueDate ?? '') < localDate(Date.now())).toBe(true);
    // Next invoice: the first day of Marc's next bill cycle (start day 15), due 15 days later.
    const next = addDaysToDate(cyclePeriod(new Date(), monthlyCycle(15)).end, 1);
    expect(situation.nextInvoiceDate).toBe(next);
    expect(situation.nextInvoiceDueDate).toBe(addDaysToDate(next, 15));
  });

  it('shows Sophie with everything paid', async () => {
    const situation = await situationOf(C.sophie, tokens.sophie);
    expect(situation).toEqual({
      openInvoiceTotal: 0,
      firstInvoiceDueDate: null,
      firstInvoiceIssueDate: null,
      nextInvoiceDate: addDaysToDate(cyclePeriod(new Date(), monthlyCycle(5)).end, 1),
      nextInvoiceDueDate: addDaysToDate(addDaysToDate(cyclePeriod(new Date(), monthlyCycle(5)).end, 1), 15),
      partialPayments: {},
      payUrgently: false,
      hasOpenInvoice: false,
      isInDebt: false,
    });
  });

  it('subtracts partial payments and lists them per invoice', async () => {
    const [open] = openRowsOf(C.marc);
    if (!open) throw new Error('Marc has no open invoice');
    t.db.prepare('UPDATE invoices SET partial_paid_cents = 1000 WHERE id = ?').run(open.id);
    try {
      const situation = await situationOf(C.marc, tokens.marc);
      expect(situation.openInvoiceTotal).toBe(-(open.total - 1000));
      expect(situation.partialPayments).toEqual({ [open.uuid]: 1000 });
      expect(situation.payUrgently).toBe(true);
    } finally {
      t.db.prepare('UPDATE invoices SET partial_paid_cents = 0 WHERE id = ?').run(open.id);
    }
  });

  it('treats an open credit note as money owed to the customer, not as debt', async () => {
    const insert = t.db.prepare(`INSERT INTO invoices (uuid, customer_id, contract_id, generated_at, due_date, total_incl_vat_cents,
      structured_communication, piece_id, payment_mode, paid, paid_at, partial_paid_cents)
      VALUES ('0b5c3d0e-0000-4000-8000-000000000001', ?, NULL, '2026-01-01T06:00:00.000Z', '2026-01-16', -2500, '+++999/9999/99981+++', 'CN-TEST', 'DD', 0, NULL, 0)`);
    const { lastInsertRowid } = insert.run(C.sophie);
    try {
      const situation = await situationOf(C.sophie, tokens.sophie);
      expect(situation).toMatchObject({
        openInvoiceTotal: 2500,
        isInDebt: false,
        payUrgently: false,
        hasOpenInvoice: true,
        firstInvoiceDueDate: '2026-01-16',
      });
    } finally {
      t.db.prepare('DELETE FROM invoices WHERE id = ?').run(lastInsertRowid);
    }
  });

  it('gives a professional customer (Emma, three lines on the 1st) its next invoice on the 1st', async () => {
    const situation = await situationOf(C.martinLogistics, tokens.emma);
    expect(situation.nextInvoiceDate?.slice(8)).toBe('01');
    expect(situation.isInDebt).toBe(false);
  });
});

describe('invoice lists', () => {
  it('lists Marc’s open invoice and none for Sophie', async () => {
    const marc = invoiceListSchema.parse((await get(`/api/customer/${C.marc}/invoices/open`, tokens.marc)).json());
    expect(marc.invoices.map((invoice) => invoice.uuid)).toEqual(openRowsOf(C.marc).map((row) => row.uuid));
    expect(marc.invoices[0]).toMatchObject({ details: { payment_mode: 'BT' } });
    expect(marc.invoices[0]?.structured_communication).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
    const sophie = invoiceListSchema.parse((await get(`/api/customer/${C.sophie}/invoices/open`, tokens.sophie)).json());
    expect(sophie.invoices).toEqual([]);
  });

  it('pages the paid invoices, newest first by default', async () => {
    const all = invoiceListSchema.parse((await get(`/api/customer/${C.sophie}/invoices/paid`, tokens.sophie)).json()).invoices;
    expect(all).toHaveLength(6);
    const dates = all.map((invoice) => invoice.dates.invoice_generated_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = invoiceListSchema.parse(
      (await get(`/api/customer/${C.sophie}/invoices/paid?megalist-batchSize=2&megalist-page=2`, tokens.sophie)).json(),
    ).invoices;
    expect(second.map((invoice) => invoice.uuid)).toEqual(all.slice(2, 4).map((invoice) => invoice.uuid));
    const ascending = invoiceListSchema.parse(
      (await get(`/api/customer/${C.sophie}/invoices/paid?megalist-sortOrder=asc`, tokens.sophie)).json(),
    ).invoices;
    expect(ascending.map((invoice) => invoice.uuid)).toEqual([...all].reverse().map((invoice) => invoice.uuid));
  });

  it('refuses a page size above 5000 with the field', async () => {
    const response = await get(`/api/customer/${C.sophie}/invoices/paid?megalist-batchSize=5001`, tokens.sophie);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: { field: string }[] }>().fields[0]?.field).toBe('megalist-batchSize');
  });
});

describe('invoice access', () => {
  it.each([
    { who: 'a plain user (Lucas) on its own customer', token: 'lucas', customerId: C.martinLogistics, status: 403 },
    { who: 'the admin of that customer (Jan)', token: 'jan', customerId: C.martinLogistics, status: 200 },
    { who: 'another customer (Sophie on Marc)', token: 'sophie', customerId: C.marc, status: 403 },
  ] as const)('answers $status to $who', async ({ token, customerId, status }) => {
    for (const path of ['situation', 'open', 'paid']) {
      const response = await get(`/api/customer/${customerId}/invoices/${path}`, tokens[token]);
      expect(response.statusCode, path).toBe(status);
    }
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/customer/${C.sophie}/invoices/situation` })).statusCode).toBe(401);
  });
});

describe('GET /invoices/bill-cycle/:id', () => {
  it('answers the cycle, also to a plain user (it needs it for its consumption periods)', async () => {
    const response = await get(`/api/invoices/bill-cycle/${DEMO_IDS.billCycles.day5}`, tokens.lucas);
    expect(response.statusCode).toBe(200);
    expect(billCycleSchema.parse(response.json())).toEqual({
      id: DEMO_IDS.billCycles.day5,
      startDay: 5,
      frequencyUnit: 'MONTH',
      frequencyDuration: 1,
    });
  });

  it.each([
    { id: '999', status: 404 },
    { id: 'abc', status: 400 },
    { id: '0', status: 400 },
  ])('answers $status to id $id', async ({ id, status }) => {
    expect((await get(`/api/invoices/bill-cycle/${id}`, tokens.sophie)).statusCode).toBe(status);
  });
});
