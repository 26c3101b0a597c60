import { existsSync, readdirSync, readFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { Kysely, Migrator, NO_MIGRATIONS, SqliteDialect, sql, type Migration, type MigrationResultSet } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, connect, connectSqlite } from '#server/db/engine';
import { applyMigrations, appliedMigrations, migratorFor } from '#server/db/migrate';
import { MIGRATIONS } from '#server/db/migrations/index';
import { closeTestDatabase, openEmptyDatabase, sqlRows, testEngine } from './test-database.ts';

/*
 * The migrations (server/db/migrations/, Kysely's migrator on a static list of modules), on the engine under test:
 * - the runner: name order, each applied once, a failing batch rolled back whole, names checked;
 * - the schema they make is the one the SQL files of before made (tests/server/fixtures/sql-migrations/, kept
 *   unchanged, with their PostgreSQL twins): tables, columns, keys, constraints, indexes and triggers, compared from
 *   the engine's own catalogue; and a database migrated by those files finds nothing new to run;
 * - each `down` undoes its `up`: down one by one to nothing, each step back to the schema before it, and up again.
 */

/** The names a run of a migrator applied (or undid); its error thrown. */
const applied = async (run: Promise<MigrationResultSet>): Promise<string[]> => {
  const { error, results = [] } = await run;
  if (error) throw error instanceof Error ? error : new Error(`migration failed: ${JSON.stringify(error)}`);
  return results.map((result) => result.migrationName);
};

type Engine = ReturnType<typeof testEngine>;

const databases: Db[] = [];
const empty = async (): Promise<Db> => {
  const db = await openEmptyDatabase();
  databases.push(db);
  return db;
};
afterEach(async () => {
  for (const db of databases.splice(0)) await closeTestDatabase(db);
});

// ---------------------------------------------------------------------------------------------------------------
// The runner
// ---------------------------------------------------------------------------------------------------------------

const createLog: Migration = {
  up: async (db) => {
    await db.schema
      .createTable('log')
      .addColumn('step', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .execute();
  },
};
/** Records the step and how many steps ran before it (the order, on either engine). */
const log = (n: number): Migration => ({
  up: async (db) => {
    await sql`INSERT INTO log (step, position) SELECT ${sql.lit(n)}, COUNT(*) FROM log`.execute(db);
  },
});
const steps = async (db: Db): Promise<number[]> =>
  (await sql<{ step: number }>`SELECT step FROM log ORDER BY position`.execute(db)).rows.map((row) => Number(row.step));

describe('migration runner', () => {
  it('applies the migrations in name order and records each name; one merged later is applied alone', async () => {
    const db = await empty();
    const migrations: Record<string, Migration> = {
      '010_invoices': log(10),
      '002_usage': log(2),
      '001_init': createLog,
      '009_settings': log(9),
    };
    expect(await applyMigrations(db, migrations)).toEqual(['001_init', '002_usage', '009_settings', '010_invoices']);
    expect(await steps(db)).toEqual([2, 9, 10]);
    // Reapplying does nothing; a new migration is applied alone, even one numbered between applied ones.
    expect(await applyMigrations(db, migrations)).toEqual([]);
    Object.assign(migrations, { '011_orders': log(11), '005_late': log(5) });
    expect(await applyMigrations(db, migrations)).toEqual(['005_late', '011_orders']);
    expect(await steps(db)).toEqual([2, 9, 10, 5, 11]);
    expect(await appliedMigrations(db, migrations)).toEqual([
      '001_init',
      '002_usage',
      '005_late',
      '009_settings',
      '010_invoices',
      '011_orders',
    ]);
  });

  it('rolls a failing batch back whole: the database stays as the last start left it', async () => {
    const db = await empty();
    expect(await applyMigrations(db, { '001_init': createLog })).toEqual(['001_init']);
    const broken: Migration = {
      up: async (tx) => {
        await log(3).up(tx);
        await sql`INSERT INTO missing_table VALUES (1)`.execute(tx);
      },
    };
    await expect(applyMigrations(db, { '001_init': createLog, '002_fine': log(2), '003_broken': broken })).rejects.toThrow(/missing_table/);
    expect(await steps(db)).toEqual([]);
    expect(await appliedMigrations(db, { '001_init': createLog, '002_fine': log(2), '003_broken': broken })).toEqual(['001_init']);
  });

  it('refuses two migrations with one number, and a name out of the NNN_<area> form', async () => {
    const db = await empty();
    await expect(applyMigrations(db, { '004_orders': createLog, '004_invoices': log(4) })).rejects.toThrow(/Two migrations numbered 004/);
    await expect(applyMigrations(db, { '4_orders': createLog })).rejects.toThrow(/name it NNN_<area>/);
  });

  it("lists every module of the project's folder under its file's name, each with a way back", () => {
    const files = readdirSync(new URL('../../server/db/migrations/', import.meta.url))
      .filter((name) => /^\d+_.*\.ts$/.test(name))
      .map((name) => name.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(MIGRATIONS).sort()).toEqual(files);
    for (const [name, migration] of Object.entries(MIGRATIONS)) expect(typeof migration.down, name).toBe('function');
  });
});

describe.skipIf(testEngine() !== 'sqlite')('a SQLite database of before Kysely', () => {
  it('moves the versions of its schema_migrations table to the migrator, so no migration runs twice', async () => {
    const migrations = { '001_init': createLog, '002_usage': log(2), '003_late': log(3) };
    const db = connect(':memory:');
    databases.push(db);
    await sql`CREATE TABLE schema_migrations (version TEXT PRIMARY KEY, applied_at TEXT NOT NULL)`.execute(db);
    await createLog.up(db);
    await log(2).up(db);
    await sql`INSERT INTO schema_migrations VALUES ('001_init', '2026-01-01T00:00:00Z'), ('002_usage', '2026-01-02T00:00:00Z')`.execute(db);
    expect(await applyMigrations(db, migrations)).toEqual(['003_late']);
    expect(await steps(db)).toEqual([2, 3]);
    expect(await appliedMigrations(db, migrations)).toEqual(['001_init', '002_usage', '003_late']);
    const tables = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE name = 'schema_migrations'`.execute(db);
    expect(tables.rows).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// The schema, read from each engine's catalogue
// ---------------------------------------------------------------------------------------------------------------

/**
 * SQL text as tokens, so that two spellings compare equal only when they say the same: comments and layout dropped,
 * identifiers (quoted or not) and keywords lower-cased as both engines read them, string literals kept as written.
 */
const TOKEN = /\s+|--[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^']|'')*'|"(?:[^"]|"")*"|[A-Za-z_][\w$]*|\d+(?:\.\d+)?|[<>=!|:]+|\S/g;
const tokens = (text: string): string[] =>
  (text.match(TOKEN) ?? [])
    .filter((token) => !/^(\s|--|\/\*)/.test(token))
    .map((token) => {
      if (token.startsWith("'")) return token;
      if (token.startsWith('"')) return token.slice(1, -1).replaceAll('""', '"').toLowerCase();
      return token.toLowerCase();
    });
const normalised = (text: string | null): string | null => (text === null ? null : tokens(text).join(' '));

/** Words that start a clause of a column's definition (SQLite keeps the clauses in the order written). */
const COLUMN_CLAUSE = new Set(['constraint', 'primary', 'not', 'unique', 'check', 'default', 'collate', 'references', 'generated']);
const TABLE_CONSTRAINT = new Set(['constraint', 'primary', 'unique', 'check', 'foreign']);

/**
 * A SQLite CREATE TABLE as what it says: each column's type and its clauses (NOT NULL, DEFAULT, UNIQUE, PRIMARY KEY,
 * REFERENCES … ON DELETE, CHECK, COLLATE) in any order, the table's constraints in order, WITHOUT ROWID. The CHECKs and
 * the collation live nowhere else in SQLite's catalogue.
 */
const tableDefinition = (createSql: string) => {
  const all = tokens(createSql);
  const open = all.indexOf('(');
  const elements: string[][] = [[]];
  let depth = 0;
  let close = all.length;
  for (let i = open + 1; i < all.length; i++) {
    const token = all[i] ?? '';
    if (token === ')' && depth === 0) {
      close = i;
      break;
    }
    if (token === '(') depth++;
    if (token === ')') depth--;
    if (token === ',' && depth === 0) elements.push([]);
    else elements.at(-1)?.push(token);
  }
  const columns: { name: string; type: string; clauses: string[] }[] = [];
  const constraints: string[] = [];
  for (const element of elements) {
    if (TABLE_CONSTRAINT.has(element[0] ?? '')) {
      constraints.push(element.join(' '));
      continue;
    }
    const [name = '', ...rest] = element;
    const parts: string[][] = [[]];
    let level = 0;
    rest.forEach((token, i) => {
      // `ON DELETE SET DEFAULT` continues its REFERENCES clause.
      if (level === 0 && COLUMN_CLAUSE.has(token) && rest[i - 1] !== 'set') parts.push([]);
      if (token === '(') level++;
      if (token === ')') level--;
      parts.at(-1)?.push(token);
    });
    const [type = [], ...clauses] = parts;
    columns.push({ name, type: type.join(' '), clauses: clauses.map((clause) => clause.join(' ')).sort() });
  }
  return { head: all.slice(0, open).join(' '), columns, constraints, tail: all.slice(close + 1).join(' ') };
};

const sqliteSchema = async (db: Db) => {
  const objects = await sqlRows<{ type: string; name: string; tbl_name: string; sql: string | null }>(
    db,
    "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND tbl_name NOT LIKE 'kysely_%' ORDER BY type, name",
  );
  const tables: Record<string, unknown> = {};
  for (const { name } of objects.filter((object) => object.type === 'table')) {
    const createSql = objects.find((object) => object.type === 'table' && object.name === name)?.sql ?? '';
    const indexes = await sqlRows<{ name: string }>(db, 'SELECT * FROM pragma_index_list(?) ORDER BY name', name);
    tables[name] = {
      definition: tableDefinition(createSql),
      list: await sqlRows(db, 'SELECT type, ncol, wr, strict FROM pragma_table_list(?)', name),
      // Type names are case-insensitive in SQLite: INTEGER and integer are one type (a different one is not).
      columns: (await sqlRows<{ type: string }>(db, 'SELECT * FROM pragma_table_xinfo(?) ORDER BY cid', name)).map((column) => ({
        ...column,
        type: column.type.toLowerCase(),
      })),
      indexes: await Promise.all(
        indexes.map(async (index) => ({
          ...index,
          columns: await sqlRows(db, 'SELECT * FROM pragma_index_xinfo(?) ORDER BY seqno', index.name),
        })),
      ),
      foreignKeys: await sqlRows(db, 'SELECT * FROM pragma_foreign_key_list(?) ORDER BY id, seq', name),
    };
  }
  // The text of indexes (columns, UNIQUE, the WHERE of a partial one) and triggers, as SQLite stores it.
  const statements = (type: string) =>
    Object.fromEntries(
      objects.filter((object) => object.type === type).map((object) => [object.name, [object.tbl_name, normalised(object.sql)]]),
    );
  return { tables, indexes: statements('index'), triggers: statements('trigger'), views: statements('view') };
};

const postgresSchema = async (db: Db) => {
  const tables = await sqlRows<{ table_name: string }>(
    db,
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = current_schema() AND table_name NOT LIKE 'kysely\\_%' ORDER BY table_name`,
  );
  // In column order, without the numbers: a column dropped leaves a gap in PostgreSQL's numbering.
  const columns = await sqlRows<{ table_name: string }>(
    db,
    `SELECT table_name, column_name, data_type, udt_name, character_maximum_length, numeric_precision, is_nullable,
            column_default, is_identity, identity_generation, is_generated, collation_name
     FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY table_name, ordinal_position`,
  );
  // Primary keys, unique constraints, foreign keys (ON DELETE included) and checks, with PostgreSQL's names.
  const constraints = await sqlRows<{ table_name: string }>(
    db,
    `SELECT r.relname AS table_name, c.conname, c.contype, pg_get_constraintdef(c.oid) AS definition
     FROM pg_constraint c JOIN pg_class r ON r.oid = c.conrelid JOIN pg_namespace n ON n.oid = r.relnamespace
     WHERE n.nspname = current_schema() ORDER BY r.relname, c.conname`,
  );
  const indexes = await sqlRows<{ table_name: string }>(
    db,
    `SELECT tablename AS table_name, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() ORDER BY tablename, indexname`,
  );
  const triggers = await sqlRows<{ table_name: string }>(
    db,
    `SELECT r.relname AS table_name, t.tgname, pg_get_triggerdef(t.oid) AS definition, t.tgenabled
     FROM pg_trigger t JOIN pg_class r ON r.oid = t.tgrelid JOIN pg_namespace n ON n.oid = r.relnamespace
     WHERE NOT t.tgisinternal AND n.nspname = current_schema() ORDER BY r.relname, t.tgname`,
  );
  // The triggers' functions, but not those of an extension (citext's).
  const functions = await sqlRows<{ proname: string; source: string }>(
    db,
    `SELECT p.proname, pg_get_function_identity_arguments(p.oid) AS arguments, pg_get_function_result(p.oid) AS result,
            l.lanname AS language, p.provolatile, p.prosrc AS source
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_language l ON l.oid = p.prolang
     WHERE n.nspname = current_schema()
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
     ORDER BY p.proname`,
  );
  const ofTable = <R extends { table_name: string }>(rows: R[], table: string) =>
    rows.filter((row) => row.table_name === table).map(({ table_name: _, ...rest }) => rest);
  return {
    tables: Object.fromEntries(
      tables
        .filter(({ table_name: table }) => !table.startsWith('kysely_'))
        .map(({ table_name: table }) => [
          table,
          {
            columns: ofTable(columns, table),
            constraints: ofTable(constraints, table),
            indexes: ofTable(indexes, table),
            triggers: ofTable(triggers, table),
          },
        ]),
    ),
    functions: functions.map((row) => ({ ...row, source: normalised(row.source) })),
  };
};

const schemaOf = (db: Db, engine: Engine = testEngine()) => (engine === 'sqlite' ? sqliteSchema(db) : postgresSchema(db));

// ---------------------------------------------------------------------------------------------------------------
// The SQL migrations of before, as the proof
// ---------------------------------------------------------------------------------------------------------------

const FIXTURES = new URL('./fixtures/sql-migrations/', import.meta.url);

/** The SQL files in name order, each replaced by its PostgreSQL twin (postgres/, same name) on PostgreSQL. */
const sqlScripts = (engine: Engine): { name: string; script: string }[] =>
  readdirSync(FIXTURES)
    .filter((file) => /^\d{3}_[\w-]+\.sql$/.test(file))
    .sort()
    .map((file) => {
      const twin = new URL(`postgres/${file}`, FIXTURES);
      return {
        name: file.replace(/\.sql$/, ''),
        script: readFileSync(engine === 'postgres' && existsSync(twin) ? twin : new URL(file, FIXTURES), 'utf8'),
      };
    });

/**
 * A database migrated by the SQL files, through Kysely's migrator under the files' names, as the server did before:
 * SQLite runs each script on the raw connection (better-sqlite3 prepares one statement at a time), PostgreSQL's simple
 * query protocol runs a script as sent.
 */
const migratedBySqlFiles = async (): Promise<Db> => {
  if (testEngine() === 'postgres') {
    const db = await empty();
    const migrations = sqlScripts('postgres').map(({ name, script }): [string, Migration] => [
      name,
      {
        up: async (tx) => {
          await sql.raw(script).execute(tx);
        },
      },
    ]);
    await applied(
      new Migrator({ db, provider: { getMigrations: () => Promise.resolve(Object.fromEntries(migrations)) } }).migrateToLatest(),
    );
    return db;
  }
  const raw = new Database(':memory:');
  raw.pragma('foreign_keys = ON');
  const kysely = new Kysely<unknown>({ dialect: new SqliteDialect({ database: raw }) });
  const migrations = sqlScripts('sqlite').map(({ name, script }): [string, Migration] => [
    name,
    {
      up: () => {
        raw.exec(script);
        return Promise.resolve();
      },
    },
  ]);
  try {
    await applied(
      new Migrator({ db: kysely, provider: { getMigrations: () => Promise.resolve(Object.fromEntries(migrations)) } }).migrateToLatest(),
    );
    // Opened as the server opens a database (foreign keys on, its adapter).
    const db = connectSqlite(raw.serialize());
    databases.push(db);
    return db;
  } finally {
    await kysely.destroy();
  }
};

describe('the migrations', () => {
  it('make the schema the SQL migrations made: tables, columns, keys, checks, indexes, triggers', async () => {
    const [bySql, byModules] = await Promise.all([migratedBySqlFiles(), empty()]);
    // Up to the last migration written in SQL: the ones after it were never SQL files.
    const lastSql = sqlScripts(testEngine()).at(-1)?.name ?? '';
    const { error } = await migratorFor(byModules).migrateTo(lastSql);
    expect(error).toBeUndefined();
    const expected = await schemaOf(bySql);
    const actual = await schemaOf(byModules);
    expect(Object.keys(actual.tables).sort()).toEqual(Object.keys(expected.tables).sort());
    // Table by table first, for a failure that names its table.
    for (const [table, schema] of Object.entries(expected.tables)) expect(actual.tables[table], table).toEqual(schema);
    expect(actual).toEqual(expected);
  });

  it('run only the later migrations on a database the SQL migrations made', async () => {
    const [bySql, byModules] = await Promise.all([migratedBySqlFiles(), empty()]);
    const sqlNames = sqlScripts(testEngine()).map((file) => file.name);
    // Only the migrations written after the SQL files run (none of these is a SQL file's name).
    const later = Object.keys(MIGRATIONS)
      .sort()
      .filter((name) => !sqlNames.includes(name));
    expect(await applyMigrations(bySql)).toEqual(later);
    expect(await appliedMigrations(bySql)).toEqual([...sqlNames, ...later]);
    await applyMigrations(byModules);
    expect(await schemaOf(bySql)).toEqual(await schemaOf(byModules));
  });

  it('go down one by one, each back to the schema before it, to nothing, and up again', async () => {
    const db = await empty();
    const migrator = migratorFor(db);
    const names = Object.keys(MIGRATIONS).sort();
    const schemas = [await schemaOf(db)];
    for (const name of names) {
      expect(await applied(migrator.migrateUp())).toEqual([name]);
      schemas.push(await schemaOf(db));
    }
    for (let i = names.length - 1; i >= 0; i--) {
      expect(await applied(migrator.migrateDown())).toEqual([names[i]]);
      expect(await schemaOf(db), `after ${names[i]}'s down`).toEqual(schemas[i]);
    }
    // All at once (one transaction each way), as a developer goes back to nothing and up again.
    expect(await applied(migrator.migrateToLatest())).toEqual(names);
    expect(await schemaOf(db)).toEqual(schemas.at(-1));
    expect(await applied(migrator.migrateTo(NO_MIGRATIONS))).toEqual([...names].reverse());
    expect(await schemaOf(db)).toEqual(schemas[0]);
    expect(await appliedMigrations(db)).toEqual([]);
    expect(await applied(migrator.migrateToLatest())).toEqual(names);
    expect(await schemaOf(db)).toEqual(schemas.at(-1));
    expect(await appliedMigrations(db)).toEqual(names);
  });
});
