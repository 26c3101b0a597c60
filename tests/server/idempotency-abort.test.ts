import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import type { Db } from '#server/db/database';
import { bearer, login, staticFixtureDir } from './test-app.ts';
import { closeTestDatabase, openTestDatabase } from './test-database.ts';

/*
 * A client that leaves before its answer (its own timeout, or the proxy's) must not strand the key it sent. The
 * answer is still stored, and a retry with the same key gets it: the queue of the app, or a writer of the failover
 * bench, re-sends an unanswered change with its key. Fastify runs no onResponse hook for such a request, and the
 * in-process waiters of the key were released there only: every retry of that key then waited for ever (the failover
 * bench's writers hung on the one or two keys whose first answer went to a client that had given up).
 */

let db: Db;
let app: FastifyInstance;
let port: number;
let token: string;
let entered: (run: { socketClosed: Promise<void> }) => void = () => undefined;
let finish: () => void = () => undefined;

beforeAll(async () => {
  db = await openTestDatabase();
  app = await buildApp({ demo: true, db, testMode: true, staticDir: staticFixtureDir });
  // A write that takes as long as the test says: the client leaves while it runs.
  app.post('/api/test/slow-write', async (request) => {
    entered({ socketClosed: new Promise<void>((resolve) => request.raw.socket.once('close', () => resolve())) });
    await new Promise<void>((resolve) => (finish = resolve));
    return { applied: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
  token = (await login(app, 'MT00000001')).token;
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});

describe('an Idempotency-Key whose first client left before the answer', () => {
  it('is answered from its stored answer on the retry, not left waiting', async () => {
    const key = 'client-left-0001';
    const running = new Promise<{ socketClosed: Promise<void> }>((resolve) => (entered = resolve));
    const first = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/test/slow-write',
      headers: { ...bearer(token), 'content-type': 'application/json', 'idempotency-key': key },
    });
    first.on('error', () => undefined);
    first.end('{}');
    const { socketClosed } = await running;

    // The client gives up while the write runs; the server sees its socket close.
    first.destroy();
    await socketClosed;
    // A retry from the same client meanwhile waits for the first run, in this process.
    const retry = app.inject({
      method: 'POST',
      url: '/api/test/slow-write',
      headers: { ...bearer(token), 'idempotency-key': key },
      payload: {},
    });
    finish();
    const answer = await retry;
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ applied: true });
    expect(answer.headers['idempotent-replayed']).toBe('true');
    // And so does one sent after it all.
    const later = await app.inject({
      method: 'POST',
      url: '/api/test/slow-write',
      headers: { ...bearer(token), 'idempotency-key': key },
      payload: {},
    });
    expect(later.statusCode).toBe(200);
    expect(later.headers['idempotent-replayed']).toBe('true');
  });
});
