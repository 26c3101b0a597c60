import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contract/common';
import { invoiceListSchema, invoiceSituationSchema, paidInvoicePageSchema } from '#contract/invoices';
import { onlinePaymentSchema, paymentCheckoutSchema, type OnlinePayment } from '#contract/payments';
import { structuredCommunication } from '#contract/structured-communication';
import { appContext, buildApp } from '#server/app';
import { DEMO_IDS } from '#server/demo/data/ids';
import { localDate } from '#contract/calendar';
import { createSession } from '#server/lib/sessions';
import { ProviderError, type PaymentProvider } from '#server/lib/payment-provider';
import { outbox } from './auth-helpers.ts';
import { bearer, createTestApp, staticFixtureDir, type TestApp } from './test-app.ts';
import { sqlRows } from './test-database.ts';

/*
 * Paying online against the stand-in provider (docs/product/payments.md): the payment is created for what is still
 * due, the stand-in's checkout decides the outcome, its webhook (and the return to the app) apply it once.
 */

let t: TestApp;
const C = DEMO_IDS.customers;
const U = DEMO_IDS.users;
const tokens = { sophie: '', lucas: '', marc: '' };
type Who = keyof typeof tokens;

beforeAll(async () => {
  t = await createTestApp();
  tokens.sophie = (await createSession(t.db, U.sophie, new Date())).accessToken;
  tokens.lucas = (await createSession(t.db, U.lucas, new Date())).accessToken;
  tokens.marc = (await createSession(t.db, U.marc, new Date())).accessToken;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  appContext(t.app).clock.set(null);
  await t.app.inject({ method: 'POST', url: '/api/test/rate-limits/reset', payload: {} });
});

// ---------------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------------

const errorOf = (response: LightMyRequestResponse) => errorBodySchema.parse(response.json());

/** The first row of a query (SQL both engines accept, `?` placeholders), or undefined. */
const firstRow = async <R>(text: string, ...values: unknown[]): Promise<R | undefined> => (await sqlRows<R>(t.db, text, ...values))[0];

/** A change made behind the server's back (another way of paying, the provider's own store). */
const exec = async (text: string, ...values: unknown[]): Promise<void> => {
  await sqlRows(t.db, text, ...values);
};

/** The status of the app's payment the provider knows as `id`. */
const statusByProviderId = async (id: string): Promise<string | undefined> =>
  (await firstRow<{ status: string }>('SELECT status FROM online_payments WHERE provider_id = ?', id))?.status;

const payInvoice = (who: Who, customerId: number, uuid: string, key: string = randomUUID()) =>
  t.app.inject({
    method: 'POST',
    url: `/api/customer/${customerId}/invoices/${uuid}/payment`,
    headers: { ...bearer(tokens[who]), 'idempotency-key': key },
    payload: {},
  });

const payOpenTotal = (who: Who, customerId: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/customer/${customerId}/invoices/open/payment`,
    headers: { ...bearer(tokens[who]), 'idempotency-key': randomUUID() },
    payload: {},
  });

/** The stand-in's payment id and the checkout path of a checkout URL. */
const checkoutOf = (response: LightMyRequestResponse): { url: URL; id: string } => {
  expect(response.statusCode, response.body).toBe(200);
  const url = new URL(paymentCheckoutSchema.parse(response.json()).checkout_url);
  const id = url.pathname.split('/').pop() ?? '';
  expect(id).toMatch(/^tr_[A-Za-z0-9]+$/);
  return { url, id };
};

/** What the customer does on the stand-in's checkout: the method, then the outcome and Continue. */
const completeCheckout = async (url: URL, status: 'paid' | 'failed' | 'canceled' | 'expired'): Promise<string> => {
  const methods = await t.app.inject({ method: 'GET', url: url.pathname });
  expect(methods.statusCode).toBe(200);
  expect(methods.body).toContain('value="bancontact"');
  const outcome = await t.app.inject({ method: 'GET', url: `${url.pathname}?method=bancontact` });
  for (const name of ['paid', 'failed', 'canceled', 'expired']) expect(outcome.body).toContain(`name="status" value="${name}"`);
  const done = await t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `method=bancontact&status=${status}`,
  });
  expect(done.statusCode).toBe(303);
  return done.headers.location ?? '';
};

const referenceOf = (location: string): string => new URL(location).searchParams.get('payment') ?? '';

const paymentStatus = async (who: Who, customerId: number, reference: string): Promise<OnlinePayment> => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/customer/${customerId}/payments/${reference}`,
    headers: bearer(tokens[who]),
  });
  expect(response.statusCode, response.body).toBe(200);
  return onlinePaymentSchema.parse(response.json());
};

const webhook = (id: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/payments/webhook',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `id=${id}`,
  });

type InvoiceState = { paid: number; paid_at: string | null; partial_paid_cents: number; total_incl_vat_cents: number };
const invoiceState = async (uuid: string): Promise<InvoiceState> => {
  const row = await firstRow<InvoiceState>(
    'SELECT paid, paid_at, partial_paid_cents, total_incl_vat_cents FROM invoices WHERE uuid = ?',
    uuid,
  );
  if (!row) throw new Error(`no invoice ${uuid}`);
  return row;
};

const situation = async (who: Who, customerId: number) => {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/customer/${customerId}/invoices/situation`,
    headers: bearer(tokens[who]),
  });
  return invoiceSituationSchema.parse(response.json());
};

let numbering = 0;
/** An extra document of a customer, `dueInDays` from today (negative: overdue), for one scenario. */
const addDocument = async (
  customerId: number,
  total: number,
  options: { partial?: number; dueInDays?: number; mode?: 'BT' | 'DD'; type?: 'invoice' | 'credit_note' } = {},
): Promise<string> => {
  numbering += 1;
  const uuid = randomUUID();
  const now = appContext(t.app).clock.now();
  const due = localDate(now.getTime() + (options.dueInDays ?? -10) * 86_400_000);
  await exec(
    `INSERT INTO invoices (uuid, customer_id, generated_at, due_date, total_incl_vat_cents, structured_communication, piece_id, payment_mode,
       paid, paid_at, partial_paid_cents, document_type) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, NULL, ?, ?)`,
    uuid,
    customerId,
    new Date(now.getTime() - 30 * 86_400_000 + numbering * 1000).toISOString(),
    due,
    total,
    structuredCommunication(8_800_000_000 + numbering),
    `T-${String(numbering).padStart(6, '0')}`,
    options.mode ?? 'BT',
    options.partial ?? 0,
    options.type ?? 'invoice',
  );
  return uuid;
};

/** Everything the customer owes is settled (by some other way): a scenario starts from a clean situation. */
const settleEverything = (customerId: number): Promise<void> =>
  exec('UPDATE invoices SET paid = 1, paid_at = ? WHERE customer_id = ? AND paid = 0', new Date().toISOString(), customerId);

const receiptsTo = async (email: string) =>
  (await outbox(t.app, email)).filter((m) => m.subject?.includes('paiement') || m.subject?.includes('betaling'));

const marcEmail = async (): Promise<string> => {
  const row = await firstRow<{ email: string }>(
    'SELECT COALESCE(i.holder_email, c.email) AS email FROM contacts c LEFT JOIN invoicing i ON i.customer_id = c.customer_id WHERE c.customer_id = ?',
    C.marc,
  );
  return row?.email ?? '';
};

const dunningOf = async (customerId: number): Promise<number[]> =>
  (
    await sqlRows<{ d: number }>(t.db, 'SELECT dunning_level_reached AS d FROM contracts WHERE customer_id = ? ORDER BY id', customerId)
  ).map((row) => row.d);

// ---------------------------------------------------------------------------------------------------------------
// Marc's demo invoice, first: the scenarios below change his invoices
// ---------------------------------------------------------------------------------------------------------------

describe('Marc pays his overdue, partly paid invoice', () => {
  it('creates the payment for what is left, pays it on the checkout, and settles the situation once', async () => {
    const open = invoiceListSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/customer/${C.marc}/invoices/open`, headers: bearer(tokens.marc) })).json(),
    ).invoices;
    // The one due first: the partly paid invoice before his last (server/demo/data/invoices.ts).
    const overdue = open
      .filter((invoice) => invoice.dates.due_date < localDate(Date.now()))
      .sort((x, y) => (x.dates.due_date < y.dates.due_date ? -1 : 1))[0];
    if (!overdue) throw new Error('Marc has no overdue invoice');
    const before = await invoiceState(overdue.uuid);
    expect(before.partial_paid_cents).toBeGreaterThan(0);
    // His last invoice, which the billing run issued at his last cycle's close and is open too (overdue or not
    // depending on the day), is paid by transfer meanwhile: this payment then settles everything he owes.
    for (const other of open.filter((invoice) => invoice.uuid !== overdue.uuid)) {
      await exec('UPDATE invoices SET paid = 1, paid_at = ? WHERE uuid = ?', new Date().toISOString(), other.uuid);
    }
    expect((await situation('marc', C.marc)).payUrgently).toBe(true);
    expect(await dunningOf(C.marc)).toContain(1);

    // created: the stand-in holds a payment of what is left, described with the structured communication
    const { url, id } = checkoutOf(await payInvoice('marc', C.marc, overdue.uuid));
    const atProvider = await firstRow<{ amount_value: string; description: string; webhook_url: string }>(
      'SELECT amount_value, description, webhook_url FROM psp_stand_in_payments WHERE id = ?',
      id,
    );
    const left = before.total_incl_vat_cents - before.partial_paid_cents;
    expect(atProvider?.amount_value).toBe((left / 100).toFixed(2));
    expect(atProvider?.description).toContain(overdue.structured_communication);
    expect(atProvider?.webhook_url).toMatch(/\/api\/public\/payments\/webhook$/);

    // paid on the checkout: Continue calls the webhook and sends the customer back to the bills screen
    const location = await completeCheckout(url, 'paid');
    expect(location).toMatch(/^http:\/\/localhost:\d+\/bills\/main\?payment=pay_/);
    const payment = await paymentStatus('marc', C.marc, referenceOf(location));
    expect(payment).toMatchObject({ status: 'paid', amount: left, scope: 'invoice', invoices: [overdue.piece] });
    expect(payment.settledAt).not.toBeNull();

    const after = await invoiceState(overdue.uuid);
    expect(after.paid).toBe(1);
    expect(after.paid_at).not.toBeNull();
    const paidList = paidInvoicePageSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/customer/${C.marc}/invoices/paid`, headers: bearer(tokens.marc) })).json(),
    );
    expect(paidList.invoices.find((invoice) => invoice.uuid === overdue.uuid)?.dates.paid_at).toBe(after.paid_at);
    const now = await situation('marc', C.marc);
    expect(now).toMatchObject({ payUrgently: false, isInDebt: false, openInvoiceTotal: 0, paymentReference: null });
    // Dunning follows from urgent payment: it lifts with it.
    expect(await dunningOf(C.marc)).not.toContain(1);

    const receipts = await receiptsTo(await marcEmail());
    expect(receipts).toHaveLength(1);
    // In the account's language (Dutch for Marc), the app having said none.
    expect(receipts[0]?.subject).toBe('Uw betaling is ontvangen');
    expect(receipts[0]?.body).toContain(overdue.piece);
    expect(receipts[0]?.body).toContain(id);

    // The same webhook again, and the return again: nothing changes twice.
    expect((await webhook(id)).statusCode).toBe(200);
    expect((await webhook(id)).statusCode).toBe(200);
    expect(await invoiceState(overdue.uuid)).toEqual(after);
    expect((await paymentStatus('marc', C.marc, referenceOf(location))).settledAt).toBe(payment.settledAt);
    expect(await receiptsTo(await marcEmail())).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Outcomes
// ---------------------------------------------------------------------------------------------------------------

describe('payment outcomes', () => {
  it.each(['failed', 'canceled', 'expired'] as const)('%s on the checkout leaves the invoice open', async (outcome) => {
    await settleEverything(C.marc);
    const uuid = await addDocument(C.marc, 3000, { partial: 500 });
    const { url } = checkoutOf(await payInvoice('marc', C.marc, uuid));
    const location = await completeCheckout(url, outcome);
    const payment = await paymentStatus('marc', C.marc, referenceOf(location));
    expect(payment).toMatchObject({ status: outcome, amount: 2500 });
    expect(await invoiceState(uuid)).toMatchObject({ paid: 0, paid_at: null, partial_paid_cents: 500 });
    expect((await situation('marc', C.marc)).isInDebt).toBe(true);
  });

  it('a payment created but never completed expires (the provider calls the webhook)', async () => {
    await settleEverything(C.marc);
    const uuid = await addDocument(C.marc, 4200);
    const { url, id } = checkoutOf(await payInvoice('marc', C.marc, uuid));
    const reference =
      (await firstRow<{ reference: string }>('SELECT reference FROM online_payments WHERE provider_id = ?', id))?.reference ?? '';
    expect((await paymentStatus('marc', C.marc, reference)).status).toBe('open');

    const ctx = appContext(t.app);
    ctx.clock.set(new Date(Date.now() + 16 * 60_000));
    await ctx.scheduler.runDue();
    expect((await firstRow<{ status: string }>('SELECT status FROM psp_stand_in_payments WHERE id = ?', id))?.status).toBe('expired');
    expect(await statusByProviderId(id)).toBe('expired');
    expect((await invoiceState(uuid)).paid).toBe(0);
    // The checkout no longer offers to pay it.
    const page = await t.app.inject({ method: 'GET', url: `${url.pathname}?method=bancontact` });
    expect(page.body).not.toContain('name="status"');
  });

  it('a replayed Idempotency-Key creates one payment', async () => {
    await settleEverything(C.marc);
    const uuid = await addDocument(C.marc, 1999);
    const key = randomUUID();
    const first = checkoutOf(await payInvoice('marc', C.marc, uuid, key));
    const second = await payInvoice('marc', C.marc, uuid, key);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(checkoutOf(second).id).toBe(first.id);
    const count = await firstRow<{ n: number }>(
      'SELECT COUNT(*) AS n FROM online_payment_items i JOIN invoices v ON v.id = i.invoice_id WHERE v.uuid = ?',
      uuid,
    );
    expect(count?.n).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The webhook: never trusted, applied once
// ---------------------------------------------------------------------------------------------------------------

describe('the webhook', () => {
  const providerSays = (id: string, status: string) =>
    exec('UPDATE psp_stand_in_payments SET status = ?, finished_at = ? WHERE id = ?', status, new Date().toISOString(), id);

  it('applies concurrent calls once', async () => {
    await settleEverything(C.marc);
    const uuid = await addDocument(C.marc, 5000, { partial: 1000 });
    const { id } = checkoutOf(await payInvoice('marc', C.marc, uuid));
    const receiptsBefore = (await receiptsTo(await marcEmail())).length;
    await providerSays(id, 'paid');
    const answers = await Promise.all(Array.from({ length: 6 }, () => webhook(id)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await invoiceState(uuid)).toMatchObject({ paid: 1, partial_paid_cents: 5000 });
    expect(await receiptsTo(await marcEmail())).toHaveLength(receiptsBefore + 1);
  });

  it('acts on what the provider says, not on the call: nothing happens while the payment is open', async () => {
    await settleEverything(C.marc);
    const uuid = await addDocument(C.marc, 2600);
    const { id } = checkoutOf(await payInvoice('marc', C.marc, uuid));
    expect((await webhook(id)).statusCode).toBe(200);
    expect((await invoiceState(uuid)).paid).toBe(0);
    expect(await statusByProviderId(id)).toBe('open');
  });

  it('never undoes a final status (a late or out-of-order answer)', async () => {
    await settleEverything(C.marc);
    const uuid = await addDocument(C.marc, 2700);
    const { id } = checkoutOf(await payInvoice('marc', C.marc, uuid));
    await providerSays(id, 'paid');
    await webhook(id);
    const paid = await invoiceState(uuid);
    await providerSays(id, 'open');
    await webhook(id);
    await providerSays(id, 'failed');
    await webhook(id);
    expect(await invoiceState(uuid)).toEqual(paid);
    expect(await statusByProviderId(id)).toBe('paid');

    // …and a failed payment stays failed when a later call claims otherwise.
    const other = await addDocument(C.marc, 2800);
    const second = checkoutOf(await payInvoice('marc', C.marc, other));
    await providerSays(second.id, 'failed');
    await webhook(second.id);
    await providerSays(second.id, 'paid');
    await webhook(second.id);
    expect((await invoiceState(other)).paid).toBe(0);
  });

  it('ignores unknown ids, refuses malformed bodies, and locks out an address that keeps sending unknown ids', async () => {
    const unknown = await webhook('tr_doesnotexist', '198.51.100.9');
    expect(unknown.statusCode).toBe(200);
    const malformed = await webhook('pay_123', '198.51.100.9');
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).fields).toEqual([{ field: 'id', message: 'validation:invalid' }]);
    for (let i = 0; i < 25; i += 1) await webhook(`tr_unknown${i}`, '198.51.100.10');
    const locked = await webhook('tr_another', '198.51.100.10');
    expect(locked.statusCode).toBe(429);
    expect(errorOf(locked).code).toBe('tooManyRequests');
    // Another address is not affected.
    expect((await webhook('tr_another', '198.51.100.11')).statusCode).toBe(200);
  });

  it("never counts the stand-in's own webhook calls against this machine's address, which a local prober may have locked out", async () => {
    for (let i = 0; i < 25; i += 1) await webhook(`tr_probe${i}`, '127.0.0.1');
    expect((await webhook('tr_probemore', '127.0.0.1')).statusCode).toBe(429);
    const uuid = await addDocument(C.marc, 1900);
    const { url, id } = checkoutOf(await payInvoice('marc', C.marc, uuid));
    await completeCheckout(url, 'paid');
    // Applied by the webhook the checkout called, not by a later poll.
    expect(await statusByProviderId(id)).toBe('paid');
  });

  it('takes the body as Mollie sends it (form-encoded), and refuses form bodies everywhere else', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/public/users/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'login=MT00000003&password=x',
    });
    expect(login.statusCode).toBe(415);
    const json = await t.app.inject({ method: 'POST', url: '/api/public/payments/webhook', payload: { id: 'tr_json' } });
    expect(json.statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Amounts: what is still due, decided by the server
// ---------------------------------------------------------------------------------------------------------------

describe('partial payments and the open total', () => {
  it('pays the open total: the debt, credit notes netted, every document settled', async () => {
    await settleEverything(C.marc);
    const first = await addDocument(C.marc, 4000, { partial: 1500, dueInDays: -20 });
    const second = await addDocument(C.marc, 2000, { dueInDays: -5 });
    const credit = await addDocument(C.marc, -700, { type: 'credit_note', dueInDays: -8 });
    const before = await situation('marc', C.marc);
    expect(before.openInvoiceTotal).toBe(-(2500 + 2000 - 700));

    const { url, id } = checkoutOf(await payOpenTotal('marc', C.marc));
    const atProvider = await firstRow<{ amount_value: string; description: string }>(
      'SELECT amount_value, description FROM psp_stand_in_payments WHERE id = ?',
      id,
    );
    expect(atProvider?.amount_value).toBe('38.00');
    // Several invoices owed: the customer's account reference, as a transfer of the same amount would carry.
    expect(atProvider?.description).toContain(before.paymentReference ?? 'none');

    const payment = await paymentStatus('marc', C.marc, referenceOf(await completeCheckout(url, 'paid')));
    expect(payment).toMatchObject({ status: 'paid', scope: 'open_total', amount: 3800 });
    expect(payment.invoices).toHaveLength(3);
    for (const uuid of [first, second, credit]) expect((await invoiceState(uuid)).paid).toBe(1);
    expect(await situation('marc', C.marc)).toMatchObject({ openInvoiceTotal: 0, isInDebt: false, hasOpenInvoice: false });
  });

  it('an invoice paid meanwhile by transfer: the money goes to the next open invoice, the rest is kept for a refund', async () => {
    await settleEverything(C.marc);
    const target = await addDocument(C.marc, 3000, { dueInDays: -30 });
    const next = await addDocument(C.marc, 1000, { dueInDays: -3 });
    const { id } = checkoutOf(await payInvoice('marc', C.marc, target));
    await exec('UPDATE invoices SET paid = 1, paid_at = ? WHERE uuid = ?', new Date().toISOString(), target);
    await exec('UPDATE psp_stand_in_payments SET status = ? WHERE id = ?', 'paid', id);
    await webhook(id);
    expect(await invoiceState(next)).toMatchObject({ paid: 1, partial_paid_cents: 1000 });
    expect((await firstRow<{ u: number }>('SELECT unapplied_cents AS u FROM online_payments WHERE provider_id = ?', id))?.u).toBe(2000);
  });

  it('refuses to pay what nothing is left of, and an invoice the bank debits on its due date', async () => {
    await settleEverything(C.marc);
    const paid = await addDocument(C.marc, 1000);
    await exec('UPDATE invoices SET paid = 1, paid_at = ? WHERE uuid = ?', new Date().toISOString(), paid);
    const settled = await payInvoice('marc', C.marc, paid);
    expect(settled.statusCode).toBe(409);
    expect(errorOf(settled).code).toBe('nothingToPay');

    const fullyPaid = await addDocument(C.marc, 1000, { partial: 1000 });
    expect(errorOf(await payInvoice('marc', C.marc, fullyPaid)).code).toBe('nothingToPay');
    const credit = await addDocument(C.marc, -1000, { type: 'credit_note' });
    expect(errorOf(await payInvoice('marc', C.marc, credit)).code).toBe('nothingToPay');

    const debit = await addDocument(C.marc, 1000, { mode: 'DD', dueInDays: 5 });
    const refused = await payInvoice('marc', C.marc, debit);
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused).code).toBe('paidByDirectDebit');

    // Not in debt (only a direct debit still to come): no open total to pay.
    await exec(
      `UPDATE invoices SET paid = 1, paid_at = ? WHERE customer_id = ? AND payment_mode = 'BT' AND paid = 0`,
      new Date().toISOString(),
      C.marc,
    );
    expect(errorOf(await payOpenTotal('marc', C.marc)).code).toBe('nothingToPay');
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Who may pay
// ---------------------------------------------------------------------------------------------------------------

describe('who may pay', () => {
  it('refuses another customer’s invoice, a plain user, and another customer’s payment', async () => {
    await settleEverything(C.marc);
    const uuid = await addDocument(C.marc, 1500);
    // Sophie with Marc's customer id: not her customer.
    expect((await payInvoice('sophie', C.marc, uuid)).statusCode).toBe(403);
    // Sophie with her own id and Marc's invoice: no such invoice of hers (nothing revealed).
    const hers = await payInvoice('sophie', C.sophie, uuid);
    expect(hers.statusCode).toBe(404);
    // Lucas is a plain user of Martin Logistics: invoices are not his to see or pay.
    expect((await payOpenTotal('lucas', C.martinLogistics)).statusCode).toBe(403);

    const location = await completeCheckout(checkoutOf(await payInvoice('marc', C.marc, uuid)).url, 'failed');
    const reference = referenceOf(location);
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/customer/${C.sophie}/payments/${reference}`,
      headers: bearer(tokens.sophie),
    });
    expect(peek.statusCode).toBe(404);
    expect((await invoiceState(uuid)).paid).toBe(0);
  });

  it('takes the amount from the server: a body with an amount changes nothing', async () => {
    await settleEverything(C.marc);
    const uuid = await addDocument(C.marc, 6100);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/customer/${C.marc}/invoices/${uuid}/payment`,
      headers: { ...bearer(tokens.marc), 'idempotency-key': randomUUID() },
      payload: { amount: 1, language: 'en' },
    });
    const { id } = checkoutOf(response);
    const atProvider = await firstRow<{ v: string; locale: string }>(
      'SELECT amount_value AS v, locale FROM psp_stand_in_payments WHERE id = ?',
      id,
    );
    expect(atProvider?.v).toBe('61.00');
    // The language the app is read in goes to the checkout (and the receipt).
    expect(atProvider?.locale).toBe('en_US');
  });
});

describe('a provider that fails', () => {
  it('answers 502 and leaves no payment behind', async () => {
    const failing: PaymentProvider = {
      kind: 'mollie',
      create: () => Promise.reject(new ProviderError('down')),
      get: () => Promise.reject(new ProviderError('down')),
    };
    const app = await buildApp({ demo: true, db: t.db, testMode: true, staticDir: staticFixtureDir, payments: { provider: failing } });
    await app.ready();
    try {
      await settleEverything(C.marc);
      const uuid = await addDocument(C.marc, 1234);
      const count = async () => (await firstRow<{ n: number }>('SELECT COUNT(*) AS n FROM online_payments'))?.n;
      const before = await count();
      const response = await app.inject({
        method: 'POST',
        url: `/api/customer/${C.marc}/invoices/${uuid}/payment`,
        headers: { ...bearer(tokens.marc), 'idempotency-key': randomUUID() },
        payload: {},
      });
      expect(response.statusCode).toBe(502);
      expect(errorOf(response).code).toBe('paymentProviderError');
      expect(await count()).toBe(before);
    } finally {
      await app.close();
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
// One payment per debt
// ---------------------------------------------------------------------------------------------------------------

describe('one payment per debt', () => {
  const standInCount = async (): Promise<number> =>
    Number((await firstRow<{ n: number }>('SELECT COUNT(*) AS n FROM psp_stand_in_payments'))?.n ?? 0);
  const openPayments = async (customerId: number) =>
    sqlRows<{ id: number; provider_id: string | null; scope: string; amount_cents: number }>(
      t.db,
      'SELECT id, provider_id, scope, amount_cents FROM online_payments WHERE customer_id = ? AND settled_at IS NULL ORDER BY id',
      customerId,
    );
  const paymentOf = async (providerId: string) =>
    firstRow<{ scope: string; amount_cents: number; unapplied_cents: number; status: string }>(
      'SELECT scope, amount_cents, unapplied_cents, status FROM online_payments WHERE provider_id = ?',
      providerId,
    );

  /** Two overdue invoices of Marc (a debt of 127,00 €, as the probe's), nothing else open, no payment open. */
  const debtOf127 = async () => {
    await settleEverything(C.marc);
    // A payment left open by an earlier scenario pays nothing of these: settle it as the provider would.
    for (const open of await openPayments(C.marc)) {
      await exec('UPDATE psp_stand_in_payments SET status = ? WHERE id = ?', 'expired', open.provider_id ?? '');
      if (open.provider_id) await webhook(open.provider_id);
    }
    expect(await openPayments(C.marc)).toEqual([]);
    const first = await addDocument(C.marc, 8090, { dueInDays: -20 });
    const second = await addDocument(C.marc, 4610, { dueInDays: -5 });
    expect((await situation('marc', C.marc)).openInvoiceTotal).toBe(-12700);
    return { first, second };
  };

  /** What the invoices received, in all, since `before`. */
  const received = async (uuids: string[], before: InvoiceState[]): Promise<number> => {
    let sum = 0;
    for (const [index, uuid] of uuids.entries()) {
      const after = await invoiceState(uuid);
      sum += (after.paid === 1 ? after.total_incl_vat_cents : after.partial_paid_cents) - (before[index]?.partial_paid_cents ?? 0);
    }
    return sum;
  };

  it('the probe: two requests for an invoice and one for the open total at once, on two instances → one payment, one checkout, what is owed collected', async () => {
    const { first, second } = await debtOf127();
    const before = [await invoiceState(first), await invoiceState(second)];
    const providerBefore = await standInCount();
    // A second instance of the server on the same database.
    const other = await buildApp({ demo: true, db: t.db, testMode: true, staticDir: staticFixtureDir });
    await other.ready();
    try {
      const answers = await Promise.all([
        payInvoice('marc', C.marc, first, randomUUID()),
        other.inject({
          method: 'POST',
          url: `/api/customer/${C.marc}/invoices/${first}/payment`,
          headers: { ...bearer(tokens.marc), 'idempotency-key': randomUUID() },
          payload: {},
        }),
        payOpenTotal('marc', C.marc),
      ]);
      const checkouts = answers.map((answer) => checkoutOf(answer));
      expect(new Set(checkouts.map((checkout) => checkout.url.href)).size).toBe(1);
      expect(await standInCount()).toBe(providerBefore + 1);
      expect(await openPayments(C.marc)).toHaveLength(1);

      const [{ url, id }] = checkouts as [{ url: URL; id: string }];
      await completeCheckout(url, 'paid');
      const payment = await paymentOf(id);
      // Whichever request came first: exactly what its debt was, nothing unapplied.
      expect(payment).toMatchObject({ status: 'paid', unapplied_cents: 0 });
      expect(payment?.amount_cents).toBe(payment?.scope === 'invoice' ? 8090 : 12700);
      expect(await received([first, second], before)).toBe(payment?.amount_cents);
      expect((await invoiceState(first)).paid).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('sequential requests: the open payment’s checkout, whatever the key or the target; the open total covers its invoices and the other way round', async () => {
    const { first, second } = await debtOf127();
    const providerBefore = await standInCount();
    const total = checkoutOf(await payOpenTotal('marc', C.marc));
    expect(checkoutOf(await payOpenTotal('marc', C.marc)).url.href).toBe(total.url.href);
    expect(checkoutOf(await payInvoice('marc', C.marc, first)).url.href).toBe(total.url.href);
    expect(checkoutOf(await payInvoice('marc', C.marc, second)).url.href).toBe(total.url.href);
    expect(await standInCount()).toBe(providerBefore + 1);
    await completeCheckout(total.url, 'failed');

    // Failed: the debt is free again. An invoice first, then the open total gets the invoice's checkout.
    const invoice = checkoutOf(await payInvoice('marc', C.marc, first));
    expect(invoice.id).not.toBe(total.id);
    expect(checkoutOf(await payInvoice('marc', C.marc, first)).url.href).toBe(invoice.url.href);
    expect(checkoutOf(await payOpenTotal('marc', C.marc)).url.href).toBe(invoice.url.href);
    // Another invoice is another debt: a payment of its own.
    const other = checkoutOf(await payInvoice('marc', C.marc, second));
    expect(other.id).not.toBe(invoice.id);
    expect(await standInCount()).toBe(providerBefore + 3);
    expect(await openPayments(C.marc)).toHaveLength(2);
  });

  it('a settled payment frees the debt: failed or expired, a new payment; paid, only what is still owed', async () => {
    const { first, second } = await debtOf127();
    const failed = checkoutOf(await payInvoice('marc', C.marc, first));
    await completeCheckout(failed.url, 'failed');
    const expired = checkoutOf(await payInvoice('marc', C.marc, first));
    expect(expired.id).not.toBe(failed.id);
    await completeCheckout(expired.url, 'expired');
    const paid = checkoutOf(await payInvoice('marc', C.marc, first));
    expect([failed.id, expired.id]).not.toContain(paid.id);
    await completeCheckout(paid.url, 'paid');
    expect(errorOf(await payInvoice('marc', C.marc, first)).code).toBe('nothingToPay');

    // The open total is what is left: the second invoice.
    const rest = checkoutOf(await payOpenTotal('marc', C.marc));
    await completeCheckout(rest.url, 'paid');
    expect(await paymentOf(rest.id)).toMatchObject({ status: 'paid', scope: 'open_total', amount_cents: 4610, unapplied_cents: 0 });
    expect((await invoiceState(second)).paid).toBe(1);
  });

  it('a payment the provider refused, or that never reached it, does not block the debt', async () => {
    const { first } = await debtOf127();
    const failing: PaymentProvider = {
      kind: 'mollie',
      create: () => Promise.reject(new ProviderError('down')),
      get: () => Promise.reject(new ProviderError('down')),
    };
    const app = await buildApp({ demo: true, db: t.db, testMode: true, staticDir: staticFixtureDir, payments: { provider: failing } });
    await app.ready();
    try {
      const refused = await app.inject({
        method: 'POST',
        url: `/api/customer/${C.marc}/invoices/${first}/payment`,
        headers: { ...bearer(tokens.marc), 'idempotency-key': randomUUID() },
        payload: {},
      });
      expect(refused.statusCode).toBe(502);
    } finally {
      await app.close();
    }
    const { id } = checkoutOf(await payInvoice('marc', C.marc, first));

    // The process stopped between recording a payment and asking the provider: after 2 minutes it no longer counts.
    await exec('UPDATE psp_stand_in_payments SET status = ? WHERE id = ?', 'expired', id);
    await webhook(id);
    const now = appContext(t.app).clock.now();
    const stuck = `pay_stuck${numbering}`;
    await exec(
      `INSERT INTO online_payments (reference, customer_id, user_id, scope, amount_cents, description, status, language, created_at)
       VALUES (?, ?, ?, 'open_total', 12700, 'stuck', 'open', 'fr', ?)`,
      stuck,
      C.marc,
      U.marc,
      new Date(now.getTime() - 3 * 60_000).toISOString(),
    );
    const stuckId = (await firstRow<{ id: number }>('SELECT id FROM online_payments WHERE reference = ?', stuck))?.id;
    await exec('INSERT INTO online_payment_claims (customer_id, claim, payment_id) VALUES (?, ?, ?)', C.marc, 'open_total', stuckId);
    // The database refuses a second open payment of the same debt, whatever the code does.
    await expect(
      exec('INSERT INTO online_payment_claims (customer_id, claim, payment_id) VALUES (?, ?, ?)', C.marc, 'open_total', stuckId),
    ).rejects.toThrow();
    const fresh = checkoutOf(await payOpenTotal('marc', C.marc));
    expect(fresh.id).not.toBe(id);
    expect((await firstRow<{ status: string }>('SELECT status FROM online_payments WHERE id = ?', stuckId))?.status).toBe('expired');
    expect(await paymentOf(fresh.id)).toMatchObject({ scope: 'open_total', amount_cents: 12700 });
  });
});
