import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.ts';

/*
 * What the OpenAPI document promises a client, frozen: every operation (method and path) with its name, tags,
 * security, parameters, request bodies and answers, schemas included, and the names of the shared components. Written
 * from the home-made generator before the move to @fastify/swagger (issue 28), so that the move shows every
 * difference a client could notice. Key order and the inlining of a `$ref` are not promises: `$ref`s into
 * components are resolved, and objects are compared whatever the order of their keys.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

let t: TestApp;
let doc: { paths: Record<string, Record<string, Record<string, Json>>>; components: Record<string, Record<string, Json>> };
beforeAll(async () => {
  t = await createTestApp();
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await t.close();
});

/** Replaces `{ $ref: '#/components/…' }` by what it points at, and sorts object keys. */
const normalize = (value: Json): Json => {
  if (Array.isArray(value)) return value.map(normalize);
  if (value === null || typeof value !== 'object') return value;
  const ref = value.$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/')) {
    const [, , kind, name] = ref.split('/');
    const target = doc.components[kind ?? '']?.[name ?? ''];
    if (target === undefined) throw new Error(`dangling ${ref}`);
    return normalize(target);
  }
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, normalize(value[key] as Json)]),
  );
};

/** The parts of an operation a client relies on; parameters keyed by location and name, in no particular order. */
const operationPromise = (operation: Record<string, Json>): Json => {
  const parameters = (operation.parameters ?? []) as { in: string; name: string }[];
  return normalize({
    operationId: operation.operationId ?? null,
    tags: operation.tags ?? null,
    security: operation.security ?? null,
    parameters: Object.fromEntries(parameters.map((p) => [`${p.in} ${p.name.toLowerCase()}`, p as unknown as Json])),
    requestBody: operation.requestBody ?? null,
    responses: operation.responses ?? null,
    'x-queued': operation['x-queued'] ?? false,
    'x-online-only': operation['x-online-only'] ?? false,
  });
};

describe('OpenAPI document against its baseline', () => {
  it('keeps every operation, with the same parameters, bodies and answers', async () => {
    const operations = Object.fromEntries(
      Object.entries(doc.paths)
        .flatMap(([path, item]) =>
          Object.entries(item).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as const),
        )
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, operation]) => [key, operationPromise(operation)]),
    );
    expect(Object.keys(operations).length).toBeGreaterThanOrEqual(81);
    await expect(`${JSON.stringify(operations, null, 2)}\n`).toMatchFileSnapshot('./__snapshots__/openapi-operations.json');
  });

  it('keeps the shared components', () => {
    expect(Object.keys(doc.components.schemas ?? {})).toEqual(expect.arrayContaining(['ErrorBody']));
    expect(normalize(doc.components.securitySchemes ?? null)).toMatchInlineSnapshot(`
      {
        "bearerToken": {
          "description": "The access token of the login answer, for clients that are not browsers.",
          "scheme": "bearer",
          "type": "http",
        },
        "sessionCookie": {
          "description": "The HttpOnly session cookie set by the login calls (browsers).",
          "in": "cookie",
          "name": "access_token",
          "type": "apiKey",
        },
      }
    `);
  });
});
