/*
 * The IndexedDB database of the app: Dexie's (schema.ts) and the reads without Dexie (peek.ts, peek-reads.ts): one
 * name for both, and the raw open those reads share.
 */

/** The database's name. */
export const databaseName = 'mobile-self-service';

/**
 * Dexie's latest declared version (schema.ts). IndexedDB holds it times ten (Dexie's own numbering), or more when
 * Dexie raised it itself: a database below it is still to be upgraded by Dexie, and the peek does not read its rows.
 */
export const schemaVersion = 19;

/** Open the existing database at its current version, or null (none yet, no IndexedDB, any failure). */
export const openExisting = (name: string): Promise<IDBDatabase | null> =>
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

/** A read's result, or null for none or a failure (whose event's default, a console report, is prevented). */
export const valueOf = <T>(request: IDBRequest): Promise<T | null> =>
  new Promise((resolve) => {
    request.onsuccess = () => resolve((request.result as T | undefined) ?? null);
    request.onerror = (event) => {
      event.preventDefault();
      resolve(null);
    };
  });
