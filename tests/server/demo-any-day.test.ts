import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cycleDates, type BillCycle } from '#contract/bill-cycle';
import { addDaysToDate, localDate, startOfLocalDay, localDayRange } from '#contract/calendar';
import { demoPassword } from '#contract/fixtures/demo';
import { rateUsage } from '#contract/rating';
import { usageHistoryResponseSchema, usageSummarySchema, type UsageSummary } from '#contract/usage';
import { toUsageRecordRow } from '#data/usage-pull';
import { createAggregator, type UsageRecordRow } from '#workers/usage-core';
import { appContext, buildApp } from '#server/app';
import { closeDatabase, type Db } from '#server/db/database';
import { openDemoDatabase } from '#server/demo/index';
import { DEMO_IDS } from '#server/demo/data/ids';
import { FAILED_DIRECT_DEBIT, STATE_LINES, STATE_ORDERS, STATE_PEOPLE, STATE_SIM_SALES } from '#server/demo/data/states';
import { USAGE_PLANS } from '#server/demo/data/usage';
import { usageWindow } from '#server/demo/usage-generator';
import { cycleSnapshot } from '#server/lib/alert-engine';
import { findContract } from '#server/lib/customer-data';
import { bearer, bearerMode, staticFixtureDir } from './test-app.ts';
import { testPostgresUrl } from './test-database.ts';

/*
 * The demo is true on any day it is started (docs/product/consumption.md "Demo data"): fast-check seeds it at dates
 * drawn over three years, the days that break calendars among them, and checks on each
 *   - the usage: no day of a line with more call time than the day has (23, 24 or 25 hours), nothing after now, nothing
 *     while a line is blocked, the current cycle holding at most its elapsed part of the line's pace;
 *   - the bills: every closed cycle since the line's billing start invoiced, once; the next invoice after today;
 *   - the order of dates: invoices, payments, messages, orders and activations never after now, a due date never
 *     before its invoice;
 *   - six views of each line's money and usage that must agree: the usage summary (what the screens show), the app's
 *     rating of the records it downloads (the usage worker's aggregation), the alert engine's snapshot, the limit's
 *     overspent credit (home's limit alert), the CSV statement's costs, and the previous cycle's invoice.
 * The views of generated usage on every plan are tests/server/rating-reconciliation.test.ts's; these are the demo's.
 * A failure prints the date: `TEST_NOW` is not needed to replay it, the seed takes the date as its argument.
 *
 * The seed and its rules are the same on both engines (tests/server/seed.test.ts compares them): this runs on
 * SQLite in memory, once.
 */

/** Brussels' dates that break calendars, at a few hours of their day. */
const hardDays = [
  '2026-03-29T00:30:00Z', // spring forward: a day of 23 hours
  '2026-10-25T01:30:00Z', // fall back: a day of 25 hours (02:00–03:00 twice)
  '2026-10-25T22:30:00Z',
  '2026-12-31T23:30:00Z', // New Year in Brussels, still the 31st in UTC
  '2026-11-30T23:30:00Z', // the first half-hour of most demo cycles (the 1st)
  '2026-12-05T05:00:00Z', // Sophie's cycle's first morning
  '2027-01-15T00:10:00Z', // Marc's cycle's first minutes
  '2028-02-29T12:00:00Z', // a leap day
  '2027-02-28T22:59:00Z', // the last minute of a short month
  '2027-03-31T21:59:00Z', // the last minute of a 31-day month, in summer time
].map((text) => new Date(text));

const logins = { sophie: 'MT00000001', marc: 'MT00000003', emma: 'MT00000004', yasmine: 'MT00000005' } as const;
const customerOf: Record<number, number> = {
  [DEMO_IDS.contracts.sophieMain]: DEMO_IDS.customers.sophie,
  [DEMO_IDS.contracts.lucas]: DEMO_IDS.customers.martinLogistics,
  [DEMO_IDS.contracts.marc]: DEMO_IDS.customers.marc,
  [DEMO_IDS.contracts.emmaOrders]: DEMO_IDS.customers.martinLogistics,
  [DEMO_IDS.contracts.emmaFraud]: DEMO_IDS.customers.martinLogistics,
  [DEMO_IDS.contracts.yasmine]: DEMO_IDS.customers.yasmine,
};
const loginOf: Record<number, string> = {
  // The customers of the states (server/demo/data/states.ts).
  ...Object.fromEntries(STATE_PEOPLE.map((person) => [person.customerId, person.login.logins[0]])),
  [DEMO_IDS.customers.sophie]: logins.sophie,
  [DEMO_IDS.customers.marc]: logins.marc,
  [DEMO_IDS.customers.martinLogistics]: logins.emma,
  [DEMO_IDS.customers.yasmine]: logins.yasmine,
};

const checkUsage = async (db: Db, now: Date): Promise<void> => {
  const nowMs = now.getTime();
  for (const plan of USAGE_PLANS) {
    const at = `line ${plan.contractId}`;
    const calls = await db
      .selectFrom('usage_records')
      .select(['event_time', 'service_used'])
      .where('contract_id', '=', plan.contractId)
      .where('service_cat', '=', 'call')
      .execute();
    const perDay = new Map<string, number>();
    for (const call of calls) {
      const day = localDate(Number(call.event_time));
      perDay.set(day, (perDay.get(day) ?? 0) + Number(call.service_used));
    }
    for (const [day, seconds] of perDay) {
      const length = (startOfLocalDay(addDaysToDate(day, 1)) - startOfLocalDay(day)) / 1000;
      expect(seconds, `${at}: ${seconds} s of calls on ${day}, a day of ${length / 3600} hours`).toBeLessThanOrEqual(length);
    }
    const last = await db
      .selectFrom('usage_records')
      .select((eb) => eb.fn.max('event_time').as('last'))
      .where('contract_id', '=', plan.contractId)
      .executeTakeFirst();
    const lastUse = Number(last?.last ?? 0);
    expect(lastUse, `${at}: a record after now`).toBeLessThanOrEqual(nowMs);
    if (plan.blockedDaysAgo !== undefined) {
      expect(lastUse, `${at}: a record after its block`).toBeLessThanOrEqual(nowMs - plan.blockedDaysAgo * 86_400_000);
    }
    // The current cycle: at most the elapsed part of the line's pace (a forecast on its first day stays plausible).
    const window = usageWindow(now, plan, 0);
    const data = await db
      .selectFrom('usage_records')
      .select((eb) => eb.fn.sum<number>('service_used').as('bytes'))
      .where('contract_id', '=', plan.contractId)
      .where('service_cat', '=', 'data')
      .where('is_oob', '=', 0)
      .where('event_time', '>=', window.from)
      .executeTakeFirst();
    expect(Number(data?.bytes ?? 0), `${at}: data this cycle`).toBeLessThanOrEqual(
      plan.dataBasisBytes * plan.currentShare * window.fraction + 1,
    );
  }
};

const checkBills = async (db: Db, now: Date): Promise<void> => {
  const today = localDate(now.getTime());
  const lines = await db
    .selectFrom('contracts as c')
    .innerJoin('bill_cycles as b', 'b.id', 'c.bill_cycle_id')
    .select(['c.id', 'c.billing_from', 'b.start_day', 'b.frequency_unit', 'b.frequency_duration'])
    .where('c.billing_from', 'is not', null)
    .execute();
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    const cycle: BillCycle = { startDay: line.start_day, frequencyUnit: line.frequency_unit, frequencyDuration: line.frequency_duration };
    const closed: string[] = [];
    for (
      let period = cycleDates(cycle, line.billing_from ?? today);
      period.end < today;
      period = cycleDates(cycle, addDaysToDate(period.end, 1))
    ) {
      closed.push(period.start);
    }
    const billed = await db
      .selectFrom('billed_cycles')
      .select('period_start')
      .where('contract_id', '=', line.id)
      .orderBy('period_start')
      .execute();
    expect(
      billed.map((b) => b.period_start),
      `line ${line.id}: the closed cycles invoiced`,
    ).toEqual(closed);
  }
  const nowIso = now.toISOString();
  const invoices = await db.selectFrom('invoices').select(['piece_id', 'generated_at', 'due_date', 'paid_at']).execute();
  for (const invoice of invoices) {
    expect(invoice.generated_at <= nowIso, `${invoice.piece_id} issued after now`).toBe(true);
    expect(invoice.due_date >= localDate(Date.parse(invoice.generated_at)), `${invoice.piece_id} due before it was issued`).toBe(true);
    if (invoice.paid_at) {
      expect(invoice.paid_at <= nowIso && invoice.paid_at >= invoice.generated_at, `${invoice.piece_id} paid at ${invoice.paid_at}`).toBe(
        true,
      );
    }
  }
  for (const message of await db.selectFrom('notification_log').select(['event_key', 'created_at']).execute()) {
    expect(message.created_at <= nowIso, `message ${message.event_key} sent after now`).toBe(true);
  }
  for (const order of await db.selectFrom('orders').select(['id', 'created_at']).execute()) {
    expect(order.created_at <= nowIso, `order ${order.id} made after now`).toBe(true);
  }
  for (const contract of await db.selectFrom('contracts').select(['id', 'created_at', 'activated_at']).execute()) {
    expect(contract.created_at <= nowIso, `line ${contract.id} created after now`).toBe(true);
    if (contract.activated_at) expect(contract.activated_at >= contract.created_at && contract.activated_at <= nowIso).toBe(true);
  }
};

/**
 * The states of server/demo/data/states.ts (issue 43 point 17) hold whatever the day: the failed direct debit is past
 * its due date and unpaid, each line stands as told, the two open orders wait, the SIM orders stand at their
 * identification.
 */
const checkStates = async (db: Db, now: Date): Promise<void> => {
  const today = localDate(now.getTime());
  const debit = await db
    .selectFrom('invoices')
    .select(['due_date', 'paid', 'payment_mode'])
    .where('customer_id', '=', FAILED_DIRECT_DEBIT.customerId)
    .executeTakeFirstOrThrow();
  expect(debit.payment_mode).toBe('DD');
  expect(debit.paid).toBe(0);
  expect(debit.due_date < today, `the failed direct debit is due on ${debit.due_date}, today ${today}`).toBe(true);
  for (const line of STATE_LINES) {
    const row = await db
      .selectFrom('contracts')
      .select(['status', 'sub_status', 'fraudulent_behaviour'])
      .where('id', '=', line.id)
      .executeTakeFirstOrThrow();
    expect([row.status, row.sub_status, row.fraudulent_behaviour], `line ${line.id}`).toEqual([
      line.status,
      line.subStatus,
      line.fraudulentBehaviour ? 1 : 0,
    ]);
  }
  for (const order of STATE_ORDERS) {
    const row = await db
      .selectFrom('orders as o')
      .innerJoin('order_lines as l', 'l.order_id', 'o.id')
      .select(['l.status'])
      .where('o.order_ref', '=', order.orderRef)
      .executeTakeFirstOrThrow();
    expect(row.status, order.orderRef).toBe(order.status);
  }
  for (const sale of STATE_SIM_SALES) {
    const row = await db
      .selectFrom('contracts')
      .select('identification_status')
      .where('msisdn', '=', sale.order.msisdn)
      .executeTakeFirstOrThrow();
    expect(row.identification_status).toBe(sale.identification);
  }
  expect(await db.selectFrom('contracts').select('id').where('customer_id', '=', 9).execute()).toEqual([]);
};

const checkViews = async (db: Db, now: Date): Promise<void> => {
  const app = await buildApp({ demo: true, db, testMode: true, staticDir: staticFixtureDir, now: () => new Date(now) });
  try {
    await app.ready();
    const tokens = new Map<number, string>();
    for (const [customerId, login] of Object.entries(loginOf)) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/public/users/login',
        headers: bearerMode,
        payload: { login, password: demoPassword },
      });
      expect(response.statusCode, `login ${login}`).toBe(200);
      tokens.set(Number(customerId), response.json<{ token: string }>().token);
    }
    // The alert engine's job runs as the server starts: the safeguards hold what it computed.
    await appContext(app).scheduler.runDue();
    for (const plan of USAGE_PLANS) {
      const customerId = customerOf[plan.contractId] ?? 0;
      const token = tokens.get(customerId) ?? '';
      const at = `line ${plan.contractId}`;
      const line = `/api/customer/${customerId}/contract/${plan.contractId}`;
      const get = (url: string) => app.inject({ method: 'GET', url: `${line}${url}`, headers: bearer(token) });
      const summaryOf = async (period: 'current' | 'previous'): Promise<UsageSummary> => {
        const response = await get(`/usage?period=${period}`);
        expect(response.statusCode, `${at}: usage`).toBe(200);
        return usageSummarySchema.parse(response.json());
      };
      // 1. The usage summary: what the screens show.
      const summary = await summaryOf('current');
      const credit = summary.cdrOverspent.credit;
      expect(
        summary.charges.reduce((sum, charge) => sum + charge.cents, 0),
        `${at}: the charge lines`,
      ).toBe(credit);

      // 2. The app's own figures: the records it downloads, aggregated by the usage worker and rated by the contract.
      const rows: UsageRecordRow[] = [];
      for (let page = 1; ; page++) {
        const answer = usageHistoryResponseSchema.parse(
          (await get(`/usage/history?megalist-page=${page}&megalist-batchSize=5000&megalist-sortOrder=asc`)).json(),
        );
        rows.push(...answer.data.map((dto) => toUsageRecordRow(dto, plan.contractId)));
        if (page >= answer.pagination.last_page) break;
      }
      const range = localDayRange(summary.period.start, summary.period.end);
      const aggregator = createAggregator({ from: range.from, to: range.to });
      aggregator.add(rows);
      const rated = rateUsage(aggregator.result().usage, summary.plan.bundle, summary.plan.rates);
      expect(rated.overspent, `${at}: the app's rating of its records`).toEqual(summary.cdrOverspent);
      expect(rated.lines).toEqual(summary.charges);

      // 3. The alert engine's snapshot, and 4. the limit's overspent credit (home's limit alert).
      const contract = await findContract(db, customerId, plan.contractId);
      if (!contract) throw new Error(`no line ${plan.contractId}`);
      const snapshot = await cycleSnapshot(db, contract, now);
      expect(snapshot.spending.OSG, `${at}: the alerts' out-of-bundle credit`).toBe(credit);
      expect(snapshot.usage.map((u) => [u.type, u.used])).toEqual(summary.balances.map((b) => [b.type, b.value]));
      const osg = summary.safeguard.find((s) => s.type === 'OSG');
      if (osg) expect(osg.overSpent.credit, `${at}: the limit's overspent credit`).toBe(credit);

      // 5. The CSV statement's cost column.
      const csv = await get('/usage/download?type=CONSO');
      expect(csv.statusCode).toBe(200);
      const costs = csv.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .slice(1)
        .filter((row) => row !== '')
        .map((row) => Number((row.split(';')[11] ?? '').replace(',', '')));
      expect(
        costs.reduce((sum, cents) => sum + cents, 0),
        `${at}: the CSV's costs`,
      ).toBe(credit);

      // 6. The previous cycle's invoice bills what its summary says (a line billed by the run then).
      const previous = await summaryOf('previous');
      const billed = await db
        .selectFrom('invoice_lines as l')
        .innerJoin('invoices as i', 'i.id', 'l.invoice_id')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('l.amount_cents'), eb.lit(0)).as('cents'))
        .where('l.contract_id', '=', plan.contractId)
        .where('l.kind', '=', 'usage')
        .where('i.period_start', '=', previous.period.start)
        .executeTakeFirstOrThrow();
      const invoiced = await db
        .selectFrom('billed_cycles')
        .select('period_start')
        .where('contract_id', '=', plan.contractId)
        .where('period_start', '=', previous.period.start)
        .executeTakeFirst();
      if (invoiced) expect(Number(billed.cents), `${at}: the invoice of ${previous.period.start}`).toBe(previous.cdrOverspent.credit);
    }
    for (const [customerId, token] of tokens) {
      const response = await app.inject({ method: 'GET', url: `/api/customer/${customerId}/invoices/situation`, headers: bearer(token) });
      expect(response.statusCode).toBe(200);
      const situation = response.json<{ nextInvoiceDate: string | null }>();
      if (situation.nextInvoiceDate)
        expect(situation.nextInvoiceDate > localDate(now.getTime()), `customer ${customerId}'s next invoice`).toBe(true);
    }
  } finally {
    await app.close();
  }
};

describe.skipIf(testPostgresUrl() !== null)('the demo on any day', () => {
  it('is true whatever the date it is seeded at: usage, bills, dates and views', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2028-12-31T23:59:59Z'), noInvalidDate: true }),
        async (now) => {
          const db = await openDemoDatabase(':memory:', { now });
          try {
            await checkUsage(db, now);
            await checkBills(db, now);
            await checkStates(db, now);
            await checkViews(db, now);
            // After the server's jobs ran at its start (checkViews): they leave the states as they are.
            await checkStates(db, now);
          } finally {
            await closeDatabase(db);
          }
        },
      ),
      { numRuns: 4, examples: hardDays.map((day) => [day]), endOnFailure: true },
    );
  }, 600_000);
});
