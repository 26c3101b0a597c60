import { sql } from 'kysely';
import { type Db, engineOf } from './engine-connection.ts';
import { JOB_LOCK } from './engine-startup.ts';

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
