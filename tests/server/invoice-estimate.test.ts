import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerFullSchema, type CustomerFull } from '#contract/customer';
import { demoUsers } from '#contract/fixtures/demo';
import { usageBarred } from '#contract/estimate';
import { invoiceEstimateSchema, type InvoiceEstimate } from '#contract/invoices';
import { lineSettingsSchema } from '#contract/settings';
import { bearer, createTestApp, login, type TestApp } from './test-app.ts';

/*
 * docs/product/invoices.md "Next invoice and estimate": the estimate never bills more than the plan, the options and
 * the line's out-of-bundle limit allow (settings.md "Out-of-bundle limits and alerts": above the limit the network bars
 * the services it covers), and a blocked or suspended line (home.md "Blockages") forecasts no further use. Every bound
 * is read from the API in the same test, never a seeded total: the seed depends on the day it is made.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Customer = { customerId: number; token: string };

const signIn = async (loginId: string): Promise<Customer> => {
  const { token, response } = await login(t.app, loginId);
  const customerId = response.json<{ user: { customer_id: number | null } }>().user.customer_id;
  if (customerId === null) throw new Error(`${loginId} has no customer`);
  return { customerId, token };
};

const read = async (url: string, token: string): Promise<unknown> => {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json();
};

const estimateOf = async ({ customerId, token }: Customer): Promise<InvoiceEstimate> =>
  invoiceEstimateSchema.parse(await read(`/api/customer/${customerId}/invoices/estimate`, token));

const contractsOf = async ({ customerId, token }: Customer): Promise<CustomerFull['contracts']> =>
  customerFullSchema.parse(await read(`/api/customer/${customerId}/full`, token)).contracts;

/** The line's out-of-bundle limit (OSG) of the current cycle, cents, as the settings screen shows it. */
const osgLimitOf = async ({ customerId, token }: Customer, contractId: number): Promise<number> => {
  const { safeguards } = lineSettingsSchema.parse(await read(`/api/customer/${customerId}/contract/${contractId}/settings`, token));
  const osg = safeguards.find((s) => s.type === 'OSG');
  if (!osg) throw new Error(`contract ${contractId} has no OSG safeguard`);
  return osg.current;
};

type LineCheck = { msisdn: string | null; usage: number; forecast: number; barred: boolean };

/**
 * Checks every billed line of a customer against its bounds and answers what it saw: per line, the forecast is never
 * negative, usage so far plus forecast never goes past the limit (usage already past it is what it is), a barred line
 * forecasts nothing, and the line's total is at most its plan, options and fees plus that; the estimate's total is at
 * most the sum of the lines' bounds.
 */
const checkEstimate = async (loginId: string): Promise<LineCheck[]> => {
  const customer = await signIn(loginId);
  const [estimate, contracts] = await Promise.all([estimateOf(customer), contractsOf(customer)]);
  expect(estimate.contracts.length).toBeGreaterThan(0);
  const checks: LineCheck[] = [];
  let bound = 0;
  for (const line of estimate.contracts) {
    const contract = contracts.find((c) => c.id === line.contractId);
    if (!contract) throw new Error(`estimate line ${line.contractId} is not one of the customer's contracts`);
    const amounts = (kinds: readonly string[]) => line.lines.filter((l) => kinds.includes(l.kind)).reduce((sum, l) => sum + l.amount, 0);
    const subscription = amounts(['plan', 'option', 'fee']);
    const usage = amounts(['usage']);
    const forecast = amounts(['forecast']);
    const limit = await osgLimitOf(customer, line.contractId);
    const barred = usageBarred({
      status: contract.status,
      subStatus: contract.sub_status,
      dunningLevelReached: contract.dunning_level_reached,
      fraudulentBehaviour: contract.fraudulent_behaviour,
    });
    const what = `${loginId} ${line.msisdn ?? line.contractId}: usage ${usage}, forecast ${forecast}, limit ${limit}`;
    expect(forecast, what).toBeGreaterThanOrEqual(0);
    expect(usage + forecast, what).toBeLessThanOrEqual(Math.max(usage, limit));
    if (barred) expect(forecast, what).toBe(0);
    const lineBound = subscription + Math.max(usage, limit);
    expect(line.total, what).toBeLessThanOrEqual(lineBound);
    bound += lineBound;
    checks.push({ msisdn: line.msisdn, usage, forecast, barred });
  }
  expect(estimate.total).toBeLessThanOrEqual(bound);
  return checks;
};

describe('GET /customer/:id/invoices/estimate within the plan, the options and the limits', () => {
  it('keeps Sophie’s forecast within her own limit (all costs € 30, premium € 10)', async () => {
    const [main, ...others] = await checkEstimate(demoUsers.sophie.logins[0]);
    expect(main?.msisdn).toBe(demoUsers.sophie.msisdns[0]);
    expect(others).toEqual([]);
  });

  it('keeps Yasmine’s forecast within the default limit of her line', async () => {
    const lines = await checkEstimate(demoUsers.yasmine.logins[0]);
    expect(lines.map((l) => l.msisdn)).toEqual([...demoUsers.yasmine.msisdns]);
  });

  it('forecasts nothing more on Marc’s line, barred for unpaid invoices', async () => {
    const [marc] = await checkEstimate(demoUsers.marc.logins[0]);
    expect(marc).toMatchObject({ msisdn: demoUsers.marc.msisdns[0], barred: true, forecast: 0 });
  });

  it('forecasts nothing on Emma’s line blocked for fraud, and bounds her other lines', async () => {
    const lines = await checkEstimate(demoUsers.emma.logins[0]);
    expect(lines.map((l) => l.msisdn).sort()).toEqual([...demoUsers.emma.msisdns].sort());
    expect(lines.find((l) => l.msisdn === '0470000006')).toMatchObject({ barred: true, forecast: 0 });
  });
});
