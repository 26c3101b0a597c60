import { sql } from 'kysely';
import { bytes, int64, withoutRowid, type MigrationDb } from './helpers.ts';

/*
 * 050_instances: what several server instances on one database need (docs/product/operations.md "Several instances"):
 * no state of the service lives in an instance's memory or on its disk.
 */

export async function up(db: MigrationDb): Promise<void> {
  // When each scheduled job last ran (epoch ms, the server clock's): every instance decides from the same time whether
  // a job is due, so a job of `everyMs` runs once per period across all of them (server/db/engine.ts claimJob).
  await db.schema
    .createTable('scheduled_jobs')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('last_run_at', int64(db), (c) => c.notNull())
    .$call(withoutRowid(db))
    .execute();

  // An idempotency key being applied (status_code 0) is held until this instant: a request with the same key on
  // another instance waits for the answer meanwhile, and takes the key over after it (the instance applying it died,
  // and its uncommitted change with it).
  await db.schema.alterTable('idempotency_keys').addColumn('locked_until', 'text').execute();

  // Uploaded files (identity documents, support attachments), kept in the database with the rows that name them
  // rather than on one instance's disk. Never served back.
  await db.schema
    .createTable('stored_files')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0`))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', bytes(db), (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .$call(withoutRowid(db))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('stored_files').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('locked_until').execute();
  await db.schema.dropTable('scheduled_jobs').execute();
}
