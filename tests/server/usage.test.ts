import { monthlyCycle } from '#contract/bill-cycle';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contract/common';
import { usageHistoryResponseSchema, usageSummarySchema, type UsageSummary } from '#contract/usage';
import { DEMO_IDS } from '#server/demo/data/ids';
import { localDayRange } from '#contract/calendar';
import { cyclePeriod } from '#server/lib/service-calendar';
import { createSession } from '#server/lib/sessions';
import { sqlRow } from './test-database.ts';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
const tokens = { sophie: '', lucas: '', marc: '', emma: '', yasmine: '' };
const C = DEMO_IDS.customers;
const K = DEMO_IDS.contracts;

beforeAll(async () => {
  t = await createTestApp();
  // Sessions are opened directly: these tests are about the usage routes, not the login flow (auth.test.ts).
  const U = DEMO_IDS.users;
  for (const who of ['sophie', 'lucas', 'marc', 'emma', 'yasmine'] as const)
    tokens[who] = (await createSession(t.db, U[who], new Date())).accessToken;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const usageUrl = (customerId: number, contractId: number) => `/api/customer/${customerId}/contract/${contractId}/usage`;
const summaryOf = async (customerId: number, contractId: number, token: string, period = 'current'): Promise<UsageSummary> => {
  const response = await get(`${usageUrl(customerId, contractId)}?period=${period}`, token);
  expect(response.statusCode).toBe(200);
  return usageSummarySchema.parse(response.json());
};
const balance = (summary: UsageSummary, type: 'DATA' | 'CALL' | 'SMS') => {
  const found = summary.balances.find((b) => b.type === type);
  if (!found) throw new Error(`no ${type} balance`);
  return found;
};

type Count = { n: number };
const dbCount = async (text: string, ...args: (string | number)[]): Promise<number> => (await sqlRow<Count>(t.db, text, ...args)).n;

// Brussels calendar date of an instant, computed independently of the server's helper.
const brusselsDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels', year: 'numeric', month: '2-digit', day: '2-digit' });
const GB = 1024 ** 3;

describe('GET …/usage (summary)', () => {
  it('gives Sophie the current cycle from the 5th, 82 % of 20 GB used, unlimited SMS', async () => {
    const summary = await summaryOf(C.sophie, K.sophieMain, tokens.sophie);
    expect(summary.period).toEqual(cyclePeriod(new Date(), monthlyCycle(5)));
    const data = balance(summary, 'DATA');
    expect(data).toMatchObject({ unit: 'B', balanceUnit: 'B', balanceValue: 20 * GB, overspentUnit: 'EUR_CENT' });
    expect(data.value / data.balanceValue).toBeGreaterThan(0.8);
    expect(data.value / data.balanceValue).toBeLessThan(0.84);
    expect(balance(summary, 'SMS')).toMatchObject({ unit: 'sms', balanceValue: 0 });
    expect(balance(summary, 'CALL')).toMatchObject({ unit: 's', balanceValue: 500 * 60 });
  });

  it('lists the 20 most recent records of the period, newest first', async () => {
    const summary = await summaryOf(C.sophie, K.sophieMain, tokens.sophie);
    const range = localDayRange(summary.period.start, summary.period.end);
    expect(summary.cdrUsage).toHaveLength(20);
    const times = summary.cdrUsage.map((record) => Date.parse(record.event_time));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    for (const time of times) expect(time).toBeGreaterThanOrEqual(range.from);
    const newest = await dbCount('SELECT MAX(event_time) AS n FROM usage_records WHERE contract_id = ?', K.sophieMain);
    expect(times[0]).toBe(newest);
  });

  it('answers the previous cycle with ?period=previous', async () => {
    const summary = await summaryOf(C.sophie, K.sophieMain, tokens.sophie, 'previous');
    expect(summary.period).toEqual(cyclePeriod(new Date(), monthlyCycle(5), 1));
    const range = localDayRange(summary.period.start, summary.period.end);
    const expected = await dbCount(
      "SELECT SUM(service_used) AS n FROM usage_records WHERE contract_id = ? AND service_cat = 'data' AND is_oob = 0 AND event_time BETWEEN ? AND ?",
      K.sophieMain,
      range.from,
      range.to,
    );
    expect(balance(summary, 'DATA').value).toBe(expected);
    for (const record of summary.cdrUsage) expect(Date.parse(record.event_time)).toBeLessThanOrEqual(range.to);
  });

  it('adds the options to the base bundle (Lucas: 30 GB + 2 × 5 GB) and keeps an unlimited base at 0 (Emma)', async () => {
    expect(balance(await summaryOf(C.martinLogistics, K.lucas, tokens.lucas), 'DATA').balanceValue).toBe(40 * GB);
    expect(balance(await summaryOf(C.martinLogistics, K.emmaOrders, tokens.emma), 'DATA').balanceValue).toBe(0);
  });

  it('shows Marc over his out-of-bundle limit, with the costs split by destination', async () => {
    const summary = await summaryOf(C.marc, K.marc, tokens.marc);
    const osg = summary.safeguard.find((s) => s.type === 'OSG');
    expect(osg).toBeDefined();
    expect(osg?.overSpent.credit).toBeGreaterThanOrEqual(osg?.current ?? Infinity);
    expect(summary.safeguard.map((s) => s.type)).toEqual(['OSG', 'PSG', 'DSG']);
    const o = summary.cdrOverspent;
    expect(o.credit).toBe(o.premium + o.national + o.international);
    expect(o.credit).toBe(5230);
    const oobPerType = summary.balances.reduce((sum, b) => sum + b.overspentValue, 0);
    expect(oobPerType).toBe(o.credit);
  });

  it('counts calls abroad as international, and Yasmine’s data outside the EU within her Roaming World option', async () => {
    const summary = await summaryOf(C.yasmine, K.yasmine, tokens.yasmine);
    const range = localDayRange(summary.period.start, summary.period.end);
    const abroad = await dbCount(
      "SELECT COALESCE(SUM(service_used), 0) AS n FROM usage_records WHERE contract_id = ? AND service_cat = 'call' AND incoming = 0 AND destination = 'international' AND event_time BETWEEN ? AND ?",
      K.yasmine,
      range.from,
      range.to,
    );
    const outsideEu = await dbCount(
      "SELECT COALESCE(SUM(service_used), 0) AS n FROM usage_records WHERE contract_id = ? AND service_cat = 'data' AND destination = 'roaming' AND is_oob = 1 AND event_time BETWEEN ? AND ?",
      K.yasmine,
      range.from,
      range.to,
    );
    expect(abroad).toBeGreaterThan(0);
    expect(outsideEu).toBeGreaterThan(0);
    expect(outsideEu).toBeLessThanOrEqual(1024 ** 3);
    // Per started minute of the total, at Mega Mobile L's 15 cents; the world data is inside her 1 GB option.
    expect(summary.cdrOverspent.international).toBe(Math.ceil(abroad / 60) * 15);
    expect(summary.charges.filter((line) => line.zone === 'world')).toEqual([]);
  });

  it('answers an empty but complete summary for a line without usage (SIM not yet activated)', async () => {
    const summary = await summaryOf(C.sophie, K.sophieNew, tokens.sophie);
    expect(summary.cdrUsage).toEqual([]);
    expect(summary.balances.map((b) => [b.type, b.value, b.overspentValue])).toEqual([
      ['DATA', 0, 0],
      ['CALL', 0, 0],
      ['SMS', 0, 0],
    ]);
    expect(balance(summary, 'DATA').balanceValue).toBe(5 * GB);
    expect(summary.cdrOverspent).toEqual({ credit: 0, premium: 0, national: 0, international: 0 });
  });

  it.each([
    { who: 'a plain user on its own line', token: 'lucas', url: usageUrl(C.martinLogistics, K.lucas), status: 200 },
    { who: 'a plain user on a colleague’s line', token: 'lucas', url: usageUrl(C.martinLogistics, K.emmaOrders), status: 403 },
    { who: 'another customer', token: 'sophie', url: usageUrl(C.marc, K.marc), status: 403 },
    { who: 'a contract of another customer under the own id', token: 'sophie', url: usageUrl(C.sophie, K.marc), status: 404 },
    { who: 'the owner of a line used by a plain user', token: 'emma', url: usageUrl(C.martinLogistics, K.lucas), status: 200 },
  ] as const)('answers $status to $who', async ({ token, url, status }) => {
    for (const path of [url, `${url}/history`, `${url}/download?type=CONSO`]) {
      const response = await get(path, tokens[token]);
      expect(response.statusCode, path).toBe(status);
    }
  });

  it('refuses an unknown period with the field at fault', async () => {
    const response = await get(`${usageUrl(C.sophie, K.sophieMain)}?period=next`, tokens.sophie);
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).fields?.[0]?.field).toBe('period');
  });

  it('needs a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: usageUrl(C.sophie, K.sophieMain) });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET …/usage/history', () => {
  const history = async (query: string, token = tokens.sophie, customerId: number = C.sophie, contractId: number = K.sophieMain) => {
    const response = await get(`${usageUrl(customerId, contractId)}/history${query ? `?${query}` : ''}`, token);
    return response;
  };
  const page = async (query: string, token = tokens.sophie, customerId: number = C.sophie, contractId: number = K.sophieMain) => {
    const response = await history(query, token, customerId, contractId);
    expect(response.statusCode, response.body).toBe(200);
    return usageHistoryResponseSchema.parse(response.json());
  };
  const sophieTotal = () => dbCount('SELECT COUNT(*) AS n FROM usage_records WHERE contract_id = ?', K.sophieMain);

  it('pages by 25 by default with snake_case pagination', async () => {
    const total = await sophieTotal();
    const body = await page('');
    expect(body.data).toHaveLength(25);
    expect(body.pagination).toMatchObject({ current_page: 1, from: 1, to: 25, per_page: 25, total, last_page: Math.ceil(total / 25) });
    expect(body.pagination.links.prev).toBeNull();
    expect(body.pagination.links.next).toContain('megalist-page=2');
    expect(body.pagination.links.last).toContain(`megalist-page=${Math.ceil(total / 25)}`);
    const record = body.data[0];
    expect(typeof record?.id).toBe('string');
    expect(new Date(record?.event_time ?? '').toISOString()).toBe(record?.event_time);
  });

  it.each([
    { size: 100, pageNo: 2 },
    { size: 7, pageNo: 3 },
    { size: 50, pageNo: 999 },
  ])('computes the window of page $pageNo by $size', async ({ size, pageNo }) => {
    const total = await sophieTotal();
    const lastPage = Math.ceil(total / size);
    const body = await page(`megalist-batchSize=${size}&megalist-page=${pageNo}`);
    const expectedRows = Math.max(0, Math.min(size, total - (pageNo - 1) * size));
    expect(body.data).toHaveLength(expectedRows);
    expect(body.pagination).toMatchObject({
      current_page: pageNo,
      per_page: size,
      total,
      last_page: lastPage,
      from: expectedRows > 0 ? (pageNo - 1) * size + 1 : null,
      to: expectedRows > 0 ? (pageNo - 1) * size + expectedRows : null,
    });
    expect(body.pagination.links.next === null).toBe(pageNo >= lastPage);
  });

  it('walks every record exactly once across pages, in either order', async () => {
    const total = await sophieTotal();
    for (const order of ['asc', 'desc'] as const) {
      const seen: string[] = [];
      let times: number[] = [];
      for (let n = 1; n <= Math.ceil(total / 100); n++) {
        const body = await page(`megalist-batchSize=100&megalist-page=${n}&megalist-sort=event_time&megalist-sortOrder=${order}`);
        seen.push(...body.data.map((r) => r.id));
        times = times.concat(body.data.map((r) => Date.parse(r.event_time)));
      }
      expect(new Set(seen).size).toBe(total);
      expect(times).toEqual([...times].sort((a, b) => (order === 'asc' ? a - b : b - a)));
    }
  });

  it.each(['call', 'data', 'sms'] as const)('filters on type=%s', async (type) => {
    const body = await page(`type=${type}&megalist-batchSize=500`);
    expect(body.data.every((r) => r.service_cat === type)).toBe(true);
    expect(body.pagination.total).toBe(
      await dbCount('SELECT COUNT(*) AS n FROM usage_records WHERE contract_id = ? AND service_cat = ?', K.sophieMain, type),
    );
    expect(body.pagination.links.next ?? body.pagination.links.first).toContain(`type=${type}`);
  });

  it('filters on from/to as inclusive local (Brussels) days', async () => {
    const previous = cyclePeriod(new Date(), monthlyCycle(5), 1);
    const body = await page(`from=${previous.start}&to=${previous.end}&megalist-batchSize=5000`);
    expect(body.data.length).toBeGreaterThan(0);
    for (const record of body.data) {
      const day = brusselsDate.format(new Date(record.event_time));
      expect(day >= previous.start && day <= previous.end, day).toBe(true);
    }
    const range = localDayRange(previous.start, previous.end);
    expect(body.pagination.total).toBe(
      await dbCount(
        'SELECT COUNT(*) AS n FROM usage_records WHERE contract_id = ? AND event_time BETWEEN ? AND ?',
        K.sophieMain,
        range.from,
        range.to,
      ),
    );
    // One day, one type: the filters combine.
    const day = previous.start;
    const oneDay = await page(`from=${day}&to=${day}&type=data&megalist-batchSize=5000`);
    for (const record of oneDay.data) {
      expect(record.service_cat).toBe('data');
      expect(brusselsDate.format(new Date(record.event_time))).toBe(day);
    }
  });

  it.each([
    { query: 'megalist-batchSize=5001', field: 'megalist-batchSize' },
    { query: 'megalist-batchSize=0', field: 'megalist-batchSize' },
    { query: 'megalist-page=0', field: 'megalist-page' },
    { query: 'megalist-sort=msisdn', field: 'megalist-sort' },
    { query: 'megalist-sortOrder=up', field: 'megalist-sortOrder' },
    { query: 'type=mms', field: 'type' },
    { query: 'from=2026-13-01', field: 'from' },
    { query: 'from=2026-11-10&to=2026-11-01', field: 'to' },
  ])('answers 400 naming $field for $query', async ({ query, field }) => {
    const response = await history(query);
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body.fields?.map((f) => f.field)).toContain(field);
  });

  // How fast such a page answers is a figure of `npm run bench` (bench/usage-history.bench.ts): a timed assertion
  // here fails under a shared machine's load.
  it('serves a 5000-row page of the heavy customer, also deep in the list', async () => {
    const total = await dbCount('SELECT COUNT(*) AS n FROM usage_records WHERE contract_id = ?', K.yasmine);
    expect(total).toBeGreaterThan(200_000);
    for (const query of [
      'megalist-batchSize=5000',
      `megalist-batchSize=5000&megalist-page=${Math.ceil(total / 5000) - 1}`,
      'megalist-batchSize=5000&megalist-page=3&type=data',
    ]) {
      const body = await page(query, tokens.yasmine, C.yasmine, K.yasmine);
      expect(body.data).toHaveLength(5000);
    }
  });
});
