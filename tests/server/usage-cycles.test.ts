import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCycles, monthlyCycle } from '#contract/bill-cycle';
import { localDate, localDayRange } from '#contract/calendar';
import { usageCyclesCount, usageCyclesSchema } from '#contract/usage';
import { toUsageRecordRow } from '#data/usage-pull';
import { appContext } from '#server/app';
import { DEMO_IDS } from '#server/demo/data/ids';
import { billCycleOfContract } from '#server/lib/rating-data';
import { createSession } from '#server/lib/sessions';
import { toUsageRecord, usageChunks } from '#server/lib/usage-data';
import { createAggregator } from '#workers/usage-core';
import { bearer, createTestApp, type TestApp } from './test-app.ts';
import { testEngine } from './test-database.ts';

/*
 * GET …/usage/cycles (issue 41 point 7): the totals of a line's last completed bill cycles, which the plan advisor and
 * the tariff comparison read instead of downloading the records. The figures must be those the consumption screens
 * compute from the records: for every line of every demo customer, each cycle's totals equal the usage worker's
 * aggregation (workers/usage-core.ts, what the app runs over the records it downloads) of that cycle's records, as
 * the API serialises them and the app stores them. Run on both engines (TEST_DATABASE_URL).
 */

let t: TestApp;
let now: Date;
/** An owner's (or admin's) access token per customer: every line of the customer is visible to it. */
const tokens = new Map<number, string>();

beforeAll(async () => {
  t = await createTestApp();
  now = appContext(t.app).clock.now();
  const holders = await t.db
    .selectFrom('users')
    .select(['id', 'customer_id'])
    .where('role', 'in', ['owner', 'admin'])
    .where('customer_id', 'is not', null)
    .orderBy('id')
    .execute();
  for (const holder of holders) {
    if (holder.customer_id === null || tokens.has(holder.customer_id)) continue;
    tokens.set(holder.customer_id, (await createSession(t.db, holder.id, new Date())).accessToken);
  }
}, 60_000);
afterAll(async () => {
  await t.close();
});

const cyclesOf = async (customerId: number, contractId: number, token: string | undefined) =>
  t.app.inject({
    method: 'GET',
    url: `/api/customer/${customerId}/contract/${contractId}/usage/cycles`,
    headers: token ? bearer(token) : {},
  });

describe(`GET …/usage/cycles (${testEngine()})`, () => {
  it('answers, for every line of every demo customer, the worker’s aggregation of each cycle’s records', async () => {
    const contracts = await t.db.selectFrom('contracts').select(['id', 'customer_id']).orderBy('id').execute();
    let lines = 0;
    let records = 0;
    for (const contract of contracts) {
      const token = tokens.get(contract.customer_id);
      if (!token) continue;
      const response = await cyclesOf(contract.customer_id, contract.id, token);
      expect(response.statusCode, `contract ${contract.id}`).toBe(200);
      const { cycles } = usageCyclesSchema.parse(response.json());
      // The last completed cycles, oldest first, as the app cuts them (contract/bill-cycle.ts).
      const expected = lastCycles(await billCycleOfContract(t.db, contract.id), now, usageCyclesCount, { includeCurrent: false });
      expect(cycles.map((c) => [c.start, c.end])).toEqual(expected.map((p) => [localDate(p.start.getTime()), localDate(p.end.getTime())]));
      for (const cycle of cycles) {
        const range = localDayRange(cycle.start, cycle.end);
        const aggregator = createAggregator(range);
        for await (const chunk of usageChunks(t.db, contract.id, range)) {
          aggregator.add(chunk.map((row) => toUsageRecordRow(toUsageRecord(row), contract.id)));
        }
        const worker = aggregator.result();
        expect(cycle.totals, `contract ${contract.id}, ${cycle.start}`).toEqual(worker.usage);
        expect(cycle.records, `contract ${contract.id}, ${cycle.start}`).toBe(worker.matched);
        records += cycle.records;
      }
      lines += 1;
    }
    // Every demo line was compared, Yasmine's heavy one among them.
    expect(lines).toBeGreaterThanOrEqual(Object.keys(DEMO_IDS.contracts).length);
    expect(records).toBeGreaterThan(150_000);
  }, 240_000);

  it('follows the line’s bill cycle: one that starts on the 15th gives cycles from the 15th', async () => {
    const line = DEMO_IDS.contracts.sophieNew;
    await t.db.updateTable('contracts').set({ bill_cycle_id: DEMO_IDS.billCycles.day15 }).where('id', '=', line).execute();
    const { cycles } = usageCyclesSchema.parse(
      (await cyclesOf(DEMO_IDS.customers.sophie, line, tokens.get(DEMO_IDS.customers.sophie))).json(),
    );
    const expected = lastCycles(monthlyCycle(15), now, usageCyclesCount, { includeCurrent: false });
    expect(cycles.map((c) => c.start)).toEqual(expected.map((p) => localDate(p.start.getTime())));
    expect(cycles.every((c) => c.start.endsWith('-15'))).toBe(true);
  });

  it.each([
    { case: 'no session', customer: DEMO_IDS.customers.yasmine, contract: DEMO_IDS.contracts.yasmine, as: null, status: 401 },
    {
      case: 'another customer',
      customer: DEMO_IDS.customers.yasmine,
      contract: DEMO_IDS.contracts.yasmine,
      as: DEMO_IDS.customers.sophie,
      status: 403,
    },
    {
      case: 'a line of another customer',
      customer: DEMO_IDS.customers.sophie,
      contract: DEMO_IDS.contracts.yasmine,
      as: DEMO_IDS.customers.sophie,
      status: 404,
    },
  ])('refuses $case ($status)', async ({ customer, contract, as, status }) => {
    const response = await cyclesOf(customer, contract, as === null ? undefined : tokens.get(as));
    expect(response.statusCode).toBe(status);
  });

  it('refuses a plain user another line than its own (403)', async () => {
    const lucas = (await createSession(t.db, DEMO_IDS.users.lucas, new Date())).accessToken;
    expect((await cyclesOf(DEMO_IDS.customers.martinLogistics, DEMO_IDS.contracts.emmaOrders, lucas)).statusCode).toBe(403);
    expect((await cyclesOf(DEMO_IDS.customers.martinLogistics, DEMO_IDS.contracts.lucas, lucas)).statusCode).toBe(200);
  });
});
