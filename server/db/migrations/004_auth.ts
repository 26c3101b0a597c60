import { sql } from 'kysely';
import { glob, id, type MigrationDb } from './helpers.ts';

/* 004_auth: what issue 4 (authentication and session) needs beyond 001_init. */

export async function up(db: MigrationDb): Promise<void> {
  // The app names its device with its own random id (a UUID made in the browser); the PIN and the session are bound
  // to that id for one user. A password login re-registers the pair, so it is unique per user.
  await db.schema.alterTable('devices').addColumn('client_id', 'text').execute();
  await db.schema.alterTable('devices').addColumn('pin_set_at', 'text').execute();
  // Why the device stopped working: 'pinAttempts' (5 wrong PINs), 'pinExpired', 'logout', 'passwordReset'.
  await db.schema.alterTable('devices').addColumn('revoked_reason', 'text').execute();
  await db.schema.createIndex('devices_user_client').unique().on('devices').columns(['user_id', 'client_id']).execute();

  // 'logout', 'rotated' (its refresh token was exchanged), 'reuse' (a rotated refresh token came back: the whole
  // family is revoked), 'passwordChanged', 'passwordReset'.
  await db.schema.alterTable('sessions').addColumn('revoked_reason', 'text').execute();
  // Set when the refresh token was exchanged for a new pair; a second exchange is a reuse.
  await db.schema.alterTable('sessions').addColumn('rotated_at', 'text').execute();

  // What a link is about, besides its user: the e-mail address an e-mail confirmation link confirms (so a link sent
  // for an old address cannot confirm a newer one).
  await db.schema.alterTable('link_tokens').addColumn('target', 'text').execute();

  // SMS codes are keyed by phone number, not by user: account creation by msisdn sends a code before any account
  // exists. Codes are stored as scrypt hashes (6 digits hashed with SHA-256 would fall to a table in a second).
  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'integer', id(db))
    .addColumn('msisdn', 'text', (c) => c.notNull().check(glob(db, 'msisdn', '04[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]')))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose IN ('createAccount', 'recoverPassword')`))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sms_codes_msisdn').on('sms_codes').columns(['msisdn', 'purpose', 'created_at']).execute();

  // The rate limiter's window now slides: it runs from the latest failure, not the first, so a patient guesser who
  // keeps failing never gets a fresh set of free attempts (server/lib/rate-limit.ts).
  await db.schema.alterTable('login_attempts').addColumn('last_at', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('login_attempts').dropColumn('last_at').execute();
  await db.schema.dropTable('sms_codes').execute();
  await db.schema.alterTable('link_tokens').dropColumn('target').execute();
  await db.schema.alterTable('sessions').dropColumn('rotated_at').execute();
  await db.schema.alterTable('sessions').dropColumn('revoked_reason').execute();
  await db.schema.dropIndex('devices_user_client').execute();
  await db.schema.alterTable('devices').dropColumn('revoked_reason').execute();
  await db.schema.alterTable('devices').dropColumn('pin_set_at').execute();
  await db.schema.alterTable('devices').dropColumn('client_id').execute();
}
