import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contract/common';
import { demoPassword } from '#contract/fixtures/demo';
import { buildApp } from '#server/app';
import type { Db } from '#server/db/database';
import { seededDatabase } from './seeded-db.ts';
import { keptCookies } from './auth-helpers.ts';
import { closeTestDatabase } from './test-database.ts';
import { multipart } from './upload-fixtures.ts';
import { staticFixtureDir } from './test-app.ts';

/*
 * Cookie-authenticated writes must come from PUBLIC_URL's origin, and the Secure flag follows PUBLIC_URL's scheme
 * (docs/product/security.md "Cross-site requests", "Cookies"). On a real socket: the headers are what matters. The
 * attack of the report: a multipart POST (a form any page can send) with the session cookie and
 * `Origin: https://evil.example` got 200.
 */

const PUBLIC_URL = 'https://mobile.example.be';
let db: Db;
let app: FastifyInstance;
let port: number;

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

const send = (method: string, path: string, headers: Record<string, string>, body?: Buffer | string): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, method, path, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });

const json = (value: unknown) => ({ body: JSON.stringify(value), headers: { 'content-type': 'application/json' } });

/** Logs in as a browser does (cookies, no tokens in the body), from the app's origin; returns its cookie header. */
const browserLogin = async (loginId: string): Promise<string> => {
  const payload = json({ login: loginId, password: demoPassword });
  const answer = await send('POST', '/api/public/users/login', { ...payload.headers, origin: PUBLIC_URL, host: 'localhost' }, payload.body);
  expect(answer.status, answer.body).toBe(200);
  const setCookies = answer.headers['set-cookie'] ?? [];
  // A cookie cleared at another path (the access token's former /api path) is a deletion, which a browser does not send.
  return setCookies
    .filter((line) => !/;\s*Max-Age=0\b/i.test(line))
    .map((line) => line.split(';')[0])
    .join('; ');
};

const ticket = async (cookie: string, extra: Record<string, string>) => {
  const form = await multipart({ subject: 'billing', subSubject: 'billing_invoice', message: 'Une question sur ma facture.' });
  return send('POST', '/api/support/ticket', { cookie, ...form.headers, ...extra }, form.payload);
};

beforeAll(async () => {
  db = await seededDatabase();
  app = await buildApp({ demo: true, db, staticDir: staticFixtureDir, mail: { publicUrl: PUBLIC_URL } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});

describe('cookie-authenticated writes check Origin against PUBLIC_URL', () => {
  it('refuses the multipart POST of another site that carries the session cookie (403), accepts the app own', async () => {
    const cookie = await browserLogin('MT00000001');
    const evil = await ticket(cookie, { origin: 'https://evil.example' });
    expect(evil.status, evil.body).toBe(403);
    expect(JSON.parse(evil.body)).toMatchObject({ code: 'forbidden', fields: [{ field: 'Origin' }] });
    for (const origin of ['null', 'https://mobile.example.be.evil.example', 'http://mobile.example.be', 'https://sub.mobile.example.be']) {
      expect((await ticket(cookie, { origin })).status, origin).toBe(403);
    }
    // A browser that sends no Origin but says where the request comes from; and one that says nothing at all.
    expect((await ticket(cookie, { 'sec-fetch-site': 'same-site' })).status).toBe(403);
    expect((await ticket(cookie, {})).status).toBe(403);
    expect((await ticket(cookie, { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await ticket(cookie, { origin: PUBLIC_URL })).status).toBe(200);
  });

  it('covers every cookie: logout, renewal with the refresh cookie, a login that carries the device cookie', async () => {
    const cookie = await browserLogin('MT00000003');
    const logout = json({});
    expect(
      (await send('POST', '/api/user/logout', { cookie, origin: 'https://evil.example', ...logout.headers }, logout.body)).status,
    ).toBe(403);
    // The session survived the forged logout.
    expect((await send('GET', '/api/user/me', { cookie })).status).toBe(200);
    const renew = json({});
    expect(
      (await send('POST', '/api/public/users/renew-access', { cookie, origin: 'https://evil.example', ...renew.headers }, renew.body))
        .status,
    ).toBe(403);
    const again = json({ login: 'MT00000003', password: demoPassword });
    expect(
      (await send('POST', '/api/public/users/login', { cookie, origin: 'https://evil.example', ...again.headers }, again.body)).status,
    ).toBe(403);
    expect(
      (await send('POST', '/api/public/users/renew-access', { cookie, origin: PUBLIC_URL, ...renew.headers }, renew.body)).status,
    ).toBe(200);
  });

  it('leaves alone what another site cannot forge: reads, and writes with an Authorization header', async () => {
    const cookie = await browserLogin('MT00000004');
    expect((await send('GET', '/api/user/me', { cookie, origin: 'https://evil.example' })).status).toBe(200);
    const payload = json({ login: 'MT00000004', password: demoPassword });
    const bearerLogin = await send('POST', '/api/public/users/login', { 'x-auth-mode': 'bearer', ...payload.headers }, payload.body);
    const { token } = JSON.parse(bearerLogin.body) as { token: string };
    const language = json({ lang: 'nl' });
    const withBearer = await send('POST', '/api/user/language', { authorization: `Bearer ${token}`, ...language.headers }, language.body);
    expect(withBearer.status, withBearer.body).toBe(200);
  });
});

describe('the check is skipped only for a request that a valid bearer token authenticates (issue 42)', () => {
  const bearerToken = async (loginId: string): Promise<string> => {
    const payload = json({ login: loginId, password: demoPassword });
    const answer = await send('POST', '/api/public/users/login', { 'x-auth-mode': 'bearer', ...payload.headers }, payload.body);
    expect(answer.status, answer.body).toBe(200);
    return (JSON.parse(answer.body) as { token: string }).token;
  };

  const ticketCount = async (cookie: string): Promise<number> =>
    (JSON.parse((await send('GET', '/api/support/tickets', { cookie })).body) as { tickets: unknown[] }).tickets.length;

  it('refuses the multipart ticket of another site that adds Authorization: Basic to the session cookie', async () => {
    const cookie = await browserLogin('MT00000003');
    const before = await ticketCount(cookie);
    const evil = await ticket(cookie, { origin: 'http://evil.example', authorization: 'Basic dXNlcjpwYXNz' });
    expect(evil.status, evil.body).toBe(403);
    expect(errorBodySchema.parse(JSON.parse(evil.body))).toMatchObject({
      statusCode: 403,
      code: 'forbidden',
      fields: [{ field: 'Origin', message: 'validation:invalid' }],
    });
    // A made-up bearer token, a stale one, or a bare scheme do not stand in for the Origin either.
    const ended = await bearerToken('MT00000003');
    const logout = json({});
    expect((await send('POST', '/api/user/logout', { authorization: `Bearer ${ended}`, ...logout.headers }, logout.body)).status).toBe(200);
    for (const authorization of ['Bearer made-up-token', `Bearer ${ended}`, 'Bearer', 'Digest username="user"']) {
      expect((await ticket(cookie, { origin: 'http://evil.example', authorization })).status, authorization).toBe(403);
    }
    // None of them created a ticket on the cookie's session.
    expect(await ticketCount(cookie)).toBe(before);
  });

  it('lets a real bearer-token client write without Origin, with or without cookies in its jar', async () => {
    const token = await bearerToken('MT00000005');
    const form = await multipart({ subject: 'billing', subSubject: 'billing_invoice', message: 'Envoyé par un client non navigateur.' });
    const plain = await send('POST', '/api/support/ticket', { authorization: `Bearer ${token}`, ...form.headers }, form.payload);
    expect(plain.status, plain.body).toBe(200);
    const cookie = await browserLogin('MT00000005');
    const withJar = await ticket(cookie, { authorization: `Bearer ${token}` });
    expect(withJar.status, withJar.body).toBe(200);
    // Even from a page's origin that is not the app's: the token, which no other site knows, authenticates it.
    expect((await ticket(cookie, { authorization: `Bearer ${token}`, origin: 'http://evil.example' })).status).toBe(200);
  });
});

describe("the Secure flag follows PUBLIC_URL's scheme, not the Host header", () => {
  it('an https PUBLIC_URL: Secure cookies even for a request that names a loopback Host', async () => {
    for (const host of ['localhost', '127.0.0.1', 'mobile.example.be']) {
      const payload = json({ login: 'MT00000005', password: demoPassword });
      const answer = await send('POST', '/api/public/users/login', { ...payload.headers, host }, payload.body);
      expect(answer.status).toBe(200);
      const cookies = answer.headers['set-cookie'] ?? [];
      expect(cookies.length).toBeGreaterThanOrEqual(3);
      for (const line of cookies) expect(line, `${host}: ${line}`).toMatch(/;\s*Secure/i);
    }
  });

  it('a loopback http PUBLIC_URL (development) accepts its loopback aliases as origins', async () => {
    const local = await buildApp({ demo: true, db, staticDir: staticFixtureDir, mail: { publicUrl: 'http://localhost:8080' } });
    try {
      const logged = await local.inject({
        method: 'POST',
        url: '/api/public/users/login',
        payload: { login: 'MT00000001', password: demoPassword },
      });
      const cookies = keptCookies(logged);
      for (const [origin, status] of [
        ['http://127.0.0.1:8080', 200],
        ['http://[::1]:8080', 200],
        ['http://localhost:8081', 403],
      ] as const) {
        const response = await local.inject({
          method: 'POST',
          url: '/api/user/language',
          cookies,
          headers: { origin },
          payload: { lang: 'fr' },
        });
        expect(response.statusCode, origin).toBe(status);
      }
    } finally {
      await local.close();
    }
  });
});
