import { sql, type Insertable } from 'kysely';
import type { DB } from './schema.ts';
import { type Db, engineOf, handleOf, openTransaction } from './engine-connection.ts';
import { sleep } from './engine-startup.ts';

// ---------------------------------------------------------------------------------------------------------------
// Transactions
// ---------------------------------------------------------------------------------------------------------------

/** PostgreSQL: the transaction lost to a concurrent one (serialization failure, deadlock) and may simply run again. */
export const isTransactionConflict = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && (error.code === '40001' || error.code === '40P01');

/**
 * How often a transaction that lost runs again, and the pauses between: random in [0, 5 ms × 2^(attempt − 1)],
 * at most 400 ms ("full jitter"). Twenty logins of one account at once (one counter row) all lose but one in each
 * round; growing random pauses spread the losers out, where short fixed ones kept them colliding until they ran out
 * of attempts and the last one answered 500. Twelve attempts wait at most about 2.2 s in all.
 */
const MAX_ATTEMPTS = 12;
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 400;
const retryPauseMs = (attempt: number): number => Math.random() * Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (attempt - 1));

/**
 * Runs `work` in one write transaction and returns what it returns. Every change that reads then writes, or writes
 * several rows that belong together, goes through here, and `work` uses only `tx` (a query on `db` meanwhile
 * throws). Inside another write transaction, `work` joins it.
 *
 * SQLite: BEGIN IMMEDIATE, the single writer. PostgreSQL: SERIALIZABLE, so instances running the same read-then-write
 * at once behave as if one ran after the other; the one that loses is rolled back and `work` runs again (a few
 * times, after a short random pause). `work` must therefore touch only the database, which is what a repository does.
 */
export const writeTransaction = async <T>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> => {
  if (db.isTransaction) return work(db);
  const { driver, engine } = handleOf(db);
  for (let attempt = 1; ; attempt += 1) {
    try {
      const builder = engine === 'postgres' ? db.transaction().setIsolationLevel('serializable') : db.transaction();
      return await openTransaction.run({ driver, acquired: false }, () => builder.execute(work));
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= MAX_ATTEMPTS) throw error;
      await sleep(retryPauseMs(attempt));
    }
  }
};

/** Rows per statement of `insertRows`: SQLite binds each value (at most 32,766 a statement). */
const INSERT_CHUNK = { sqlite: 1000, postgres: 20_000 } as const;

/** PostgreSQL's type of each column of a table (udt_name: int4, int8, text …), read once per database and table. */
const columnTypes = new WeakMap<object, Map<string, Promise<Map<string, string>>>>();
const columnTypesOf = (db: Db, table: string): Promise<Map<string, string>> => {
  const { adapter } = db.getExecutor();
  let perDb = columnTypes.get(adapter);
  if (!perDb) {
    perDb = new Map();
    columnTypes.set(adapter, perDb);
  }
  let types = perDb.get(table);
  if (!types) {
    types = sql<{ column_name: string; udt_name: string }>`SELECT column_name, udt_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = ${table}`
      .execute(db)
      .then(({ rows }) => new Map(rows.map((row) => [row.column_name, row.udt_name])));
    perDb.set(table, types);
  }
  return types;
};

/**
 * Inserts many rows of one table (the seed's 200,000 usage records), in chunks, in the caller's transaction.
 * SQLite: multi-row INSERTs of bound values. PostgreSQL: one array parameter per column, turned back into rows by
 * unnest, so a chunk of 20,000 rows is a short statement with a dozen parameters instead of 200,000 bound values.
 */
export const insertRows = async <T extends keyof DB>(db: Db, table: T, rows: readonly Insertable<DB[T]>[]): Promise<void> => {
  const engine = engineOf(db);
  const size = INSERT_CHUNK[engine];
  for (let i = 0; i < rows.length; i += size) {
    const chunk = rows.slice(i, i + size);
    const first = chunk[0];
    if (!first) continue;
    if (engine === 'sqlite') {
      await db.insertInto(table).values(chunk).execute();
      continue;
    }
    const types = await columnTypesOf(db, table);
    const columns = Object.keys(first);
    const arrays = columns.map((column) => {
      const type = types.get(column);
      if (!type) throw new Error(`${table} has no column ${column}`);
      const values = chunk.map((row) => (row as Record<string, unknown>)[column] ?? null);
      return sql`${values}::${sql.raw(type)}[]`;
    });
    await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
      SELECT * FROM unnest(${sql.join(arrays)})`.execute(db);
  }
};

/** True for an insert refused by a UNIQUE or PRIMARY KEY constraint, on either engine. */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  (error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE' || error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY');
