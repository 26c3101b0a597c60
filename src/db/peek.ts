import { databaseName } from './database-name.ts';
import type { DeviceRow, SessionRow } from './schema.ts';

/*
 * Start-up reads without Dexie (the login route ships only what a logged-out visitor needs). The route guards and the login route read
 * the session and device rows with the raw IndexedDB API; Dexie (db.ts) loads when something writes or a logged-in
 * screen needs it. This module never creates nor upgrades the database, Dexie alone owns the schema: opened
 * without a version, IndexedDB fires `upgradeneeded` only when the database does not exist yet, and then the
 * upgrade is aborted and the answer is "no rows". Offline: local only, always works.
 */

/** The database Dexie owns (one name for both, src/db/database-name.ts). */
export const peekDatabaseName = databaseName;

export type StartRows = { session: SessionRow | null; device: DeviceRow | null };

const noRows: StartRows = { session: null, device: null };

/** Open the existing database at its current version, or null (none yet, no IndexedDB, any failure). */
const openExisting = (name: string): Promise<IDBDatabase | null> =>
  new Promise((resolve) => {
    let request: IDBOpenDBRequest;
    try {
      request = indexedDB.open(name);
    } catch {
      resolve(null);
      return;
    }
    // Only a database that does not exist yet gets here: leave its creation to Dexie.
    request.onupgradeneeded = () => request.transaction?.abort();
    request.onsuccess = () => {
      const connection = request.result;
      // Never hold up Dexie's version upgrades.
      connection.onversionchange = () => connection.close();
      resolve(connection);
    };
    request.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
  });

const valueOf = <T>(request: IDBRequest): Promise<T | null> =>
  new Promise((resolve) => {
    request.onsuccess = () => resolve((request.result as T | undefined) ?? null);
    request.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
  });

/** The `current` session and device rows, read in one read-only transaction. */
export const peekStartRows = async (name = peekDatabaseName): Promise<StartRows> => {
  const connection = await openExisting(name);
  if (!connection) return noRows;
  try {
    const stores = (['session', 'devices'] as const).filter((store) => connection.objectStoreNames.contains(store));
    if (stores.length === 0) return noRows;
    const transaction = connection.transaction(stores, 'readonly');
    const read = <T>(store: 'session' | 'devices'): Promise<T | null> =>
      stores.includes(store) ? valueOf<T>(transaction.objectStore(store).get('current')) : Promise.resolve(null);
    const [session, device] = await Promise.all([read<SessionRow>('session'), read<DeviceRow>('devices')]);
    return { session, device };
  } catch {
    return noRows;
  } finally {
    connection.close();
  }
};
