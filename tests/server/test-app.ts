import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { loginResponseSchema } from '#contract/auth';
import { demoPassword } from '#contract/fixtures/demo';
import { buildApp, type BuildAppOptions } from '#server/app';
import type { Db } from '#server/db/database';
import { closeTestDatabase, openTestDatabase } from './test-database.ts';

/*
 * Shared set-up of the server tests. Each test file opens one database in beforeAll and builds its app(s) on it: an
 * in-memory copy of the run's seeded demo database (SQLite), or with TEST_DATABASE_URL a PostgreSQL database copied
 * from the run's seeded template (tests/server/test-database.ts, tests/global-setup.ts).
 *
 * Every test app serves a static folder, as `npm start` does with dist/: the static plugin changes how Fastify
 * registers routes (and once made API errors skip the project's error handler), so the error shapes are only
 * proven on the app as production builds it. The fixture is a tiny stand-in for dist/, so that the unit tests do
 * not need a build.
 */

/** A stand-in for dist/: index.html, sw.js, a hashed asset, their source maps and the manifest. */
export const staticFixtureDir = fileURLToPath(new URL('../fixtures/static/', import.meta.url));

export type TestApp = { app: FastifyInstance; db: Db; close: () => Promise<void> };

export const createTestApp = async (options: Partial<Omit<BuildAppOptions, 'db' | 'database'>> = {}, seededAt?: Date): Promise<TestApp> => {
  const db = await openTestDatabase(seededAt ? { now: seededAt } : {});
  const app = await buildApp({ demo: true, db, testMode: true, staticDir: staticFixtureDir, ...options });
  await app.ready();
  return {
    app,
    db,
    close: async () => {
      await app.close();
      await closeTestDatabase(db);
    },
  };
};

/**
 * A test app on a demo seeded at `at`, whose clock stands still there (the test moves it through the app's context):
 * for a test whose figures are those of a given day. On PostgreSQL the seed of that day is written anew.
 */
export const createTestAppAt = (at: Date, options: Partial<Omit<BuildAppOptions, 'db' | 'database' | 'now'>> = {}): Promise<TestApp> =>
  createTestApp({ ...options, now: () => at }, at);

/**
 * The origin the test apps are served from (PUBLIC_URL's default): a browser adds it to every write, and the server
 * refuses a cookie-authenticated write without it (plugins/origin-check.ts).
 */
export const APP_ORIGIN = 'http://localhost:8080';

/** A non-browser client: asks for the tokens in the answer's body (a browser gets them in cookies only). */
export const bearerMode = { 'x-auth-mode': 'bearer' } as const;

/** The login answer of bearer mode: the tokens are there. */
export const bearerLoginResponseSchema = loginResponseSchema.extend({ token: z.string(), refresh_token: z.string() });

export type LoggedIn = { token: string; refreshToken: string; response: LightMyRequestResponse };

export const login = async (app: FastifyInstance, loginId: string, password: string = demoPassword): Promise<LoggedIn> => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/public/users/login',
    headers: bearerMode,
    payload: { login: loginId, password },
  });
  if (response.statusCode !== 200) throw new Error(`login ${loginId} failed: ${response.statusCode} ${response.body}`);
  const body = response.json<{ token: string; refresh_token: string }>();
  return { token: body.token, refreshToken: body.refresh_token, response };
};

export const bearer = (token: string): { authorization: string } => ({ authorization: `Bearer ${token}` });
