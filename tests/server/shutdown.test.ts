import fs from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appContext, buildApp } from '#server/app';
import { assertDatabaseAnswers } from '#server/db/engine';
import { reserveTestDatabase, testEngine } from './test-database.ts';
import { createShutdown } from '#server/lib/shutdown';
import { writeSeededDatabase } from './seeded-db.ts';

/*
 * Graceful shutdown against a real listening socket (inject has none): a request in flight finishes, new
 * connections are refused, the database closes afterwards, and the wait is bounded.
 */

const gate = () => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
};

const BIG = 32 * 1024 * 1024;

/**
 * An app that owns its database, with a /slow route held until the test opens its gate, and a /big route whose
 * handler ends at once while its body waits in the socket's buffers for the client to read it.
 */
const reserved: (() => Promise<void>)[] = [];
let dir = '';
let seeded = '';
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shutdown-test-'));
  if (testEngine() === 'sqlite') {
    seeded = path.join(dir, 'seeded.sqlite');
    await writeSeededDatabase(seeded);
  }
});
afterAll(async () => {
  for (const drop of reserved.splice(0)) await drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Whether the app's database still answers a query. */
const databaseOpen = async (app: FastifyInstance): Promise<boolean> =>
  assertDatabaseAnswers(appContext(app).db).then(
    () => true,
    () => false,
  );

/**
 * A database of the app's own, opened and closed by the app as `npm start` does: SQLite, a file copied from the run's
 * seed; PostgreSQL, a database copied from the run's template.
 */
const ownDatabase = async (): Promise<string> => {
  if (testEngine() === 'sqlite') {
    const dbFile = path.join(dir, `app-${crypto.randomUUID()}.sqlite`);
    fs.copyFileSync(seeded, dbFile);
    return dbFile;
  }
  const { location, drop } = await reserveTestDatabase();
  reserved.push(drop);
  return location;
};

const startApp = async () => {
  const app = await buildApp({ demo: true, database: await ownDatabase() });
  const started = gate();
  const release = gate();
  app.get('/slow', async () => {
    started.open();
    await release.opened;
    return { done: true };
  });
  app.get('/big', (_request, reply) => reply.type('application/octet-stream').send(Buffer.alloc(BIG, 7)));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, started, release };
};

const refused = async (url: string): Promise<boolean> => {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return false;
  } catch {
    return true;
  }
};

describe('graceful shutdown', () => {
  it('finishes the request in flight, refuses new connections, then closes the database and exits 0', async () => {
    const { app, url, started, release } = await startApp();
    const exits: number[] = [];
    const shutdown = createShutdown(app, { timeoutMs: 10_000, exit: (code) => exits.push(code) });

    const slow = fetch(`${url}/slow`);
    await started.opened;
    const done = shutdown('SIGTERM');

    await expect.poll(() => refused(`${url}/api/public/status`), { timeout: 5_000 }).toBe(true);
    expect(await databaseOpen(app)).toBe(true);
    expect(exits).toEqual([]);

    release.open();
    const response = await slow;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ done: true });
    await done;
    expect(exits).toEqual([0]);
    expect(await databaseOpen(app)).toBe(false);
    // A second signal joins the shutdown in progress instead of starting another.
    await shutdown('SIGINT');
    expect(exits).toEqual([0]);
  }, 30_000);

  it('delivers the whole body of a response that has ended but not yet reached a slow client', async () => {
    const { app, url } = await startApp();
    const exits: number[] = [];
    const shutdown = createShutdown(app, { timeoutMs: 20_000, exit: (code) => exits.push(code) });

    const received = new Promise<number>((resolve, reject) => {
      get(`${url}/big`, (response) => {
        response.pause();
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () => resolve(bytes));
        response.on('error', reject);
        // Shut down while the client still holds back, then start reading.
        void (async () => {
          const done = shutdown('SIGTERM');
          await new Promise((r) => setTimeout(r, 300));
          response.resume();
          await done;
        })();
      }).on('error', reject);
    });
    expect(await received).toBe(BIG);
    await expect.poll(() => exits, { timeout: 10_000 }).toEqual([0]);
  }, 40_000);

  it('closes the connections of requests still running at the timeout and exits 1', async () => {
    const { app, url, started, release } = await startApp();
    const exits: number[] = [];
    const shutdown = createShutdown(app, { timeoutMs: 200, exit: (code) => exits.push(code) });

    const slow = fetch(`${url}/slow`).then(
      () => 'answered',
      () => 'connection closed',
    );
    await started.opened;
    await shutdown('SIGTERM');
    expect(await slow).toBe('connection closed');
    expect(exits).toEqual([1]);
    release.open();
  }, 30_000);
});
