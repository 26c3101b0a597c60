import type { Table } from 'dexie';
import { explicitRefresh, revalidatingUrl, servedAt } from '#api/client';
import { isStale } from '#contract/freshness';
import { db } from '#db/db';
import { OverlayNotReady, overlayTables, reapplyPending } from './outbox/overlay.ts';
import { whenRevalidated } from './revalidate.ts';
import { clearApiCache, clearWorkerQueue } from './sw-bridge.ts';

/*
 * Generic pull: ask the API for a resource when the local copy is stale (or when forced), then write the
 * normalized rows and `meta.fetchedAt` in one Dexie transaction, so a view never sees half an update. The user's
 * changes still waiting for the server are put back on top of the rows written (outbox/overlay.ts).
 * Offline: the fetch fails, nothing is written, and the views keep showing the last copy with its age.
 */

export type PullOptions<T> = {
  /** Resource key in the meta table, from the one factory: `resourceKeys.customer(12)` (src/db/resource-keys.ts). */
  resource: string;
  fetch: () => Promise<T>;
  /** Tables written by `write` (the meta table and the queue are added). */
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

/**
 * Write a fetched answer, the waiting changes on top and the fetch time, in one transaction; nothing when the
 * local data was wiped since the pull started (`epoch`). Resolves to whether it wrote.
 */
const store = async <T>(options: PullOptions<T>, data: T, fetchedAt: number, epoch: number): Promise<boolean> => {
  // A change enqueued in another tab between the two steps may bring a type not loaded yet: load it, write again.
  for (let attempt = 1; ; attempt += 1) {
    const scope = [...new Set([...options.tables, db.meta, ...(await overlayTables(options.tables))])];
    try {
      let written = false;
      await db.transaction('rw', scope, async () => {
        // Logged out (or the session dropped) while this pull was under way: its answer is not kept.
        if (!stillCurrent(epoch)) return;
        written = true;
        await options.write(data);
        await reapplyPending(options.tables, scope);
        await db.meta.put({ resource: options.resource, fetchedAt });
      });
      return written;
    } catch (error) {
      if (!(error instanceof OverlayNotReady) || attempt >= 3) throw error;
    }
  }
};

/**
 * `revalidated`: the service worker reported that the stale answer this pull got last time has changed; fetch it
 * again whatever the local age says (not forced: the worker answers from the copy it has just refreshed).
 */
const run = <T>(options: PullOptions<T>, revalidated: boolean): Promise<PullResult> => {
  const existing = inFlight.get(options.resource);
  if (existing && !options.force) return existing;
  const now = options.now ?? Date.now;
  const epoch = wipeEpoch();
  const running = (async (): Promise<PullResult> => {
    if (!options.force && !revalidated) {
      const meta = await db.meta.get(options.resource);
      if (!isStale(meta?.fetchedAt, now())) return 'fresh';
    }
    // A forced pull is the user's explicit refresh: past the service worker's cache, to the network first.
    const data = await (options.force ? explicitRefresh(options.fetch) : options.fetch());
    // An answer the service worker served from its cache keeps the time it was really fetched.
    if (!(await store(options, data, servedAt(data) ?? now(), epoch))) return 'fresh';
    // Served stale while the worker fetches it again: run again if that brings a different answer.
    const url = revalidatingUrl(data);
    if (url) whenRevalidated(url, () => run({ ...options, force: false }, true));
    return 'updated';
  })();
  inFlight.set(options.resource, running);
  const clear = () => {
    if (inFlight.get(options.resource) === running) inFlight.delete(options.resource);
  };
  running.then(clear, clear);
  return running;
};

export const pull = <T>(options: PullOptions<T>): Promise<PullResult> => run(options, false);

/**
 * Wipe every customer table, the service worker's API cache and its queue of changes (logout, offline too). The
 * precached shell is untouched: it holds no personal data. `keepQueue` keeps the pending changes (the session
 * expired: they wait for the same user to log in again, see resumeAfterAuth in outbox/user-actions.ts).
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
