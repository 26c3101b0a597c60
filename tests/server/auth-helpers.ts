import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { appContext } from '#server/app';
import { workAfterAnswersDone } from '#server/routes/auth/shared';
import type { OutboxMessage } from '#server/stand-ins/dev-outbox';
import { APP_ORIGIN, bearerMode, createTestApp, type TestApp } from './test-app.ts';

/* Shared by the auth-*.test.ts files: the fake clock, the outbox, device credentials. */

export const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

/** Pins the server clock (test-mode route); `null` returns to the real clock. */
export const setClock = async (app: FastifyInstance, at: Date | null): Promise<void> => {
  const response = await app.inject({ method: 'POST', url: '/api/test/clock', payload: { now: at ? at.toISOString() : null } });
  if (response.statusCode !== 200) throw new Error(`clock: ${response.statusCode} ${response.body}`);
};

/** Runs `body` with the clock moved `ms` ahead of now, then puts it back. */
export const later = async <T>(app: FastifyInstance, ms: number, body: () => Promise<T>): Promise<T> => {
  await setClock(app, new Date(Date.now() + ms));
  try {
    return await body();
  } finally {
    await setClock(app, null);
  }
};

export const resetLimits = async (app: FastifyInstance): Promise<void> => {
  await app.inject({ method: 'POST', url: '/api/test/rate-limits/reset', payload: {} });
};

/** Messages to one recipient, newest first (what the browser tests read). */
export const outbox = async (app: FastifyInstance, to: string): Promise<OutboxMessage[]> => {
  // A recovery makes its link or code, and queues its message, after the answer (routes/auth/shared.ts afterAnswer).
  await workAfterAnswersDone(appContext(app));
  const response = await app.inject({ method: 'GET', url: `/dev/outbox.json?to=${encodeURIComponent(to)}` });
  if (response.statusCode !== 200) throw new Error(`outbox: ${response.statusCode} ${response.body}`);
  return response.json<{ messages: OutboxMessage[] }>().messages;
};

export const latestMessage = async (app: FastifyInstance, to: string): Promise<OutboxMessage> => {
  const [message] = await outbox(app, to);
  if (!message) throw new Error(`no message for ${to}`);
  return message;
};

/** `/login/recover-password/{uuid}/{token}` → { uuid, token }. */
export const linkParts = (path: string | null): { uuid: string; token: string } => {
  const parts = (path ?? '').split('?')[0]?.split('/') ?? [];
  const token = parts.at(-1);
  const uuid = parts.at(-2);
  if (!uuid || !token) throw new Error(`not a link path: ${path}`);
  return { uuid, token };
};

export type Device = { deviceId: string; deviceKey: string };
export const newDevice = (): Device => ({ deviceId: randomUUID(), deviceKey: randomBytes(32).toString('base64url') });

/** A POST as a non-browser client (bearer mode: tokens in the body); `browser: true` posts as the app does. */
export const post = (
  app: FastifyInstance,
  url: string,
  payload: unknown,
  extra: { headers?: Record<string, string>; cookies?: Record<string, string>; remoteAddress?: string; browser?: boolean } = {},
): Promise<LightMyRequestResponse> => {
  const { browser, headers, ...rest } = extra;
  // Cookies travel only from a browser, which names the app's origin on every write.
  const origin = browser || rest.cookies ? { origin: APP_ORIGIN } : {};
  return app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { ...(browser ? {} : bearerMode), ...origin, ...headers },
    ...rest,
  });
};

export const cookieOf = (response: LightMyRequestResponse, name: string): string | undefined =>
  response.cookies.find((cookie) => cookie.name === name)?.value;

/**
 * The cookies a browser keeps from an answer, by name: a cookie cleared at another path (the access token's former
 * /api path, plugins/auth.ts) is a deletion, not a value.
 */
export const keptCookies = (response: LightMyRequestResponse): Record<string, string> =>
  Object.fromEntries(
    response.cookies
      .filter((cookie) => cookie.value !== '' && cookie.maxAge !== 0 && !(cookie.expires && cookie.expires.getTime() <= Date.now()))
      .map((cookie) => [cookie.name, cookie.value]),
  );

/**
 * The set-up of an auth test file: one seeded app for the file, rate limits reset before each test. Returns a
 * view whose `app` and `db` read the app of the running file.
 */
export const authTestApp = (): Pick<TestApp, 'app' | 'db'> => {
  let current: TestApp | null = null;
  beforeAll(async () => {
    current = await createTestApp();
  });
  afterAll(async () => {
    await current?.close();
  });
  beforeEach(async () => {
    await resetLimits(current!.app);
  });
  return {
    get app() {
      return current!.app;
    },
    get db() {
      return current!.db;
    },
  };
};
