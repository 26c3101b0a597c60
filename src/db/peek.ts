import { databaseName, openExisting, valueOf } from './database-name.ts';
import type { DeviceRow, PrefRow, SessionRow } from './schema.ts';

/*
 * Start-up reads without Dexie (the login route ships only what a logged-out visitor needs). The route guards and the login route read
 * the session and device rows with the raw IndexedDB API; Dexie (db.ts) loads when something writes or a logged-in
 * screen needs it. This module never creates nor upgrades the database, Dexie alone owns the schema: opened
 * without a version, IndexedDB fires `upgradeneeded` only when the database does not exist yet, and then the
 * upgrade is aborted and the answer is "no rows". Offline: local only, always works. The service worker reads here
 * too (the snapshot of home and whose it is, lib/first-paint.ts): no Dexie, no DOM.
 */

/** The database Dexie owns (one name for both, src/db/database-name.ts). */
export const peekDatabaseName = databaseName;

export type StartRows = { session: SessionRow | null; device: DeviceRow | null };

const noRows: StartRows = { session: null, device: null };

type Store = 'session' | 'devices' | 'prefs';

/** Rows by key from existing stores, in one read-only transaction; null for each missing store, row or failure. */
const peekRows = async (name: string, reads: readonly [Store, string][]): Promise<unknown[]> => {
  const none = reads.map(() => null);
  const connection = await openExisting(name);
  if (!connection) return none;
  try {
    const stores = [...new Set(reads.map(([store]) => store))].filter((store) => connection.objectStoreNames.contains(store));
    if (stores.length === 0) return none;
    const transaction = connection.transaction(stores, 'readonly');
    return await Promise.all(
      reads.map(([store, key]) =>
        stores.includes(store) ? valueOf<unknown>(transaction.objectStore(store).get(key)) : Promise.resolve(null),
      ),
    );
  } catch {
    return none;
  } finally {
    connection.close();
  }
};

/** The `current` session and device rows, read in one read-only transaction. */
export const peekStartRows = async (name = peekDatabaseName): Promise<StartRows> => {
  const [session, device] = await peekRows(name, [
    ['session', 'current'],
    ['devices', 'current'],
  ]);
  return { session: (session as SessionRow | null) ?? noRows.session, device: (device as DeviceRow | null) ?? noRows.device };
};

/** The `current` session and one `prefs` row (its value), read together: what a row is worth depends on whose it is. */
export const peekSessionAndPref = async (key: string, name = peekDatabaseName): Promise<{ session: SessionRow | null; value: unknown }> => {
  const [session, pref] = await peekRows(name, [
    ['session', 'current'],
    ['prefs', key],
  ]);
  return { session: session as SessionRow | null, value: (pref as PrefRow | null)?.value ?? null };
};
