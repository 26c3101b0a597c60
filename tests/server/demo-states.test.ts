import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoStateSimOrders, demoStateUsers } from '#contract/fixtures/demo-states';
import { localDate } from '#contract/calendar';
import { invoiceContext } from '#contract/invoice-rules';
import { invoiceListSchema } from '#contract/invoices';
import { simOrderSchema } from '#contract/activation';
import { demoPassword } from '#contract/fixtures/demo';
import { bearer, createTestApp, login, type TestApp } from './test-app.ts';

/*
 * Issue 43 point 17: the demo shows every state the specification lists (README "Demo customers",
 * server/demo/data/states.ts), so that a tester reaches each screen's branch. Each state checked where the app reads
 * it: the server's answers.
 */

let t: TestApp;
const tokens = { claire: '', pieter: '', olivier: '' };
const customerIds = { claire: 7, pieter: 8, olivier: 9 };

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['claire', 'pieter', 'olivier'] as const) tokens[who] = (await login(t.app, demoStateUsers[who].logins[0])).token;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

const contractsOf = async (who: keyof typeof tokens): Promise<Record<string, unknown>[]> => {
  const response = await get(`/api/customer/${customerIds[who]}/full?withContracts=1&withLinkedUser=1`, tokens[who]);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ contracts: Record<string, unknown>[] }>().contracts ?? [];
};

describe('the demo customers of the states', () => {
  it('log in with the demo password, under their names and languages', async () => {
    for (const who of ['claire', 'pieter', 'olivier'] as const) {
      const { response } = await login(t.app, demoStateUsers[who].logins[1] ?? '', demoPassword);
      const user = response.json<{ user: { personal_data: { first_name: string; last_name: string }; language: { app: string } } }>().user;
      expect(`${user.personal_data.first_name} ${user.personal_data.last_name}`).toBe(demoStateUsers[who].name);
      expect(user.language.app).toBe(demoStateUsers[who].language);
    }
  });

  it('Claire: a direct debit that failed, a suspended and a terminated line', async () => {
    const open = invoiceListSchema.parse((await get(`/api/customer/${customerIds.claire}/invoices/open`, tokens.claire)).json());
    // Failed: by direct debit, open, past its due date (contract/invoice-rules.ts).
    const today = localDate(Date.now());
    expect(
      open.invoices.map((invoice) =>
        invoiceContext(
          { list: 'open', paymentMode: invoice.details.payment_mode, dueDate: invoice.dates.due_date, creditNote: false },
          today,
        ),
      ),
    ).toContain('DD_FAILED');
    const lines = JSON.stringify(await contractsOf('claire'));
    expect(lines).toContain('SUSPENDED');
    expect(lines).toContain('TERMINATED');
  });

  it('Olivier: no current contract', async () => {
    expect(await contractsOf('olivier')).toEqual([]);
  });

  // docs/product/subscription.md "Who may change a subscription": each refusal reason of an order, by the server.
  it.each([
    ['claire', 9, 'orderPending', 'an option order being executed'],
    ['pieter', 12, 'orderBlockedGeneral', 'a general block'],
    ['pieter', 13, 'orderBlockedCredit', 'a credit block'],
    ['pieter', 14, 'orderBlockedSuspectedFraud', 'suspected fraud'],
    ['pieter', 18, 'orderWaitingRequest', 'a request about the line still waiting'],
  ] as const)('%s’s line %i refuses an order: %s (%s)', async (who, contractId, code, _what) => {
    const response = await post(`/api/customer/${customerIds[who]}/contract/${contractId}/orders/create`, tokens[who], {
      product: 2,
      options: [],
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json<{ code: string }>().code).toBe(code);
  });

  it.each([
    ['notPassed', 'NOT_PASSED'],
    ['nok', 'NOK'],
    ['refused', 'REFUSED'],
  ] as const)('the SIM order %s stands at identification %s', async (key, status) => {
    const order = demoStateSimOrders[key];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/orders/activate',
      payload: { identifier: order.orderRef, code: order.code },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(simOrderSchema.parse(response.json()).identificationStatus).toBe(status);
  });

  it('a code that matches no SIM to activate meets the generic activation error', async () => {
    const { orderRef, code } = demoStateSimOrders.generic;
    const response = await t.app.inject({ method: 'POST', url: '/api/public/orders/activate', payload: { identifier: orderRef, code } });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ code: string }>().code).toBe('activationGeneric');
  });
});
