// The server's row types, generated from the schema the migrations make: `npm run db:types` writes
// server/db/schema.ts, and tests/server/db-types.test.ts fails when the committed file is not what this gives (a
// migration added without regenerating). The schema is read from a SQLite database migrated in memory: both engines
// store the same column types (server/db/engine.ts), and tests/server/engines.test.ts checks that PostgreSQL's
// migrations make the same columns.
//
// kysely-codegen reads tables, columns, nullability and defaults. The value sets of text columns (a CHECK
// `column IN ('a', 'b')`) become unions of those values, so a status read from the database has the contract's type;
// primary keys are never null.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { generate, SqliteDialect, type DatabaseMetadata } from 'kysely-codegen';
import { sql } from 'kysely';
import { format, resolveConfig } from 'prettier';
import { applyMigrations } from '../server/db/migrate.ts';
import { closeDatabase, connectSqlite, type Db } from '../server/db/engine.ts';

export const SCHEMA_FILE = fileURLToPath(new URL('../server/db/schema.ts', import.meta.url));

const quoted = /'((?:[^']|'')*)'/g;

/** `column IN ('a', 'b')` (alone, or after `column IS NULL OR`) in a table's CREATE statement → the column's values. */
export const checkedValues = (createSql: string): Map<string, string[]> => {
  const values = new Map<string, string[]>();
  for (const match of createSql.matchAll(/CHECK\s*\(\s*(?:(\w+)\s+IS\s+NULL\s+OR\s+)?(\w+)\s+IN\s*\(([^)]*)\)\s*\)/gi)) {
    const [, nullable, column, list = ''] = match;
    if (!column || (nullable !== undefined && nullable !== column)) continue;
    const literals = [...list.matchAll(quoted)].map((literal) => (literal[1] ?? '').replaceAll("''", "'"));
    // A list of numbers (booleans as 0/1) stays a number.
    if (literals.length === 0 || literals.length !== list.split(',').length) continue;
    values.set(column, literals);
  }
  return values;
};

const withCheckedValues =
  (db: Db) =>
  async ({ metadata }: { metadata: DatabaseMetadata }): Promise<DatabaseMetadata> => {
    const { rows } = await sql<{ name: string; sql: string }>`SELECT name, sql FROM sqlite_master WHERE type = 'table'`.execute(db);
    for (const table of metadata.tables) {
      const createSql = rows.find((row) => row.name === table.name)?.sql ?? '';
      const values = checkedValues(createSql);
      const primaryKey = await sql<{ name: string }>`SELECT name FROM pragma_table_info(${table.name}) WHERE pk > 0`.execute(db);
      for (const column of table.columns) {
        const allowed = values.get(column.name);
        if (allowed) column.enumValues = allowed;
        // SQLite lets a primary key of a rowid table be NULL (for compatibility); PostgreSQL never does, and no row
        // here has one.
        if (primaryKey.rows.some((key) => key.name === column.name)) column.isNullable = false;
      }
    }
    return metadata;
  };

/** The text of server/db/schema.ts for the migrations of server/db/migrations/, formatted as the project formats. */
export const generateSchemaTypes = async (): Promise<string> => {
  const db = connectSqlite(':memory:');
  try {
    await applyMigrations(db);
    const text = await generate({
      db,
      dialect: new SqliteDialect(),
      excludePattern: 'kysely_*',
      outFile: null,
      postprocess: withCheckedValues(db),
      logger: undefined,
    });
    const options = await resolveConfig(SCHEMA_FILE);
    return await format(text, { ...options, filepath: SCHEMA_FILE });
  } finally {
    await closeDatabase(db);
  }
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SCHEMA_FILE, await generateSchemaTypes());
  console.log(`row types written to ${SCHEMA_FILE}`);
}
