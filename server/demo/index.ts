import { openDatabase, type OpenDatabaseOptions } from '../db/database.ts';
import type { Db } from '../db/engine.ts';
import { seed } from './seed.ts';

/*
 * The demo (DEMO=on): its customers, their usage, invoices and orders, written into an empty database at start. Only
 * the assembly (server/app.ts) and the tools that make demo databases (scripts/seed-database.ts, the tests' set-up,
 * the bench) import this folder; the product's code never does (eslint.config.js), so a production server holds no
 * demo account and no demo rule.
 */

/** Fills an empty database with the demo customers, their dates counted from `now` (a function: read at the fill). */
export const demoFill =
  (now: () => Date) =>
  (db: Db): Promise<void> =>
    seed(db, now());

/**
 * Opens a database as a demo server does: migrated, and seeded with the demo customers when it has none.
 * @internal For the tools that make demo databases (scripts/seed-database.ts, the tests' set-up, the bench).
 */
export const openDemoDatabase = (location: string | Buffer, options: OpenDatabaseOptions & { now?: Date } = {}): Promise<Db> => {
  const { now, ...rest } = options;
  return openDatabase(location, { ...rest, fillEmpty: demoFill(() => now ?? new Date()) });
};
