import { sql } from 'kysely';
import { id, withoutRowid, type MigrationDb } from './helpers.ts';

/*
 * 030_security: the second security round (docs/product/security.md): device cookies kept on the server, a daily guess
 * budget, mail sent after the answer, per-address limits on anonymous writes, and what every table that traffic grows
 * needs for its bound and its expiry.
 */

/** Expiry of the runtime tables (the clean-up job, server/lib/retention.ts). */
const EXPIRY_INDEXES: [name: string, table: string, columns: string[]][] = [
  ['sessions_refresh_expiry', 'sessions', ['refresh_expires_at']],
  ['link_tokens_expiry', 'link_tokens', ['expires_at']],
  ['sms_codes_expiry', 'sms_codes', ['expires_at']],
  ['outbox_created', 'outbox', ['created_at']],
  ['push_subscriptions_created', 'push_subscriptions', ['user_id', 'created_at']],
];

export async function up(db: MigrationDb): Promise<void> {
  // The daily guess budget of a key: the instants (ISO, oldest first, JSON array) of the failures counted in the last
  // 24 hours, at most the budget's size (server/lib/rate-limit.ts).
  await db.schema.alterTable('login_attempts').addColumn('recent', 'text').execute();
  await db.schema.createIndex('login_attempts_last').on('login_attempts').column('last_at').execute();

  // Device cookies (OWASP): a cookie is trusted while its nonce is here, for its account and before its expiry. A new
  // login replaces the cookie it came with (rotation); a password change or reset removes every one of the account.
  await db.schema
    .createTable('device_cookies')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .$call(withoutRowid(db))
    .execute();
  await db.schema.createIndex('device_cookies_user').on('device_cookies').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('device_cookies_expiry').on('device_cookies').column('expires_at').execute();

  // E-mails and SMS are sent after the answer: queued here in the request's transaction, sent by whichever instance
  // claims them (claimed_until), retried with growing waits until sent or until what they carry has expired.
  await db.schema
    .createTable('mail_queue')
    .addColumn('id', 'integer', id(db))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel IN ('SMS', 'EMAIL')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_queue_due').on('mail_queue').column('next_attempt_at').execute();

  // Anonymous writes per address (@fastify/rate-limit with a store in the database, so that every instance counts the
  // same): one fixed window per key.
  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('window_end', 'text', (c) => c.notNull())
    .$call(withoutRowid(db))
    .execute();
  await db.schema.createIndex('rate_counters_window').on('rate_counters').column('window_end').execute();

  // Who an idempotency key belongs to ('user:<id>' or 'address:<client address>'): each owner keeps a bounded number.
  await db.schema.alterTable('idempotency_keys').addColumn('owner', 'text').execute();
  await db.schema.createIndex('idempotency_keys_owner').on('idempotency_keys').columns(['owner', 'created_at']).execute();

  for (const [name, table, columns] of EXPIRY_INDEXES) await db.schema.createIndex(name).on(table).columns(columns).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const [name] of [...EXPIRY_INDEXES].reverse()) await db.schema.dropIndex(name).execute();
  await db.schema.dropIndex('idempotency_keys_owner').execute();
  await db.schema.alterTable('idempotency_keys').dropColumn('owner').execute();
  await db.schema.dropTable('rate_counters').execute();
  await db.schema.dropTable('mail_queue').execute();
  await db.schema.dropTable('device_cookies').execute();
  await db.schema.dropIndex('login_attempts_last').execute();
  await db.schema.alterTable('login_attempts').dropColumn('recent').execute();
}
