import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import type { Db } from '#server/db/database';
import { mollieProvider, ProviderError, wireProvider, type PaymentProvider } from '#server/lib/payment-provider';
import { staticFixtureDir } from './test-app.ts';
import { closeTestDatabase, openTestDatabase } from './test-database.ts';

/*
 * Mollie's official client (@mollie/api-client) against the stand-in provider, on a real socket: the stand-in must
 * answer what the client sends and expects, so that the stand-in the server uses without a key behaves as Mollie
 * does for the server (lib/payment-provider.ts).
 *
 * The client always connects through an https.Agent holding its own CA bundle (its `apiEndpoint` option can only
 * name an HTTPS server with a publicly trusted certificate). This test alone, while it creates the client, lets the
 * agent it makes be a plain one, so that the client reaches the stand-in over plain HTTP on this machine.
 */

let db: Db;
let app: FastifyInstance;
let official: PaymentProvider;
let wire: PaymentProvider;

const createClientOverPlainHttp = (apiEndpoint: string): PaymentProvider => {
  const agents = https as unknown as { Agent: typeof https.Agent };
  const original = agents.Agent;
  agents.Agent = http.Agent as unknown as typeof https.Agent;
  try {
    return mollieProvider({ apiKey: 'test_officialclientofficialclient', apiEndpoint });
  } finally {
    agents.Agent = original;
  }
};

beforeAll(async () => {
  db = await openTestDatabase();
  app = await buildApp({ demo: true, db, testMode: true, staticDir: staticFixtureDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  official = createClientOverPlainHttp(`http://127.0.0.1:${port}/psp-stand-in/v2/`);
  wire = wireProvider(async ({ method, path, body, headers }) => {
    const answer = await app.inject({
      method,
      url: `/psp-stand-in/v2/${path}`,
      headers,
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { statusCode: answer.statusCode, body: answer.body };
  });
}, 120_000);

afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});

const request = (reference: string, idempotencyKey: string) => ({
  amountCents: 4599,
  description: 'Mega Mobile SA F-2026-000001 +++090/9337/55493+++',
  redirectUrl: 'http://localhost:8080/bills/main?payment=pay_abcdefghijklmnop',
  webhookUrl: 'http://localhost:8080/api/public/payments/webhook',
  language: 'nl' as const,
  reference,
  idempotencyKey,
});

describe('the official Mollie client against the stand-in', () => {
  it('creates a payment and reads it back, as the wire client of the server does', async () => {
    const created = await official.create(request('pay_official000000001', 'official-1'));
    expect(created).toMatchObject({ status: 'open', amountCents: 4599, currency: 'EUR', method: null, paidAt: null });
    expect(created.id).toMatch(/^tr_[A-Za-z0-9]+$/);
    expect(created.checkoutUrl).toMatch(new RegExp(`/psp-stand-in/checkout/${created.id}$`));

    // The server's own client reads the same payment the same way.
    expect(await wire.get(created.id)).toEqual(await official.get(created.id));

    const page = await app.inject({ method: 'GET', url: `/psp-stand-in/checkout/${created.id}?method=payconiq` });
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.body).toContain('lang="nl"');
    const done = await app.inject({
      method: 'POST',
      url: `/psp-stand-in/checkout/${created.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'method=payconiq&status=paid',
    });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(request('', '').redirectUrl);

    const paid = await official.get(created.id);
    expect(paid).toMatchObject({ id: created.id, status: 'paid', method: 'payconiq', checkoutUrl: null, amountCents: 4599 });
    expect(Date.parse(paid?.paidAt ?? '')).not.toBeNaN();
    expect(await wire.get(created.id)).toEqual(paid);
  });

  it('applies a create once per Idempotency-Key', async () => {
    const first = await official.create(request('pay_official000000002', 'official-2'));
    const again = await official.create(request('pay_official000000002', 'official-2'));
    expect(again.id).toBe(first.id);
    const other = await official.create(request('pay_official000000003', 'official-3'));
    expect(other.id).not.toBe(first.id);
  });

  it('answers null for an unknown payment, and an error the client understands for a refused one', async () => {
    expect(await official.get('tr_unknownpayment')).toBeNull();
    await expect(official.create({ ...request('pay_official000000004', 'official-4'), amountCents: 0 })).rejects.toBeInstanceOf(
      ProviderError,
    );
  });
});
