import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Migrator, sql, type Migration, type MigrationProvider } from 'kysely';
import { engineOf, runScript, type Db, type Engine } from './engine.ts';

/* The schema's migrations and the migrator that applies them (database.ts runs it at every start). */

// Resolved from this module, not from process.cwd(), so the server, Vitest and the bench all find them. The
// compiled server (dist-server/main.js) has its copy in dist-server/migrations/ (scripts/build-server.mjs).
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** `NNN_<area>.sql`: a new area adds the next number (server/db/migrations/005_orders.sql). */
const MIGRATION_FILE = /^(\d+)_([\w-]+)\.sql$/;
/**
 * PostgreSQL's version of a migration whose SQL differs (types, triggers, checks), under the same name. A migration
 * written in SQL both engines accept has no copy here.
 */
const POSTGRES_FOLDER = 'postgres';

type MigrationFile = { version: string; sql: string };

/** The `NNN_<area>.sql` files of a folder, by number; two files with one number are a merge mistake and refused. */
const numberedFiles = (dir: string): { name: string; number: number; version: string }[] => {
  const numbered = readdirSync(dir)
    .map((name) => ({ name, match: MIGRATION_FILE.exec(name) }))
    .filter((file): file is { name: string; match: RegExpExecArray } => file.match !== null)
    .map(({ name, match }) => {
      const number = Number(match[1]);
      // The version is the file's name with its number zero-padded, so that names sort as numbers do (the migrator
      // applies them in name order): 9_x follows 008_y and precedes 010_z.
      return { name, number, version: `${String(number).padStart(3, '0')}_${match[2] ?? ''}` };
    })
    .sort((a, b) => a.number - b.number);
  numbered.forEach((file, i) => {
    const previous = numbered[i - 1];
    if (previous && previous.number === file.number) {
      throw new Error(`Two migrations numbered ${file.number} (${previous.name}, ${file.name}): renumber the newer one`);
    }
  });
  return numbered;
};

/**
 * The migrations of `dir` for an engine, in numeric order: each file, or its PostgreSQL version from `postgres/`
 * when the engine is PostgreSQL and one exists. A PostgreSQL file without its shared file is refused (a renumbered
 * migration whose copy was forgotten).
 */
export function readMigrations(dir: string = MIGRATIONS_DIR, engine: Engine = 'sqlite'): MigrationFile[] {
  const shared = numberedFiles(dir);
  const postgresDir = join(dir, POSTGRES_FOLDER);
  const overrides = existsSync(postgresDir) ? numberedFiles(postgresDir) : [];
  for (const override of overrides) {
    if (!shared.some((file) => file.version === override.version)) {
      throw new Error(`${POSTGRES_FOLDER}/${override.name} has no ${override.name} beside it: the two must have the same name`);
    }
  }
  return shared.map(({ name, version }) => {
    const override = engine === 'postgres' ? overrides.find((file) => file.version === version) : undefined;
    const path = override ? join(postgresDir, override.name) : join(dir, name);
    return { version, sql: readFileSync(path, 'utf8') };
  });
}

/** The migration files as Kysely's migrator takes them: each runs its SQL script. */
const fileProvider = (db: Db, dir: string): MigrationProvider => ({
  getMigrations: () => {
    const entries = readMigrations(dir, engineOf(db)).map(({ version, sql: script }): [string, Migration] => [
      version,
      { up: (tx) => runScript(db, tx, script) },
    ]);
    return Promise.resolve(Object.fromEntries(entries));
  },
});

/**
 * A SQLite database migrated before Kysely recorded its versions in schema_migrations (version, applied_at): they
 * move to the migrator's own table once, so no file runs twice.
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

/**
 * Applies every migration not yet recorded, in numeric order (also one numbered below applied ones, merged later),
 * with Kysely's migrator: all pending files in one transaction, so a failing file leaves the database as it was.
 * On PostgreSQL the migrator holds an advisory lock meanwhile. Returns the versions applied.
 */
export async function applyMigrations(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  await adoptOldMigrationTable(db);
  const migrator = new Migrator({ db, provider: fileProvider(db, dir), allowUnorderedMigrations: true });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/**
 * The versions of `dir` recorded as applied.
 * @internal Exported for its tests (knip --production).
 */
export async function appliedMigrations(db: Db, dir: string = MIGRATIONS_DIR): Promise<string[]> {
  const migrator = new Migrator({ db, provider: fileProvider(db, dir), allowUnorderedMigrations: true });
  return (await migrator.getMigrations()).filter((m) => m.executedAt !== undefined).map((m) => m.name);
}
