import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appContext } from '#server/app';
import { issueLink } from '#server/lib/one-time-codes';
import { DEMO_IDS } from '#server/demo/data/ids';
import { createTestApp, type TestApp } from './test-app.ts';

/* GET /public/customer/{id}/{token}: declared in the contract, served from the links of the e-mails. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (customerId: number | string, token: string) =>
  t.app.inject({ method: 'GET', url: `/api/public/customer/${customerId}/${encodeURIComponent(token)}` });
const link = (purpose: Parameters<typeof issueLink>[2], ttlMs?: number) =>
  issueLink(appContext(t.app).db, DEMO_IDS.users.sophie, purpose, appContext(t.app).clock.now(), null, ttlMs);

describe('GET /api/public/customer/{id}/{token}', () => {
  it.each(['createPassword', 'recoverPassword', 'confirmEmail'] as const)(
    'answers who a live %s link is for, and uses nothing up',
    async (purpose) => {
      const token = await link(purpose);
      for (let i = 0; i < 2; i++) {
        const response = await get(DEMO_IDS.customers.sophie, token);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ customer_ref: 'MT00000001', first_name: 'Sophie' });
      }
    },
  );

  it('answers 404 for another customer, an unknown token, or a login link (never revealed by a glance)', async () => {
    const token = await link('recoverPassword');
    expect((await get(DEMO_IDS.customers.marc, token)).statusCode).toBe(404);
    expect((await get(DEMO_IDS.customers.sophie, 'not-a-token')).statusCode).toBe(404);
    expect((await get(DEMO_IDS.customers.sophie, await link('login'))).statusCode).toBe(404);
  });

  it('answers 419 for an expired link', async () => {
    const token = await link('createPassword', -1000);
    const response = await get(DEMO_IDS.customers.sophie, token);
    expect(response.statusCode).toBe(419);
    expect(response.json()).toMatchObject({ code: 'linkExpired' });
  });

  it('answers 400 naming the field for a malformed customer id', async () => {
    const response = await get('abc', 'x');
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('customerId');
  });
});
