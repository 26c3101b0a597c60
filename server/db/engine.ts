/*
 * The two database engines behind one typed query layer (Kysely), and every difference between them: this module is
 * the only place that knows which engine runs (docs/product/operations.md "Database engines"). Repositories write Kysely
 * queries that both engines run the same way; what cannot be written once (how a transaction starts, how a job is
 * claimed, which errors mean "retry") is a function here; the schema's few differences are the migrations' words
 * (server/db/migrations/helpers.ts).
 *
 * - SQLite (the default; a file under DATA_DIR, ':memory:' in tests): better-sqlite3 in WAL mode, one connection,
 *   write transactions BEGIN IMMEDIATE (the write lock taken before the first read, as before Kysely), prepared
 *   statements cached per SQL text. One server process per DATA_DIR (data/server.lock), so in-process exclusion is
 *   enough for jobs.
 * - PostgreSQL (DATABASE_URL=postgres://…): a bounded pg pool with a statement timeout; write transactions run at
 *   READ COMMITTED after taking advisory locks on what they change (the writer lock, exclusive, when they name
 *   nothing: engine-transactions.ts), so a read-then-write is as safe across instances as in SQLite's single writer
 *   and concurrent writers of one thing queue instead of failing; jobs are claimed with advisory locks, released by
 *   PostgreSQL when the instance holding them dies.
 *
 * Both engines store the same column types (integers, text, blobs), so the row types generated from the SQLite schema
 * (schema.ts) hold for both: PostgreSQL's BIGINT and NUMERIC (COUNT, SUM) are parsed to numbers here.
 *
 * The engine's code is split by concern: engine-connection.ts (drivers, connections), engine-startup.ts (waiting for
 * the database, the start-up lock), engine-transactions.ts (write transactions, bulk inserts, which errors
 * mean what), engine-jobs.ts (claiming a job). This module is their one door: the rest of the server imports it.
 */

export {
  closeDatabase,
  connect,
  /** @internal scripts/db-types.ts reads the schema of a migrated SQLite database. */
  connectSqlite,
  type Db,
  engineOf,
  isPostgresUrl,
  type PostgresOptions,
  /** @internal The test set-up copies a seeded database. */
  serializeSqlite,
} from './engine-connection.ts';
export { assertDatabaseAnswers, type StartLog, syncIdentities, waitForDatabase, withStartupLock } from './engine-startup.ts';
export {
  beforeCommit,
  insertRows,
  isTransactionConflict,
  isUniqueViolation,
  lockForWrite,
  writeTransaction,
} from './engine-transactions.ts';
export { claimJob } from './engine-jobs.ts';
