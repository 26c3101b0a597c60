import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePath } from '#server/lib/request-path';
import { bearer, createTestApp, login, type TestApp } from './test-app.ts';

/*
 * Paths are normalized before any rule applies (docs/product/security.md "Request hygiene"): no source map in any
 * spelling, and the API's rules (maintenance, no-store, JSON 404) hold however the path is written. Against the app as
 * `npm start` builds it (static folder with sw.js.map and an asset's map), through inject and on a real socket.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Every spelling of the fixture's source maps an attacker tried, or could. */
const mapSpellings = [
  '/sw.js.map',
  '/sw.js.ma%70',
  '/sw.js%2emap',
  '/sw.js%2Emap',
  '/sw.js%252emap',
  '/sw.js%25252emap',
  '/%73w.js.map',
  '/SW.JS.MAP',
  '/sw.js.MaP',
  '/sw.js.map?x=1',
  '/sw.js.map#x',
  '/sw.js.map/',
  '/./sw.js.map',
  '//sw.js.map',
  '/assets/../sw.js.map',
  '/assets/%2e%2e/sw.js.map',
  '/assets/%252e%252e/sw.js.map',
  '/assets%2f..%2fsw.js.map',
  '/assets\\..\\sw.js.map',
  '/assets/index-abc123.js.map',
  '/assets/index-abc123.js.ma%70',
  '/assets/index-abc123.js%2Emap',
  '/assets%2Findex-abc123.js.map',
  '/sw.js.map%00',
  '/sw.js.map%2500',
];

describe('normalizePath', () => {
  it.each([
    ['/sw.js.ma%70', '/sw.js.map'],
    ['/sw.js%252emap', '/sw.js.map'],
    ['/assets/../sw.js.map?x', '/sw.js.map'],
    ['/a\\b//c/./d/', '/a/b/c/d/'],
    ['/%2e%2e/%2e%2e/etc/passwd', '/etc/passwd'],
    ['/api/%70ublic/status', '/api/public/status'],
    ['/sw.js.map%00', null],
    ['/a%zz', null],
    ['/a%2525252525', null],
  ])('%s → %s', (url, expected) => {
    expect(normalizePath(url)).toBe(expected);
  });
});

describe('no source map is reachable in any spelling', () => {
  it.each(mapSpellings)('inject GET %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect([400, 404]).toContain(response.statusCode);
    expect(response.body).not.toContain('mappings');
    expect(response.body).not.toContain('sourcesContent');
  });

  it('on a real socket (the raw request line, no client normalization), HEAD and GET alike', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (method: string, path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request({ host: '127.0.0.1', port, method, path }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        request.on('error', reject);
        request.end();
      });
    for (const path of mapSpellings.filter((p) => !p.includes('#') && !p.includes('\\'))) {
      for (const method of ['GET', 'HEAD']) {
        const answer = await raw(method, path);
        expect([400, 404], `${method} ${path}`).toContain(answer.status);
        expect(answer.body).not.toContain('mappings');
      }
    }
    // The files themselves are still served.
    expect((await raw('GET', '/sw.js')).status).toBe(200);
    expect((await raw('GET', '/assets/index-abc123.js')).status).toBe(200);
  });
});

describe('API rules hold in any spelling of the path', () => {
  it('an encoded API path is still the API: a JSON 4xx (never the app shell) and no-store', async () => {
    for (const url of ['/%61pi/nothing-here', '/api/%6eothing', '/api//nothing', '/api/x/../nothing']) {
      const response = await t.app.inject({ method: 'GET', url });
      // The static plugin refuses "//" with 403 before the not-found handler: a 4xx all the same.
      expect([403, 404], url).toContain(response.statusCode);
      expect(response.headers['content-type'], url).toMatch(/application\/json/);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('maintenance covers an encoded API path too', async () => {
    const { token } = await login(t.app, 'MT00000001');
    expect((await t.app.inject({ method: 'POST', url: '/api/test/maintenance', payload: { on: true } })).statusCode).toBe(200);
    try {
      for (const url of ['/api/user/me', '/api/%75ser/me', '/api//user/me', '/api/x/../user/me']) {
        const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
        expect(response.statusCode, url).toBe(503);
      }
    } finally {
      await t.app.inject({ method: 'POST', url: '/api/test/maintenance', payload: { on: false } });
    }
  });
});
