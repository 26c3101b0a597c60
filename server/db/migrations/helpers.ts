import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';
import { engineOf, type Db } from '../engine.ts';

/*
 * What the migrations write differently on each engine, said once: everything else is Kysely's schema builder, the
 * same on both. tests/server/migrations.test.ts checks that these words make, on each engine, the schema the SQL
 * migrations of before made (tests/server/fixtures/sql-migrations/).
 */

/**
 * The database a migration runs on (the migrator's transaction). Typed `any` on purpose, as Kysely's migration guide
 * does: a migration is written against the schema of its day, which the row types of today (schema.ts) no longer
 * describe once a later migration changed it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: the schema changes over time
export type MigrationDb = Kysely<any>;

// The engine is the adapter's, whatever the row types: the cast only quiets `any`.
export const onPostgres = (db: MigrationDb): boolean => engineOf(db as Db) === 'postgres';

/**
 * The name to give a constraint PostgreSQL should name itself (`<table>_pkey`, `<table>_<columns>_key`,
 * `<table>_check`), as it did for the SQL migrations' unnamed ones: a later migration finds it under that name, and
 * SQLite's schema text stays as it was (no CONSTRAINT clause). Kysely writes no name for an empty one.
 */
export const UNNAMED = '';

/** A table's `id`: SQLite's INTEGER PRIMARY KEY (the rowid, numbered by SQLite), PostgreSQL's identity column. */
export const id =
  (db: MigrationDb) =>
  (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    onPostgres(db) ? column.generatedByDefaultAsIdentity().primaryKey() : column.primaryKey();

/**
 * A 64-bit integer (epoch milliseconds, byte counts, sums of them): SQLite's INTEGER is one, PostgreSQL's holds 32 bits
 * and needs BIGINT.
 */
export const int64 = (db: MigrationDb): 'bigint' | 'integer' => (onPostgres(db) ? 'bigint' : 'integer');

/** Bytes: SQLite's BLOB, PostgreSQL's BYTEA. */
export const bytes = (db: MigrationDb): 'bytea' | 'blob' => (onPostgres(db) ? 'bytea' : 'blob');

/**
 * SQLite's WITHOUT ROWID for a table keyed by something else than an integer (the rows are stored in key order, with no
 * second index); PostgreSQL has no such choice. For `.$call()`.
 */
export const withoutRowid =
  (db: MigrationDb) =>
  <TB extends string, C extends string>(table: CreateTableBuilder<TB, C>): CreateTableBuilder<TB, C> =>
    onPostgres(db) ? table : table.modifyEnd(sql`without rowid`);

/** The instant as the server writes it ('2026-11-22T06:33:00.000Z'), as a column's default. */
export const nowIso = (db: MigrationDb): RawBuilder<string> =>
  onPostgres(db) ? sql`(to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

/**
 * A SQLite GLOB pattern as a PostgreSQL regular expression: anchored at both ends, or only at the start when the
 * pattern ends with `*` (the only `*` allowed). Character classes ([0-9]) are the same in both; other characters are
 * literal.
 */
const globAsRegex = (pattern: string): string => {
  const open = pattern.endsWith('*');
  const body = open ? pattern.slice(0, -1) : pattern;
  let regex = '';
  let inClass = false;
  for (const char of body) {
    if (inClass) {
      regex += char;
      if (char === ']') inClass = false;
    } else if (char === '[') {
      regex += char;
      inClass = true;
    } else if (char === '*' || char === '?') {
      throw new Error(`glob ${pattern}: only a final * has a regular expression here`);
    } else {
      regex += /[.+^$(){}|\\]/.test(char) ? `\\${char}` : char;
    }
  }
  return `^${regex}${open ? '' : '$'}`;
};

/** `column GLOB 'pattern'` on SQLite, the same test as a regular expression (`~`) on PostgreSQL. */
export const glob = (db: MigrationDb, column: string, pattern: string): RawBuilder<boolean> =>
  onPostgres(db) ? sql`${sql.raw(column)} ~ ${sql.lit(globAsRegex(pattern))}` : sql`${sql.raw(column)} GLOB ${sql.lit(pattern)}`;

/** Text that holds JSON: SQLite's json_valid, a cast to jsonb on PostgreSQL (which fails on anything else). */
export const jsonValid = (db: MigrationDb, column: string): RawBuilder<boolean> =>
  onPostgres(db) ? sql`(${sql.raw(column)}::jsonb IS NOT NULL)` : sql`json_valid(${sql.raw(column)})`;

/** Runs statements one by one (neither engine takes several in one prepared statement). */
export const run = async (db: MigrationDb, statements: readonly RawBuilder<unknown>[]): Promise<void> => {
  for (const statement of statements) await statement.execute(db);
};
