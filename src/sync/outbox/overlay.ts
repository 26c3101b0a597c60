import type { Table } from 'dexie';
import { db } from '#db/db';
import type { PendingMutationRow } from '#db/schema';
import { isKnownMutationType, loadMutation, loadedMutation } from './registry.ts';
import { isWaiting, payloadOf } from './state.ts';

/*
 * Pulls keep the user's waiting changes on top (docs/architecture.md "Writing: queued mutations": the user loses nothing). A pull that
 * writes a table re-applies, oldest first and in the same transaction, every waiting change whose type declares
 * that table, and makes the fresh copy their rollback point: a refresh never shows older values than the user
 * typed, and a rejection later rolls back to the server's newest truth. A change's `apply` therefore writes only
 * its own entity's rows, and a pull rewrites the whole rows it writes. Offline: local only.
 */

/** A waiting change's type was not loaded when its pull's transaction opened: the pull loads it and writes again. */
export class OverlayNotReady extends Error {
  override readonly name = 'OverlayNotReady';
}

const waitingRows = async (): Promise<PendingMutationRow[]> => (await db.pendingMutations.orderBy('createdAt').toArray()).filter(isWaiting);

const namesOf = (tables: readonly Table[]): Set<string> => new Set(tables.map((table) => table.name));

/**
 * Before a pull's transaction: load the types of the waiting changes (their chunks cannot load inside a
 * transaction) and return every table the pull's transaction must also lock to re-apply them.
 */
export const overlayTables = async (pulled: readonly Table[]): Promise<Table[]> => {
  const names = namesOf(pulled);
  const extra: Table[] = [db.pendingMutations];
  for (const type of new Set((await waitingRows()).map((row) => row.type))) {
    const mutation = await loadMutation(type);
    const tables = mutation?.tables() ?? [];
    if (tables.some((table) => names.has(table.name))) extra.push(...tables);
  }
  return extra;
};

/**
 * Inside the pull's transaction (over `scope`), after it wrote `pulled`: put the waiting changes that touch those
 * tables back on top. A change of a type this build does not know is left alone.
 */
export const reapplyPending = async (pulled: readonly Table[], scope: readonly Table[]): Promise<void> => {
  const names = namesOf(pulled);
  const locked = namesOf(scope);
  for (const row of await waitingRows()) {
    if (!isKnownMutationType(row.type)) continue;
    const mutation = loadedMutation(row.type);
    if (!mutation) throw new OverlayNotReady(`queued change type "${row.type}" not loaded`);
    const tables = mutation.tables();
    if (!tables.some((table) => names.has(table.name))) continue;
    if (tables.some((table) => !locked.has(table.name))) throw new OverlayNotReady(`tables of "${row.type}" not locked`);
    const previous = await mutation.apply(payloadOf(row));
    await db.pendingMutations.update(row.key, { rollback: previous });
  }
};
