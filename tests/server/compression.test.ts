import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { buildApp } from '#server/app';
import { createShutdown } from '#server/lib/shutdown';
import { compressFolder } from '../../scripts/build/compress-assets.ts';
import { bearer, createTestApp, login, type TestApp } from './test-app.ts';

/*
 * Compression as `npm start` serves the build: the build step's .br/.gz copies sent by @fastify/static with the
 * right headers (the cache rules unchanged), and API answers compressed on the fly above the threshold.
 */

let t: TestApp;
let app: FastifyInstance;
let dir: string;
let token: string;

// Large enough to compress well; repeated text like a real bundle.
const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{id:${i},label:"row ${i}"}`).join(',')}];\n`;
const html = `<!doctype html><html lang="fr"><head><title>app</title></head><body><div id="root">${'<p>shell</p>'.repeat(200)}</div></body></html>`;
const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

const br = ['gzip, deflate, br, zstd', 'br'];

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(join(tmpdir(), 'mss-compress-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'sw.js'), script);
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), script);
  writeFileSync(join(dir, 'assets', 'index-abc123.css'), `body{color:red}\n${'.a{margin:0}\n'.repeat(200)}`);
  writeFileSync(join(dir, 'icon-192.png'), png);
  await compressFolder(dir);
  app = await buildApp({ demo: true, db: t.db, staticDir: dir });
  token = (await login(app, 'MT00000001')).token;
});
afterAll(async () => {
  await app.close();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}), ...headers } });

describe('build step', () => {
  it('writes a Brotli and a gzip copy of every text file and none of images', () => {
    for (const file of ['index.html', 'sw.js', 'assets/index-abc123.js', 'assets/index-abc123.css']) {
      const original = readFileSync(join(dir, file));
      expect(brotliDecompressSync(readFileSync(join(dir, `${file}.br`))).equals(original)).toBe(true);
      expect(gunzipSync(readFileSync(join(dir, `${file}.gz`))).equals(original)).toBe(true);
    }
    expect(existsSync(join(dir, 'icon-192.png.br'))).toBe(false);
  });
});

describe('static files', () => {
  it('sends pages on a real socket without piling listeners on the response (no leak warning from Node)', async () => {
    // As the server runs (server/main.ts): listening, with the shutdown's connection tracking. The SPA fallback
    // used to return the reply, which Fastify then awaited: each wait added listeners, 11 on every page.
    const served = await buildApp({ demo: true, db: t.db, staticDir: dir });
    createShutdown(served, { timeoutMs: 1_000, exit: () => undefined });
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      await served.listen({ port: 0, host: '127.0.0.1' });
      const { port } = served.server.address() as AddressInfo;
      for (const path of ['/', '/consumption/details', '/assets/index-abc123.js']) {
        const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { 'accept-encoding': 'br' } });
        expect(response.status, path).toBe(200);
        await response.arrayBuffer();
      }
      // Node emits its warnings on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((warning) => warning.includes('MaxListenersExceeded'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await served.close();
    }
  });

  it.each([
    { url: '/assets/index-abc123.js', type: 'application/javascript', cache: 'public, max-age=31536000, immutable', body: script },
    { url: '/sw.js', type: 'application/javascript', cache: 'no-cache', body: script },
    { url: '/', type: 'text/html', cache: 'no-cache', body: html },
    { url: '/consumption/details?contractId=1', type: 'text/html', cache: 'no-cache', body: html },
  ])('$url: Brotli when accepted, gzip otherwise, raw without Accept-Encoding', async ({ url, type, cache, body }) => {
    for (const accept of br) {
      const response = await get(url, accept);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toContain(type);
      expect(response.headers['cache-control']).toBe(cache);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      // Compressed once: one decoding gives the file back.
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(body);
      expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
      expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(body) / 3);
    }
    const gzip = await get(url, 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe(cache);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(body);
    const raw = await get(url);
    expect(raw.headers['content-encoding']).toBeUndefined();
    expect(raw.headers.vary).toMatch(/accept-encoding/i);
    expect(raw.body).toBe(body);
  });

  it('sends images as they are', async () => {
    const response = await get('/icon-192.png', br[0]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.rawPayload.equals(png)).toBe(true);
  });
});

describe('API answers', () => {
  it('compresses a JSON answer above the threshold and keeps Cache-Control: no-store', async () => {
    const plain = await get('/api/customer/1/full?withContracts=1&withLinkedUser=1', undefined, bearer(token));
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      [br[0], 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await get('/api/customer/1/full?withContracts=1&withLinkedUser=1', accept, bearer(token));
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(decode(response.rawPayload).toString())).toEqual(plain.json());
    }
  });

  it('sends a small answer raw', async () => {
    const response = await get('/api/public/status', br[0]);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(1024);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
