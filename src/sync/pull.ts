import type { Table } from 'dexie';
import { explicitRefresh, servedAt } from '#api/client';
import { db } from '#db/db';
import { isStale } from './freshness.ts';
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

/*
 * Wipes of the local data (logout, an expired session) so far. A pull that started before a wipe must not write
 * afterwards: its answer may arrive, or its write may be queued behind the wipe's transaction, after the user
 * logged out, and would put that user's data back into IndexedDB (on a shared computer, for the next person to
 * find). Every write checks, inside its transaction, that no wipe happened since its pull started.
 */
let wipes = 0;

/** The number of wipes so far: captured when a pull starts, compared when it writes. */
export const wipeEpoch = (): number => wipes;

/** True while no wipe happened since `epoch` was taken; call inside the write transaction. */
export const stillCurrent = (epoch: number): boolean => epoch === wipes;

export const pull = <T>(options: PullOptions<T>): Promise<PullResult> => {
  const existing = inFlight.get(options.resource);
  if (existing && !options.force) return existing;
  const now = options.now ?? Date.now;
  const epoch = wipeEpoch();
  const run = (async (): Promise<PullResult> => {
    if (!options.force) {
      const meta = await db.meta.get(options.resource);
      if (!isStale(meta?.fetchedAt, now())) return 'fresh';
    }
    // A forced pull is the user's explicit refresh: past the service worker's cache, to the network first.
    const data = await (options.force ? explicitRefresh(options.fetch) : options.fetch());
    let written = false;
    await db.transaction('rw', [...options.tables, db.meta], async () => {
      // Logged out (or the session dropped) while this pull was under way: its answer is not kept.
      if (!stillCurrent(epoch)) return;
      written = true;
      await options.write(data);
      // An answer the service worker served from its cache keeps the time it was really fetched.
      await db.meta.put({ resource: options.resource, fetchedAt: servedAt(data) ?? now() });
    });
    return written ? 'updated' : 'fresh';
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
  // First, synchronously: any write transaction created from now on sees the wipe and writes nothing.
  wipes += 1;
  const tables = options.keepQueue ? db.tables.filter((table) => table.name !== 'pendingMutations') : db.tables;
  await db.transaction('rw', tables, async () => {
    await Promise.all(tables.map((table) => table.clear()));
  });
  inFlight.clear();
  await clearApiCache();
  if (!options.keepQueue) await clearWorkerQueue();
};
