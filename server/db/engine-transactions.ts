import { AsyncLocalStorage } from 'node:async_hooks';
import { sql, type Insertable } from 'kysely';
import type { DB } from './schema.ts';
import { type Db, engineOf, handleOf, openTransaction } from './engine-connection.ts';
import { sleep } from './engine-startup.ts';

// ---------------------------------------------------------------------------------------------------------------
// Transactions
// ---------------------------------------------------------------------------------------------------------------

/**
 * PostgreSQL: the transaction lost to a concurrent one (a deadlock between row locks, or a serialization failure) and
 * may simply run again. With the write locks below these are rare: two writers of one thing queue on its lock.
 */
export const isTransactionConflict = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && (error.code === '40001' || error.code === '40P01');

/**
 * What a write transaction changes, locked before its first read (docs/decisions/0012-write-locks.md):
 * - `{ line: id }`: one line's settings, limits and orders; `{ customer: id }`: a customer's record, contact,
 *   invoicing and payments.
 * - `'order-refs'`: the numbering of orders (the next reference is read from the largest one), shared by every line.
 * A transaction that names none locks everything (the writer lock, exclusive): it runs alone, as every write does on
 * SQLite. One that names some takes the writer lock shared, then its own locks: changes to different lines run side
 * by side; two changes to one line, or a change and an unscoped writer (a job), queue.
 */
export type WriteLock = { line: number } | { customer: number } | 'order-refs';

/** Advisory lock classes (the first key of PostgreSQL's two-key advisory locks) of write transactions. */
const WRITER_LOCK = 72_610;
const LINE_LOCK = 72_611;
const CUSTOMER_LOCK = 72_612;
// Last in the order: a transaction that holds a line's lock takes it while it writes the line's order.
const ORDER_REFS_LOCK = 72_613;
const lockKeys = (lock: WriteLock): [number, number] =>
  lock === 'order-refs' ? [ORDER_REFS_LOCK, 0] : 'line' in lock ? [LINE_LOCK, lock.line] : [CUSTOMER_LOCK, lock.customer];

/** The locks each open transaction holds (PostgreSQL releases them at its end), so a joined one takes only new ones. */
const heldLocks = new WeakMap<Db, Set<string>>();

/**
 * Takes `locks` inside the transaction `tx` (PostgreSQL; nothing to do on SQLite, whose write transaction already
 * runs alone), in one order (class, then key) so that two transactions never wait on each other's. A lock is held
 * until the transaction ends; taking one already held is free.
 */
export const lockForWrite = async (tx: Db, locks: readonly WriteLock[], writer?: 'shared' | 'exclusive'): Promise<void> => {
  if (engineOf(tx) !== 'postgres') return;
  const held = heldLocks.get(tx) ?? new Set<string>();
  heldLocks.set(tx, held);
  const keys = [...new Map(locks.map(lockKeys).map((key) => [`${key[0]}:${key[1]}`, key])).entries()]
    .filter(([name]) => !held.has(name))
    .sort(([, [a1, b1]], [, [a2, b2]]) => a1 - a2 || b1 - b2);
  const calls = keys.map(([, [a, b]]) => sql`pg_advisory_xact_lock(${a}::int, ${b}::int)`);
  // The writer lock first (its class is the smallest), then the others in their order: one statement, one round trip
  // (PostgreSQL evaluates a select list from left to right).
  if (writer)
    calls.unshift(
      writer === 'shared' ? sql`pg_advisory_xact_lock_shared(${WRITER_LOCK}::int, 0)` : sql`pg_advisory_xact_lock(${WRITER_LOCK}::int, 0)`,
    );
  if (calls.length === 0) return;
  await sql`SELECT ${sql.join(calls)}`.execute(tx);
  for (const [name] of keys) held.add(name);
};

/**
 * How often a transaction that lost runs again, and the pauses between: random in [0, 5 ms × 2^(attempt − 1)],
 * at most 400 ms ("full jitter").
 */
const MAX_ATTEMPTS = 12;
const FIRST_PAUSE_MS = 5;
const LONGEST_PAUSE_MS = 400;
const retryPauseMs = (attempt: number): number => Math.random() * Math.min(LONGEST_PAUSE_MS, FIRST_PAUSE_MS * 2 ** (attempt - 1));

/**
 * Something to do inside every outermost write transaction of the current request, after its work and before its
 * commit (the idempotency plugin stores the request's answer there, so that the change and its answer commit
 * together). Set per request through AsyncLocalStorage.
 */
type BeforeCommit = (tx: Db, result: unknown) => Promise<void>;
export const beforeCommit = new AsyncLocalStorage<BeforeCommit>();

/**
 * Runs `work` in one write transaction and returns what it returns. Every change that reads then writes, or writes
 * several rows that belong together, goes through here, and `work` uses only `tx` (a query on `db` meanwhile
 * throws). Inside another write transaction, `work` joins it (and takes the locks it names that the other did not).
 *
 * SQLite: BEGIN IMMEDIATE, the single writer. PostgreSQL: READ COMMITTED, with the write locks `locks` names taken
 * first (none: the writer lock, exclusive), so instances running the same read-then-write at once queue on what they
 * change and each reads what the one before committed. A deadlock between row locks (which the locks make rare) rolls
 * the transaction back and `work` runs again after a short random pause; `work` must therefore touch only the
 * database, which is what a repository does.
 */
export const writeTransaction = async <T>(db: Db, work: (tx: Db) => Promise<T>, locks: readonly WriteLock[] = []): Promise<T> => {
  if (db.isTransaction) {
    await lockForWrite(db, locks);
    return work(db);
  }
  const { driver, engine } = handleOf(db);
  const hook = beforeCommit.getStore();
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await openTransaction.run({ driver, acquired: false }, () =>
        db.transaction().execute(async (tx) => {
          if (engine === 'postgres') await lockForWrite(tx, locks, locks.length === 0 ? 'exclusive' : 'shared');
          const result = await work(tx);
          if (hook) await hook(tx, result);
          return result;
        }),
      );
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
