import { db } from '#db/db';
import type { PendingMutationRow } from '#db/schema';
import { now } from '#lib/clock';
import type { MutationPayload } from './mutation.ts';

/*
 * What the outbox's sections share: change keys, the rows' payloads, the keys the service worker
 * holds, and the lock that lets one thing at a time touch the order of the queue. The clock is the page's (lib/clock.ts).
 */

let lastCreatedAt = 0;
/**
 * When a change is recorded: the queue's order (`createdAt`). Strictly increasing within the page, so that two
 * changes made in the same millisecond keep the order they were made in (a tie would be broken by their random key).
 */
export const nextCreatedAt = (): number => {
  lastCreatedAt = Math.max(now(), lastCreatedAt + 1);
  return lastCreatedAt;
};

/** A new change key: created before the first send, it travels as the Idempotency-Key. */
export const newKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;

export const isPayload = (value: unknown): value is MutationPayload =>
  value !== null && typeof value === 'object' && 'endpoint' in value && typeof value.endpoint === 'string';

export const payloadOf = (row: PendingMutationRow): MutationPayload => {
  if (!isPayload(row.payload)) throw new Error(`pending change ${row.key} has no payload`);
  return row.payload;
};

/** The entity a row's changes are ordered by (a row without one is its own entity). */
export const entityOf = (row: PendingMutationRow): string => row.entity ?? row.key;

/** A row whose body may still change: never sent. A sent body is bound to its key on the server (422 otherwise). */
export const isUnsent = (row: PendingMutationRow): boolean => row.state === 'pending' && row.attempts === 0;

/** Rows the server has not answered yet and the user has not been asked about: they still shape the local data. */
export const isWaiting = (row: PendingMutationRow): boolean => row.state !== 'rejected' && row.state !== 'applied';

/** The entity's other changes still waiting (whatever their age: results may come back out of order), oldest first. */
export const laterRowsOf = async (row: PendingMutationRow): Promise<PendingMutationRow[]> =>
  (await db.pendingMutations.orderBy('createdAt').toArray()).filter(
    (other) => other.key !== row.key && other.entity === row.entity && other.state !== 'rejected',
  );

/** What the server (or the worker on its behalf) answered to one change. */
export type Answer = { status: number; code?: string; message?: string; fields?: { field: string; message: string }[]; body?: unknown };

/** Keys handed to the service worker by this page: their result comes back as a message. */
export const heldByWorker = new Set<string>();

let lock: Promise<void> = Promise.resolve();
/** One thing at a time touches the queue's order: a flush, or a result coming back from the worker. */
export const exclusive = (work: () => Promise<void>): Promise<void> => {
  const run = lock.then(work);
  lock = run.catch(() => undefined);
  return run;
};

export const isOnline = (): boolean => (typeof navigator === 'undefined' ? true : navigator.onLine);
