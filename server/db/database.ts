import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { seed } from './seed.ts';

export type Db = Database.Database;

export type OpenDatabaseOptions = {
  /** Clock used by the seed; tests pass a fixed date so the demo data is reproducible. */
  now?: Date;
};

// Resolved from this module, not from process.cwd(), so the server, Vitest and the bench all find them. The
// compiled server (dist-server/main.js) has its copy in dist-server/migrations/ (scripts/build-server.mjs).
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** `NNN_<area>.sql`: a new area adds the next number (server/db/migrations/005_orders.sql). */
const MIGRATION_FILE = /^(\d+)_[\w-]+\.sql$/;

type MigrationFile = { version: string; sql: string };

/** The migration files of `dir` in numeric order; two files with one number are a merge mistake and refused. */
export function readMigrations(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  const numbered = readdirSync(dir)
    .filter((name) => MIGRATION_FILE.test(name))
    .map((name) => ({ name, number: Number(MIGRATION_FILE.exec(name)?.[1]) }))
    // Numeric order, so 010 follows 009 even if someone forgets to zero-pad.
    .sort((a, b) => a.number - b.number);
  numbered.forEach((file, i) => {
    const previous = numbered[i - 1];
    if (previous && previous.number === file.number) {
      throw new Error(`Two migrations numbered ${file.number} (${previous.name}, ${file.name}): renumber the newer one`);
    }
  });
  return numbered.map(({ name }) => ({ version: name.replace(/\.sql$/, ''), sql: readFileSync(join(dir, name), 'utf8') }));
}

/**
 * Applies every migration not yet recorded in schema_migrations, in numeric order, each in its own transaction.
 * Returns the versions applied.
 */
export function applyMigrations(db: Db, dir: string = MIGRATIONS_DIR): string[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version    TEXT PRIMARY KEY,
    applied_at TEXT NOT NULL
  )`);
  const applied = new Set(
    db
      .prepare<[], { version: string }>('SELECT version FROM schema_migrations')
      .all()
      .map((row) => row.version),
  );
  const record = db.prepare<[string, string]>('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)');
  const done: string[] = [];
  for (const migration of readMigrations(dir)) {
    if (applied.has(migration.version)) continue;
    // A failing statement rolls back the whole file, so a half-applied migration can never be recorded.
    db.transaction(() => {
      db.exec(migration.sql);
      record.run(migration.version, new Date().toISOString());
    })();
    done.push(migration.version);
  }
  return done;
}

/** Throws unless the database answers a query (the readiness check): closed, locked past the busy timeout, broken file. */
export function assertDatabaseAnswers(db: Db): void {
  db.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get();
}

/**
 * Opens (or creates) the API database: WAL + foreign keys, pending migrations, and the demo seed when there
 * are no customers yet. `file` is a path, ':memory:', or the bytes of a database (`db.serialize()`), opened in
 * memory: the tests seed once and open copies of it.
 */
export function openDatabase(file: string | Buffer, options: OpenDatabaseOptions = {}): Db {
  const db = new Database(file);
  if (typeof file === 'string' && file !== ':memory:' && file !== '') {
    // WAL lets the server read while a write is in progress; NORMAL sync is safe with WAL and much faster.
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.pragma('busy_timeout = 5000');
  }
  // Must be set outside a transaction; SQLite ignores the pragma inside one.
  db.pragma('foreign_keys = ON');
  applyMigrations(db);
  const { count } = db.prepare<[], { count: number }>('SELECT COUNT(*) AS count FROM customers').get() ?? { count: 0 };
  if (count === 0) seed(db, options.now ?? new Date());
  return db;
}
