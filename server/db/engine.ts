import { AsyncLocalStorage } from 'node:async_hooks';
import Database from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  PostgresDriver,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type Insertable,
  type Driver,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import pg from 'pg';
import type { DB } from './schema.ts';

/*
 * The two database engines behind one typed query layer (Kysely), and every difference between them: this module is
 * the only place that knows which engine runs (docs/product/operations.md "Database engines"). Repositories write Kysely
 * queries that both engines run the same way; what cannot be written once (how a transaction starts, how a job is
 * claimed, how a script of SQL runs, which errors mean "retry") is a function here.
 *
 * - SQLite (the default; a file under DATA_DIR, ':memory:' in tests): better-sqlite3 in WAL mode, one connection,
 *   write transactions BEGIN IMMEDIATE (the write lock taken before the first read, as before Kysely), prepared
 *   statements cached per SQL text. One server process per DATA_DIR (data/server.lock), so in-process exclusion is
 *   enough for jobs.
 * - PostgreSQL (DATABASE_URL=postgres://…): a bounded pg pool with a statement timeout; write transactions are
 *   SERIALIZABLE and retried on a serialization failure, so a read-then-write is as safe across instances as it is in
 *   SQLite's single writer; jobs are claimed with advisory locks, released by PostgreSQL when the instance holding
 *   them dies.
 *
 * Both engines store the same column types (integers, text, blobs), so the row types generated from the SQLite schema
 * (schema.ts) hold for both: PostgreSQL's BIGINT and NUMERIC (COUNT, SUM) are parsed to numbers here.
 */

export type Db = Kysely<DB>;
export type Engine = 'sqlite' | 'postgres';

export type PostgresOptions = {
  /** Largest number of connections this instance opens (DATABASE_POOL_SIZE). */
  poolSize: number;
  /** A statement running longer is cancelled by PostgreSQL (DATABASE_STATEMENT_TIMEOUT). */
  statementTimeoutMs: number;
  /** How long acquiring a connection may take before the query fails. */
  connectionTimeoutMs: number;
  /** Shown in pg_stat_activity. */
  applicationName: string;
};

export const DEFAULT_POSTGRES_OPTIONS: PostgresOptions = {
  poolSize: 10,
  statementTimeoutMs: 15_000,
  connectionTimeoutMs: 10_000,
  applicationName: 'mon-espace-mobile',
};

/** Where the data lives: a PostgreSQL URL, or a SQLite file (':memory:' for a private in-memory database). */
export const isPostgresUrl = (location: string): boolean => /^postgres(?:ql)?:\/\//i.test(location);

// ---------------------------------------------------------------------------------------------------------------
// Drivers
// ---------------------------------------------------------------------------------------------------------------

/**
 * Set while a write transaction runs its work: a query made meanwhile on the database itself instead of on the
 * transaction would wait forever for SQLite's single connection (or, on PostgreSQL, run outside the transaction and
 * possibly wait on its locks). Such a query throws at once instead, naming the mistake.
 */
const openTransaction = new AsyncLocalStorage<{ driver: Driver; acquired: boolean }>();

const guardAcquire = (driver: Driver): void => {
  const open = openTransaction.getStore();
  if (open?.driver !== driver) return;
  if (open.acquired) {
    throw new Error('a query on the database inside a write transaction: pass the transaction (tx), not the database (db)');
  }
  // The first connection taken in the transaction's context is the transaction's own.
  open.acquired = true;
};

class GuardedSqliteDriver extends SqliteDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    guardAcquire(this);
    return super.acquireConnection();
  }

  // IMMEDIATE: the write lock is taken at BEGIN, so a read-then-write never fails with SQLITE_BUSY halfway.
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class GuardedPostgresDriver extends PostgresDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    guardAcquire(this);
    return super.acquireConnection();
  }
}

/** SQLite runs DDL in transactions too: the migrator applies a batch of migrations all or nothing, as on PostgreSQL. */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

const STATEMENT_CACHE_SIZE = 1000;

/**
 * better-sqlite3 behind Kysely's SQLite interface, with its prepared statements kept per SQL text: Kysely prepares
 * each query anew, and re-preparing the same few queries on every request would dominate the cost of small ones.
 * Bounded, since a list of ids makes SQL texts of many lengths.
 */
const cachingDatabase = (raw: Database.Database): SqliteDatabase => {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => raw.close(),
    prepare: (text) => {
      let statement = cache.get(text);
      if (!statement) {
        statement = raw.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) {
          const oldest = cache.keys().next().value;
          if (oldest !== undefined) cache.delete(oldest);
        }
        cache.set(text, statement);
      }
      return statement;
    },
  };
};

type Handle = { engine: 'sqlite'; raw: Database.Database; driver: Driver } | { engine: 'postgres'; pool: pg.Pool; driver: Driver };

const handles = new WeakMap<Kysely<DB>, Handle>();

const handleOf = (db: Db): Handle => {
  const handle = handles.get(db);
  if (!handle) throw new Error('not a database opened by server/db/engine.ts (a transaction? pass the database)');
  return handle;
};

/** Which engine a database (or one of its transactions) runs on. */
export const engineOf = (db: Db): Engine => (db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres');

/** PostgreSQL's BIGINT (COUNT, epoch milliseconds) and NUMERIC (SUM of BIGINT, AVG) as numbers, like SQLite's. */
const numericTypes: pg.CustomTypesConfig = {
  getTypeParser: (oid, format): ((value: string) => unknown) =>
    oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC
      ? Number
      : (pg.types.getTypeParser(oid, format) as (value: string) => unknown),
};

/**
 * Opens a SQLite file (WAL, foreign keys), ':memory:', or the bytes of a database (`serializeSqlite`) as a private
 * in-memory copy (the tests seed once and open copies). Nothing is migrated yet.
 */
export const connectSqlite = (file: string | Buffer): Db => {
  const raw = new Database(file);
  if (typeof file === 'string' && file !== ':memory:' && file !== '') {
    // WAL lets the server read while a write is in progress; NORMAL sync is safe with WAL and much faster.
    raw.pragma('journal_mode = WAL');
    raw.pragma('synchronous = NORMAL');
    raw.pragma('busy_timeout = 5000');
  }
  // Must be set outside a transaction; SQLite ignores the pragma inside one.
  raw.pragma('foreign_keys = ON');
  const config = { database: cachingDatabase(raw) };
  const driver = new GuardedSqliteDriver(config);
  const dialect = new (class extends SqliteDialect {
    override createDriver(): Driver {
      return driver;
    }
    override createAdapter(): SqliteAdapter {
      return new TransactionalDdlSqliteAdapter();
    }
  })(config);
  const db = new Kysely<DB>({ dialect });
  handles.set(db, { engine: 'sqlite', raw, driver });
  return db;
};

/** A bounded pool on a PostgreSQL URL. Nothing is connected yet: `waitForDatabase` does that, with retries. */
export const connectPostgres = (url: string, options: Partial<PostgresOptions> = {}): Db => {
  const o = { ...DEFAULT_POSTGRES_OPTIONS, ...options };
  const pool = new pg.Pool({
    connectionString: url,
    max: o.poolSize,
    statement_timeout: o.statementTimeoutMs,
    connectionTimeoutMillis: o.connectionTimeoutMs,
    application_name: o.applicationName,
    // An idle connection is closed after 30 s: a quiet instance holds few connections of the shared server.
    idleTimeoutMillis: 30_000,
    types: numericTypes,
  });
  // A connection that breaks while idle in the pool (PostgreSQL restarted) emits here; the pool replaces it.
  pool.on('error', () => undefined);
  // One that breaks while checked out and between queries (a transaction waiting on its caller, a job's lock) emits on
  // itself, where pg-pool listens only while it is idle: without a listener the process would crash. Its next query
  // fails instead, and the pool drops it when it is released.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  const driver = new GuardedPostgresDriver({ pool });
  const dialect = new (class extends PostgresDialect {
    override createDriver(): Driver {
      return driver;
    }
  })({ pool });
  const db = new Kysely<DB>({ dialect });
  handles.set(db, { engine: 'postgres', pool, driver });
  return db;
};

export const connect = (location: string | Buffer, options: Partial<PostgresOptions> = {}): Db =>
  typeof location === 'string' && isPostgresUrl(location) ? connectPostgres(location, options) : connectSqlite(location);

/** The bytes of a SQLite database (better-sqlite3's `serialize`), which `connectSqlite` opens as a copy. */
export const serializeSqlite = (db: Db): Buffer => {
  const handle = handleOf(db);
  if (handle.engine !== 'sqlite') throw new Error('serializeSqlite: not a SQLite database');
  return handle.raw.serialize();
};

// ---------------------------------------------------------------------------------------------------------------
// Start-up
// ---------------------------------------------------------------------------------------------------------------

export type StartLog = { warn: (message: string) => void; info: (message: string) => void };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const describeError = (error: unknown): string =>
  error instanceof Error
    ? 'code' in error && typeof error.code === 'string'
      ? `${error.code}: ${error.message}`
      : error.message
    : String(error);

/** Answers when the database answers a query; throws otherwise (the readiness check). */
export const assertDatabaseAnswers = async (db: Db): Promise<void> => {
  await sql`SELECT 1`.execute(db);
};

/**
 * Waits until the database answers, retrying with growing pauses (0.25 s, doubling, at most 5 s) for up to
 * `timeoutMs`: an instance started with its database (compose, a restart of both) starts once PostgreSQL is up,
 * with one log line saying it waits, instead of crashing. SQLite answers at once.
 */
export const waitForDatabase = async (db: Db, log: StartLog | undefined, timeoutMs: number): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  let pause = 250;
  let told = false;
  for (;;) {
    try {
      await assertDatabaseAnswers(db);
      if (told) log?.info('database reachable: starting');
      return;
    } catch (error) {
      if (Date.now() + pause > deadline) throw error;
      if (!told) {
        log?.warn(`database not reachable (${describeError(error)}): retrying for up to ${Math.round(timeoutMs / 1000)} s`);
        told = true;
      }
      await sleep(pause);
      pause = Math.min(pause * 2, 5_000);
    }
  }
};

/** Advisory lock classes (the first key of PostgreSQL's two-key advisory locks): start-up, and jobs. */
const STARTUP_LOCK = 72_601;
const JOB_LOCK = 72_602;

/**
 * Runs `work` (migrations, the first seed) while no other instance does: instances started together on an empty
 * PostgreSQL database migrate and seed it once. SQLite has one process per DATA_DIR.
 */
export const withStartupLock = async <T>(db: Db, work: () => Promise<T>): Promise<T> => {
  if (engineOf(db) === 'sqlite') return work();
  return db.connection().execute(async (connection) => {
    // Polled rather than waited on, so the statement timeout never cuts a long first seed of another instance short.
    while (!(await sql<{ got: boolean }>`SELECT pg_try_advisory_lock(${STARTUP_LOCK}, 0) AS got`.execute(connection)).rows[0]?.got) {
      await sleep(250);
    }
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK}, 0)`.execute(connection);
    }
  });
};

/**
 * Runs a script of several SQL statements (a migration file) inside the migrator's transaction `tx`. better-sqlite3
 * prepares one statement at a time, so SQLite's script runs on the raw connection (which is the transaction's: SQLite
 * has one); PostgreSQL's simple query protocol runs a script of statements as sent.
 */
export const runScript = async (db: Db, tx: Kysely<unknown>, script: string): Promise<void> => {
  const handle = handleOf(db);
  if (handle.engine === 'sqlite') handle.raw.exec(script);
  else await sql.raw(script).execute(tx);
};

/**
 * After rows were written with explicit ids (the seed), PostgreSQL's identity sequences start above the largest id,
 * as SQLite's rowids do by themselves.
 */
export const syncIdentities = async (db: Db): Promise<void> => {
  if (engineOf(db) === 'sqlite') return;
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    SELECT table_name, column_name FROM information_schema.columns
    WHERE table_schema = current_schema() AND is_identity = 'YES'`.execute(db);
  for (const { table_name: table, column_name: column } of rows) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, ${column}), COALESCE((SELECT MAX(${sql.ref(column)}) FROM ${sql.table(
      table,
    )}), 0) + 1, false)`.execute(db);
  }
};

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

// ---------------------------------------------------------------------------------------------------------------
// Jobs
// ---------------------------------------------------------------------------------------------------------------

export type JobClaim = 'ran' | 'notDue' | 'busy';

/**
 * Runs a scheduled job once across every instance on the database: `isDue` decides from the time of the job's last
 * run (kept in scheduled_jobs, so every instance sees the same), `run` does the work, then the time is recorded.
 *
 * PostgreSQL: the job is held by a session advisory lock on a connection of its own for the whole run; an instance
 * that finds it taken skips the job ('busy'). If the instance holding it dies, PostgreSQL ends its session and frees
 * the lock; the run was not recorded, so the next instance to look finds the job due and runs it again: the job
 * decides what is due from the rows (an order line already executed is no longer due), so it finishes the work and
 * does nothing twice. SQLite: one process, whose scheduler never overlaps runs.
 */
export const claimJob = async (
  db: Db,
  name: string,
  isDue: (lastRunMs: number | null) => boolean,
  run: () => Promise<void>,
  nowMs: number,
): Promise<JobClaim> => {
  const attempt = async (): Promise<JobClaim> => {
    const row = await db.selectFrom('scheduled_jobs').select('last_run_at').where('name', '=', name).executeTakeFirst();
    if (!isDue(row?.last_run_at ?? null)) return 'notDue';
    try {
      await run();
    } finally {
      await db
        .insertInto('scheduled_jobs')
        .values({ name, last_run_at: nowMs })
        .onConflict((oc) => oc.column('name').doUpdateSet({ last_run_at: nowMs }))
        .execute();
    }
    return 'ran';
  };
  if (engineOf(db) === 'sqlite') return attempt();
  return db.connection().execute(async (connection) => {
    const got = (await sql<{ got: boolean }>`SELECT pg_try_advisory_lock(${JOB_LOCK}, hashtext(${name})) AS got`.execute(connection))
      .rows[0]?.got;
    if (!got) return 'busy';
    try {
      return await attempt();
    } finally {
      await sql`SELECT pg_advisory_unlock(${JOB_LOCK}, hashtext(${name}))`.execute(connection);
    }
  });
};

// ---------------------------------------------------------------------------------------------------------------
// Change counter
// ---------------------------------------------------------------------------------------------------------------

/**
 * A number that moves whenever the database may have changed, for caches of derived data (the usage history's hour
 * index). SQLite: total_changes() of the one connection, which every write of the one process moves. PostgreSQL:
 * other instances write too and no counter covers them cheaply, so every call is a new number (no caching).
 */
let uncachedVersion = 0;
export const changeVersion = async (db: Db): Promise<number> => {
  if (engineOf(db) === 'postgres') return (uncachedVersion += 1);
  return (await sql<{ v: number }>`SELECT total_changes() AS v`.execute(db)).rows[0]?.v ?? 0;
};

/** Closes the database (the SQLite file, or the pool's connections once their queries finished). */
export const closeDatabase = async (db: Db): Promise<void> => {
  await db.destroy();
};
