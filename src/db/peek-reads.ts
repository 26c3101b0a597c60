import { databaseName, openExisting, schemaVersion, valueOf } from './database-name.ts';

/** The reads of one read-only transaction (peekReads). */
export type PeekReader = {
  /** The row of `store` under `key`, or null (none, or the read failed). */
  get: (store: string, key: IDBValidKey) => Promise<unknown>;
  /** The rows of `store` whose index `index` holds `key`, in the index's order (then by primary key); null when the read failed. */
  getAllByIndex: (store: string, index: string, key: IDBValidKey) => Promise<unknown[] | null>;
};

/**
 * Runs `read` in one read-only transaction over `stores` of the existing database, without Dexie: a screen's first
 * frame read while Dexie has not opened yet (its open is tens of milliseconds of a phone's main thread, which the
 * first frame then no longer waits for). Null when there is nothing to read that way: no database yet, one below
 * Dexie's current version (Dexie upgrades it when it opens, and the rows may still have an older shape), a missing
 * store, or a failure that `read` does not answer itself; the caller then reads with Dexie. `read` issues each request as the one before it answers
 * (a promise's continuation runs while the transaction is active), never after a timer or another task.
 */
export const peekReads = async <T>(
  stores: readonly string[],
  read: (reader: PeekReader) => Promise<T>,
  name = databaseName,
): Promise<T | null> => {
  const connection = await openExisting(name);
  if (!connection) return null;
  try {
    if (connection.version < schemaVersion * 10 || stores.some((store) => !connection.objectStoreNames.contains(store))) return null;
    const transaction = connection.transaction([...stores], 'readonly');
    return await read({
      get: (store, key) => valueOf(transaction.objectStore(store).get(key)),
      getAllByIndex: (store, index, key) => valueOf(transaction.objectStore(store).index(index).getAll(key)),
    });
  } catch {
    return null;
  } finally {
    connection.close();
  }
};
