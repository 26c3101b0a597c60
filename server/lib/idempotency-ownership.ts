import type { FastifyInstance, FastifyRequest } from 'fastify';
import { beforeCommit, type Db } from '../db/engine.ts';
import { ApiError } from './api-error.ts';
import type { AppContext } from './app-context.ts';
import { runWithOwnedKey } from './idempotent-answer.ts';

/*
 * Who owns an Idempotency-Key while its request runs (plugins/idempotency.ts has the rest of the store): the claim's
 * token (`holder`) on the key's row, the lease its owner renews, and the fence in every write transaction that keeps
 * a request whose key was taken over from committing (docs/decisions/0013-idempotent-answer-in-the-transaction.md).
 */

/**
 * How long a key's lease lasts without renewal. A live owner renews it every LEASE_RENEW_MS while its request runs,
 * however long that is; an instance that died (kill -9, a lost machine) stops renewing, and its key is taken over
 * within LEASE_MS, well under the app's request timeout (issue 42: 58–60 s with a 60 s lease held for the whole run).
 */
export const LEASE_MS = 10_000;
const LEASE_RENEW_MS = 3_000;

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

/** The key was taken over by another request while this one ran (its lease ran out): its change must not commit. */
export const leaseLost = (): ApiError => new ApiError(409, 'invalidParameters', 'Request with this Idempotency-Key is in progress');

export type Owned = {
  key: string;
  /** This claim's token on the key's row: the row is this request's while it names it. */
  holder: string;
  done: () => void;
  userId: number | null;
  hash: string;
  renewal: NodeJS.Timeout;
  /** The change's transaction wrote the answer on the row (lib/idempotent-answer.ts). */
  answeredInTransaction: boolean;
};

/**
 * The keys this process holds: which request owns each, the promise other requests with the same key here wait on,
 * and the lease renewed while the request runs.
 */
export const keyOwnership = (app: FastifyInstance, { db }: AppContext) => {
  // Requests that own a key in this process, and the promise other requests with the same key here wait on.
  const owners = new WeakMap<FastifyRequest, Owned>();
  const running = new Map<string, Promise<void>>();
  // The lease is real time, not the clock's: the test clock moves days at once, a dead instance's lease does not.
  const leaseUntil = (): string => new Date(Date.now() + LEASE_MS).toISOString();

  /** Extends the lease of a key this process holds, as long as its request runs (a failed renewal is retried next time). */
  const renew = (key: string, holder: string): void => {
    void db
      .updateTable('idempotency_keys')
      .set({ locked_until: leaseUntil() })
      .where('key', '=', key)
      .where('holder', '=', holder)
      .execute()
      .catch((error: unknown) => app.log.warn({ err: error }, 'idempotency lease not renewed'));
  };

  const own = (request: FastifyRequest, owned: Omit<Owned, 'done' | 'renewal' | 'answeredInTransaction'>): void => {
    let done: () => void = () => undefined;
    running.set(owned.key, new Promise<void>((resolve) => (done = resolve)));
    const renewal = setInterval(() => renew(owned.key, owned.holder), LEASE_RENEW_MS);
    // A lease must never keep the process alive on its own.
    renewal.unref();
    owners.set(request, { ...owned, done, renewal, answeredInTransaction: false });
  };

  /** Wakes the requests of this process waiting on the key (once: the row says the rest). */
  const release = (request: FastifyRequest): void => {
    const owned = owners.get(request);
    if (!owned) return;
    owners.delete(request);
    clearInterval(owned.renewal);
    running.delete(owned.key);
    owned.done();
  };
  return { owners, running, own, release, leaseUntil };
};

/**
 * The rest of a request that owns a key runs with it: each of its write transactions checks the key is still its own
 * before committing, and a change's transaction writes its answer on it (lib/idempotent-answer.ts). A callback hook,
 * so that the handler runs inside the context it opens.
 */
export const registerOwnedContext = (app: FastifyInstance, owners: WeakMap<FastifyRequest, Owned>, leaseUntil: () => string): void => {
  app.addHook('preHandler', (request, reply, done) => {
    const owned = owners.get(request);
    if (!owned) {
      done();
      return;
    }
    // The transactions that wrote the answer: that write checked the key already.
    const answeredIn = new WeakSet<Db>();
    const stillOwned = async (tx: Db): Promise<void> => {
      // Work after the answer (the key released) has nothing to check.
      if (owners.get(request) !== owned || answeredIn.has(tx)) return;
      const { numUpdatedRows } = await tx
        .updateTable('idempotency_keys')
        .set({ locked_until: leaseUntil() })
        .where('key', '=', owned.key)
        .where('holder', '=', owned.holder)
        .executeTakeFirst();
      if (numUpdatedRows !== 1n) throw leaseLost();
    };
    const store = async (tx: Db, status: number, body: string): Promise<void> => {
      if (owners.get(request) !== owned || carriesSecret(body)) return;
      const { numUpdatedRows } = await tx
        .updateTable('idempotency_keys')
        .set({ status_code: status, response_body: body, locked_until: leaseUntil() })
        .where('key', '=', owned.key)
        .where('holder', '=', owned.holder)
        .executeTakeFirst();
      if (numUpdatedRows !== 1n) throw leaseLost();
      owned.answeredInTransaction = true;
      answeredIn.add(tx);
    };
    beforeCommit.run(stillOwned, () => runWithOwnedKey({ reply, store }, done));
  });
};
