import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { demoPassword } from '#contract/fixtures/demo';
import { endpoints, type Endpoint } from '#contract/endpoints';
import { buildApp } from '#server/app';
import type { Db } from '#server/db/database';
import type { OpenAPIV3_1 } from 'openapi-types';
import { closeTestDatabase } from './test-database.ts';
import { staticFixtureDir } from './test-app.ts';
import { seededDatabase } from './seeded-db.ts';

/*
 * Property-based fuzzing of every endpoint of the contract, against the app as `npm start` builds it (production
 * mode, static folder): random params, queries and bodies (wrong types, huge and odd numbers, unicode, long
 * strings, deep nesting), with and without a logged-in demo customer, with and without an Idempotency-Key. Every
 * write is fuzzed twice over: with JSON bodies, and with multipart/form-data bodies (text fields, files of any name,
 * type and content, and broken framing: no boundary, another boundary, one too long, cut short, no closing line,
 * a part without its headers), whether or not the endpoint takes multipart. The one property: the server never
 * answers 5xx (docs/product/security.md "Request hygiene"). Bad input is the client's fault and gets a 4xx. The cases
 * are checked against the operations of the served OpenAPI document, and the answers are reported by status for each
 * kind of body.
 */

const RUNS_PER_CASE = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_101);

let db: Db;
let app: FastifyInstance;
let openApi: OpenAPIV3_1.Document;
type BodyKind = 'json' | 'multipart' | 'none';
/** Answers by status, for each kind of body. */
const statuses: Record<BodyKind, Map<number, number>> = { json: new Map(), multipart: new Map(), none: new Map() };
/** The operations ("METHOD /openapi/path") fuzzed with each kind of body. */
const fuzzed: Record<BodyKind, Set<string>> = { json: new Set(), multipart: new Set(), none: new Set() };
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
  db = await seededDatabase();
  app = await buildApp({ demo: true, db, staticDir: staticFixtureDir });
  await app.ready();
  openApi = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenAPIV3_1.Document>();
  for (const account of accounts) await login(account.login);
}, 120_000);

const report = (): string => {
  const byKind = (Object.keys(statuses) as BodyKind[]).map((kind) => {
    const counts = [...statuses[kind].entries()].sort(([a], [b]) => a - b);
    const total = counts.reduce((sum, [, n]) => sum + n, 0);
    return `${kind} bodies: ${total} requests, ${JSON.stringify(Object.fromEntries(counts))}`;
  });
  const fives = [...Object.values(statuses)].flatMap((m) => [...m.entries()]).filter(([status]) => status >= 500);
  return `fuzz: ${requests} requests, ${fives.reduce((sum, [, n]) => sum + n, 0)} × 5xx; ${byKind.join('; ')}`;
};

afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
  console.log(report());
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

/** What a file part may hold: random bytes, or the start of a real PDF, PNG or JPEG (sniffed by content). */
const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 3000 }),
  fc.constantFrom(
    Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'),
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
    Buffer.alloc(0),
  ),
);

type MultipartPart = { name: string } & ({ value: string } | { filename: string; type: string; bytes: Uint8Array });
type MultipartFlaw =
  'none' | 'no boundary' | 'another boundary' | 'boundary too long' | 'cut short' | 'no closing line' | 'no part headers';
type MultipartBody = { parts: MultipartPart[]; boundary: string; flaw: MultipartFlaw };

const multipartOf = (endpoint: Endpoint): fc.Arbitrary<MultipartBody> => {
  const keys = knownKeys(endpoint.body);
  const name = keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })) : fc.string({ maxLength: 10 });
  const field = fc.record({
    name,
    value: fc.oneof(
      text,
      number.map(String),
      value.map((v) => JSON.stringify(v) ?? ''),
    ),
  });
  const file = fc.record({
    name: fc.oneof(fc.constantFrom('attachment', 'document', 'file', 'front', 'back'), name),
    filename: fc.oneof(fc.constantFrom('id.pdf', 'photo.png', 'scan.jpg', '../../etc/passwd', 'é🙂.pdf', ''), fc.string({ maxLength: 30 })),
    type: fc.constantFrom('application/pdf', 'image/png', 'image/jpeg', 'text/plain', 'application/octet-stream', 'x/x;;', ''),
    bytes: fileBytes,
  });
  return fc.record({
    parts: fc.array(fc.oneof({ weight: 3, arbitrary: field }, { weight: 1, arbitrary: file }), { maxLength: 8 }),
    boundary: fc.oneof(fc.constantFrom('x', '----fuzz', "'()+_,-./:=?", 'a'.repeat(70)), fc.string({ minLength: 1, maxLength: 20 })),
    flaw: fc.oneof(
      { weight: 4, arbitrary: fc.constant<MultipartFlaw>('none') },
      {
        weight: 3,
        arbitrary: fc.constantFrom<MultipartFlaw>(
          'no boundary',
          'another boundary',
          'boundary too long',
          'cut short',
          'no closing line',
          'no part headers',
        ),
      },
    ),
  });
};

/** The bytes and Content-Type of a multipart body, broken as its flaw says. */
const multipartPayload = ({ parts, boundary, flaw }: MultipartBody): { payload: Buffer; contentType: string } => {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      'filename' in part
        ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}`
        : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\n${flaw === 'no part headers' ? '' : `Content-Disposition: ${disposition}\r\n`}\r\n`));
    chunks.push('filename' in part ? Buffer.from(part.bytes) : Buffer.from(part.value), Buffer.from('\r\n'));
  }
  if (flaw !== 'no closing line') chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const whole = Buffer.concat(chunks);
  const payload = flaw === 'cut short' ? whole.subarray(0, Math.floor(whole.length / 2)) : whole;
  const declared =
    flaw === 'no boundary'
      ? ''
      : flaw === 'another boundary'
        ? `; boundary=other${boundary.length}`
        : flaw === 'boundary too long'
          ? `; boundary=${'b'.repeat(300)}`
          : `; boundary="${boundary.replace(/["\\]/g, '')}"`;
  return { payload, contentType: `multipart/form-data${declared}` };
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

/** The operation of the OpenAPI document an endpoint is: "METHOD /api/…/{param}". */
const operationOf = (endpoint: Endpoint): string =>
  `${endpoint.method} ${endpoint.base === 'public' ? '/api/public' : '/api'}${endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}')}`;

const pathOf = (endpoint: Endpoint, params: Record<string, string>): string =>
  `${endpoint.base === 'public' ? '/api/public' : '/api'}${endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? 'x'),
  )}`;

const send = async (
  c: Case,
  params: Record<string, string>,
  query: [string, string][],
  body: { json?: unknown; raw?: string; none?: true; multipart?: MultipartBody },
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
  let kind: BodyKind = 'none';
  if (c.endpoint.method !== 'GET') {
    if (body.multipart) {
      const { payload, contentType } = multipartPayload(body.multipart);
      options.payload = payload;
      headers['content-type'] = contentType;
      kind = 'multipart';
    } else if (body.raw !== undefined) {
      kind = 'json';
      options.payload = body.raw;
      headers['content-type'] = 'application/json';
    } else if (!body.none) {
      options.payload = JSON.stringify(body.json ?? null);
      headers['content-type'] = 'application/json';
      kind = 'json';
    }
  }
  const response: LightMyRequestResponse = await app.inject(options);
  requests += 1;
  statuses[kind].set(response.statusCode, (statuses[kind].get(response.statusCode) ?? 0) + 1);
  fuzzed[kind].add(operationOf(c.endpoint));
  if (response.statusCode >= 500) failures.push(`${c.endpoint.method} ${url.slice(0, 160)} (${kind}) → ${response.statusCode}`);
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
});

const writes = cases.filter((c) => c.endpoint.method !== 'GET');

describe('fuzzing every contract write with multipart bodies (never 5xx)', () => {
  it.each(writes.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const paramNames = [...c.endpoint.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
    const params = fc.record(Object.fromEntries(paramNames.map((n) => [n, paramValue(c.account?.customerId ?? 1)])));
    await fc.assert(
      fc.asyncProperty(params, queryOf(c.endpoint), multipartOf(c.endpoint), fc.boolean(), async (p, q, multipart, idempotent) => {
        const response = await send(c, p, q, { multipart }, idempotent);
        expect(response.statusCode, `${c.endpoint.method} ${c.endpoint.path}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      }),
      { numRuns: RUNS_PER_CASE, seed: SEED, endOnFailure: true },
    );
  });
});

describe('the fuzz as a whole', () => {
  it('covered every operation of the OpenAPI document, each write with JSON and with multipart bodies', () => {
    const documented = Object.entries(openApi.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(documented.length).toBeGreaterThan(20);
    const all = new Set([...fuzzed.json, ...fuzzed.multipart, ...fuzzed.none]);
    expect(
      documented.filter((op) => !all.has(op)),
      'documented but never fuzzed',
    ).toEqual([]);
    const documentedWrites = documented.filter((op) => !op.startsWith('GET '));
    expect(
      documentedWrites.filter((op) => !fuzzed.json.has(op)),
      'writes never fuzzed with JSON',
    ).toEqual([]);
    expect(
      documentedWrites.filter((op) => !fuzzed.multipart.has(op)),
      'writes never fuzzed with multipart',
    ).toEqual([]);
  });

  it('found no 5xx at all', () => {
    console.log(report());
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThanOrEqual((cases.length + writes.length) * RUNS_PER_CASE);
  });
});
