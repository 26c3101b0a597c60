import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error.ts';
import type { AppContext } from '../lib/app-context.ts';
import { clientAddress } from '../lib/rate-limit.ts';
import { pathOf } from '../lib/request-path.ts';
import { stmt } from '../lib/sql.ts';
import { authOf } from './auth.ts';

/*
 * Idempotency store (ARCHITECTURE.md "Write"). A change the app queued offline may reach the server several
 * times (background sync, app start, the user pressing retry); the `Idempotency-Key` header makes it apply once.
 *
 * - First request with a key: a placeholder row (status 0) is written before the handler runs, the answer is
 *   stored when it is sent. 5xx answers are not stored, so the client may try again with the same key.
 * - Same key again, same request: the stored answer, with `Idempotent-Replayed: true`; nothing is applied.
 * - Same key, another body, path or user: 422 idempotencyMismatch.
 * - Same key while the first is still running (concurrent replays): waits for the first and answers its result.
 * Keys are kept at least 7 days (`retentionDays`) for a logged-in user, a day for an anonymous caller (its writes are
 *   online-only retries), then removed by the clean-up job (lib/retention.ts). Each owner (a user, or an anonymous
 *   caller's address) keeps at most MAX_KEYS_PER_USER / MAX_KEYS_PER_ADDRESS keys: a client sending fresh keys in a
 *   loop replaces its own oldest answers instead of growing the table (docs/product/security.md "Tables").
 * - Never a secret in the table: an answer that carries a token (a bearer-mode login, an energy relog link) is not
 *   stored; the key is released as for a 5xx, so a retry runs again (and gets fresh tokens) instead of reading
 *   someone's session out of the database.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const retentionDays = 8;
export const MAX_KEYS_PER_USER = 1000;
export const MAX_KEYS_PER_ADDRESS = 100;
const KEY_FORMAT = /^[A-Za-z0-9_-]{8,100}$/;
const MUTATING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

type StoredRow = {
  key: string;
  user_id: number | null;
  method: string;
  path: string;
  request_hash: string;
  status_code: number;
  response_body: string | null;
  created_at: string;
};

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** A body as the test-mode log keeps it: a file's bytes are described by their size and SHA-256, not copied. */
export const describeBody = (value: unknown): unknown => {
  if (value instanceof Uint8Array) return { bytes: value.length, sha256: sha256(value) };
  if (Array.isArray(value)) return value.map(describeBody);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, describeBody(v)]));
  return value;
};

/** A change the server really applied (not a replay), for the test-mode endpoint. */
export type AppliedChange = { key: string; method: string; path: string; userId: number | null; body: unknown; at: string };

const appliedLog = new WeakMap<AppContext, AppliedChange[]>();
/** Every API request that reached the server (test mode only): the tests count what the service worker let through. */
export type SeenRequest = { method: string; path: string };
const requestLog = new WeakMap<AppContext, SeenRequest[]>();
export const seenRequests = (ctx: AppContext): SeenRequest[] => requestLog.get(ctx) ?? [];
/** What the server applied with an idempotency key, oldest first (kept in memory in test mode only). */
export const appliedChanges = (ctx: AppContext): AppliedChange[] => appliedLog.get(ctx) ?? [];

/**
 * Stable JSON (sorted keys) so that the same body hashes the same whatever the key order of the client. The bytes
 * of a file (a multipart body, server/lib/multipart.ts) count by their SHA-256: the same file sent again under the
 * same key is the same request whatever the form's boundary, and another file is another request.
 */
export const canonicalJson = (value: unknown): string => {
  if (value instanceof Uint8Array) return JSON.stringify(`sha256:${sha256(value)}`);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

export const requestHash = (method: string, path: string, body: unknown): string =>
  createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(body ?? null)}`)
    .digest('hex');

const SECRET_FIELDS = ['token', 'refresh_token'];

/** True for a JSON answer with a token at its top level: it must not be kept. */
export const carriesSecret = (body: string | null): boolean => {
  if (body === null || !body.includes('token')) return false;
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed !== null && typeof parsed === 'object' && SECRET_FIELDS.some((field) => field in parsed);
  } catch {
    return false;
  }
};

const mismatch = (): ApiError =>
  new ApiError(422, 'idempotencyMismatch', 'This Idempotency-Key was already used for another request', {
    fields: [{ field: 'Idempotency-Key', message: 'validation:invalid' }],
  });

type Owned = { key: string; done: () => void; userId: number | null; hash: string };

const sendStored = (reply: FastifyReply, row: StoredRow): FastifyReply =>
  reply
    .status(row.status_code)
    .header(REPLAYED_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .send(row.response_body ?? '');

export const registerIdempotency = (app: FastifyInstance, ctx: AppContext): void => {
  const { db, clock } = ctx;
  if (ctx.testMode) {
    appliedLog.set(ctx, []);
    const seen: SeenRequest[] = [];
    requestLog.set(ctx, seen);
    app.addHook('onRequest', (request, _reply, done) => {
      const path = pathOf(request);
      if (path.startsWith('/api/') && !path.startsWith('/api/test/')) seen.push({ method: request.method, path: request.url });
      done();
    });
  }
  // Requests that own a key in this process, and the promise other requests with the same key wait on.
  const owners = new WeakMap<FastifyRequest, Owned>();
  const running = new Map<string, Promise<void>>();
  const find = (key: string) => stmt<[string], StoredRow>(db, 'SELECT * FROM idempotency_keys WHERE key = ?').get(key);

  /** Keeps an owner's newest keys only (answered ones: a key in flight is never dropped). */
  const trim = (owner: string, max: number) => {
    stmt<[string, string, number]>(
      db,
      `DELETE FROM idempotency_keys WHERE owner = ? AND status_code <> 0 AND key NOT IN
         (SELECT key FROM idempotency_keys WHERE owner = ? ORDER BY created_at DESC, key DESC LIMIT ?)`,
    ).run(owner, owner, max);
  };

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !MUTATING.has(request.method)) return;
    const path = pathOf(request);
    if (!path.startsWith('/api/')) return;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || !KEY_FORMAT.test(key)) {
      throw new ApiError(400, 'invalidParameters', 'Invalid Idempotency-Key', {
        fields: [{ field: 'Idempotency-Key', message: 'validation:invalid' }],
      });
    }
    let userId: number | null = null;
    try {
      userId = authOf(request).user.id;
    } catch {
      // A public route: the key alone identifies the request.
    }
    const hash = requestHash(request.method, path, request.body);
    const now = clock.now();
    const owner = userId !== null ? `user:${userId}` : `address:${clientAddress(request.ip)}`;

    // Concurrent replays: wait for the request that holds the key, then answer what it stored.
    for (let round = 0; round < 3; round += 1) {
      const pending = running.get(key);
      if (pending) await pending;
      const row = find(key);
      if (row) {
        if (row.request_hash !== hash || row.user_id !== userId) throw mismatch();
        if (row.status_code !== 0) return sendStored(reply, row);
        // A placeholder without a live owner: the process died while applying; the change never committed
        // (routes write in one transaction), so it is safe to apply it now.
        if (!running.has(key)) stmt<[string]>(db, 'DELETE FROM idempotency_keys WHERE key = ? AND status_code = 0').run(key);
        else continue;
      }
      const inserted = stmt<[string, number | null, string, string, string, string, string]>(
        db,
        `INSERT OR IGNORE INTO idempotency_keys (key, user_id, method, path, request_hash, status_code, response_body, created_at, owner)
         VALUES (?, ?, ?, ?, ?, 0, NULL, ?, ?)`,
      ).run(key, userId, request.method, path, hash, now.toISOString(), owner);
      if (inserted.changes === 0) continue;
      trim(owner, userId !== null ? MAX_KEYS_PER_USER : MAX_KEYS_PER_ADDRESS);
      let done: () => void = () => undefined;
      running.set(key, new Promise<void>((resolve) => (done = resolve)));
      owners.set(request, { key, userId, hash, done });
      return;
    }
    throw new ApiError(409, 'invalidParameters', 'Request with this Idempotency-Key is in progress');
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const owned = owners.get(request);
    if (!owned) return payload;
    const status = reply.statusCode;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    if (status >= 500 || status === 401 || status === 419 || status === 429 || status === 503 || carriesSecret(body)) {
      // Not an answer to keep: the client may send the same key again and have it applied then.
      stmt<[string]>(db, 'DELETE FROM idempotency_keys WHERE key = ? AND status_code = 0').run(owned.key);
    } else {
      stmt<[number, string | null, string]>(db, 'UPDATE idempotency_keys SET status_code = ?, response_body = ? WHERE key = ?').run(
        status,
        body,
        owned.key,
      );
      if (status < 300) {
        appliedLog.get(ctx)?.push({
          key: owned.key,
          method: request.method,
          path: pathOf(request),
          userId: owned.userId,
          body: describeBody(request.body ?? null),
          at: clock.now().toISOString(),
        });
      }
    }
    return payload;
  });

  // Always release the waiters, whatever happened to the answer.
  app.addHook('onResponse', (request, _reply, done) => {
    const owned = owners.get(request);
    if (owned) {
      owners.delete(request);
      running.delete(owned.key);
      owned.done();
    }
    done();
  });
};
