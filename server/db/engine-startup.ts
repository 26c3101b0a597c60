import { sql } from 'kysely';
import { type Db, engineOf } from './engine-connection.ts';

// ---------------------------------------------------------------------------------------------------------------
// Start-up
// ---------------------------------------------------------------------------------------------------------------

export type StartLog = { warn: (message: string) => void; info: (message: string) => void };

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

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
export const JOB_LOCK = 72_602;

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
