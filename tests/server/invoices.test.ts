import { monthlyCycle } from '#contract/bill-cycle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contract/common';
import { billCycleSchema } from '#contract/contracts';
import { invoicingSchema } from '#contract/customer';
import {
  costCenterListSchema,
  costCenterSchema,
  creditorSchema,
  invoiceEstimateSchema,
  invoiceListSchema,
  invoiceSituationSchema,
  paidInvoicePageSchema,
  type InvoiceSituation,
} from '#contract/invoices';
import { parseEpcPayload } from '#contract/payment-qr';
import { isValidStructuredCommunication } from '#contract/structured-communication';
import { buildApp } from '#server/app';
import { DEFAULT_CREDITOR, DEFAULT_SUPPLIER } from '#server/config';
import { vatBreakdown } from '#contract/pricing';
import { DEMO_IDS } from '#server/demo/data/ids';
import { accountReference, invoiceSituation } from '#server/lib/invoice-data';
import { addDaysToDate, localDate } from '#contract/calendar';
import { cyclePeriod } from '#server/lib/service-calendar';
import { createSession } from '#server/lib/sessions';
import { pdfColors, pdfText } from './pdf-text.ts';
import { BRAND_ACCENT, BRAND_COLOR, BRAND_COLOR_STRONG } from '#contract/brand';
import { sqlRows } from './test-database.ts';
import { bearer, createTestApp, staticFixtureDir, type TestApp } from './test-app.ts';

let t: TestApp;
const tokens = { sophie: '', lucas: '', marc: '', emma: '', jan: '', yasmine: '' };
const C = DEMO_IDS.customers;
const K = DEMO_IDS.contracts;

beforeAll(async () => {
  t = await createTestApp();
  // Sessions are opened directly: these tests are about the invoice routes, not the login flow (auth.test.ts).
  const U = DEMO_IDS.users;
  for (const who of ['sophie', 'lucas', 'marc', 'emma', 'jan', 'yasmine'] as const) {
    tokens[who] = (await createSession(t.db, U[who], new Date())).accessToken;
  }
});
afterAll(async () => {
  await t.close();
});

type Who = keyof typeof tokens;
const get = (url: string, who: Who) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });
const patch = (url: string, who: Who, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PATCH', url, headers: { ...bearer(tokens[who]), ...headers }, payload: payload as Record<string, unknown> });
const situationOf = async (customerId: number, who: Who): Promise<InvoiceSituation> => {
  const response = await get(`/api/customer/${customerId}/invoices/situation`, who);
  expect(response.statusCode, response.body).toBe(200);
  return invoiceSituationSchema.parse(response.json());
};
const errorOf = (body: string) => errorBodySchema.parse(JSON.parse(body));

type OpenRow = { id: number; uuid: string; total: number; paid: number; due: string; generated: string; communication: string };
const openRowsOf = (customerId: number): Promise<OpenRow[]> =>
  t.db
    .selectFrom('invoices')
    .select([
      'id',
      'uuid',
      'total_incl_vat_cents as total',
      'partial_paid_cents as paid',
      'due_date as due',
      'generated_at as generated',
      'structured_communication as communication',
    ])
    .where('customer_id', '=', customerId)
    .where('paid', '=', 0)
    .orderBy('due_date')
    .execute();

const today = () => localDate(Date.now());

describe('GET /customer/:id/invoices/situation', () => {
  it('shows Marc in debt and urgent: his last invoice open, the one before past due and partly paid, one reference for both', async () => {
    const situation = await situationOf(C.marc, 'marc');
    const open = await openRowsOf(C.marc);
    const [overdue, last] = open;
    if (!overdue || !last || open.length !== 2) throw new Error(`Marc has ${open.length} open invoices, 2 expected`);
    expect(overdue.paid).toBe(1500);
    expect(last.paid).toBe(0);
    expect(situation).toMatchObject({
      openInvoiceTotal: -(overdue.total - 1500 + last.total),
      isInDebt: true,
      payUrgently: true,
      hasOpenInvoice: true,
      firstInvoiceDueDate: overdue.due,
      firstInvoiceIssueDate: localDate(Date.parse(overdue.generated)),
      partialPayments: { [overdue.uuid]: 1500 },
      // Two invoices owed: the account's reference pays both, the oldest first.
      paymentReference: accountReference(C.marc),
    });
    // Past due whatever the day: issued at least one cycle ago, due 15 days after.
    expect(overdue.due < today()).toBe(true);
    // Next invoice: the first day of Marc's next bill cycle (start day 15), due 15 days later.
    const next = addDaysToDate(cyclePeriod(new Date(), monthlyCycle(15)).end, 1);
    expect(situation.nextInvoiceDate).toBe(next);
    expect(situation.nextInvoiceDueDate).toBe(addDaysToDate(next, 15));
  });

  it('shows Sophie owing her pending direct debits, which are no debt and nothing urgent', async () => {
    // The SIM fees of her second line, and her last monthly invoice too while its due date has not come.
    const pending = await openRowsOf(C.sophie);
    const [first] = pending;
    if (!first) throw new Error('Sophie has no pending direct debit');
    const next = addDaysToDate(cyclePeriod(new Date(), monthlyCycle(5)).end, 1);
    const owed = pending.reduce((sum, row) => sum + row.total, 0);
    expect(await situationOf(C.sophie, 'sophie')).toEqual({
      openInvoiceTotal: -owed,
      // All of it is the bank's to collect.
      pendingDebitTotal: owed,
      firstInvoiceDueDate: first.due,
      firstInvoiceIssueDate: localDate(Date.parse(first.generated)),
      nextInvoiceDate: next,
      nextInvoiceDueDate: addDaysToDate(next, 15),
      partialPayments: {},
      payUrgently: false,
      hasOpenInvoice: true,
      isInDebt: false,
      paymentReference: null,
      onlinePayment: true,
    });
  });

  it('treats Yasmine’s open credit note as money owed to her, not as debt', async () => {
    const [note] = await openRowsOf(C.yasmine);
    expect(note?.total).toBe(-1500);
    expect(await situationOf(C.yasmine, 'yasmine')).toMatchObject({
      openInvoiceTotal: 1500,
      pendingDebitTotal: 0,
      isInDebt: false,
      payUrgently: false,
      hasOpenInvoice: true,
      paymentReference: null,
    });
  });

  it('pays two owed invoices with the account reference', async () => {
    const { id: lastInsertRowid } = await t.db
      .insertInto('invoices')
      .values({
        uuid: '0b5c3d0e-0000-4000-8000-000000000001',
        customer_id: C.marc,
        generated_at: new Date().toISOString(),
        due_date: today(),
        total_incl_vat_cents: 999,
        structured_communication: '+++999/9999/99948+++',
        piece_id: 'F-TEST',
        payment_mode: 'BT',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const situation = await situationOf(C.marc, 'marc');
      expect(situation.paymentReference).toBe(accountReference(C.marc));
      expect(isValidStructuredCommunication(accountReference(C.marc))).toBe(true);
    } finally {
      await t.db.deleteFrom('invoices').where('id', '=', lastInsertRowid).execute();
    }
  });

  it('gives a professional customer (Emma, three lines on the 1st) its next invoice on the 1st', async () => {
    const situation = await situationOf(C.martinLogistics, 'emma');
    expect(situation.nextInvoiceDate?.slice(8)).toBe('01');
    expect(situation.isInDebt).toBe(false);
  });
});

describe('invoice lists', () => {
  it('lists Marc’s open invoice with its details and Sophie’s pending direct debit', async () => {
    const marc = invoiceListSchema.parse((await get(`/api/customer/${C.marc}/invoices/open`, 'marc')).json());
    expect(marc.invoices.map((invoice) => invoice.uuid)).toEqual((await openRowsOf(C.marc)).map((row) => row.uuid));
    expect(marc.invoices[0]).toMatchObject({
      details: { payment_mode: 'BT', document_type: 'invoice', cost_center_id: null },
      dates: { paid_at: null },
    });
    expect(isValidStructuredCommunication(marc.invoices[0]?.structured_communication ?? '')).toBe(true);
    const sophie = invoiceListSchema.parse((await get(`/api/customer/${C.sophie}/invoices/open`, 'sophie')).json());
    expect(sophie.invoices).toHaveLength(1);
    expect(sophie.invoices[0]?.details.payment_mode).toBe('DD');
    expect((sophie.invoices[0]?.dates.due_date ?? '') >= today()).toBe(true);
  });

  it('pages the paid invoices with the snake_case pagination, newest first by default', async () => {
    const all = paidInvoicePageSchema.parse((await get(`/api/customer/${C.sophie}/invoices/paid`, 'sophie')).json());
    expect(all.invoices).toHaveLength(6);
    expect(all.pagination).toMatchObject({ current_page: 1, from: 1, to: 6, per_page: 25, total: 6, last_page: 1 });
    expect(all.pagination.links.next).toBeNull();
    const dates = all.invoices.map((invoice) => invoice.dates.invoice_generated_at);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.invoices.every((invoice) => invoice.dates.paid_at !== null && invoice.dates.period_start !== null)).toBe(true);

    const second = paidInvoicePageSchema.parse(
      (await get(`/api/customer/${C.sophie}/invoices/paid?megalist-batchSize=2&megalist-page=2`, 'sophie')).json(),
    );
    expect(second.invoices.map((invoice) => invoice.uuid)).toEqual(all.invoices.slice(2, 4).map((invoice) => invoice.uuid));
    expect(second.pagination).toMatchObject({ current_page: 2, from: 3, to: 4, per_page: 2, total: 6, last_page: 3 });
    expect(second.pagination.links.next).toContain('megalist-page=3');
    expect(second.pagination.links.prev).toContain('megalist-page=1');

    const beyond = paidInvoicePageSchema.parse((await get(`/api/customer/${C.sophie}/invoices/paid?megalist-page=9`, 'sophie')).json());
    expect(beyond.invoices).toEqual([]);
    expect(beyond.pagination).toMatchObject({ from: null, to: null, total: 6 });

    const ascending = paidInvoicePageSchema.parse(
      (await get(`/api/customer/${C.sophie}/invoices/paid?megalist-sortOrder=asc`, 'sophie')).json(),
    );
    expect(ascending.invoices.map((invoice) => invoice.uuid)).toEqual([...all.invoices].reverse().map((invoice) => invoice.uuid));
  });

  it('shows each cost centre its own invoices', async () => {
    const centers = costCenterListSchema.parse((await get(`/api/customer/${C.martinLogistics}/cost-centers`, 'emma')).json()).costCenters;
    expect(centers.map((center) => [center.name, center.contractIds])).toEqual([
      ['Administration', [K.emmaOrders, K.emmaFraud]],
      ['Transport', [K.lucas]],
    ]);
    const all = paidInvoicePageSchema.parse((await get(`/api/customer/${C.martinLogistics}/invoices/paid`, 'emma')).json());
    expect(all.pagination.total).toBe(12);
    for (const center of centers) {
      const page = paidInvoicePageSchema.parse(
        (await get(`/api/customer/${C.martinLogistics}/invoices/paid?costCenterId=${center.id}`, 'emma')).json(),
      );
      expect(page.pagination.total).toBe(6);
      expect(page.invoices.every((invoice) => invoice.details.cost_center_id === center.id)).toBe(true);
      expect(page.pagination.links.first).toContain(`costCenterId=${center.id}`);
    }
    expect(costCenterListSchema.parse((await get(`/api/customer/${C.sophie}/cost-centers`, 'sophie')).json()).costCenters).toEqual([]);
  });

  it.each([
    { query: 'megalist-batchSize=5001', field: 'megalist-batchSize', status: 400 },
    { query: 'megalist-sort=amount', field: 'megalist-sort', status: 400 },
    { query: 'costCenterId=abc', field: 'costCenterId', status: 400 },
  ])('refuses $query with the field ($status)', async ({ query, field, status }) => {
    const response = await get(`/api/customer/${C.sophie}/invoices/paid?${query}`, 'sophie');
    expect(response.statusCode).toBe(status);
    expect(errorOf(response.body).fields?.[0]?.field).toBe(field);
  });

  it('answers 404 for a cost centre of another customer', async () => {
    expect((await get(`/api/customer/${C.sophie}/invoices/open?costCenterId=1`, 'sophie')).statusCode).toBe(404);
  });

  it('writes every seeded invoice as the sum of its lines, a credit note negative', async () => {
    const rows = await sqlRows<{ total: number; lines: number | null; type: string }>(
      t.db,
      `SELECT i.total_incl_vat_cents AS total, (SELECT SUM(amount_cents) FROM invoice_lines l WHERE l.invoice_id = i.id) AS lines,
       i.document_type AS type FROM invoices i`,
    );
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.every((row) => row.total === row.lines)).toBe(true);
    expect(rows.filter((row) => row.type === 'credit_note').every((row) => row.total < 0)).toBe(true);
    expect(rows.some((row) => row.type === 'credit_note')).toBe(true);
  });
});

describe('invoice access', () => {
  it.each([
    { who: 'a plain user (Lucas) on its own customer', token: 'lucas', customerId: C.martinLogistics, status: 403 },
    { who: 'the admin of that customer (Jan)', token: 'jan', customerId: C.martinLogistics, status: 200 },
    { who: 'another customer (Sophie on Marc)', token: 'sophie', customerId: C.marc, status: 403 },
  ] as const)('answers $status to $who', async ({ token, customerId, status }) => {
    for (const path of ['invoices/situation', 'invoices/open', 'invoices/paid', 'invoices/estimate', 'cost-centers']) {
      const response = await get(`/api/customer/${customerId}/${path}`, token);
      expect(response.statusCode, path).toBe(status);
    }
  });

  it('needs a session', async () => {
    for (const url of [`/api/customer/${C.sophie}/invoices/situation`, '/api/invoices/creditor']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('GET /invoices/creditor', () => {
  it('answers the configured creditor to any signed-in user', async () => {
    const response = await get('/api/invoices/creditor', 'lucas');
    expect(response.statusCode).toBe(200);
    expect(creditorSchema.parse(response.json())).toEqual(DEFAULT_CREDITOR);
  });

  it('takes the creditor from the configuration', async () => {
    const creditor = { name: 'Autre SA', iban: 'BE68539007547034', bic: 'BBRUBEBB', identifier: 'BE51ZZZ0876543270' };
    const app = await buildApp({ demo: true, db: t.db, staticDir: staticFixtureDir, creditor });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/invoices/creditor', headers: bearer(tokens.sophie) });
      expect(response.json()).toEqual(creditor);
    } finally {
      await app.close();
    }
  });
});

describe('GET /customer/:id/invoices/estimate', () => {
  it('adds Sophie’s plan, options, promotions, out-of-bundle costs so far and their forecast', async () => {
    const response = await get(`/api/customer/${C.sophie}/invoices/estimate`, 'sophie');
    expect(response.statusCode).toBe(200);
    const estimate = invoiceEstimateSchema.parse(response.json());
    // Only the active line is billed; the SIM still in delivery is not.
    expect(estimate.contracts.map((c) => c.msisdn)).toEqual(['0470000001']);
    const [line] = estimate.contracts;
    if (!line) throw new Error('no line');
    const byKind = (kind: string) => line.lines.filter((l) => l.kind === kind);
    expect(byKind('plan')).toEqual([
      { kind: 'plan', label: { fr: 'Mega Mobile M', nl: 'Mega Mobile M', en: 'Mega Mobile M' }, quantity: 1, amount: 2000 },
    ]);
    // 20 % of the plan (a promotion of the M plan) and the €3 referral of Sophie's line.
    expect(byKind('promotion').map((l) => l.amount)).toEqual([-400, -300]);
    const usage = byKind('usage')[0]?.amount ?? -1;
    const forecast = byKind('forecast')[0]?.amount ?? -1;
    expect(usage).toBeGreaterThan(0);
    expect(forecast).toBeGreaterThanOrEqual(0);
    expect(line.total).toBe(2000 - 700 + usage + forecast);
    expect(estimate.total).toBe(line.total);
    expect(estimate.nextInvoiceDate).toBe(addDaysToDate(line.period.end, 1));
  });

  it('lists every billed line of a professional customer, with its options', async () => {
    const estimate = invoiceEstimateSchema.parse((await get(`/api/customer/${C.martinLogistics}/invoices/estimate`, 'emma')).json());
    expect(estimate.contracts.map((c) => c.contractId).sort()).toEqual([K.lucas, K.emmaOrders, K.emmaFraud].sort());
    const lucas = estimate.contracts.find((c) => c.contractId === K.lucas);
    expect(lucas?.lines.find((l) => l.kind === 'option')).toMatchObject({ quantity: 2, amount: 2000 });
    expect(estimate.total).toBe(estimate.contracts.reduce((sum, c) => sum + c.total, 0));
  });
});

/** The invoice's text as one line: pdfkit ends a line at each text run, and Intl writes no-break spaces in amounts. */
const invoiceText = (pdf: Buffer): string => pdfText(pdf).replace(/\s+/g, ' ');

describe('GET /customer/:id/invoices/:uuid/download', () => {
  it('sends Marc’s open invoice as a PDF in Dutch: amount left, communication, lines, VAT and the transfer', async () => {
    const [open] = await openRowsOf(C.marc);
    if (!open) throw new Error('Marc has no open invoice');
    const response = await get(`/api/customer/${C.marc}/invoices/${open.uuid}/download`, 'marc');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="invoice-F\d{4}-\d{6}\.pdf"$/);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const text = invoiceText(response.rawPayload);
    const euro = (cents: number) =>
      new Intl.NumberFormat('nl-BE', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\s+/g, ' ');
    expect(text).toContain('Factuur');
    // The supplier, from the configuration.
    expect(text).toContain(`${DEFAULT_SUPPLIER.legalName} ${DEFAULT_SUPPLIER.address} Btw: ${DEFAULT_SUPPLIER.vatNumber}`);
    expect(text).toContain('Lijn 0470000004');
    expect(text).toContain('Mega Mobile S');
    expect(text).toContain('Kerkstraat 45');
    // The lines excl. VAT, which add up to the total excl. VAT; with the VAT, the total incl. VAT.
    expect(text).toContain('Omschrijving Bedrag excl. btw');
    const lines = (
      await t.db
        .selectFrom('invoice_lines')
        .select(['kind', 'amount_excl_vat_cents'])
        .where('invoice_id', '=', open.id)
        .orderBy('position')
        .execute()
    ).map((line) => ({ kind: line.kind, amount_excl_vat_cents: line.amount_excl_vat_cents ?? 0 }));
    expect(lines.some((line) => line.kind === 'usage')).toBe(true);
    for (const line of lines) expect(text).toContain(euro(line.amount_excl_vat_cents));
    const excl = lines.reduce((sum, line) => sum + line.amount_excl_vat_cents, 0);
    expect(excl).toBe(vatBreakdown(open.total).excl);
    expect(text).toContain(`Totaal excl. btw ${euro(excl)} Btw 21 % ${euro(open.total - excl)} Totaal incl. btw ${euro(open.total)}`);
    expect(text).toContain(`Nog te betalen: ${euro(open.total - 1500)}`);
    expect(text).toContain(open.communication);
    expect(text).toContain('BE68 0017 7665 5434');
  });

  it('paints the app’s colours and its mark, and stays text a reader can extract', async () => {
    const [open] = await openRowsOf(C.marc);
    if (!open) throw new Error('Marc has no open invoice');
    const pdf = (await get(`/api/customer/${C.marc}/invoices/${open.uuid}/download`, 'marc')).rawPayload;
    const { fill, stroke } = pdfColors(pdf);
    // The bar and the mark's tile, the supplier's name and the title in the brand colour; the dot in its accent.
    expect(fill.slice(0, 2)).toEqual([BRAND_COLOR, BRAND_COLOR]);
    expect(fill).toContain(BRAND_ACCENT);
    expect(fill).toContain(BRAND_COLOR_STRONG);
    expect(fill).not.toContain('#1d4ed8');
    // The mark's M, stroked white, and the totals' rule in the brand colour.
    expect(stroke).toEqual(expect.arrayContaining(['#ffffff', BRAND_COLOR]));
    // Still text, not an image of text: the supplier, the piece and the total are read back from it.
    const text = invoiceText(pdf);
    expect(text).toContain(`${DEFAULT_SUPPLIER.legalName} ${DEFAULT_SUPPLIER.address}`);
    expect(text).toMatch(/Factuur F\d{4}-\d{6}/);
    expect(text).toContain('Totaal incl. btw');
  });

  it('sends Sophie’s paid invoice in French, without a code to pay it again', async () => {
    const paid = paidInvoicePageSchema.parse((await get(`/api/customer/${C.sophie}/invoices/paid`, 'sophie')).json()).invoices[0];
    if (!paid) throw new Error('Sophie has no paid invoice');
    const response = await get(`/api/customer/${C.sophie}/invoices/${paid.uuid}/download`, 'sophie');
    const text = invoiceText(response.rawPayload);
    expect(text).toContain(`Facture ${paid.piece}`);
    expect(text).toContain('Payée le');
    expect(text).toContain(paid.structured_communication);
    expect(text).toContain('Parrainage : 3 € par mois');
    expect(text).not.toContain('Scannez ce code');
  });

  it('writes a credit note with the refund rules', async () => {
    const [note] = await openRowsOf(C.yasmine);
    const text = invoiceText((await get(`/api/customer/${C.yasmine}/invoices/${note?.uuid ?? ''}/download`, 'yasmine')).rawPayload);
    expect(text).toContain('Note de crédit');
    expect(text).toContain('Montant à vous rembourser');
    expect(text).toMatch(/Remboursée au plus tard le \d{2}\/\d{2}\/\d{4}, ou déduite de votre prochaine facture/);
  });

  it.each([
    { name: 'an unknown invoice', who: 'marc', customerId: C.marc, uuid: '0b5c3d0e-0000-4000-8000-00000000ffff', status: 404 },
    { name: 'not a uuid', who: 'marc', customerId: C.marc, uuid: 'abc', status: 400 },
    { name: 'another customer’s invoice under one’s own id', who: 'sophie', customerId: C.sophie, uuid: 'marc', status: 404 },
    { name: 'another customer’s id', who: 'sophie', customerId: C.marc, uuid: 'marc', status: 403 },
    { name: 'a plain user', who: 'lucas', customerId: C.martinLogistics, uuid: 'marc', status: 403 },
  ] as const)('answers $status to $name', async ({ who, customerId, uuid, status }) => {
    const id = uuid === 'marc' ? ((await openRowsOf(C.marc))[0]?.uuid ?? '') : uuid;
    const response = await get(`/api/customer/${customerId}/invoices/${id}/download`, who);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toContain('application/json');
  });

  it('draws a payment QR code whose payload is the amount left and the communication', async () => {
    // The PDF's QR code is vector squares; its payload is what the shared builder makes of the same data.
    const [open] = await openRowsOf(C.marc);
    const { belgianTransferPayload } = await import('#contract/payment-qr');
    const payload = parseEpcPayload(belgianTransferPayload(DEFAULT_CREDITOR, (open?.total ?? 0) - 1500, open?.communication ?? ''));
    expect(payload).toMatchObject({ amountCents: (open?.total ?? 0) - 1500, reference: open?.communication.replace(/\D/g, '') });
  });
});

describe('PATCH /customer/:id/invoicing', () => {
  const url = `/api/customer/${C.marc}/invoicing`;
  const lastUpdate = async () =>
    (await t.db.selectFrom('invoicing').select('last_update').where('customer_id', '=', C.marc).executeTakeFirstOrThrow()).last_update;

  it('switches Marc to direct debit: the BIC stored as 8 characters, the mandate dated today', async () => {
    const response = await patch(
      url,
      'marc',
      { lastUpdate: await lastUpdate(), payment: { mode: 'DD', iban: 'be71 0961 2345 6769', bic: 'GKCCBEBBXXX', agreement: true } },
      { 'idempotency-key': 'invoicing-switch-0001' },
    );
    expect(response.statusCode, response.body).toBe(200);
    const invoicing = invoicingSchema.parse(response.json());
    expect(invoicing.payment).toEqual({ mode: 'DD', iban: 'BE71096123456769', bic: 'GKCCBEBB', mandateDate: today() });
    // The same key again: the stored answer, nothing applied twice.
    const replay = await patch(
      url,
      'marc',
      {
        lastUpdate: JSON.parse(response.body).lastUpdate as string,
        payment: { mode: 'DD', iban: 'BE71096123456769', bic: 'GKCCBEBB', agreement: true },
      },
      { 'idempotency-key': 'invoicing-switch-0001' },
    );
    expect(replay.statusCode).toBe(422);
    expect(errorOf(replay.body).code).toBe('idempotencyMismatch');
  });

  it('replays the same request with the same key as it answered, once applied', async () => {
    const body = {
      lastUpdate: await lastUpdate(),
      holder: { firstName: 'Marc', lastName: 'Janssens', email: 'facturen@janssens.example.be' },
    };
    const first = await patch(url, 'marc', body, { 'idempotency-key': 'invoicing-holder-0001' });
    expect(first.statusCode, first.body).toBe(200);
    const again = await patch(url, 'marc', body, { 'idempotency-key': 'invoicing-holder-0001' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    const applied = await t.app.inject({ method: 'GET', url: '/api/test/applied' });
    const changes = (applied.json<{ changes: { key: string }[] }>().changes ?? []).filter((c) => c.key === 'invoicing-holder-0001');
    expect(changes).toHaveLength(1);
  });

  it('moves the billing address to the Netherlands with a Dutch postal code', async () => {
    const response = await patch(url, 'marc', {
      lastUpdate: await lastUpdate(),
      address: { street: 'Damrak', number: '1', box: '', city: 'Amsterdam', zipCode: '1012 lg', country: 'NL' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(invoicingSchema.parse(response.json()).address).toEqual({
      street: 'Damrak',
      number: '1',
      box: null,
      city: 'Amsterdam',
      zipCode: '1012 LG',
      country: 'NL',
    });
  });

  it('goes back to bank transfer: the account kept for refunds, the mandate ended', async () => {
    const response = await patch(url, 'marc', { lastUpdate: await lastUpdate(), payment: { mode: 'BT' } });
    expect(response.statusCode, response.body).toBe(200);
    expect(invoicingSchema.parse(response.json()).payment).toEqual({
      mode: 'BT',
      iban: 'BE71096123456769',
      bic: 'GKCCBEBB',
      mandateDate: null,
    });
  });

  it.each([
    {
      name: 'an IBAN whose Belgian check fails',
      payment: { iban: 'BE41539007547035' },
      field: 'payment.iban',
      message: 'validation:iban.format',
    },
    { name: 'a letter in a Belgian IBAN', payment: { iban: 'BE3453900754703A' }, field: 'payment.iban', message: 'validation:iban.format' },
    { name: 'a Dutch BIC for a Belgian IBAN', payment: { bic: 'ABNANL2A' }, field: 'payment.bic', message: 'validation:bic.match' },
    { name: 'a branch BIC', payment: { bic: 'GKCCBEBB123' }, field: 'payment.bic', message: 'validation:bic.length' },
    { name: 'no mandate agreement', payment: { agreement: false }, field: 'payment.agreement', message: 'validation:agreement' },
  ])('answers 400 with the field for $name', async ({ payment, field, message }) => {
    const response = await patch(url, 'marc', {
      lastUpdate: await lastUpdate(),
      payment: { mode: 'DD', iban: 'BE71096123456769', bic: 'GKCCBEBB', agreement: true, ...payment },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body)).toMatchObject({ code: 'invalidParameters', fields: [{ field, message }] });
  });

  it('answers 400 for a postal code of another country', async () => {
    const response = await patch(url, 'marc', {
      address: { street: 'Kerkstraat', number: '45', box: null, city: 'Antwerpen', zipCode: '75001', country: 'BE' },
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.body).fields).toEqual([{ field: 'address.zipCode', message: 'validation:postalCode' }]);
  });

  it('answers 412 when the details changed since they were read', async () => {
    const response = await patch(url, 'marc', { lastUpdate: '2020-01-01T00:00:00.000Z', payment: { mode: 'BT' } });
    expect(response.statusCode).toBe(412);
    expect(errorOf(response.body).code).toBe('staleData');
  });

  it('answers 422 when nothing would change', async () => {
    const response = await patch(url, 'marc', { lastUpdate: await lastUpdate(), payment: { mode: 'BT' } });
    expect(response.statusCode).toBe(422);
    expect(errorOf(response.body).code).toBe('noUpdate');
  });

  it.each([
    { name: 'a plain user', who: 'lucas', customerId: C.martinLogistics },
    { name: 'another customer', who: 'sophie', customerId: C.marc },
  ] as const)('answers 403 to $name', async ({ who, customerId }) => {
    const response = await patch(`/api/customer/${customerId}/invoicing`, who, { payment: { mode: 'BT' } });
    expect(response.statusCode).toBe(403);
  });
});

describe('PATCH /customer/:id/cost-center', () => {
  const url = `/api/customer/${C.martinLogistics}/cost-center`;
  const centerVersion = async (id: number) =>
    (await t.db.selectFrom('cost_centers').select('last_update').where('id', '=', id).executeTakeFirstOrThrow()).last_update;

  it('renames a cost centre, once per Idempotency-Key', async () => {
    const body = { id: 1, name: 'Transport & logistique', lastUpdate: await centerVersion(1) };
    const first = await patch(url, 'emma', body, { 'idempotency-key': 'cost-center-rename-01' });
    expect(first.statusCode, first.body).toBe(200);
    expect(costCenterSchema.parse(first.json())).toMatchObject({ id: 1, name: 'Transport & logistique', contractIds: [K.lucas] });
    const again = await patch(url, 'emma', body, { 'idempotency-key': 'cost-center-rename-01' });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
  });

  it.each([
    { name: 'an empty name', body: { id: 1, name: ' ' }, status: 400, code: 'invalidParameters', field: 'name' },
    {
      name: 'the name of the other cost centre',
      body: { id: 1, name: 'administration' },
      status: 400,
      code: 'invalidParameters',
      field: 'name',
    },
    { name: 'a stale version', body: { id: 1, name: 'Fleet', lastUpdate: '2020-01-01T00:00:00.000Z' }, status: 412, code: 'staleData' },
    { name: 'the same name', body: { id: 2, name: 'Administration' }, status: 422, code: 'noUpdate' },
    { name: 'another customer’s cost centre', body: { id: 99, name: 'X' }, status: 404, code: 'notFound' },
  ])('answers $status to $name', async ({ body, status, code, ...rest }) => {
    const response = await patch(url, 'emma', body);
    expect(response.statusCode).toBe(status);
    const error = errorOf(response.body);
    expect(error.code).toBe(code);
    if ('field' in rest) expect(error.fields?.[0]?.field).toBe(rest.field);
  });

  it('refuses a plain user', async () => {
    expect((await patch(url, 'lucas', { id: 1, name: 'Mine' })).statusCode).toBe(403);
  });
});

describe('GET /invoices/bill-cycle/:id', () => {
  it('answers the cycle, also to a plain user (it needs it for its consumption periods)', async () => {
    const response = await get(`/api/invoices/bill-cycle/${DEMO_IDS.billCycles.day5}`, 'lucas');
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
    expect((await get(`/api/invoices/bill-cycle/${id}`, 'sophie')).statusCode).toBe(status);
  });
});

describe('time passing', () => {
  it('turns Sophie’s pending direct debit into a failed one, a debt, after its due date', async () => {
    const [pending] = await openRowsOf(C.sophie);
    if (!pending) throw new Error('no pending direct debit');
    // The repository at a later "now" (a session would have expired by then: the route is tested above).
    const later = new Date(Date.parse(`${addDaysToDate(pending.due, 1)}T12:00:00Z`));
    expect(await invoiceSituation(t.db, C.sophie, later)).toMatchObject({
      isInDebt: true,
      payUrgently: true,
      paymentReference: pending.communication,
    });
  });
});
