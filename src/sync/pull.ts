import type { Table } from 'dexie';
import { db } from '#db/db';
import { isStale } from './freshness.ts';

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
    const data = await options.fetch();
    await db.transaction('rw', [...options.tables, db.meta], async () => {
      await options.write(data);
      await db.meta.put({ resource: options.resource, fetchedAt: now() });
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

/** Wipe every customer table (logout). The precached shell is untouched: it holds no personal data. */
export const clearLocalData = async (): Promise<void> => {
  await db.transaction('rw', db.tables, async () => {
    await Promise.all(db.tables.map((table) => table.clear()));
  });
  inFlight.clear();
};
