import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/engine.ts';
import type { Row } from '../db/rows.ts';
import { ApiError } from '../lib/api-error.ts';
import type { AppContext } from '../lib/app-context.ts';
import { carriesSecret, keyOwnership, registerOwnedContext, type Owned } from '../lib/idempotency-ownership.ts';
import { clientAddress } from '../lib/rate-limit.ts';
import { pathOf } from '../lib/request-path.ts';
import { authOf } from './auth.ts';
import { appPlugin } from '../lib/route-plugin.ts';

/*
 * Idempotency store (docs/architecture.md "Writing: queued mutations"). A change the app queued offline may reach the server several
 * times (background sync, app start, the user pressing retry); the `Idempotency-Key` header makes it apply once.
 *
 * - First request with a key: a placeholder row (status 0) is written before the handler runs, naming the claim's
 *   own token (`holder`). A change states its answer inside its own transaction (lib/idempotent-answer.ts
 *   `answered`): the answer commits with the change, so a retry after a crash between the commit and the answer's
 *   sending replays it instead of applying the change again. Every write transaction of the request first checks that
 *   the row still names its token (an instance thought dead, whose key was taken over, cannot commit any more). The
 *   answer as sent replaces it when it is sent. 5xx answers are not stored (unless the change committed), so the
 *   client may try again with the same key.
 * - Same key again, same request: the stored answer, with `Idempotent-Replayed: true`; nothing is applied.
 * - Same key, another body, path or user: 422 idempotencyMismatch.
 * - Same key while the first is still running (concurrent replays): waits for the first and answers its result. The
 *   key is claimed by inserting its row (the primary key decides, not a check-then-insert), so two instances receiving
 *   it at once apply it once: the one whose insert lost waits for the row's answer (polling the database; in-process
 *   waiters are woken directly). A placeholder is held by a lease its owner renews while it
 *   runs: one whose instance died before answering is taken over once the lease runs out (LEASE_MS).
 * Keys are kept at least 7 days (`retentionDays`) for a logged-in user, a day for an anonymous caller (its writes are
 *   online-only retries), then removed by the clean-up job (lib/retention.ts). Each owner (a user, or an anonymous
 *   caller's address) keeps at most MAX_KEYS_PER_USER / MAX_KEYS_PER_ADDRESS keys: a client sending fresh keys in a
 *   loop replaces its own oldest answers instead of growing the table (docs/product/security.md "Rate limits and
 * lockouts").
 * - Never a secret in the table: an answer that carries a token (a bearer-mode login, an energy relog link) is not
 *   stored; the key is released as for a 5xx, so a retry runs again (and gets fresh tokens) instead of reading
 *   someone's session out of the database.
 */

export { LEASE_MS } from '../lib/idempotency-ownership.ts';
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** @internal Exported for its tests (knip --production). */
export const retentionDays = 8;
export const MAX_KEYS_PER_USER = 1000;
export const MAX_KEYS_PER_ADDRESS = 100;
const KEY_FORMAT = /^[A-Za-z0-9_-]{8,100}$/;
const MUTATING = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

type StoredRow = Pick<Row<'idempotency_keys'>, 'key' | 'user_id' | 'request_hash' | 'status_code' | 'response_body' | 'locked_until'>;

/** How long a request with the same key waits for the first one's answer before a 409 (longer than any request runs). */
const WAIT_MS = 65_000;

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

const mismatch = (): ApiError =>
  new ApiError(422, 'idempotencyMismatch', 'This Idempotency-Key was already used for another request', {
    fields: [{ field: 'Idempotency-Key', message: 'validation:invalid' }],
  });

const sendStored = (reply: FastifyReply, row: StoredRow): FastifyReply =>
  reply
    .status(row.status_code)
    .header(REPLAYED_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .send(row.response_body ?? '');

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Test mode: the log of the API requests received and of the changes applied, which the browser tests read. */
const registerTestLogs = (app: FastifyInstance, ctx: AppContext): void => {
  appliedLog.set(ctx, []);
  const seen: SeenRequest[] = [];
  requestLog.set(ctx, seen);
  app.addHook('onRequest', (request, _reply, done) => {
    const path = pathOf(request);
    if (path.startsWith('/api/') && !path.startsWith('/api/test/')) seen.push({ method: request.method, path: request.url });
    done();
  });
};

const findKey = (db: Db, key: string): Promise<StoredRow | undefined> =>
  db
    .selectFrom('idempotency_keys')
    .select(['key', 'user_id', 'request_hash', 'status_code', 'response_body', 'locked_until'])
    .where('key', '=', key)
    .executeTakeFirst();

/** Keeps an owner's newest keys only (answered ones: a key in flight is never dropped). */
const trimKeys = async (db: Db, owner: string, max: number): Promise<void> => {
  await db
    .deleteFrom('idempotency_keys')
    .where('owner', '=', owner)
    .where('status_code', '<>', 0)
    .where('key', 'not in', (eb) =>
      eb
        .selectFrom('idempotency_keys')
        .select('key')
        .where('owner', '=', owner)
        .orderBy('created_at', 'desc')
        .orderBy('key', 'desc')
        .limit(max),
    )
    .execute();
};

/** The Idempotency-Key header's value, or a 400 naming the header when it is not a valid key. */
const validKey = (header: string | string[]): string => {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_FORMAT.test(key)) {
    throw new ApiError(400, 'invalidParameters', 'Invalid Idempotency-Key', {
      fields: [{ field: 'Idempotency-Key', message: 'validation:invalid' }],
    });
  }
  return key;
};

/** The signed-in user, or null on a public route (there the key alone identifies the request). */
const userIdOf = (request: FastifyRequest): number | null => {
  try {
    return authOf(request).user.id;
  } catch {
    return null;
  }
};

export const registerIdempotency = (app: FastifyInstance, ctx: AppContext): void => {
  const { db, clock } = ctx;
  if (ctx.testMode) registerTestLogs(app, ctx);
  const { owners, running, own, release, leaseUntil } = keyOwnership(app, ctx);

  app.addHook('preHandler', async (request, reply) => {
    const header = request.headers[IDEMPOTENCY_HEADER];
    if (header === undefined || !MUTATING.has(request.method)) return;
    const path = pathOf(request);
    if (!path.startsWith('/api/')) return;
    const key = validKey(header);
    const userId = userIdOf(request);
    const hash = requestHash(request.method, path, request.body);
    const now = clock.now();
    const owner = userId !== null ? `user:${userId}` : `address:${clientAddress(request.ip)}`;

    const claim = async (): Promise<boolean> => {
      const holder = randomUUID();
      const inserted = await db
        .insertInto('idempotency_keys')
        .values({
          key,
          user_id: userId,
          method: request.method,
          path,
          request_hash: hash,
          status_code: 0,
          response_body: null,
          created_at: now.toISOString(),
          locked_until: leaseUntil(),
          owner,
          holder,
        })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('key')
        .executeTakeFirst();
      if (!inserted) return false;
      await trimKeys(db, owner, userId !== null ? MAX_KEYS_PER_USER : MAX_KEYS_PER_ADDRESS);
      own(request, { key, holder, userId, hash });
      return true;
    };
    // A new key (the usual case) is claimed at once; a known one is answered, waited for or taken over below.
    if (!running.has(key) && (await claim())) return;

    // Until the key is answered (replay), claimed by this request, or held past the wait: then 409, try again later.
    const giveUpAt = Date.now() + WAIT_MS;
    let pause = 20;
    while (Date.now() < giveUpAt) {
      const pending = running.get(key);
      if (pending) await pending;
      const row = await findKey(db, key);
      if (row) {
        if (row.request_hash !== hash || row.user_id !== userId) throw mismatch();
        if (row.status_code !== 0) return sendStored(reply, row);
        // Being applied: here (the wait above), on another instance (wait for its answer), or by an instance that died
        // before answering: once its lease is over, the first request to replace the lease takes the key over.
        // (A placeholder without a lease was left by a server of before leases: it is over too.)
        const heldUntil = row.locked_until;
        if (!running.has(key) && (heldUntil === null || Date.parse(heldUntil) <= Date.now())) {
          const holder = randomUUID();
          const { numUpdatedRows } = await db
            .updateTable('idempotency_keys')
            .set({ locked_until: leaseUntil(), created_at: now.toISOString(), holder })
            .where('key', '=', key)
            .where('status_code', '=', 0)
            .where('locked_until', heldUntil === null ? 'is' : '=', heldUntil)
            .executeTakeFirst();
          if (numUpdatedRows === 1n) {
            own(request, { key, holder, userId, hash });
            return;
          }
        }
        if (!running.has(key)) {
          await sleep(pause);
          pause = Math.min(pause * 2, 500);
        }
        continue;
      }
      if (await claim()) return;
    }
    throw new ApiError(409, 'invalidParameters', 'Request with this Idempotency-Key is in progress');
  });

  registerOwnedContext(app, owners, leaseUntil);

  // The answer is stored, and the waiters released, when it is sent: onResponse never comes for a request whose
  // client left before the answer (a timeout of the client or of the proxy; Fastify issue #6208), and waiters
  // released there only would wait on that key for as long as the process lives.
  app.addHook('onSend', async (request, reply, payload) => {
    const owned = owners.get(request);
    if (!owned) return payload;
    try {
      await storeAnswer(request, reply, owned, payload);
    } finally {
      release(request);
    }
    return payload;
  });

  const storeAnswer = async (request: FastifyRequest, reply: FastifyReply, owned: Owned, payload: unknown): Promise<void> => {
    const status = reply.statusCode;
    const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
    const mine = db.updateTable('idempotency_keys').where('key', '=', owned.key).where('holder', '=', owned.holder);
    if (status >= 500 || status === 401 || status === 419 || status === 429 || status === 503 || carriesSecret(body)) {
      if (owned.answeredInTransaction) {
        // The change committed with its answer: that answer stays, whatever went wrong after it.
        await mine.set({ locked_until: null, holder: null }).execute();
        return;
      }
      // Not an answer to keep: the client may send the same key again and have it applied then.
      await db
        .deleteFrom('idempotency_keys')
        .where('key', '=', owned.key)
        .where('holder', '=', owned.holder)
        .where('status_code', '=', 0)
        .execute();
    } else {
      await mine.set({ status_code: status, response_body: body, locked_until: null, holder: null }).execute();
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
  };

  // And in any case at the end of the request (an answer that never reached onSend).
  app.addHook('onResponse', (request, _reply, done) => {
    release(request);
    done();
  });
};

export default appPlugin('idempotency', ['anonymous-writes'], (app, { ctx }) => registerIdempotency(app, ctx));
