import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import { countRecords } from '#workers/usage-blocks';

/*
 * Storage pressure (docs/architecture.md: the user loses nothing): ask the browser to keep our data (persistent storage) after login, and
 * survive a full disk by dropping the oldest usage records first, the only data that can be fetched again in
 * bulk without losing anything of the user's. Offline: both work locally.
 */

const quotaNames = new Set(['QuotaExceededError', 'NS_ERROR_DOM_QUOTA_REACHED']);

/** Quota errors come bare, or wrapped as the inner error of an AbortError (IndexedDB transactions, Dexie). */
export const isQuotaError = (error: unknown, depth = 0): boolean => {
  if (depth > 4 || error === null || typeof error !== 'object') return false;
  const e = error as { name?: unknown; inner?: unknown; cause?: unknown };
  if (typeof e.name === 'string' && quotaNames.has(e.name)) return true;
  return isQuotaError(e.inner, depth + 1) || isQuotaError(e.cause, depth + 1);
};

type Listener = (freedRecords: number) => void;
const listeners = new Set<Listener>();

/**
 * Delete the oldest usage records (by hour, across contracts), at least `count` of them unless fewer are stored,
 * with the rollups of their days and the marks of the ranges that held them (a later visit fetches them again).
 * Returns how many records went.
 */
export const dropOldestUsageRecords = async (count: number): Promise<number> =>
  db.transaction('rw', db.usageBlocks, db.usageDaily, db.meta, async () => {
    const keys = (await db.usageBlocks.toCollection().primaryKeys()).sort((a, b) => a[1] - b[1]);
    let freed = 0;
    const gone: [number, number][] = [];
    for (const key of keys) {
      if (freed >= count) break;
      const block = await db.usageBlocks.get(key);
      freed += block?.count ?? 0;
      gone.push(key);
    }
    await db.usageBlocks.bulkDelete(gone);
    const last = gone.at(-1)?.[1];
    if (last !== undefined) {
      await db.usageDaily.filter((row) => row.dayStart <= last).delete();
      await db.meta.where('resource').startsWith(resourceKeys.usageRecords.prefix).delete();
    }
    return freed;
  });

/** Run a write; on a quota error free the oldest quarter of the usage records (at least 1,000) and try once more. */
export const withQuotaRecovery = async <T>(write: () => Promise<T>): Promise<T> => {
  try {
    return await write();
  } catch (error) {
    if (!isQuotaError(error)) throw error;
    const total = await countRecords(db);
    const freed = await dropOldestUsageRecords(Math.max(1000, Math.ceil(total / 4)));
    for (const listener of listeners) listener(freed);
    return write();
  }
};

/** After login: ask that the browser does not evict our data under pressure (best effort, silent). */
export const requestPersistentStorage = async (): Promise<boolean> => {
  if (typeof navigator === 'undefined' || !navigator.storage?.persist) return false;
  try {
    if (await navigator.storage.persisted()) return true;
    return await navigator.storage.persist();
  } catch {
    return false;
  }
};
