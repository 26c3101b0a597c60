import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/engine';
import { applyMigrations, appliedMigrations, readMigrations } from '#server/db/migrate';
import { connect } from '#server/db/engine';
import { closeTestDatabase, openEmptyDatabase, testEngine } from './test-database.ts';

/*
 * The migration runner (Kysely's migrator on the numbered files) on folders of its own, on the engine under test:
 * numeric order whatever the padding, files applied once, a failing batch rolled back whole, duplicate numbers
 * refused, PostgreSQL's own version of a file where one exists. The real folder's migrations are checked by
 * seed.test.ts and engines.test.ts.
 */

const dirs: string[] = [];
const databases: Db[] = [];
const folder = (files: Record<string, string>): string => {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
};
const empty = async (): Promise<Db> => {
  const db = await openEmptyDatabase();
  databases.push(db);
  return db;
};
afterEach(async () => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  for (const db of databases.splice(0)) await closeTestDatabase(db);
});

const CREATE_LOG = 'CREATE TABLE log (step INTEGER NOT NULL, position INTEGER NOT NULL);';
/** Records the step and how many steps ran before it (the order, on either engine). */
const log = (n: number) => `INSERT INTO log (step, position) SELECT ${n}, COUNT(*) FROM log;`;
const steps = async (db: Db): Promise<number[]> =>
  (await sql<{ step: number }>`SELECT step FROM log ORDER BY position`.execute(db)).rows.map((row) => Number(row.step));

describe('migration runner', () => {
  it('applies the files in numeric order, ignores other files, and records each version', async () => {
    const dir = folder({
      '010_invoices.sql': log(10),
      '002_usage.sql': log(2),
      '001_init.sql': CREATE_LOG,
      '9_settings.sql': log(9),
      'README.md': 'not a migration',
      '003_draft.sql.bak': 'not a migration either',
    });
    const db = await empty();
    expect(await applyMigrations(db, dir)).toEqual(['001_init', '002_usage', '009_settings', '010_invoices']);
    expect(await steps(db)).toEqual([2, 9, 10]);
    // Reapplying does nothing; a new file is applied alone, even one numbered between applied ones.
    expect(await applyMigrations(db, dir)).toEqual([]);
    writeFileSync(join(dir, '011_orders.sql'), log(11));
    writeFileSync(join(dir, '005_late.sql'), log(5));
    expect(await applyMigrations(db, dir)).toEqual(['005_late', '011_orders']);
    expect(await steps(db)).toEqual([2, 9, 10, 5, 11]);
  });

  it('rolls a failing batch back whole: the database stays as the last start left it', async () => {
    const dir = folder({ '001_init.sql': CREATE_LOG });
    const db = await empty();
    expect(await applyMigrations(db, dir)).toEqual(['001_init']);
    writeFileSync(join(dir, '002_fine.sql'), log(2));
    writeFileSync(join(dir, '003_broken.sql'), `${log(3)} INSERT INTO missing_table VALUES (1);`);
    await expect(applyMigrations(db, dir)).rejects.toThrow(/missing_table/);
    expect(await steps(db)).toEqual([]);
  });

  it('refuses two files with the same number, and a PostgreSQL file without its shared file', () => {
    expect(() => readMigrations(folder({ '004_orders.sql': '', '004_invoices.sql': '' }))).toThrow(/Two migrations numbered 4/);
    expect(() => readMigrations(folder({ '001_init.sql': '', 'postgres/002_orders.sql': '' }))).toThrow(/has no 002_orders.sql beside it/);
  });

  it("runs PostgreSQL's version of a file on PostgreSQL, the shared file on SQLite", async () => {
    const dir = folder({
      '001_init.sql': CREATE_LOG,
      '002_engine.sql': log(2),
      'postgres/002_engine.sql': log(20),
    });
    expect(readMigrations(dir, 'sqlite').map((m) => m.sql)).toEqual([CREATE_LOG, log(2)]);
    expect(readMigrations(dir, 'postgres').map((m) => m.sql)).toEqual([CREATE_LOG, log(20)]);
    const db = await empty();
    await applyMigrations(db, dir);
    expect(await steps(db)).toEqual([testEngine() === 'postgres' ? 20 : 2]);
  });

  it("keeps the project's own migrations uniquely numbered", () => {
    const files = readdirSync(new URL('../../server/db/migrations/', import.meta.url)).filter((name) => name.endsWith('.sql'));
    expect(readMigrations().map((m) => m.version)).toEqual(files.map((name) => name.replace(/\.sql$/, '')).sort());
    expect(readMigrations(undefined, 'postgres').map((m) => m.version)).toEqual(readMigrations().map((m) => m.version));
  });
});

describe.skipIf(testEngine() !== 'sqlite')('a SQLite database of before Kysely', () => {
  it('moves the versions of its schema_migrations table to the migrator, so no file runs twice', async () => {
    const dir = folder({ '001_init.sql': CREATE_LOG, '002_usage.sql': log(2), '003_late.sql': log(3) });
    const db = connect(':memory:');
    databases.push(db);
    await sql`CREATE TABLE schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.execute(db);
    await sql.raw(CREATE_LOG).execute(db);
    await sql.raw(log(2)).execute(db);
    await sql`INSERT INTO schema_migrations VALUES ('001_init', '2026-01-01T00:00:00Z'), ('002_usage', '2026-01-02T00:00:00Z')`.execute(db);
    expect(await applyMigrations(db, dir)).toEqual(['003_late']);
    expect(await steps(db)).toEqual([2, 3]);
    expect(await appliedMigrations(db, dir)).toEqual(['001_init', '002_usage', '003_late']);
    const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name = 'schema_migrations'`.execute(db);
    expect(tables.rows).toEqual([]);
  });
});
