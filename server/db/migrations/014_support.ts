import { sql } from 'kysely';
import { glob, withoutRowid, type MigrationDb } from './helpers.ts';

/* 014_support: help, the contact form's tickets, offers and the energy link. */

export async function up(db: MigrationDb): Promise<void> {
  // The FAQ groups its questions by topic; `slug` names a question in every language, so a deep link to an answer
  // opens the same answer whatever the reader's language.
  await db.schema
    .alterTable('faq')
    .addColumn('topic', 'text', (c) =>
      c
        .notNull()
        .defaultTo('account')
        .check(sql`topic IN ('usage', 'billing', 'abroad', 'sim', 'account', 'offers')`),
    )
    .execute();
  await db.schema
    .alterTable('faq')
    .addColumn('slug', 'text', (c) => c.check(sql`slug IS NULL OR ${glob(db, 'slug', '[a-z0-9]*')}`))
    .execute();
  await db.schema.createIndex('faq_lang_slug').unique().on('faq').columns(['lang', 'slug']).execute();

  // A ticket's reference is what the customer sees (and finds in the acknowledgement e-mail). The attachment is kept
  // under DATA_DIR (never served) by its stored file name; its SHA-256 identifies the bytes that were checked.
  await db.schema.alterTable('support_tickets').addColumn('reference', 'text').execute();
  await db.schema.alterTable('support_tickets').addColumn('attachment_file', 'text').execute();
  await db.schema.alterTable('support_tickets').addColumn('attachment_sha256', 'text').execute();
  await db.schema.createIndex('support_tickets_reference').unique().on('support_tickets').column('reference').execute();
  await db.schema.createIndex('support_tickets_user_created').on('support_tickets').columns(['user_id', 'created_at']).execute();

  // The code a customer gives friends (a friend's `parrain` holds it, or, for older referrals, the customer number).
  await db.schema
    .alterTable('customers')
    .addColumn('referral_code', 'text', (c) => c.check(sql`referral_code IS NULL OR ${glob(db, 'referral_code', '[A-Z0-9-]*')}`))
    .execute();
  await db.schema.createIndex('customers_referral_code').unique().on('customers').column('referral_code').execute();

  // Stand-in for the sister energy service's own accounts: the energy link (POST /user/link) checks a login and
  // password against it, as the real service would. Which mobile customer an energy account is linked to is
  // customers.energy_id (+ energy_link_confirmed).
  await db.schema
    .createTable('energy_accounts')
    .addColumn('energy_id', 'text', (c) => c.primaryKey().check(glob(db, 'energy_id', 'ME[0-9]*')))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .$call(withoutRowid(db))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('energy_accounts').execute();
  await db.schema.dropIndex('customers_referral_code').execute();
  await db.schema.alterTable('customers').dropColumn('referral_code').execute();
  await db.schema.dropIndex('support_tickets_user_created').execute();
  await db.schema.dropIndex('support_tickets_reference').execute();
  await db.schema.alterTable('support_tickets').dropColumn('attachment_sha256').execute();
  await db.schema.alterTable('support_tickets').dropColumn('attachment_file').execute();
  await db.schema.alterTable('support_tickets').dropColumn('reference').execute();
  await db.schema.dropIndex('faq_lang_slug').execute();
  await db.schema.alterTable('faq').dropColumn('slug').execute();
  await db.schema.alterTable('faq').dropColumn('topic').execute();
}
