import { monthlyCycle } from '#contract/bill-cycle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contract/common';
import { invoiceListSchema, paidInvoicePageSchema, type Invoice } from '#contract/invoices';
import { usageSummarySchema, type UsageSummary } from '#contract/usage';
import { DEMO_IDS } from '#server/demo/data/ids';
import { csvCell } from '#server/lib/consumption-csv';
import { PDF_ROW_LIMIT } from '#server/lib/consumption-export-format';
import { localDate, localDayRange } from '#contract/calendar';
import { cyclePeriod } from '#server/lib/service-calendar';
import { createSession } from '#server/lib/sessions';
import { pdfRecordCosts, pdfText } from './pdf-text.ts';
import { bearer, createTestApp, login, type TestApp } from './test-app.ts';

let t: TestApp;
const tokens = { sophie: '', lucas: '', marc: '', yasmine: '' };
const C = DEMO_IDS.customers;
const K = DEMO_IDS.contracts;

beforeAll(async () => {
  t = await createTestApp();
  // Sessions are opened directly: these tests are about the download route, not the login flow (auth.test.ts).
  const U = DEMO_IDS.users;
  for (const who of ['sophie', 'lucas', 'marc', 'yasmine'] as const)
    tokens[who] = (await createSession(t.db, U[who], new Date())).accessToken;
});
afterAll(async () => {
  await t.close();
});

const download = (customerId: number, contractId: number, query: string, token: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/customer/${customerId}/contract/${contractId}/usage/download?${query}`,
    headers: bearer(token),
  });
const countIn = async (contractId: number, from: string, to: string): Promise<number> => {
  const range = localDayRange(from, to);
  return (
    await t.db
      .selectFrom('usage_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('contract_id', '=', contractId)
      .where('event_time', '>=', range.from)
      .where('event_time', '<=', range.to)
      .executeTakeFirstOrThrow()
  ).n;
};

const frDate = (iso: string): string => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

describe('GET …/usage/download?type=PDF', () => {
  it('sends a real PDF of the current cycle as an attachment', async () => {
    const period = cyclePeriod(new Date(), monthlyCycle(5));
    const response = await download(C.sophie, K.sophieMain, 'type=PDF', tokens.sophie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="consumption-0470000001-${period.start}.pdf"`);
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
    // It says whose, which line, which period (in Sophie's language, French) and lists the records.
    const text = pdfText(bytes);
    expect(text).toContain('Sophie Dubois');
    expect(text).toContain('0470000001');
    expect(text).toContain('MT00000001');
    expect(text).toContain(`Du ${frDate(period.start)} au ${frDate(localDate(Date.now()))}`);
    expect(text).toContain('Totaux de la période');
    // Data amounts in French units (Go/Mo), never GB/MB.
    expect(text).toMatch(/\d,\d{2} (Go|Mo)\n/);
    expect(text).not.toMatch(/\d,\d{2} (GB|MB)\n/);
    const rows = text.split('\n').filter((line) => /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/.test(line));
    // Every record of the cycle so far, plus the generation time, which has the same shape.
    expect(rows.length).toBe((await countIn(K.sophieMain, period.start, localDate(Date.now()))) + 1);
  });

  it('stays small for the heavy customer over six cycles (the list is capped)', async () => {
    const from = cyclePeriod(new Date(), monthlyCycle(1), 5).start;
    const to = localDate(Date.now());
    const start = performance.now();
    const response = await download(C.yasmine, K.yasmine, `type=PDF&from=${from}&to=${to}`, tokens.yasmine);
    const ms = Math.round(performance.now() - start);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    console.info(`usage PDF, Yasmine, 6 cycles: ${ms} ms, ${response.rawPayload.length} bytes`);
    expect(response.rawPayload.length).toBeLessThan(1_000_000);
    const text = pdfText(response.rawPayload);
    // 2,000 newest rows (plus the generation time, which has the same shape), then the note pointing to CONSO.
    const rows = text.split('\n').filter((line) => /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/.test(line));
    expect(rows.length).toBe(2000 + 1);
    expect(text.replaceAll('\n', ' ')).toMatch(/Seuls les 2 000 enregistrements les plus récents sur [\d ]+ figurent ici/);
  });
});

describe('GET …/usage/download?type=CONSO', () => {
  it('sends a UTF-8 CSV with BOM, a header and one line per record of the range', async () => {
    const period = cyclePeriod(new Date(), monthlyCycle(5), 1);
    const response = await download(C.sophie, K.sophieMain, `type=CONSO&from=${period.start}&to=${period.end}`, tokens.sophie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="consumption-0470000001-${period.start}.csv"`);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.pop()).toBe('');
    const [header, ...rows] = lines;
    // Sophie's language is French.
    expect(header).toBe(
      'Date et heure;Type;Sens;Destination;Hors forfait;Décompte;Utilisation;Unité;Valeur exacte;Unité exacte;Messages;Coût (EUR);Identifiant',
    );
    expect(rows).toHaveLength(await countIn(K.sophieMain, period.start, period.end));
    for (const row of rows) {
      const cells = row.split(';');
      expect(cells).toHaveLength(13);
      expect(cells[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const day = (cells[0] ?? '').slice(0, 10);
      expect(day >= period.start && day <= period.end, day).toBe(true);
      expect(cells[11]).toMatch(/^\d+,\d{2}$/);
      // How the rating counts the row: an incoming call or text is free, never in the bundle.
      expect(['forfait', 'gratuit (entrant)', 'international', 'hors Europe', 'premium']).toContain(cells[5]);
      if (cells[2] === 'Entrant' && cells[1] !== 'Données') expect(cells[5]).toBe('gratuit (entrant)');
      // Data reads in Mo with two decimals; the exact bytes sit in their own column and agree with it.
      if (cells[1] === 'Données') {
        expect(cells.slice(7, 10).map((c, i) => (i === 1 ? 'n' : c))).toEqual(['Mo', 'n', 'octets']);
        expect(cells[6]).toBe((Number(cells[8]) / 1024 ** 2).toFixed(2).replace('.', ','));
      } else {
        expect(cells[6]).toBe(cells[8]);
        expect([cells[7], cells[9]]).toEqual(cells[1] === 'Appels' ? ['s', 's'] : ['SMS', 'SMS']);
      }
    }
    expect(rows.some((row) => row.split(';')[1] === 'Données')).toBe(true);
    // Chronological.
    const times = rows.map((row) => row.slice(0, 19));
    expect(times).toEqual([...times].sort());
  });

  it('writes the header in the user’s language (Marc: Dutch) and the cost with a decimal comma', async () => {
    const response = await download(C.marc, K.marc, 'type=CONSO', tokens.marc);
    const [header, ...rows] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header?.split(';')[0]).toBe('Datum en uur');
    // Each premium purchase costs its own price: together, the summary's premium category.
    const premium = rows.filter((row) => row.split(';')[5] === 'premium');
    const cents = premium.reduce((sum, row) => sum + Number((row.split(';')[11] ?? '0').replace(',', '')), 0);
    const summary = usageSummarySchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/customer/${C.marc}/contract/${K.marc}/usage?period=current`,
          headers: bearer(tokens.marc),
        })
      ).json(),
    );
    expect(cents).toBe(summary.cdrOverspent.premium);
  });

  it('streams every record of six cycles for the heavy customer', async () => {
    const from = cyclePeriod(new Date(), monthlyCycle(1), 5).start;
    const to = localDate(Date.now());
    const start = performance.now();
    const response = await download(C.yasmine, K.yasmine, `type=CONSO&from=${from}&to=${to}`, tokens.yasmine);
    const ms = Math.round(performance.now() - start);
    expect(response.statusCode).toBe(200);
    const expected = await countIn(K.yasmine, from, to);
    expect(expected).toBeGreaterThan(200_000);
    // Header + one CRLF-terminated line per record.
    let newlines = 0;
    for (const byte of response.rawPayload) if (byte === 0x0a) newlines++;
    expect(newlines).toBe(expected + 1);
    console.info(`usage CSV, Yasmine, 6 cycles: ${ms} ms, ${response.rawPayload.length} bytes, ${expected} records`);
  });

  it('lets a plain user download its own line', async () => {
    const response = await download(C.martinLogistics, K.lucas, 'type=CONSO', tokens.lucas);
    expect(response.statusCode).toBe(200);
    expect(response.body.replace(/^\uFEFF/, '').split(';')[0]).toBe('Datum en uur');
  });

  it.each([
    { query: 'type=XLS', field: 'type' },
    { query: '', field: 'type' },
    { query: 'type=PDF&from=2026-11-10&to=2026-11-01', field: 'to' },
    { query: 'type=CONSO&to=yesterday', field: 'to' },
  ])('answers 400 naming $field for "$query"', async ({ query, field }) => {
    const response = await download(C.sophie, K.sophieMain, query, tokens.sophie);
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).fields?.map((f) => f.field)).toContain(field);
  });
});

/*
 * Each record's cost (contract/rating.ts `recordCharges`: the cumulative charge of its group after it minus before it,
 * in event-time order) adds up, to the cent, to what the usage summary says and the invoice bills for the same period.
 * The expected totals are read from the API and the invoice in the same test: the seed depends on the day.
 */
describe('the exports’ per-record costs add up to the out-of-bundle total', () => {
  const accounts = {
    marc: { login: 'MT00000003', customerId: C.marc, contractId: K.marc, recordsTitle: 'Detail van het verbruik' },
    yasmine: { login: 'MT00000005', customerId: C.yasmine, contractId: K.yasmine, recordsTitle: 'Détail des enregistrements' },
  } as const;
  type Who = keyof typeof accounts;
  const sessions: Partial<Record<Who, string>> = {};

  const tokenOf = async (who: Who): Promise<string> => (sessions[who] ??= (await login(t.app, accounts[who].login)).token);
  const get = async (who: Who, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(await tokenOf(who)) });
  const lineUrl = (who: Who): string => `/api/customer/${accounts[who].customerId}/contract/${accounts[who].contractId}`;
  const summaryOf = async (who: Who, period: 'current' | 'previous'): Promise<UsageSummary> =>
    usageSummarySchema.parse((await get(who, `${lineUrl(who)}/usage?period=${period}`)).json());

  /** The CSV's cost column, in cents (a decimal comma, two decimals). */
  const csvCosts = async (who: Who, query: string): Promise<number[]> => {
    const response = await get(who, `${lineUrl(who)}/usage/download?type=CONSO${query}`);
    expect(response.statusCode).toBe(200);
    const [, ...rows] = response.body.replace(/^\uFEFF/, '').split('\r\n');
    return rows
      .filter((row) => row !== '')
      .map((row) => {
        const cell = row.split(';')[11] ?? '';
        expect(cell).toMatch(/^\d+,\d{2}$/);
        return Number(cell.replace(',', ''));
      });
  };
  const sum = (values: readonly number[]): number => values.reduce((s, v) => s + v, 0);

  /** The customer's latest cycle invoice (open or paid): the previous bill cycle's. */
  const lastCycleInvoice = async (who: Who): Promise<Invoice> => {
    const base = `/api/customer/${accounts[who].customerId}/invoices`;
    const open = invoiceListSchema.parse((await get(who, `${base}/open`)).json()).invoices;
    const paid = paidInvoicePageSchema.parse(
      (await get(who, `${base}/paid?megalist-batchSize=50&megalist-sortOrder=desc`)).json(),
    ).invoices;
    const cycles = [...open, ...paid].filter((i) => i.details.document_type === 'invoice' && i.dates.period_end !== null);
    const last = cycles.sort((a, b) => (b.dates.period_end ?? '').localeCompare(a.dates.period_end ?? ''))[0];
    if (!last) throw new Error(`${who}: no cycle invoice`);
    return last;
  };
  /** What that invoice bills for the line's out-of-bundle usage (its usage lines). */
  const invoicedUsage = async (who: Who, invoice: Invoice): Promise<number> =>
    Number(
      (
        await t.db
          .selectFrom('invoice_lines as l')
          .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
          .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('l.amount_cents'), eb.lit(0)).as('cents'))
          .where('i.uuid', '=', invoice.uuid)
          .where('l.kind', '=', 'usage')
          .where('l.contract_id', '=', accounts[who].contractId)
          .executeTakeFirstOrThrow()
      ).cents,
    );

  it.each<Who>(['marc', 'yasmine'])('%s: the current cycle’s CSV costs the summary’s out-of-bundle total', async (who) => {
    const summary = await summaryOf(who, 'current');
    const costs = await csvCosts(who, '');
    expect(sum(costs)).toBe(summary.cdrOverspent.credit);
    expect(sum(costs)).toBe(sum(summary.charges.map((line) => line.cents)));
  });

  it.each<Who>(['marc', 'yasmine'])(
    '%s: the last invoice’s cycle: its CSV costs what the summary says and the invoice bills',
    async (who) => {
      const invoice = await lastCycleInvoice(who);
      const summary = await summaryOf(who, 'previous');
      expect(summary.period).toEqual({ start: invoice.dates.period_start, end: invoice.dates.period_end });
      const billed = await invoicedUsage(who, invoice);
      expect(billed).toBe(summary.cdrOverspent.credit);
      const costs = await csvCosts(who, `&from=${summary.period.start}&to=${summary.period.end}`);
      expect(sum(costs)).toBe(billed);
    },
  );

  it('Marc: the PDF lists every record with its cost, and they add up like the CSV’s (current and last invoiced cycle)', async () => {
    const previous = await summaryOf('marc', 'previous');
    for (const [summary, query] of [
      [await summaryOf('marc', 'current'), ''],
      [previous, `&from=${previous.period.start}&to=${previous.period.end}`],
    ] as const) {
      const response = await get('marc', `${lineUrl('marc')}/usage/download?type=PDF${query}`);
      expect(response.statusCode).toBe(200);
      const costs = pdfRecordCosts(pdfText(response.rawPayload), accounts.marc.recordsTitle);
      const csv = await csvCosts('marc', query);
      // Every record is listed (no cap reached), each with an amount in its cost cell.
      expect(costs).toHaveLength(csv.length);
      expect(costs.filter((c) => c === null)).toEqual([]);
      expect(sum(costs.map((c) => c ?? 0))).toBe(summary.cdrOverspent.credit);
      // Newest first in the PDF, oldest first in the CSV: the same costs record by record.
      expect([...costs].reverse()).toEqual(csv);
    }
  });

  it('Yasmine: the PDF’s capped list shows each record’s cost as the CSV does (it goes on from the cycle so far)', async () => {
    const { period } = await summaryOf('yasmine', 'previous');
    const query = `&from=${period.start}&to=${period.end}`;
    const response = await get('yasmine', `${lineUrl('yasmine')}/usage/download?type=PDF${query}`);
    const costs = pdfRecordCosts(pdfText(response.rawPayload), accounts.yasmine.recordsTitle);
    const csv = await csvCosts('yasmine', query);
    expect(costs).toHaveLength(PDF_ROW_LIMIT);
    expect(csv.length).toBeGreaterThan(PDF_ROW_LIMIT);
    expect([...costs].reverse()).toEqual(csv.slice(-PDF_ROW_LIMIT));
  });
});

describe('csvCell', () => {
  it.each([
    { value: 'plain', expected: 'plain' },
    { value: 'semi;colon', expected: '"semi;colon"' },
    { value: 'say "hi"', expected: '"say ""hi"""' },
    { value: 'two\nlines', expected: '"two\nlines"' },
    { value: '=SUM(A1:A2)', expected: "'=SUM(A1:A2)" },
    { value: '+32 470', expected: "'+32 470" },
    { value: '@cmd', expected: "'@cmd" },
    { value: 'Données', expected: 'Données' },
    { value: 12, expected: '12' },
    { value: 0.5, expected: '0,5' },
  ])('writes $value as $expected', ({ value, expected }) => {
    expect(csvCell(value)).toBe(expected);
  });
});
