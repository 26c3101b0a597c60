import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { FastifyInstance } from 'fastify';
import type { OpenAPI } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contract/common';
import { endpoints, endpointUrl, type Endpoint } from '#contract/endpoints';
import { buildApp } from '#server/app';
import { contentSecurityPolicy } from '#server/plugins/security-headers';
import { createTestApp, type TestApp } from './test-app.ts';

/*
 * The OpenAPI document (@fastify/swagger, plugins/openapi.ts) against the routes Fastify really serves, in both
 * directions, and against the OpenAPI 3.1 schema (plus every embedded schema against JSON Schema 2020-12).
 */

type Operation = {
  operationId?: string;
  security?: unknown;
  parameters?: { in: string; name: string; required: boolean }[];
  requestBody?: { required: boolean; content: Record<string, { schema?: unknown }> };
  responses: Record<string, unknown>;
};
type OpenApiDocument = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas?: Record<string, unknown> };
};

let t: TestApp;
let doc: OpenApiDocument;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  doc = response.json<OpenApiDocument>();
});
afterAll(async () => {
  await t.close();
});

const toOpenApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
const toFastifyPath = (path: string): string => path.replace(/\{([A-Za-z0-9_]+)\}/g, ':$1');

/**
 * "METHOD /path" of every contract endpoint the app serves. @fastify/swagger documents every route but the hidden
 * ones; a route outside the contract shows without an operationId (tested below).
 */
const servedOperations = (app: FastifyInstance): Set<string> =>
  new Set(
    Object.values(endpoints as Record<string, Endpoint>)
      .filter((endpoint) => app.hasRoute({ method: endpoint.method, url: endpointUrl(endpoint) }))
      .map((endpoint) => `${endpoint.method} ${toOpenApiPath(endpointUrl(endpoint))}`),
  );

const documentedOperations = (document: OpenApiDocument): Set<string> =>
  new Set(Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`)));

describe('OpenAPI document', () => {
  it('describes every registered API route, and only registered routes', () => {
    const served = servedOperations(t.app);
    const documented = documentedOperations(doc);
    expect(served.size).toBeGreaterThan(20);
    expect(
      [...served].filter((op) => !documented.has(op)),
      'registered but not documented',
    ).toEqual([]);
    expect(
      [...documented].filter((op) => !served.has(op)),
      'documented but not a served contract route',
    ).toEqual([]);
    for (const op of documented) {
      const [method = '', path = ''] = op.split(' ');
      expect(t.app.hasRoute({ method: method, url: toFastifyPath(path) }), op).toBe(true);
    }
  });

  it('holds the same operations without test mode and with the built app served', async () => {
    const staticDir = mkdtempSync(join(tmpdir(), 'openapi-static-'));
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>app</title>');
    const app = await buildApp({ demo: true, db: t.db, testMode: false, staticDir });
    try {
      expect((await app.inject({ method: 'GET', url: '/login' })).statusCode).toBe(200);
      const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
      expect(documentedOperations(document)).toEqual(servedOperations(app));
      expect(documentedOperations(document)).toEqual(documentedOperations(doc));
    } finally {
      await app.close();
      rmSync(staticDir, { recursive: true, force: true });
    }
  });

  it('catches a route registered outside the contract', async () => {
    const app = await buildApp({ demo: true, db: t.db });
    try {
      app.get('/api/undescribed', () => ({}));
      const document = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json<OpenApiDocument>();
      const outside = Object.entries(document.paths).flatMap(([path, item]) =>
        Object.entries(item)
          .filter(([, operation]) => operation.operationId === undefined)
          .map(([method]) => `${method.toUpperCase()} ${path}`),
      );
      expect(outside).toEqual(['GET /api/undescribed']);
    } finally {
      await app.close();
    }
  });

  it('names each operation after its contract endpoint, at the endpoint URL', () => {
    const byName = endpoints as Record<string, Endpoint>;
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        const endpoint = byName[operation.operationId ?? ''];
        expect(endpoint, operation.operationId).toBeDefined();
        expect(`${endpoint?.method} ${toOpenApiPath(endpointUrl(endpoint as Endpoint))}`).toBe(`${method.toUpperCase()} ${path}`);
        // Signed-in calls take the session cookie or a bearer token; public calls need neither.
        expect(operation.security).toEqual(endpoint?.base === 'api' ? [{ sessionCookie: [] }, { bearerToken: [] }] : []);
        expect(operation.responses['4XX']).toEqual({ $ref: '#/components/responses/Error' });
      }
    }
    expect(doc.paths['/api/public/ready']?.get?.operationId).toBe('ready');
  });

  it('describes errors with the contract error body and the request schemas from the contract', () => {
    const { $schema: _dialect, ...errorBody } = errorBodySchema.toJSONSchema({ io: 'input' });
    expect(doc.components.schemas?.ErrorBody).toEqual(errorBody);
    const login = doc.paths['/api/public/users/login']?.post;
    expect(login?.requestBody?.required).toBe(true);
    expect(login?.requestBody?.content['application/json']?.schema).toMatchObject({ type: 'object', required: ['login', 'password'] });
    const history = doc.paths['/api/customer/{customerId}/contract/{contractId}/usage/history']?.get;
    expect(history?.parameters?.map((p) => `${p.in}:${p.name}:${p.required}`)).toEqual(
      expect.arrayContaining(['path:customerId:true', 'path:contractId:true', 'query:megalist-page:false', 'query:type:false']),
    );
    expect(doc.paths['/api/customer/{customerId}/contact']?.patch?.parameters?.map((p) => p.name)).toContain('Idempotency-Key');
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    // The validator dereferences in place: it gets a copy.
    await expect(SwaggerParser.validate(structuredClone(doc) as unknown as OpenAPI.Document)).resolves.toBeDefined();
    expect(doc.openapi).toBe('3.1.0');
    // The validator does reject a broken document (a parameter "in" the body, which OpenAPI 3 does not have).
    const broken = structuredClone(doc);
    const parameter = broken.paths['/api/customer/{customerId}/full']?.get?.parameters?.[0];
    if (!parameter) throw new Error('customerFull has parameters');
    (parameter as { in: string }).in = 'body';
    await expect(SwaggerParser.validate(broken as unknown as OpenAPI.Document)).rejects.toThrow(/validation failed/);
  });

  it('embeds only valid JSON Schema 2020-12', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const schemas: unknown[] = [];
    const collect = (value: unknown, key?: string): void => {
      if (key === 'schema' && value && typeof value === 'object' && !('$ref' in value)) schemas.push(value);
      if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collect(v, k);
    };
    collect(doc.paths);
    expect(schemas.length).toBeGreaterThan(40);
    for (const schema of [...schemas, ...Object.values(doc.components.schemas ?? {})]) {
      expect(ajv.validateSchema(schema as object), JSON.stringify(ajv.errors)).toBe(true);
      expect(() => ajv.compile(schema as object)).not.toThrow();
    }
  });
});

describe('API reference page', () => {
  it('is self-hosted, with no inline script or style, under the strict CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(contentSecurityPolicy);
    const html = response.body;
    expect(html).not.toMatch(/<style|style=|<script(?![^>]*\ssrc=)/);
    expect(html).not.toMatch(/https?:\/\//);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    // Two style sheets, two icons, Swagger UI's two scripts and its start-up file.
    expect(assets).toHaveLength(7);
    for (const url of assets) {
      const asset = await t.app.inject({ method: 'GET', url });
      expect(asset.statusCode, url).toBe(200);
      expect(asset.rawPayload.length, url).toBeGreaterThan(100);
    }
    const start = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(start.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(start.body).toContain("resolveUrl('./json')");
    // The page reads the same document as /api/openapi.json.
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json()).toEqual(doc);
  });
});
