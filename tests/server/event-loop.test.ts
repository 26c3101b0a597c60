import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '#contract/fixtures/demo';
import { buildApp } from '#server/app';
import type { Db } from '#server/db/database';
import { closeTestDatabase, openTestDatabase } from './test-database.ts';
import { staticFixtureDir } from './test-app.ts';

/*
 * One heavy request must not freeze everyone: over real HTTP (the socket matters: a stream that never yields would
 * write the whole export in one go), GET status keeps answering within 200 ms while the heavy customer's six-month
 * exports run, and while several logins hash their passwords.
 */

const BUDGET_MS = 200;

let db: Db;
let app: FastifyInstance;
let base = '';
let token = '';
let historyPath = '';

beforeAll(async () => {
  db = await openTestDatabase();
  app = await buildApp({ db, staticDir: staticFixtureDir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const login = await fetch(`${base}/api/public/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-mode': 'bearer' },
    body: JSON.stringify({ login: 'MT00000005', password: demoPassword }),
  });
  token = ((await login.json()) as { token: string }).token;
  const contract = await db
    .selectFrom('contracts')
    .select(['id', 'customer_id'])
    .where('msisdn', '=', '0470000007')
    .executeTakeFirstOrThrow();
  historyPath = `/api/customer/${contract.customer_id}/contract/${contract.id}/usage/download`;
});

afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});

/** Polls GET status until `work` settles; returns the slowest answer and how many were taken. */
const statusWhile = async (work: Promise<unknown>): Promise<{ slowest: number; samples: number }> => {
  let done = false;
  void work.finally(() => (done = true));
  const times: number[] = [];
  while (!done) {
    const start = performance.now();
    const response = await fetch(`${base}/api/public/status`);
    await response.arrayBuffer();
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  await work;
  return { slowest: Math.max(0, ...times), samples: times.length };
};

const sixMonthsAgo = (): string => new Date(Date.now() - 190 * 86_400_000).toISOString().slice(0, 10);

describe('GET status stays under 200 ms while heavy work runs', () => {
  it.each(['CONSO', 'PDF'] as const)('during a six-month %s export of the heavy customer', async (type) => {
    const exported = fetch(`${base}${historyPath}?type=${type}&from=${sixMonthsAgo()}`, {
      headers: { authorization: `Bearer ${token}` },
    }).then(async (response) => {
      expect(response.status).toBe(200);
      return (await response.arrayBuffer()).byteLength;
    });
    const { slowest, samples } = await statusWhile(exported);
    console.log(`${type} export: ${await exported} bytes; status answered ${samples} times, slowest ${slowest.toFixed(0)} ms`);
    expect(samples).toBeGreaterThan(2);
    expect(slowest).toBeLessThan(BUDGET_MS);
  });

  it('during eight logins at once (password hashing off the event loop)', async () => {
    const logins = Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fetch(`${base}/api/public/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: i % 2 === 0 ? 'MT00000003' : 'MT00000004', password: demoPassword }),
        }).then((response) => response.status),
      ),
    );
    const { slowest } = await statusWhile(logins);
    expect(await logins).toEqual(Array.from({ length: 8 }, () => 200));
    expect(slowest).toBeLessThan(BUDGET_MS);
  });
});
