import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contract/common';
import { invoiceSituationSchema } from '#contract/invoices';
import { buildApp } from '#server/app';
import { closeDatabase, openDatabase, type Db } from '#server/db/database';
import { DEMO_IDS } from '#server/demo/data/ids';
import { createSession } from '#server/lib/sessions';
import { bearer, staticFixtureDir } from './test-app.ts';
import { closeTestDatabase, openTestDatabase, sqlRows } from './test-database.ts';
import { freePort } from './free-port.ts';

/*
 * A server for real customers (DEMO=off, docs/product/operations.md "Demo and production"): it creates no account on
 * an empty database, serves no stand-in (404 on their paths, as the app is served by `npm start`), takes no payment
 * without a provider (the app hides "Pay now": the situation says so), issues no one-click energy login without a
 * portal, and its start names its mode first, then what is off, one line each.
 */

const STAND_IN_REQUESTS = [
  { method: 'GET', url: '/psp-stand-in/' },
  { method: 'GET', url: '/psp-stand-in/checkout.css' },
  { method: 'GET', url: '/psp-stand-in/checkout/tr_x' },
  { method: 'POST', url: '/psp-stand-in/v2/payments' },
  { method: 'GET', url: '/psp-stand-in/v2/payments/tr_x' },
  { method: 'GET', url: '/energy-portal/' },
  { method: 'GET', url: '/energy-portal/one-click?login=ME00000001&guid=x&token=y' },
  { method: 'GET', url: '/energy-portal/portal.css' },
  { method: 'GET', url: '/dev/outbox' },
  { method: 'GET', url: '/dev/outbox.json' },
  { method: 'POST', url: '/api/test/clock' },
  { method: 'POST', url: '/api/test/maintenance' },
  { method: 'GET', url: '/api/test/applied' },
  { method: 'POST', url: '/api/test/usage' },
  { method: 'POST', url: '/api/test/rate-limits/reset' },
] as const;

const customerCount = async (db: Db): Promise<number> =>
  Number((await sqlRows<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM customers'))[0]?.n ?? -1);

describe('a production start on an empty database', () => {
  let db: Db;
  let app: FastifyInstance;
  beforeAll(async () => {
    db = await openDatabase(':memory:');
    app = await buildApp({ demo: false, db, staticDir: staticFixtureDir });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await closeDatabase(db);
  });

  it('creates no account', async () => {
    expect(await customerCount(db)).toBe(0);
    expect(Number((await sqlRows<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM users'))[0]?.n)).toBe(0);
  });

  it.each(STAND_IN_REQUESTS)('answers 404 on the stand-in path $method $url', async ({ method, url }) => {
    const response = await app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json()).code).toBe('notFound');
  });

  it('still serves the app on its own paths', async () => {
    const response = await app.inject({ method: 'GET', url: '/bills/main' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });
});

describe('a production server on a database with customers, without payment provider or energy portal', () => {
  let db: Db;
  let app: FastifyInstance;
  let marc = '';
  let sophie = '';
  beforeAll(async () => {
    db = await openTestDatabase();
    app = await buildApp({ demo: false, db, staticDir: staticFixtureDir });
    marc = (await createSession(db, DEMO_IDS.users.marc, new Date())).accessToken;
    sophie = (await createSession(db, DEMO_IDS.users.sophie, new Date())).accessToken;
  });
  afterAll(async () => {
    await app.close();
    await closeTestDatabase(db);
  });

  it('says in the invoice situation that payment online is off, so the app shows no "Pay now"', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `/api/customer/${DEMO_IDS.customers.marc}/invoices/situation`,
      headers: bearer(marc),
    });
    expect(response.statusCode).toBe(200);
    const situation = invoiceSituationSchema.parse(response.json());
    expect(situation.isInDebt).toBe(true);
    expect(situation.onlinePayment).toBe(false);
  });

  it('refuses to start a payment, with a translated reason, and records none', async () => {
    const response = await app.inject({
      method: 'POST',
      url: `/api/customer/${DEMO_IDS.customers.marc}/invoices/open/payment`,
      headers: { ...bearer(marc), 'idempotency-key': crypto.randomUUID() },
      payload: {},
    });
    expect(response.statusCode).toBe(503);
    expect(errorBodySchema.parse(response.json()).code).toBe('onlinePaymentUnavailable');
    expect(await sqlRows(db, 'SELECT id FROM online_payments')).toEqual([]);
  });

  it('issues no one-click energy login', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/user/relog', headers: bearer(sophie), payload: {} });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ link: '', token: '' });
  });
});

describe('the demo, for comparison', () => {
  it('fills an empty database and takes payments through its stand-in', async () => {
    const app = await buildApp({ demo: true, database: ':memory:', staticDir: staticFixtureDir });
    try {
      await app.ready();
      const checkout = await app.inject({ method: 'GET', url: '/psp-stand-in/checkout.css' });
      expect(checkout.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});

const root = path.resolve(import.meta.dirname, '../..');

describe('what a start says (server/main.ts)', () => {
  it('names the mode on its first line, then one line for each service that is off', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mss-production-'));
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DEMO: 'off',
        PUBLIC_URL: 'https://mobile.example.be',
        LOG_LEVEL: 'info',
        FASTIFY_AUTOLOAD_TYPESCRIPT: '1',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      let stdout = '';
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          // The log's lines may come after the plain "running on" line (pino writes on its own): wait for the last one.
          if (stdout.includes('running on') && stdout.includes('SIM provisioning')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stdout}`)));
      });
      const lines = stdout.trim().split('\n');
      expect(lines[0]).toBe('Mode: production (DEMO=off), embedded SQLite: no demo account, no stand-in');
      const messages = lines.slice(1).flatMap((line) => {
        try {
          const entry: unknown = JSON.parse(line);
          return typeof entry === 'object' && entry !== null && 'msg' in entry ? [String(entry.msg)] : [];
        } catch {
          return [];
        }
      });
      expect(messages).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^Online payment: off \(MOLLIE_API_KEY unset\)/),
          expect.stringMatching(/^Mail: off \(SMTP_URL unset\)/),
          expect.stringMatching(/^Energy portal: off \(ENERGY_PORTAL_URL unset\)/),
          expect.stringMatching(/^SIM provisioning: no network integration/),
        ]),
      );
      const ready = await fetch(`http://127.0.0.1:${port}/psp-stand-in/`);
      expect(ready.status).toBe(404);
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses a production start with a localhost public address, in one line naming the variable', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', DEMO: 'off', PUBLIC_URL: 'http://localhost:8080', FASTIFY_AUTOLOAD_TYPESCRIPT: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain('PUBLIC_URL="http://localhost:8080": expected the address customers open with DEMO=off');
  }, 60_000);
});
