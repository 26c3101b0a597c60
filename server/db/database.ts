import { sql } from 'kysely';
import {
  closeDatabase,
  connect,
  isPostgresUrl,
  syncIdentities,
  waitForDatabase,
  withStartupLock,
  type Db,
  type PostgresOptions,
  type StartLog,
} from './engine.ts';
import { applyMigrations } from './migrate.ts';

export type { Db } from './engine.ts';

export type OpenDatabaseOptions = {
  /** Pool and timeouts of PostgreSQL (server/config.ts DATABASE_*). */
  postgres?: Partial<PostgresOptions>;
  /** Where the start says it waits for the database. */
  log?: StartLog;
  /** How long to wait for PostgreSQL to answer before giving up (default 60 s). */
  connectTimeoutMs?: number;
  /**
   * What fills a database that has no customer yet, under the start-up lock (instances starting together on
   * PostgreSQL do it once): the demo's seed when the demo is on (server/demo/), nothing otherwise. The product never
   * fills a database by itself: a production database starts empty.
   */
  fillEmpty?: (db: Db) => Promise<void>;
};

export {
  closeDatabase,
  /** @internal The test set-up and scripts/seed-database.ts copy a seeded database. */
  serializeSqlite,
} from './engine.ts';

/**
 * Opens (or creates) the API database: `location` is a PostgreSQL URL (postgres://…), a SQLite file (':memory:'
 * for tests), or the bytes of a SQLite database (`serializeSqlite`), opened as an in-memory copy: the tests seed
 * once and open copies of it (tests/server/seeded-db.ts). Waits for PostgreSQL to answer (with retries), applies pending
 * migrations, and hands a database without customers to `fillEmpty` when given; instances starting together on
 * PostgreSQL do this one after the other.
 */
export async function openDatabase(location: string | Buffer, options: OpenDatabaseOptions = {}): Promise<Db> {
  const db = connect(location, options.postgres);
  try {
    const postgres = typeof location === 'string' && isPostgresUrl(location);
    await waitForDatabase(db, options.log, postgres ? (options.connectTimeoutMs ?? 60_000) : 0);
    await withStartupLock(db, async () => {
      await applyMigrations(db);
      const { fillEmpty } = options;
      if (!fillEmpty) return;
      const { count } = await db
        .selectFrom('customers')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      if (count === 0) {
        await fillEmpty(db);
        await syncIdentities(db);
        // Planner statistics for what was just written (the demo's 200,000 usage records among them). Without them
        // PostgreSQL plans the first minute of queries, until autovacuum's analyze comes round, as if the tables
        // were empty: a history page scanned the heavy customer's whole range in a bitmap heap scan (130 ms
        // instead of 2 ms). SQLite's planner gets its sqlite_stat1 the same way.
        await sql`ANALYZE`.execute(db);
      }
    });
  } catch (error) {
    await closeDatabase(db);
    throw error;
  }
  return db;
}
