import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations } from '#server/db/database';

/*
 * The migration runner on folders of its own: numeric order whatever the padding, files applied once, a failing
 * file rolled back whole, duplicate numbers refused. The real folder's migrations are checked by seed.test.ts.
 */

const dirs: string[] = [];
const folder = (files: Record<string, string>): string => {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  dirs.push(dir);
  for (const [name, sql] of Object.entries(files)) writeFileSync(join(dir, name), sql);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const log = (n: number) => `INSERT INTO log (step) VALUES (${n});`;

describe('migration runner', () => {
  it('applies the files in numeric order, ignores other files, and records each version', () => {
    const dir = folder({
      '010_invoices.sql': log(10),
      '002_usage.sql': log(2),
      '001_init.sql': 'CREATE TABLE log (step INTEGER NOT NULL);',
      '9_settings.sql': log(9),
      'README.md': 'not a migration',
      '003_draft.sql.bak': 'not a migration either',
    });
    const db = new Database(':memory:');
    expect(applyMigrations(db, dir)).toEqual(['001_init', '002_usage', '9_settings', '010_invoices']);
    expect(db.prepare('SELECT step FROM log ORDER BY rowid').pluck().all()).toEqual([2, 9, 10]);
    expect(db.prepare('SELECT version FROM schema_migrations ORDER BY rowid').pluck().all()).toEqual([
      '001_init',
      '002_usage',
      '9_settings',
      '010_invoices',
    ]);
    // Reapplying does nothing; a new file is applied alone, even one numbered between applied ones.
    expect(applyMigrations(db, dir)).toEqual([]);
    writeFileSync(join(dir, '011_orders.sql'), log(11));
    writeFileSync(join(dir, '005_late.sql'), log(5));
    expect(applyMigrations(db, dir)).toEqual(['005_late', '011_orders']);
    expect(db.prepare('SELECT step FROM log ORDER BY rowid').pluck().all()).toEqual([2, 9, 10, 5, 11]);
    db.close();
  });

  it('rolls a failing file back whole and records nothing for it', () => {
    const dir = folder({
      '001_init.sql': 'CREATE TABLE log (step INTEGER NOT NULL);',
      '002_broken.sql': `${log(1)} INSERT INTO missing_table VALUES (1);`,
    });
    const db = new Database(':memory:');
    expect(() => applyMigrations(db, dir)).toThrow(/missing_table/);
    expect(db.prepare('SELECT COUNT(*) FROM log').pluck().get()).toBe(0);
    expect(db.prepare('SELECT version FROM schema_migrations').pluck().all()).toEqual(['001_init']);
    db.close();
  });

  it('refuses two files with the same number', () => {
    const dir = folder({ '004_orders.sql': '', '004_invoices.sql': '' });
    expect(() => readMigrations(dir)).toThrow(/Two migrations numbered 4/);
  });

  it("keeps the project's own migrations uniquely numbered", () => {
    const files = readdirSync(new URL('../../server/db/migrations/', import.meta.url)).filter((name) => name.endsWith('.sql'));
    expect(readMigrations().map((m) => m.version)).toEqual(files.map((name) => name.replace(/\.sql$/, '')).sort());
  });
});
