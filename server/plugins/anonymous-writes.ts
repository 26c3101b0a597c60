import fastifyRateLimit, { type FastifyRateLimitStore } from '@fastify/rate-limit';
import { sql } from 'kysely';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, endpointUrl } from '#contract/endpoints';
import { ApiError } from '../lib/api-error.ts';
import type { AppContext } from '../lib/app-context.ts';
import { clientAddress } from '../lib/rate-limit.ts';
import { pathOf } from '../lib/request-path.ts';
import { resolveAccessToken } from '../lib/sessions.ts';
import { tokenFromRequest } from './auth.ts';
import { appPlugin } from '../lib/route-plugin.ts';

/*
 * Anonymous writes are limited per address (docs/product/security.md "Rate limits and lockouts"): every POST, PUT,
 * PATCH or DELETE to the public API (/api/public/…) from a caller without a live session counts against its address (an
 * IPv6 address by its /64 network), at most ANON_WRITES_PER_MINUTE a minute; beyond, 429 with Retry-After. 3,000 page
 * views with fresh Idempotency-Keys in 4 seconds added 3,000 rows; now 60 do, then the address waits. A logged-in
 * customer's writes are not anonymous: they are bound per account where they grow a table. Sign-ins have limits of their
 * own (SIGN_INS below).
 *
 * The official @fastify/rate-limit plugin counts, with a store of our own in the database (rate_counters: one fixed
 * window per address) instead of its in-memory one, so that every instance of the server counts the same requests
 * and the test clock moves the windows. The guess limits (login, PIN, codes) are another matter, with growing waits
 * and daily budgets: lib/rate-limit.ts.
 */

export const ANON_WRITES_PER_MINUTE = 60;
const WINDOW_MS = 60_000;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The store of the plugin: fixed windows in rate_counters, on the app's clock. */
const databaseStore = (ctx: Pick<AppContext, 'db' | 'clock'>) =>
  class DatabaseStore implements FastifyRateLimitStore {
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number): void {
      const now = ctx.clock.now();
      const at = now.toISOString();
      // One statement: requests counted at once on several instances all count (none overwrites another's).
      ctx.db
        .insertInto('rate_counters')
        .values({ key, count: 1, window_end: new Date(now.getTime() + timeWindow).toISOString() })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`CASE WHEN rate_counters.window_end <= ${at} THEN 1 ELSE rate_counters.count + 1 END`,
            window_end: sql<string>`CASE WHEN rate_counters.window_end <= ${at} THEN excluded.window_end ELSE rate_counters.window_end END`,
          }),
        )
        .returning(['count', 'window_end'])
        .executeTakeFirstOrThrow()
        .then(
          (row) => callback(null, { current: row.count, ttl: Math.max(0, new Date(row.window_end).getTime() - now.getTime()) }),
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
    }

    child(): FastifyRateLimitStore {
      return this;
    }
  };

/**
 * The sign-ins (password, PIN, access renewal) are not counted here: a wrong password counts, once checked, against
 * the account and the address (lib/rate-limit.ts `checkGuess`), a right one never, and each account keeps a bounded
 * number of sessions. Counted here, the 61st customer a minute behind one carrier-grade NAT would be refused with the
 * right password (issue 42).
 */
const SIGN_INS = new Set([endpoints.login, endpoints.loginPin, endpoints.renewAccess].map((endpoint) => endpointUrl(endpoint)));

/** True for a write to the public API by a caller without a live session, other than a sign-in. */
const isAnonymousWrite = async (ctx: Pick<AppContext, 'db' | 'clock'>, request: FastifyRequest): Promise<boolean> => {
  const path = pathOf(request);
  if (!UNSAFE_METHODS.has(request.method) || !path.startsWith('/api/public/') || SIGN_INS.has(path)) return false;
  const token = tokenFromRequest(request);
  return !token || (await resolveAccessToken(ctx.db, token, ctx.clock.now())) === undefined;
};

/** Registered before the routes: the plugin adds its hook to each route as it is declared. */
export const registerAnonymousWriteLimit = async (
  app: FastifyInstance,
  ctx: Pick<AppContext, 'db' | 'clock'>,
  perMinute: number = ANON_WRITES_PER_MINUTE,
): Promise<void> => {
  await app.register(fastifyRateLimit, {
    global: true,
    max: perMinute,
    timeWindow: WINDOW_MS,
    store: databaseStore(ctx),
    keyGenerator: (request) => `anonymous-writes:${clientAddress(request.ip)}`,
    allowList: async (request) => !(await isAnonymousWrite(ctx, request)),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, 'tooManyRequests', 'Too many requests from this address', {
        retryAfter: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
  });
};

// Before the routes: the limiter adds its hook to each route as it is declared.
export default appPlugin('anonymous-writes', ['maintenance'], (app, { ctx, anonymousWritesPerMinute }) =>
  registerAnonymousWriteLimit(app, ctx, anonymousWritesPerMinute),
);
