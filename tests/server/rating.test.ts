import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usageSummarySchema, type UsageSummary } from '#contract/usage';
import { appContext } from '#server/app';
import { DEMO_IDS } from '#server/demo/data/ids';
import { cycleSnapshot } from '#server/lib/alert-engine';
import { dueCycleEvents } from '#server/lib/alert-rules';
import { findContract } from '#server/lib/customer-data';
import { outOfBundleCost } from '#server/lib/invoice-lines';
import { cycleCharges } from '#server/lib/rating-data';
import { localDayRange } from '#contract/calendar';
import { cyclePeriod } from '#server/lib/service-calendar';
import { createSession } from '#server/lib/sessions';
import { billCycleOf } from '#server/lib/usage-data';
import { pdfText } from './pdf-text.ts';
import { bearer, createTestApp, type TestApp } from './test-app.ts';
import { sqlRow, sqlRows } from './test-database.ts';

/*
 * The rating on the seeded demo data (docs/product/consumption.md "What counts against a bundle"): Marc's calls bundle
 * as the usage summary, the statements and the alerts see it, against figures read from the records with plain SQL;
 * and the invariant that no seeded figure is impossible (more call time than the period it falls in).
 */

let t: TestApp;
let marc = '';
const C = DEMO_IDS.customers;
const K = DEMO_IDS.contracts;

beforeAll(async () => {
  t = await createTestApp();
  marc = (await createSession(t.db, DEMO_IDS.users.marc, new Date())).accessToken;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(marc) });
const marcUrl = `/api/customer/${C.marc}/contract/${K.marc}`;
const sql = async (query: string, ...args: number[]): Promise<number> => Number((await sqlRow<{ n: number }>(t.db, query, ...args)).n);

const currentRange = async () => {
  const contract = await findContract(t.db, C.marc, K.marc);
  if (!contract) throw new Error('no contract');
  const period = cyclePeriod(appContext(t.app).clock.now(), await billCycleOf(t.db, contract));
  return { contract, period, range: localDayRange(period.start, period.end) };
};

/** What a record says, summed with plain SQL over Marc's current cycle (no rating code involved). */
const marcSums = async () => {
  const { range } = await currentRange();
  const sum = (where: string) =>
    sql(
      `SELECT COALESCE(SUM(service_used), 0) AS n FROM usage_records WHERE contract_id = ? AND event_time BETWEEN ? AND ? AND ${where}`,
      K.marc,
      range.from,
      range.to,
    );
  return {
    outgoingCalls: await sum(
      "service_cat = 'call' AND incoming = 0 AND destination IN ('national', 'roaming') AND NOT (destination = 'roaming' AND is_oob = 1)",
    ),
    incomingCalls: await sum("service_cat = 'call' AND incoming = 1"),
    callsAbroad: await sum("service_cat = 'call' AND incoming = 0 AND destination = 'international'"),
    premiumCents: await sql(
      `SELECT COALESCE(SUM(resource_impact), 0) AS n FROM usage_records WHERE contract_id = ? AND event_time BETWEEN ? AND ? AND destination = 'premium'
       AND (incoming = 0 OR service_cat = 'data')`,
      K.marc,
      range.from,
      range.to,
    ),
  };
};

describe('Marc’s calls bundle (0470000004, Mega Mobile S: 150 minutes)', () => {
  let summary: UsageSummary;
  beforeAll(async () => {
    summary = usageSummarySchema.parse((await get(`${marcUrl}/usage?period=current`)).json());
  });

  it('counts his outgoing national calls only: incoming calls are free and never count', async () => {
    const sums = await marcSums();
    const call = summary.balances.find((b) => b.type === 'CALL');
    expect(sums.incomingCalls).toBeGreaterThan(0);
    expect(call).toMatchObject({
      value: sums.outgoingCalls,
      balanceValue: 150 * 60,
      unit: 's',
      overspentValue: Math.ceil(sums.callsAbroad / 60) * 15,
    });
    expect(call?.value).toBeLessThan(150 * 60);
    expect(summary.free.call).toBe(sums.incomingCalls);
  });

  it('bills his calls abroad per started minute and his premium purchases at their price; nothing national', async () => {
    const sums = await marcSums();
    const abroad = Math.ceil(sums.callsAbroad / 60) * 15;
    expect(summary.cdrOverspent).toEqual({
      credit: abroad + sums.premiumCents,
      premium: sums.premiumCents,
      national: 0,
      international: abroad,
    });
    expect(summary.cdrOverspent.credit).toBe(5230);
    expect(summary.charges).toEqual([
      { zone: 'international', kind: 'call', quantity: Math.ceil(sums.callsAbroad / 60), unit: 'minute', unitCents: 15, cents: abroad },
      { zone: 'premium', kind: 'sms', quantity: expect.any(Number) as number, unit: 'item', unitCents: null, cents: sums.premiumCents },
    ]);
  });

  it('the alerts see the same figures: no call-bundle alert, his 50 € limit reached', async () => {
    const { contract } = await currentRange();
    const snapshot = await cycleSnapshot(t.db, contract, appContext(t.app).clock.now());
    const sums = await marcSums();
    expect(snapshot.usage.find((u) => u.type === 'CALL')).toEqual({ type: 'CALL', used: sums.outgoingCalls, bundle: 9000 });
    expect(snapshot.spending.OSG).toBe(5230);
    const keys = dueCycleEvents(snapshot, new Set()).map((e) => e.key.split(':').slice(0, 2).join(':'));
    expect(keys).not.toContain('100PC:CALL');
    expect(keys).not.toContain('80PC:CALL');
    expect(keys).toContain('OOB:OSG');
  });

  it('his statements and his invoice’s out-of-bundle amount say the same', async () => {
    const { range } = await currentRange();
    const sums = await marcSums();
    expect(await outOfBundleCost(t.db, K.marc, range)).toBe(5230);
    expect(await cycleCharges(t.db, K.marc, range)).toEqual(summary.charges);

    const csv = (await get(`${marcUrl}/usage/download?type=CONSO`)).body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .slice(1)
      .filter(Boolean);
    const cells = csv.map((line) => line.split(';'));
    // Dutch: "Gesprekken", "Inkomend", rated "gratis (inkomend)"; the outgoing national ones "bundel".
    const seconds = (rated: string) => cells.filter((c) => c[1] === 'Gesprekken' && c[5] === rated).reduce((s, c) => s + Number(c[8]), 0);
    expect(seconds('bundel')).toBe(sums.outgoingCalls);
    expect(seconds('gratis (inkomend)')).toBe(sums.incomingCalls);

    const text = pdfText((await get(`${marcUrl}/usage/download?type=PDF`)).rawPayload);
    const minutes = Math.ceil(sums.callsAbroad / 60);
    expect(text).toContain(`Gesprekken naar het buitenland: ${minutes} min × €\u00a00,15`);
    expect(text).toMatch(/Totaal\n€\u00a052,30\n/);
  });
});

describe('no seeded figure that cannot be true', () => {
  it('no line has more call time in a day than the day has, nor in a cycle than the cycle has', async () => {
    const DAY = 86_400_000;
    const days = (
      await sqlRows<{ contract_id: number; day: number; seconds: number }>(
        t.db,
        `SELECT contract_id, event_time / ${DAY} AS day, SUM(service_used) AS seconds FROM usage_records
         WHERE service_cat = 'call' GROUP BY contract_id, event_time / ${DAY}`,
      )
    ).map((d) => ({ ...d, seconds: Number(d.seconds) }));
    expect(days.length).toBeGreaterThan(0);
    const impossible = days.filter((d) => d.seconds > DAY / 1000);
    expect(impossible).toEqual([]);
    for (const contract of [K.sophieMain, K.lucas, K.marc, K.emmaOrders, K.emmaFraud, K.yasmine]) {
      const row = await findContract(
        t.db,
        (await t.db.selectFrom('contracts').select('customer_id').where('id', '=', contract).executeTakeFirst())?.customer_id ?? 0,
        contract,
      );
      if (!row) throw new Error(`no contract ${contract}`);
      const now = appContext(t.app).clock.now();
      for (let back = 0; back < 6; back++) {
        const period = cyclePeriod(now, await billCycleOf(t.db, row), back);
        const range = localDayRange(period.start, period.end);
        const elapsed = (Math.min(range.to, now.getTime()) - range.from) / 1000;
        const seconds = await sql(
          `SELECT COALESCE(SUM(service_used), 0) AS n FROM usage_records WHERE contract_id = ? AND service_cat = 'call' AND event_time BETWEEN ? AND ?`,
          contract,
          range.from,
          range.to,
        );
        expect(seconds, `contract ${contract}, ${period.start}`).toBeLessThanOrEqual(elapsed);
      }
    }
  });
});
