import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase, type Db } from '#server/db/database';
import { openDemoDatabase } from '#server/demo/index';
import { applyMigrations } from '#server/db/migrate';
import { closeTestDatabase, openEmptyDatabase, openTestDatabase, sqlRows, testEngine } from './test-database.ts';

/*
 * SQLite and PostgreSQL run the same migrations (PostgreSQL's own words where they differ, server/db/migrations/
 * helpers.ts) and the same seed: their schemas must not drift apart, and the demo data must be the same rows. Runs
 * with TEST_DATABASE_URL (the PostgreSQL pass of `.ci/run`), against a SQLite database made alongside.
 */

type Column = { name: string; type: string; nullable: boolean; generated: boolean };
type Schema = { tables: Record<string, Column[]>; indexes: string[]; triggers: string[] };

/** A column type as the server reads it: whole numbers, text, bytes. */
const kindOf = (type: string): string => {
  const t = type.toLowerCase();
  if (['integer', 'int4', 'int8', 'bigint'].includes(t)) return 'integer';
  if (['text', 'citext', 'varchar'].includes(t) || t.startsWith('varchar')) return 'text';
  if (['blob', 'bytea'].includes(t)) return 'bytes';
  return t;
};

const schemaOf = async (db: Db, engine: 'sqlite' | 'postgres'): Promise<Schema> => {
  const tables: Record<string, Column[]> = {};
  for (const table of await db.introspection.getTables()) {
    if (table.name.startsWith('kysely_')) continue;
    const primaryKey =
      engine === 'sqlite'
        ? (await sqlRows<{ name: string }>(db, `SELECT name FROM pragma_table_info(?) WHERE pk > 0`, table.name)).map((row) => row.name)
        : [];
    tables[table.name] = table.columns
      .map((column) => ({
        name: column.name,
        type: kindOf(column.dataType),
        // SQLite lets a rowid table's primary key be NULL (for compatibility); PostgreSQL never does.
        nullable: column.isNullable && !primaryKey.includes(column.name),
        generated: column.hasDefaultValue || column.isAutoIncrementing,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }
  const indexes =
    engine === 'sqlite'
      ? await sqlRows<{ name: string }>(db, "SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex%'")
      : // Indexes created by CREATE INDEX, not those behind a PRIMARY KEY or UNIQUE constraint (named differently by each engine).
        await sqlRows<{ name: string }>(
          db,
          `SELECT i.relname AS name FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_namespace n ON n.oid = i.relnamespace
           WHERE n.nspname = current_schema() AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
             AND i.relname NOT LIKE 'kysely_%'`,
        );
  const triggers =
    engine === 'sqlite'
      ? await sqlRows<{ name: string }>(db, "SELECT name FROM sqlite_master WHERE type = 'trigger'")
      : await sqlRows<{ name: string }>(
          db,
          'SELECT DISTINCT trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = current_schema()',
        );
  return { tables, indexes: indexes.map((row) => row.name).sort(), triggers: triggers.map((row) => row.name).sort() };
};

describe.skipIf(testEngine() !== 'postgres')('SQLite and PostgreSQL', () => {
  let sqlite: Db;
  let postgres: Db;
  beforeAll(async () => {
    sqlite = await openDatabase(':memory:');
    postgres = await openEmptyDatabase();
    await applyMigrations(postgres);
  }, 60_000);
  afterAll(async () => {
    await closeDatabase(sqlite);
    await closeTestDatabase(postgres);
  });

  it('have the same tables, columns (types as read, nullability, defaults), indexes and triggers after the migrations', async () => {
    const [a, b] = await Promise.all([schemaOf(sqlite, 'sqlite'), schemaOf(postgres, 'postgres')]);
    expect(Object.keys(b.tables).sort()).toEqual(Object.keys(a.tables).sort());
    for (const [table, columns] of Object.entries(a.tables)) {
      // SQLite counts a rowid table's INTEGER PRIMARY KEY as generated even when it is another table's key.
      const comparable = (list: Column[]) =>
        list.map((column) => ({ ...column, generated: column.generated && column.name !== 'contract_id' }));
      expect(comparable(b.tables[table] ?? []), table).toEqual(comparable(columns));
    }
    expect(b.indexes).toEqual(a.indexes);
    expect(b.triggers).toEqual(a.triggers);
  });

  it('seed the same demo rows for the same now', async () => {
    const now = new Date('2026-11-22T06:33:00.000Z');
    const seededSqlite = await openDemoDatabase(':memory:', { now });
    const seededPostgres = await openTestDatabase({ now });
    try {
      for (const [table, orderBy] of [
        ['customers', 'id'],
        ['contacts', 'id'],
        ['contracts', 'id'],
        ['products', 'id'],
        ['invoices', 'id'],
        ['invoice_lines', 'id'],
        ['safeguards', 'contract_id, type'],
        ['orders', 'id'],
        ['order_lines', 'id'],
        ['sim_orders', 'id'],
        ['alert_events', 'contract_id, event_key'],
        ['notification_log', 'id'],
        ['usage_hourly', 'contract_id, hour, service_cat, incoming, is_oob, destination'],
      ] as const) {
        const query = sql<Record<string, unknown>>`SELECT * FROM ${sql.table(table)} ORDER BY ${sql.raw(orderBy)}`;
        const [left, right] = await Promise.all([query.execute(seededSqlite), query.execute(seededPostgres)]);
        expect(right.rows, table).toEqual(left.rows);
      }
      const count = sql<{
        n: number;
        total: number;
        used: number;
      }>`SELECT COUNT(*) AS n, SUM(event_time / 3600000) AS total, SUM(service_used) AS used FROM usage_records`;
      expect((await count.execute(seededPostgres)).rows).toEqual((await count.execute(seededSqlite)).rows);
    } finally {
      await closeDatabase(seededSqlite);
      await closeTestDatabase(seededPostgres);
    }
  }, 240_000);
});
