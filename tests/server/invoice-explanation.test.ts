import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contract/common';
import { invoiceDetailSchema, invoiceExplanationSchema, type InvoiceDetail } from '#contract/invoices';
import { usageSummarySchema } from '#contract/usage';
import { explainStored } from '#data/bill-explanation-rows';
import { DEMO_IDS } from '#server/demo/data/ids';
import { createSession } from '#server/lib/sessions';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

/*
 * docs/product/invoices.md "Why this bill is different": GET …/invoices/{uuid} and …/explanation on the seeded demo,
 * on SQLite and, with TEST_DATABASE_URL, on PostgreSQL. The causes add up to the difference to the cent; the previous
 * invoice is the same account's and cost centre's; the app's computation on the stored invoices gives the same answer;
 * the routes answer as the other invoice routes do (403 for another customer, 404 for an unknown invoice, 400 with the
 * field at fault).
 */

let t: TestApp;
const tokens = { sophie: '', lucas: '', marc: '', emma: '', yasmine: '' };
const C = DEMO_IDS.customers;

beforeAll(async () => {
  t = await createTestApp();
  for (const who of Object.keys(tokens) as (keyof typeof tokens)[])
    tokens[who] = (await createSession(t.db, DEMO_IDS.users[who], new Date())).accessToken;
});
afterAll(async () => {
  await t.close();
});

type Who = keyof typeof tokens;
const get = (url: string, who: Who) => t.app.inject({ method: 'GET', url, headers: bearer(tokens[who]) });

const invoicesOf = (customerId: number) =>
  t.db
    .selectFrom('invoices')
    .select(['uuid', 'document_type', 'period_start', 'cost_center_id', 'total_incl_vat_cents'])
    .where('customer_id', '=', customerId)
    .orderBy('period_start', 'desc')
    .orderBy('generated_at', 'desc')
    .execute();

const detailOf = async (customerId: number, uuid: string, who: Who): Promise<InvoiceDetail> => {
  const response = await get(`/api/customer/${customerId}/invoices/${uuid}`, who);
  expect(response.statusCode, response.body).toBe(200);
  return invoiceDetailSchema.parse(response.json());
};

const explanationOf = async (customerId: number, uuid: string, who: Who) => {
  const response = await get(`/api/customer/${customerId}/invoices/${uuid}/explanation`, who);
  expect(response.statusCode, response.body).toBe(200);
  return invoiceExplanationSchema.parse(response.json());
};

const accounts: [Who, number][] = [
  ['sophie', C.sophie],
  ['marc', C.marc],
  ['emma', C.martinLogistics],
  ['yasmine', C.yasmine],
];

describe('GET /customer/:id/invoices/:uuid', () => {
  it.each(accounts)('%s: every invoice’s lines add up to its totals, incl. and excl. VAT', async (who, customerId) => {
    for (const invoice of await invoicesOf(customerId)) {
      const detail = await detailOf(customerId, invoice.uuid, who);
      expect(detail.lines.reduce((sum, line) => sum + line.amount_cents, 0)).toBe(detail.totals.incl_vat_cents);
      expect(detail.lines.reduce((sum, line) => sum + line.amount_excl_vat_cents, 0)).toBe(detail.totals.excl_vat_cents);
      expect(detail.totals.excl_vat_cents + detail.totals.vat_cents).toBe(detail.totals.incl_vat_cents);
      expect(detail.invoice.total.total_incl_vat).toBe(invoice.total_incl_vat_cents);
    }
  });
});

describe('GET /customer/:id/invoices/:uuid/explanation', () => {
  it.each(accounts)(
    '%s: the causes add up to the difference, and the app computes the same from the stored invoices',
    async (who, customerId) => {
      const invoices = await invoicesOf(customerId);
      const details = await Promise.all(
        invoices.map(async (invoice) => ({ ...(await detailOf(customerId, invoice.uuid, who)), uuid: invoice.uuid, customerId })),
      );
      for (const invoice of invoices) {
        const explanation = await explanationOf(customerId, invoice.uuid, who);
        expect(explanation.lines.reduce((sum, line) => sum + line.amount_cents, 0)).toBe(explanation.difference_cents);
        const previousTotal = explanation.previous?.total_cents ?? 0;
        expect(explanation.difference_cents).toBe(invoice.total_incl_vat_cents - previousTotal);
        // The previous one: the latest cycle invoice before, of the same cost centre; none for one-off documents.
        const expected =
          invoice.document_type === 'invoice' && invoice.period_start !== null
            ? (invoices.find(
                (other) =>
                  other.document_type === 'invoice' &&
                  other.period_start !== null &&
                  other.period_start < (invoice.period_start ?? '') &&
                  other.cost_center_id === invoice.cost_center_id,
              )?.uuid ?? null)
            : null;
        expect(explanation.previous?.uuid ?? null).toBe(expected);
        // The app: the same contract function on the invoices it stored (src/data/bill-explanation-rows.ts).
        const detail = details.find((row) => row.uuid === invoice.uuid);
        if (!detail) throw new Error('no detail');
        const onDevice = explainStored(detail, [], details);
        expect(onDevice).toEqual({ status: 'ready', explanation });
      }
    },
  );

  it('Sophie’s last monthly invoice: her plan change with its days, the −20 % that started, her use beyond the bundle', async () => {
    const [latest] = (await invoicesOf(C.sophie)).filter((row) => row.document_type === 'invoice' && row.period_start !== null);
    if (!latest) throw new Error('no invoice');
    const explanation = await explanationOf(C.sophie, latest.uuid, 'sophie');
    const plan = explanation.lines.find((line) => line.cause === 'plan');
    expect(plan?.spans.map((span) => span.label?.en)).toEqual(['Mega Mobile S', 'Mega Mobile M']);
    expect(plan?.spans[0]?.days).toBe(12);
    expect(explanation.lines.find((line) => line.cause === 'promotion')).toMatchObject({
      change: 'started',
      plan: { en: 'Mega Mobile M' },
      label: { en: '20 % off for 6 months' },
    });
    expect(explanation.lines.some((line) => line.cause === 'usage')).toBe(true);
  });

  it('Marc’s last invoice: his calls abroad and his calls to a premium number', async () => {
    const [latest] = (await invoicesOf(C.marc)).filter((row) => row.document_type === 'invoice' && row.period_start !== null);
    if (!latest) throw new Error('no invoice');
    const explanation = await explanationOf(C.marc, latest.uuid, 'marc');
    expect(explanation.lines.find((line) => line.category === 'premium:call')).toMatchObject({ change: 'added', amount_cents: 600 });
    expect(explanation.lines.some((line) => line.category === 'international:call')).toBe(true);
  });

  it('Yasmine’s last invoice: her roaming outside the EU and the credit note taken off', async () => {
    const [latest] = (await invoicesOf(C.yasmine)).filter((row) => row.document_type === 'invoice' && row.period_start !== null);
    if (!latest) throw new Error('no invoice');
    const explanation = await explanationOf(C.yasmine, latest.uuid, 'yasmine');
    expect(explanation.lines.filter((line) => line.category?.startsWith('world:')).length).toBeGreaterThan(0);
    expect(explanation.lines.find((line) => line.cause === 'credit')).toMatchObject({ change: 'added', amount_cents: -500 });
    // Named by where she roamed: the cycle's records say Switzerland.
    expect(explanation.lines.find((line) => line.category === 'world:data')?.country).toBe('CH');
  });

  it.each(accounts)(
    '%s: each out-of-bundle cause of every invoice is its cycle’s records of that line, zone and kind, rated as billed',
    async (who, customerId) => {
      const invoices = await invoicesOf(customerId);
      let checked = 0;
      for (const invoice of invoices) {
        for (const line of (await explanationOf(customerId, invoice.uuid, who)).lines) {
          if (line.cause !== 'usage' || line.current_cents === 0 || !line.period || line.contract_id === null) continue;
          // What the consumption details rate: the cycle's summary (GET …/usage?cycle=), its charge of that zone and kind.
          const response = await get(`/api/customer/${customerId}/contract/${line.contract_id}/usage?cycle=${line.period.start}`, who);
          expect(response.statusCode, response.body).toBe(200);
          const summary = usageSummarySchema.parse(response.json());
          expect(summary.period).toEqual(line.period);
          const charge = summary.charges.find((c) => `${c.zone}:${c.kind}` === line.category);
          expect(charge?.cents, `${invoice.uuid} ${line.category ?? ''}`).toBe(line.current_cents);
          checked += 1;
        }
      }
      expect(checked).toBeGreaterThan(0);
    },
  );

  it('GET …/usage?cycle= answers a closed cycle by its first day only', async () => {
    const contract = DEMO_IDS.contracts.yasmine;
    const at = (cycle: string) => get(`/api/customer/${C.yasmine}/contract/${contract}/usage?cycle=${cycle}`, 'yasmine');
    expect((await at('2026-09-01')).statusCode).toBe(200);
    // Not a cycle's first day, or the current cycle: refused, with the field at fault.
    for (const cycle of ['2026-09-02', '2026-11-01']) {
      const response = await at(cycle);
      expect(response.statusCode).toBe(400);
      expect(errorBodySchema.parse(response.json()).fields?.map((field) => field.field)).toEqual(['cycle']);
    }
  });

  it('Emma’s: each cost centre’s invoice against that cost centre’s previous one', async () => {
    const invoices = await invoicesOf(C.martinLogistics);
    for (const centre of [1, 2]) {
      const [latest, previous] = invoices.filter((row) => row.cost_center_id === centre);
      if (!latest || !previous) throw new Error(`no invoices for cost centre ${centre}`);
      expect((await explanationOf(C.martinLogistics, latest.uuid, 'emma')).previous?.uuid).toBe(previous.uuid);
    }
  });

  it('answers as the other invoice routes: 403 for another customer or a plain user, 404 for an unknown invoice, 400 for a bad uuid', async () => {
    const [marcs] = await invoicesOf(C.marc);
    if (!marcs) throw new Error('no invoice');
    // Another customer's id: refused before anything is read.
    expect((await get(`/api/customer/${C.marc}/invoices/${marcs.uuid}/explanation`, 'sophie')).statusCode).toBe(403);
    // Her own customer id with Marc's invoice: not found, revealing nothing.
    const notHers = await get(`/api/customer/${C.sophie}/invoices/${marcs.uuid}/explanation`, 'sophie');
    expect(notHers.statusCode).toBe(404);
    expect((await get(`/api/customer/${C.sophie}/invoices/${marcs.uuid}`, 'sophie')).statusCode).toBe(404);
    expect((await get(`/api/customer/${C.sophie}/invoices/00000000-0000-4000-8000-000000000000/explanation`, 'sophie')).statusCode).toBe(
      404,
    );
    // A plain user sees no invoice.
    expect((await get(`/api/customer/${C.martinLogistics}/invoices/${marcs.uuid}/explanation`, 'lucas')).statusCode).toBe(403);
    const bad = await get(`/api/customer/${C.sophie}/invoices/not-a-uuid/explanation`, 'sophie');
    expect(bad.statusCode).toBe(400);
    expect(errorBodySchema.parse(bad.json()).fields?.map((field) => field.field)).toEqual(['uuid']);
    const badCustomer = await get(`/api/customer/abc/invoices/${marcs.uuid}/explanation`, 'sophie');
    expect(badCustomer.statusCode).toBe(400);
    expect(errorBodySchema.parse(badCustomer.json()).fields?.map((field) => field.field)).toEqual(['customerId']);
  });
});
