/* Opening each engine: the drivers, the connections, and what the other engine modules ask of them (engine.ts says why). */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createRequire } from 'node:module';
import Database from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  PostgresDriver,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Driver,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import type * as Pg from 'pg';
import type { DB } from './schema.ts';

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
export const openTransaction = new AsyncLocalStorage<{ driver: Driver; acquired: boolean }>();

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

type Handle = { engine: 'sqlite'; raw: Database.Database; driver: Driver } | { engine: 'postgres'; pool: Pg.Pool; driver: Driver };

const handles = new WeakMap<Kysely<DB>, Handle>();

export const handleOf = (db: Db): Handle => {
  const handle = handles.get(db);
  if (!handle) throw new Error('not a database opened by server/db/engine.ts (a transaction? pass the database)');
  return handle;
};

/** Which engine a database (or one of its transactions) runs on. */
export const engineOf = (db: Db): Engine => (db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres');

/**
 * The pg package, loaded by the first PostgreSQL connection: a server on SQLite (the default) never loads it, and
 * starts that much sooner (docs/server.md "Start-up"). pg is CommonJS, so a synchronous require loads it.
 */
const pgPackage = (): typeof Pg => createRequire(import.meta.url)('pg') as typeof Pg;

/** PostgreSQL's BIGINT (COUNT, epoch milliseconds) and NUMERIC (SUM of BIGINT, AVG) as numbers, like SQLite's. */
const numericTypes = (pg: typeof Pg): Pg.CustomTypesConfig => ({
  getTypeParser: (oid, format): ((value: string) => unknown) =>
    oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC
      ? Number
      : (pg.types.getTypeParser(oid, format) as (value: string) => unknown),
});

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
  const pg = pgPackage();
  const pool = new pg.Pool({
    connectionString: url,
    max: o.poolSize,
    statement_timeout: o.statementTimeoutMs,
    connectionTimeoutMillis: o.connectionTimeoutMs,
    application_name: o.applicationName,
    // An idle connection is closed after 30 s: a quiet instance holds few connections of the shared server.
    idleTimeoutMillis: 30_000,
    types: numericTypes(pg),
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

/**
 * The bytes of a SQLite database (better-sqlite3's `serialize`), which `connectSqlite` opens as a copy.
 * @internal Used by the test set-up and scripts/seed-database.ts (a seeded copy per run).
 */
export const serializeSqlite = (db: Db): Buffer => {
  const handle = handleOf(db);
  if (handle.engine !== 'sqlite') throw new Error('serializeSqlite: not a SQLite database');
  return handle.raw.serialize();
};
/** Closes the database (the SQLite file, or the pool's connections once their queries finished). */
export const closeDatabase = async (db: Db): Promise<void> => {
  await db.destroy();
};
