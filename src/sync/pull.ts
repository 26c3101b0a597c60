import type { Table } from 'dexie';
import { explicitRefresh, servedAt } from '#api/client';
import { isStale } from '#contract/freshness';
import { db } from '#db/db';
import { clearApiCache, clearWorkerQueue } from './sw-bridge.ts';

/*
 * Generic pull: ask the API for a resource when the local copy is stale (or when forced), then write the
 * normalized rows and `meta.fetchedAt` in one Dexie transaction, so a view never sees half an update.
 * Offline: the fetch fails, nothing is written, and the views keep showing the last copy with its age.
 */

export type PullOptions<T> = {
  /** Resource key in the meta table, e.g. `customer:12`. */
  resource: string;
  fetch: () => Promise<T>;
  /** Tables written by `write` (the meta table is added). */
  tables: Table[];
  write: (data: T) => Promise<void>;
  force?: boolean;
  now?: () => number;
};

export type PullResult = 'fresh' | 'updated';

const inFlight = new Map<string, Promise<PullResult>>();

export const pull = <T>(options: PullOptions<T>): Promise<PullResult> => {
  const existing = inFlight.get(options.resource);
  if (existing && !options.force) return existing;
  const now = options.now ?? Date.now;
  const run = (async (): Promise<PullResult> => {
    if (!options.force) {
      const meta = await db.meta.get(options.resource);
      if (!isStale(meta?.fetchedAt, now())) return 'fresh';
    }
    // A forced pull is the user's explicit refresh: past the service worker's cache, to the network first.
    const data = await (options.force ? explicitRefresh(options.fetch) : options.fetch());
    await db.transaction('rw', [...options.tables, db.meta], async () => {
      await options.write(data);
      // An answer the service worker served from its cache keeps the time it was really fetched.
      await db.meta.put({ resource: options.resource, fetchedAt: servedAt(data) ?? now() });
    });
    return 'updated';
  })();
  inFlight.set(options.resource, run);
  const clear = () => {
    if (inFlight.get(options.resource) === run) inFlight.delete(options.resource);
  };
  run.then(clear, clear);
  return run;
};

/**
 * Wipe every customer table, the service worker's API cache and its queue of changes (logout, offline too). The
 * precached shell is untouched: it holds no personal data. `keepQueue` keeps the pending changes (the session
 * expired: they wait for the same user to log in again, see resumeAfterAuth in outbox.ts).
 */
export const clearLocalData = async (options: { keepQueue?: boolean } = {}): Promise<void> => {
  const tables = options.keepQueue ? db.tables.filter((table) => table.name !== 'pendingMutations') : db.tables;
  await db.transaction('rw', tables, async () => {
    await Promise.all(tables.map((table) => table.clear()));
  });
  inFlight.clear();
  await clearApiCache();
  if (!options.keepQueue) await clearWorkerQueue();
};
