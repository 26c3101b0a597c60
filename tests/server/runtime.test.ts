import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, CONNECTION_IDLE_MS, HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '#server/app';
import pg from 'pg';
import type { Db } from '#server/db/database';
import { openDemoDatabase } from '#server/demo/index';
import { closeTestDatabase, openTestDatabase, testEngine, urlOfTestDatabase } from './test-database.ts';
import { LOCK_FILE, lockDataDir, parseLockRecord } from '#server/lib/data-dir-lock';
import { bearer, login, staticFixtureDir } from './test-app.ts';
import { seededDatabase, writeSeededDatabase } from './seeded-db.ts';

/* How the server runs on its machine: one process per DATA_DIR, writes that wait for each other, request time-outs. */

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'mss-runtime-'));

describe('one server per DATA_DIR (lock file naming its holder)', () => {
  it('records this process, releases on exit, and takes over a lock whose process is gone', async () => {
    const dir = tempDir();
    const release = lockDataDir(dir);
    expect(parseLockRecord(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);

    const child = spawn(process.execPath, ['-e', '0']);
    const deadPid = child.pid ?? 0;
    await new Promise((resolve) => child.once('exit', resolve));
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${deadPid}\n`);
    const again = lockDataDir(dir);
    expect(parseLockRecord(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'))?.pid).toBe(process.pid);
    again();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

/**
 * Another connection (another process or instance) writes to Sophie's contact and holds its write transaction for
 * 300 ms; resolves once it holds it, with a promise of its end. SQLite: a second thread on the file; PostgreSQL:
 * a second client on the database.
 */
const holdContactWrite = async (db: Db, file: string | null): Promise<{ done: Promise<void> }> => {
  if (testEngine() === 'postgres') {
    const other = new pg.Client({ connectionString: urlOfTestDatabase(db) });
    await other.connect();
    await other.query('BEGIN');
    await other.query("UPDATE contacts SET phone = '0470999999' WHERE customer_id = 1");
    const done = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('COMMIT');
      await other.end();
    })();
    return { done };
  }
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
         const Database = require(workerData.module);
         const other = new Database(workerData.file);
         other.pragma('busy_timeout = 5000');
         other.exec('BEGIN IMMEDIATE');
         other.prepare("UPDATE contacts SET phone = '0470999999' WHERE customer_id = 1").run();
         parentPort.postMessage('locked');
         Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300);
         other.exec('COMMIT');
         other.close();
         parentPort.postMessage('done');`,
    { eval: true, workerData: { file, module: require.resolve('better-sqlite3') } },
  );
  await new Promise<void>((resolve) => worker.once('message', () => resolve()));
  return { done: new Promise((resolve) => worker.once('exit', () => resolve())) };
};

describe('writes on a database another writer holds', () => {
  let dir: string;
  let db: Db;
  beforeAll(async () => {
    dir = tempDir();
    // SQLite: a file, which a second connection can open; PostgreSQL: a database of the test's own.
    if (testEngine() === 'postgres') {
      db = await openTestDatabase();
    } else {
      await writeSeededDatabase(path.join(dir, 'app.sqlite'));
      db = await openDemoDatabase(path.join(dir, 'app.sqlite'));
    }
  });
  afterAll(async () => {
    await closeTestDatabase(db);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('wait for another connection holding a write transaction (immediate or serializable transaction): never a 500', async () => {
    const app = await buildApp({ demo: true, db, staticDir: staticFixtureDir, testMode: true });
    try {
      const { token } = await login(app, 'MT00000001');
      const current = (await app.inject({ method: 'GET', url: '/api/customer/1/full', headers: bearer(token) })).json<{
        contact: { lastUpdate: string };
      }>();
      const held = await holdContactWrite(db, path.join(dir, 'app.sqlite'));
      const patched = await app.inject({
        method: 'PATCH',
        url: '/api/customer/1/contact',
        headers: bearer(token),
        payload: { lastUpdate: current.contact.lastUpdate, firstName: 'Sophia' },
      });
      await held.done;
      // Either it applied after the other writer, or it was refused as stale (412): never a 500.
      expect([200, 412]).toContain(patched.statusCode);
    } finally {
      await app.close();
    }
  });
});

describe('request time-outs', () => {
  it('bounds the headers, the whole request and idle connections', async () => {
    const db = await seededDatabase();
    const app = await buildApp({ demo: true, db, staticDir: staticFixtureDir });
    try {
      expect(app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
      expect(app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
      expect(app.initialConfig.connectionTimeout).toBe(CONNECTION_IDLE_MS);
      expect(HEADERS_TIMEOUT_MS).toBeLessThanOrEqual(REQUEST_TIMEOUT_MS);
    } finally {
      await app.close();
      await closeTestDatabase(db);
    }
  });
});
