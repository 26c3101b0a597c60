import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { demoPassword } from '#contract/fixtures/demo';
import { endpoints, type Endpoint } from '#contract/endpoints';
import { buildApp } from '#server/app';
import type { Db } from '#server/db/database';
import { closeTestDatabase, openTestDatabase } from './test-database.ts';
import { staticFixtureDir } from './test-app.ts';

/*
 * Property-based fuzzing of every endpoint of the contract, against the app as `npm start` builds it (production
 * mode, static folder): random params, queries and bodies (wrong types, huge and odd numbers, unicode, long
 * strings, deep nesting), with and without a logged-in demo customer, with and without an Idempotency-Key. The
 * one property: the server never answers 5xx. Bad input is the client's fault and gets a 4xx.
 */

const RUNS_PER_CASE = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);

let db: Db;
let app: FastifyInstance;
const statuses = new Map<number, number>();
let requests = 0;
const failures: string[] = [];

/** Logged-in demo customers: Sophie (owner, customer 1) and Lucas (plain user of customer 3). */
const accounts = [
  { login: 'MT00000001', customerId: 1 },
  { login: '0470000003', customerId: 3 },
] as const;
const tokens = new Map<string, string>();

const login = async (loginId: string): Promise<string> => {
  // The fuzzed login calls may have locked the demo accounts: the fuzz is not about rate limits.
  await db.deleteFrom('login_attempts').execute();
  const response = await app.inject({
    method: 'POST',
    url: '/api/public/users/login',
    remoteAddress: '10.255.0.1',
    headers: { 'x-auth-mode': 'bearer' },
    payload: { login: loginId, password: demoPassword },
  });
  if (response.statusCode !== 200) throw new Error(`login ${loginId}: ${response.statusCode} ${response.body}`);
  const token = response.json<{ token: string }>().token;
  tokens.set(loginId, token);
  return token;
};

beforeAll(async () => {
  db = await openTestDatabase();
  app = await buildApp({ db, staticDir: staticFixtureDir });
  await app.ready();
  for (const account of accounts) await login(account.login);
}, 120_000);

afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
  const byStatus = Object.fromEntries([...statuses.entries()].sort(([a], [b]) => a - b));
  console.log(`fuzz: ${requests} requests, answers by status: ${JSON.stringify(byStatus)}`);
});

// --- Arbitraries ------------------------------------------------------------------------------------------------

/** The keys a schema knows (object, optional, union, pipe), so that bodies and queries hit real fields too. */
const knownKeys = (schema: z.ZodType | undefined): string[] => {
  if (!schema) return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault)
    return knownKeys(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodUnion) return [...new Set((schema.options as z.ZodType[]).flatMap(knownKeys))];
  if (schema instanceof z.ZodPipe) return knownKeys(schema.in as z.ZodType);
  return [];
};

const odd = fc.constantFrom(
  '',
  '0',
  '-1',
  '1.5',
  '1e309',
  '-1e309',
  'NaN',
  'Infinity',
  '0x1F',
  '9007199254740991',
  '9007199254740993',
  '18446744073709551616',
  '99999999999999999999999999999999',
  ' 1 ',
  'null',
  'true',
  '[]',
  '{}',
  '../../etc/passwd',
  '%00',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'é🙂\u202e\u0000',
  'MT00000001',
  '0470000001',
  'sophie.dubois@example.be',
  '2026-02-30',
  '2026-01-01',
  'PDF',
  'CONSO',
  'asc',
  'desc',
);

const text = fc.oneof(
  odd,
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ minLength: 300, maxLength: 2000 }),
);
const number = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2, 2 ** 63, -(2 ** 63), 1e308, -0, 0.1),
);
const scalar = fc.oneof(text, number, fc.boolean(), fc.constant(null));
const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
);

/** Nested arrays or objects, up to far deeper than any parser's stack. */
const deepJson = fc
  .tuple(fc.integer({ min: 1, max: 200_000 }), fc.boolean())
  .map(([depth, objects]) => (objects ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}` : `${'['.repeat(depth)}${']'.repeat(depth)}`));

const bodyOf = (endpoint: Endpoint) => {
  const keys = knownKeys(endpoint.body);
  const fields =
    keys.length > 0
      ? fc.dictionary(fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })), value, { maxKeys: keys.length + 2 })
      : fc.object();
  return fc.oneof(
    { weight: 5, arbitrary: fields.map((object) => ({ json: object })) },
    { weight: 1, arbitrary: value.map((v) => ({ json: v })) },
    { weight: 1, arbitrary: deepJson.map((raw) => ({ raw })) },
    { weight: 1, arbitrary: fc.constant({ none: true as const }) },
  );
};

const paramValue = (customerId: number) =>
  fc.oneof(
    fc.constantFrom(String(customerId), '1', '2', '3', '7', 'abc', '0', '-1', '1e3', '9007199254740993', '99999999999999999999'),
    text.filter((t) => t.length > 0),
  );

const queryOf = (endpoint: Endpoint) => {
  const keys = knownKeys(endpoint.query);
  const key = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })) : fc.string({ maxLength: 10 });
  return fc.array(fc.tuple(key, fc.oneof(text, number.map(String))), { maxLength: 6 });
};

type Case = { name: string; endpoint: Endpoint; account: (typeof accounts)[number] | null };

const cases: Case[] = Object.entries(endpoints as Record<string, Endpoint>).flatMap(([name, endpoint]) => [
  { name: `${name} (anonymous)`, endpoint, account: null },
  ...(endpoint.base === 'api' ? accounts.map((account) => ({ name: `${name} (${account.login})`, endpoint, account })) : []),
]);

const pathOf = (endpoint: Endpoint, params: Record<string, string>): string =>
  `${endpoint.base === 'public' ? '/api/public' : '/api'}${endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? 'x'),
  )}`;

const send = async (
  c: Case,
  params: Record<string, string>,
  query: [string, string][],
  body: { json?: unknown; raw?: string; none?: true },
  idempotent: boolean,
) => {
  const search = new URLSearchParams(query).toString();
  const headers: Record<string, string> = {};
  if (c.account) headers.authorization = `Bearer ${tokens.get(c.account.login) ?? ''}`;
  if (idempotent) headers['idempotency-key'] = `fuzz-${requests}-${Math.random().toString(36).slice(2, 10)}`;
  const url = `${pathOf(c.endpoint, params)}${search ? `?${search}` : ''}`;
  const options: InjectOptions = {
    method: c.endpoint.method,
    url,
    remoteAddress: `10.0.${requests % 250}.${(requests >> 8) % 250}`,
    headers,
  };
  if (c.endpoint.method !== 'GET') {
    if (body.raw !== undefined) {
      options.payload = body.raw;
      headers['content-type'] = 'application/json';
    } else if (!body.none) {
      options.payload = JSON.stringify(body.json ?? null);
      headers['content-type'] = 'application/json';
    }
  }
  const response: LightMyRequestResponse = await app.inject(options);
  requests += 1;
  statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
  if (response.statusCode >= 500) failures.push(`${c.endpoint.method} ${url.slice(0, 160)} → ${response.statusCode}`);
  // The fuzz may log a demo customer out (logout, password reset …): log in again for the next run.
  if (c.account && response.statusCode === 401) await login(c.account.login);
  return response;
};

describe('fuzzing every contract endpoint (never 5xx)', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const paramNames = [...c.endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
    const params = fc.record(Object.fromEntries(paramNames.map((n) => [n, paramValue(c.account?.customerId ?? 1)])));
    await fc.assert(
      fc.asyncProperty(params, queryOf(c.endpoint), bodyOf(c.endpoint), fc.boolean(), async (p, q, b, idempotent) => {
        const response = await send(c, p, q, b, idempotent);
        expect(response.statusCode, `${c.endpoint.method} ${c.endpoint.path}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS_PER_CASE, seed: SEED, endOnFailure: true },
    );
  });

  it('found no 5xx at all', () => {
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual(cases.length * RUNS_PER_CASE);
  });
});
