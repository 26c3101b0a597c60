import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appContext, buildApp, type BuildAppOptions } from '#server/app';
import type { Db } from '#server/db/database';
import { workAfterAnswersDone } from '#server/routes/auth/shared';
import { closeTestDatabase } from './test-database.ts';
import { staticFixtureDir } from './test-app.ts';
import { seededDatabase } from './seeded-db.ts';

/*
 * Where e-mails and SMS go without SMTP_URL: on a default start (production, no DEV_OUTBOX) into the server log
 * and nowhere reachable over HTTP; the HTML outbox only when switched on, and then only for the machine itself.
 */

const RESET = '/api/public/users/reset-password';
const OUTBOX_URLS = ['/dev/outbox', '/dev/outbox.json', '/dev/outbox.css'];

let db: Db;
beforeAll(async () => {
  db = await seededDatabase();
});
afterAll(async () => {
  await closeTestDatabase(db);
});

type Started = { app: FastifyInstance; log: () => string };

/** The app as `npm start` builds it (static folder), with its log captured. */
const start = async (options: Partial<BuildAppOptions> = {}): Promise<Started> => {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  const app = await buildApp({
    demo: true,
    db,
    staticDir: staticFixtureDir,
    logStream: stream,
    mail: { smtpUrl: null, devOutbox: false },
    ...options,
  });
  await app.ready();
  return { app, log: () => text };
};

const outboxCount = async (): Promise<number> =>
  Number(
    (
      await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('a default start (production mode, no SMTP_URL, no DEV_OUTBOX)', () => {
  it('serves no outbox to anyone, and writes the recovery link to the server log instead', async () => {
    const { app, log } = await start();
    try {
      for (const url of OUTBOX_URLS) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toMatchObject({ code: 'notFound' });
      }
      const before = await outboxCount();
      const response = await app.inject({ method: 'POST', url: RESET, payload: { email: 'sophie.dubois@example.be' } });
      expect(response.statusCode).toBe(200);
      // The message is made after the answer (routes/auth/shared.ts afterAnswer) and goes out after it
      // (lib/mail-queue.ts): wait for both, not for a guessed time.
      await workAfterAnswersDone(appContext(app));
      await appContext(app).mailQueue.drain();
      expect(await outboxCount()).toBe(before);
      const line = log()
        .split('\n')
        .find((entry) => entry.includes('"mail"'));
      expect(line).toBeDefined();
      const entry = JSON.parse(line ?? '{}') as { mail: { channel: string; to: string }; msg: string };
      expect(entry.mail).toMatchObject({ channel: 'EMAIL', to: 'sophie.dubois@example.be' });
      expect(entry.msg).toMatch(/http:\/\/localhost:\d+\/login\/recover-password\/[\w-]+\/[\w-]{43}/);
    } finally {
      await app.close();
    }
  });
});

describe('the development outbox, switched on (DEV_OUTBOX=1)', () => {
  let started: Started;
  beforeAll(async () => {
    started = await start({ mail: { smtpUrl: null, devOutbox: true } });
    await started.app.inject({ method: 'POST', url: RESET, payload: { email: 'sophie.dubois@example.be' } });
    await workAfterAnswersDone(appContext(started.app));
  });
  afterAll(async () => {
    await started.app.close();
  });

  it('shows the messages, with its banner, to the machine itself', async () => {
    const page = await started.app.inject({ method: 'GET', url: '/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Development outbox: messages are not really sent');
    expect(page.body).toContain('Only this machine can open this page');
    const json = await started.app.inject({ method: 'GET', url: '/dev/outbox.json?to=sophie.dubois%40example.be', remoteAddress: '::1' });
    expect(json.statusCode).toBe(200);
    expect(json.json<{ messages: { path: string }[] }>().messages[0]?.path).toMatch(/^\/login\/recover-password\//);
  });

  it('answers 404 to any other address, and to a request a proxy relayed', async () => {
    for (const url of OUTBOX_URLS) {
      for (const remoteAddress of ['203.0.113.5', '10.0.0.2', '::ffff:192.0.2.1', '2001:db8::1']) {
        expect((await started.app.inject({ method: 'GET', url, remoteAddress })).statusCode, `${url} from ${remoteAddress}`).toBe(404);
      }
      for (const headers of [{ 'x-forwarded-for': '203.0.113.5' }, { forwarded: 'for=203.0.113.5' }]) {
        expect((await started.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1', headers })).statusCode).toBe(404);
      }
    }
  });

  it('does not open to a spoofed client address either when a proxy is trusted', async () => {
    const trusting = await start({ mail: { smtpUrl: null, devOutbox: true }, trustProxy: 1 });
    try {
      const response = await trusting.app.inject({
        method: 'GET',
        url: '/dev/outbox.json',
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await trusting.app.close();
    }
  });
});

describe('test mode', () => {
  it('keeps the outbox on without DEV_OUTBOX (the browser tests read codes and links there)', async () => {
    const { app } = await start({ testMode: true });
    try {
      expect((await app.inject({ method: 'GET', url: '/dev/outbox.json' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
