import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { engineOf, type Db } from './engine.ts';
import { MIGRATIONS } from './migrations/index.ts';

/*
 * The schema's migrations and the migrator that applies them (database.ts runs it at every start). Each migration is a
 * module of server/db/migrations/ (`up`, and `down` that undoes it), listed in migrations/index.ts: a static list
 * rather than a folder read at run time, so the bundled server (scripts/build-server.mjs) carries them in its code.
 */

type Migrations = Readonly<Record<string, Migration>>;

/**
 * `NNN_<area>`: the number zero-padded to three digits, so that names sort as numbers do (the migrator applies them in
 * name order), and the name the migrator records, never changed once applied anywhere.
 */
const MIGRATION_NAME = /^(\d{3})_[a-z0-9_]+$/;

/** The migrations as Kysely's migrator takes them, after checking their names: a bad name or two migrations with one number (a merge mistake) are refused. */
const provider = (migrations: Migrations): MigrationProvider => ({
  getMigrations: () => {
    const byNumber = new Map<string, string>();
    for (const name of Object.keys(migrations)) {
      const number = MIGRATION_NAME.exec(name)?.[1];
      if (number === undefined) return Promise.reject(new Error(`migration ${name}: name it NNN_<area> (001_init, 020_billing)`));
      const other = byNumber.get(number);
      if (other !== undefined)
        return Promise.reject(new Error(`Two migrations numbered ${number} (${other}, ${name}): renumber the newer one`));
      byNumber.set(number, name);
    }
    return Promise.resolve(migrations);
  },
});

/**
 * Kysely's migrator on the migrations: pending ones applied in name order, also one numbered below applied ones
 * (merged later); all pending ones in one transaction (SQLite too, engine-connection.ts), so a failing one leaves the
 * database as it was; on PostgreSQL under the migrator's advisory lock.
 * @internal Exported for its tests (down and up again), knip --production.
 */
export const migratorFor = (db: Db, migrations: Migrations = MIGRATIONS): Migrator =>
  new Migrator({ db, provider: provider(migrations), allowUnorderedMigrations: true });

/**
 * A SQLite database migrated before Kysely recorded its versions in schema_migrations (version, applied_at): they
 * move to the migrator's own table once, so no migration runs twice.
 */
const adoptOldMigrationTable = async (db: Db): Promise<void> => {
  if (engineOf(db) !== 'sqlite') return;
  const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'`.execute(
    db,
  );
  if (rows.length === 0) return;
  await db.transaction().execute(async (tx) => {
    // The migrator's own table, as it would create it.
    await sql`CREATE TABLE IF NOT EXISTS kysely_migration (name varchar(255) NOT NULL PRIMARY KEY, timestamp varchar(255) NOT NULL)`.execute(
      tx,
    );
    await sql`INSERT OR IGNORE INTO kysely_migration (name, timestamp) SELECT version, applied_at FROM schema_migrations`.execute(tx);
    await sql`DROP TABLE schema_migrations`.execute(tx);
  });
};

/** Applies every migration not yet recorded (`migratorFor`). Returns the names applied. */
export async function applyMigrations(db: Db, migrations: Migrations = MIGRATIONS): Promise<string[]> {
  await adoptOldMigrationTable(db);
  const { error, results = [] } = await migratorFor(db, migrations).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * The names of `migrations` recorded as applied.
 * @internal Exported for its tests (knip --production).
 */
export async function appliedMigrations(db: Db, migrations: Migrations = MIGRATIONS): Promise<string[]> {
  return (await migratorFor(db, migrations).getMigrations()).filter((m) => m.executedAt !== undefined).map((m) => m.name);
}
