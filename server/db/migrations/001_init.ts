import { sql } from 'kysely';
import { UNNAMED, int64, glob, id, jsonValid, nowIso, onPostgres, withoutRowid, type MigrationDb } from './helpers.ts';

/*
 * 001_init: the whole schema of the reference API.
 * Conventions: instants are ISO-8601 UTC strings ('2026-11-22T06:33:00.000Z'); calendar dates (birth dates, due
 * dates, mandate dates, scheduled dates) are 'YYYY-MM-DD'; usage event_time is epoch ms (integer, so range scans over
 * 200k+ rows stay index-only and cheap). Money is integer cents. Booleans are INTEGER 0/1 with a CHECK so a stray
 * 'true' cannot slip in.
 */

/** The tables, in the order they are made (each refers only to tables before it): `down` drops them backwards. */
const TABLES = [
  'customers',
  'users',
  'contacts',
  'invoicing',
  'bill_cycles',
  'products',
  'product_options',
  'contracts',
  'contract_products',
  'contract_options',
  'promotions',
  'invoices',
  'usage_records',
  'safeguards',
  'notification_settings',
  'contract_settings',
  'orders',
  'order_lines',
  'activation_codes',
  'faq',
  'devices',
  'sessions',
  'outbox',
  'link_tokens',
  'login_attempts',
  'idempotency_keys',
  'support_tickets',
  'push_subscriptions',
] as const;

export async function up(db: MigrationDb): Promise<void> {
  // The case-insensitive e-mail of users (SQLite: COLLATE NOCASE).
  if (onPostgres(db)) await sql`CREATE EXTENSION IF NOT EXISTS citext`.execute(db);

  await db.schema
    .createTable('customers')
    .addColumn('id', 'integer', id(db))
    .addColumn('guid', 'text', (c) => c.notNull().unique())
    .addColumn('promo', 'text')
    .addColumn('parrain', 'text')
    .addColumn('mobile_id', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(glob(db, 'mobile_id', 'MT[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]')),
    )
    .addColumn('energy_id', 'text', (c) => c.unique().check(sql`energy_id IS NULL OR ${glob(db, 'energy_id', 'ME[0-9]*')}`))
    .addColumn('is_complete', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_complete IN (0, 1)`),
    )
    .addColumn('is_confirmed', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_confirmed IN (0, 1)`),
    )
    .addColumn('optin_marketing', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`optin_marketing IN (0, 1)`),
    )
    .addColumn('optin_sales', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`optin_sales IN (0, 1)`),
    )
    .addColumn('accept_conditions', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`accept_conditions IN (0, 1)`),
    )
    // docs/product/offers.md "Energy link": without an energy id the link can never be confirmed.
    .addColumn('energy_link_confirmed', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`energy_link_confirmed IN (0, 1) AND (energy_link_confirmed = 0 OR energy_id IS NOT NULL)`),
    )
    // docs/product/settings.md "Privacy": privacy settings may be forbidden to change; the route answers 403 when set.
    .addColumn('privacy_locked', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`privacy_locked IN (0, 1)`),
    )
    .addColumn('last_update', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', id(db))
    .addColumn('guid', 'text', (c) => c.notNull().unique())
    // NULL for a LEGACY user that was never attached to a customer (login answers 403, docs/product/auth.md "Login
    // outcomes").
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('scope', 'text', (c) =>
      c
        .notNull()
        .defaultTo('DEFAULT')
        .check(sql`scope IN ('LEGACY', 'TEMP', 'DEFAULT')`),
    )
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role IN ('owner', 'admin', 'user', 'none')`))
    .addColumn('email', onPostgres(db) ? sql`citext` : 'text', (c) =>
      onPostgres(db) ? c.unique() : c.unique().modifyEnd(sql`COLLATE NOCASE`),
    )
    // Plain users log in with their phone number (docs/product/auth.md "Login identifiers").
    .addColumn('msisdn', 'text', (c) =>
      c.unique().check(sql`msisdn IS NULL OR ${glob(db, 'msisdn', '04[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]')}`),
    )
    .addColumn('energy_ref', 'text')
    .addColumn('language', 'text', (c) =>
      c
        .notNull()
        .defaultTo('fr')
        .check(sql`language IN ('fr', 'nl', 'en')`),
    )
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('birth_date', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_customer').on('users').column('customer_id').execute();

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'integer', id(db))
    .addColumn('guid', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'integer', (c) => c.notNull().unique().references('customers.id').onDelete('cascade'))
    .addColumn('civility', 'text', (c) => c.check(sql`civility IS NULL OR civility IN ('MR', 'MRS', 'MX')`))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('birth_date', 'text')
    .addColumn('nationality', 'text')
    .addColumn('phone', 'text')
    .addColumn('mobile', 'text')
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('is_email_confirmed', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`is_email_confirmed IN (0, 1)`),
    )
    .addColumn('language', 'text', (c) =>
      c
        .notNull()
        .defaultTo('fr')
        .check(sql`language IN ('fr', 'nl', 'en')`),
    )
    .addColumn('is_residential', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`is_residential IN (0, 1)`),
    )
    .addColumn('company_name', 'text')
    .addColumn('company_type', 'text')
    .addColumn('company_number', 'text')
    .addColumn('company_vat', 'text')
    .addColumn('last_update', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('invoicing')
    .addColumn('id', 'integer', id(db))
    .addColumn('customer_id', 'integer', (c) => c.notNull().unique().references('customers.id').onDelete('cascade'))
    .addColumn('street', 'text', (c) => c.notNull())
    .addColumn('number', 'text', (c) => c.notNull())
    .addColumn('box', 'text')
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull().defaultTo('BE'))
    .addColumn('iban', 'text')
    .addColumn('bic', 'text')
    .addColumn('payment_mode', 'text', (c) => c.notNull().check(sql`payment_mode IN ('DD', 'BT')`))
    .addColumn('mandate_date', 'text')
    .addColumn('holder_first_name', 'text')
    .addColumn('holder_last_name', 'text')
    .addColumn('holder_email', 'text')
    .addColumn('last_update', 'text', (c) => c.notNull())
    // A direct debit without an account cannot be collected.
    .addCheckConstraint(UNNAMED, sql`payment_mode = 'BT' OR iban IS NOT NULL`)
    .execute();

  await db.schema
    .createTable('bill_cycles')
    .addColumn('id', 'integer', id(db))
    .addColumn('start_day', 'integer', (c) => c.notNull().check(sql`start_day BETWEEN 1 AND 31`))
    .addColumn('frequency_unit', 'text', (c) =>
      c
        .notNull()
        .defaultTo('MONTH')
        .check(sql`frequency_unit IN ('MONTH')`),
    )
    .addColumn('frequency_duration', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`frequency_duration >= 1`),
    )
    .execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', id(db))
    .addColumn('guid', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type IN ('BASE', 'OPTION')`))
    .addColumn('descriptions_json', 'text', (c) => c.notNull().check(jsonValid(db, 'descriptions_json')))
    .addColumn('technical_descriptions_json', 'text', (c) => c.notNull().check(jsonValid(db, 'technical_descriptions_json')))
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('for_residential', 'integer', (c) => c.notNull().check(sql`for_residential IN (0, 1)`))
    .addColumn('for_professional', 'integer', (c) => c.notNull().check(sql`for_professional IN (0, 1)`))
    // 0 means unlimited (docs/product/consumption.md "Bundle sizes"). For an OPTION these are the volumes one
    // combination adds.
    .addColumn('data_limit_mb', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`data_limit_mb >= 0`),
    )
    .addColumn('voice_limit_min', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`voice_limit_min >= 0`),
    )
    .addColumn('sms_limit', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`sms_limit >= 0`),
    )
    .addColumn('max_combinations', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`max_combinations >= 1`),
    )
    .addColumn('sorted_option_ids_json', 'text', (c) => c.notNull().defaultTo('[]').check(jsonValid(db, 'sorted_option_ids_json')))
    .addColumn('last_update', 'text', (c) => c.notNull())
    .execute();

  // Which options can be added to which base product.
  await db.schema
    .createTable('product_options')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('option_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addPrimaryKeyConstraint(UNNAMED, ['product_id', 'option_id'])
    .$call(withoutRowid(db))
    .execute();

  await db.schema
    .createTable('contracts')
    .addColumn('id', 'integer', id(db))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('contract_ref', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'text')
    .addColumn('scenario', 'text')
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type IN ('prepaid', 'post_simple', 'post_complex')`))
    .addColumn('msisdn', 'text', (c) =>
      c.unique().check(sql`msisdn IS NULL OR ${glob(db, 'msisdn', '04[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]')}`),
    )
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status IN ('ACTIVATED', 'COMPLETED', 'INCOMPLETE', 'CONFIRMED', 'CANCELED',
        'IN_VALIDATION', 'IN_DELIVERY', 'SUSPENDED', 'TERMINATED', 'IDENTIFICATION')`),
    )
    .addColumn('sub_status', 'text', (c) =>
      c.check(sql`sub_status IS NULL OR sub_status IN ('STARTED', 'COMPLETED_PARTNER', 'CUSTOMER_COMPLETED',
        'CUSTOMER_CONFIRMED', 'ORDER_COMPLETED', 'ORDER_VALIDATED', 'BLOCKED', 'BLOCKED_CREDIT_CHECK',
        'BLOCKED_GRAYDON_DEPOSIT', 'BLOCKED_FRAUD', 'BLOCKED_IDENTIFICATION', 'SIM_SENT',
        'SIM_DELIVERY_FAILED', 'PORT_IN_REQUESTED', 'PORT_IN_ACCEPTED', 'PORT_IN_EXECUTED',
        'PORT_IN_FAILED', 'ACTIVATION_REQUESTED', 'ACTIVATION_EXECUTED', 'ACTIVATION_FAILED',
        'ACTIVATED', 'TERMINATED', 'PORTED_OUT', 'SUSPENDED')`),
    )
    .addColumn('id_card_number', 'text')
    .addColumn('national_register_number', 'text')
    .addColumn('sim_iccid', 'text')
    .addColumn('other_iccid', 'text')
    .addColumn('sim_sent_date', 'text')
    .addColumn('street', 'text')
    .addColumn('number', 'text')
    .addColumn('box', 'text')
    .addColumn('city', 'text')
    .addColumn('zip_code', 'text')
    .addColumn('country', 'text')
    .addColumn('dunning_level_reached', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`dunning_level_reached IN (0, 1)`),
    )
    .addColumn('fraudulent_behaviour', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`fraudulent_behaviour IN (0, 1)`),
    )
    .addColumn('lead', 'text')
    // The plain user (role 'user') who uses this line, e.g. an employee of a professional customer.
    .addColumn('linked_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('identification_status', 'text', (c) =>
      c.check(sql`identification_status IS NULL OR identification_status IN
        ('OK', 'NOT_PASSED', 'NOK', 'NEED_IDENTIFICATION', 'NEED_VALIDATION', 'REFUSED')`),
    )
    .addColumn('port_in_status', 'text')
    .addColumn('fraud_status', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('activated_at', 'text')
    .addColumn('port_in_type', 'text')
    .addColumn('other_account_number', 'text')
    .addColumn('partner_code', 'text')
    .addColumn('bill_cycle_id', 'integer', (c) => c.notNull().references('bill_cycles.id'))
    // Current BASE product; mirrors the active is_base row of contract_products.
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .execute();
  await db.schema.createIndex('contracts_customer').on('contracts').column('customer_id').execute();
  await db.schema.createIndex('contracts_linked_user').on('contracts').column('linked_user_id').execute();

  await db.schema
    .createTable('contract_products')
    .addColumn('id', 'integer', id(db))
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('is_base', 'integer', (c) => c.notNull().check(sql`is_base IN (0, 1)`))
    .addColumn('active', 'integer', (c) => c.notNull().check(sql`active IN (0, 1)`))
    .addColumn('bill_cycle_id', 'integer', (c) => c.notNull().references('bill_cycles.id'))
    .addUniqueConstraint(UNNAMED, ['contract_id', 'product_id'])
    .execute();
  // At most one active base product per contract.
  await db.schema
    .createIndex('contract_products_one_active_base')
    .unique()
    .on('contract_products')
    .column('contract_id')
    .where(sql.ref('is_base'), '=', 1)
    .where(sql.ref('active'), '=', 1)
    .execute();

  // Active option combinations of a contract (count > 1 only for options with max_combinations > 1).
  await db.schema
    .createTable('contract_options')
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('option_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count >= 1`))
    .addPrimaryKeyConstraint(UNNAMED, ['contract_id', 'option_id'])
    .$call(withoutRowid(db))
    .execute();

  await db.schema
    .createTable('promotions')
    .addColumn('id', 'integer', id(db))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('cascade'))
    .addColumn('contract_id', 'integer', (c) => c.references('contracts.id').onDelete('cascade'))
    .addColumn('discount_type', 'text', (c) => c.notNull().check(sql`discount_type IN ('percentage', 'amount')`))
    // percentage: whole percent (20 = 20 %); amount: cents.
    .addColumn('discount_amount', 'integer', (c) => c.notNull().check(sql`discount_amount > 0`))
    .addColumn('descriptions_json', 'text', (c) => c.notNull().check(jsonValid(db, 'descriptions_json')))
    .addCheckConstraint(UNNAMED, sql`product_id IS NOT NULL OR contract_id IS NOT NULL`)
    .execute();
  await db.schema.createIndex('promotions_product').on('promotions').column('product_id').execute();
  await db.schema.createIndex('promotions_contract').on('promotions').column('contract_id').execute();

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'integer', id(db))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('contract_id', 'integer', (c) => c.references('contracts.id').onDelete('set null'))
    .addColumn('generated_at', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('total_incl_vat_cents', 'integer', (c) => c.notNull())
    .addColumn('structured_communication', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(glob(db, 'structured_communication', '+++[0-9][0-9][0-9]/[0-9][0-9][0-9][0-9]/[0-9][0-9][0-9][0-9][0-9]+++')),
    )
    .addColumn('piece_id', 'text', (c) => c.notNull().unique())
    .addColumn('payment_mode', 'text', (c) => c.notNull().check(sql`payment_mode IN ('DD', 'BT')`))
    .addColumn('paid', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`paid IN (0, 1)`),
    )
    .addColumn('paid_at', 'text')
    .addColumn('partial_paid_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`partial_paid_cents >= 0`),
    )
    .addCheckConstraint(UNNAMED, sql`paid = 0 OR paid_at IS NOT NULL`)
    .execute();
  await db.schema.createIndex('invoices_customer').on('invoices').columns(['customer_id', 'generated_at']).execute();

  await db.schema
    .createTable('usage_records')
    .addColumn('id', 'integer', id(db))
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('service_cat', 'text', (c) => c.notNull().check(sql`service_cat IN ('call', 'data', 'sms')`))
    .addColumn('messages', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('is_oob', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_oob IN (0, 1)`),
    )
    .addColumn('resource_impact', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`resource_impact >= 0`),
    )
    .addColumn('resource_unit', 'text', (c) => c.notNull().defaultTo('EUR_CENT'))
    .addColumn('service_used', int64(db), (c) => c.notNull().check(sql`service_used >= 0`))
    .addColumn('service_unit', 'text', (c) => c.notNull().check(sql`service_unit IN ('B', 's', 'sms')`))
    .addColumn('incoming', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`incoming IN (0, 1)`),
    )
    .addColumn('destination', 'text', (c) => c.notNull().check(sql`destination IN ('national', 'international', 'roaming', 'premium')`))
    .addColumn('event_time', int64(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('usage_records_contract_time').on('usage_records').columns(['contract_id', 'event_time']).execute();

  // Out-of-subscription limits (docs/product/settings.md "Out-of-bundle limits and alerts"). OSG general, PSG
  // premium, DSG data.
  await db.schema
    .createTable('safeguards')
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type IN ('OSG', 'PSG', 'DSG')`))
    .addColumn('current_cents', 'integer', (c) => c.notNull().check(sql`current_cents >= 0`))
    // Limit that takes over at the next bill cycle; NULL when unchanged.
    .addColumn('next_cents', 'integer', (c) => c.check(sql`next_cents IS NULL OR next_cents >= 0`))
    .addColumn('alert_cents', 'integer', (c) => c.notNull().check(sql`alert_cents >= 0`))
    .addColumn('default_cents', 'integer', (c) => c.notNull().check(sql`default_cents >= 0`))
    .addColumn('max_cents', 'integer', (c) => c.notNull().check(sql`max_cents >= 0`))
    .addColumn('overspent_credit_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`overspent_credit_cents >= 0`),
    )
    .addPrimaryKeyConstraint(UNNAMED, ['contract_id', 'type'])
    .addCheckConstraint(UNNAMED, sql`current_cents <= max_cents`)
    .$call(withoutRowid(db))
    .execute();

  await db.schema
    .createTable('notification_settings')
    .addColumn('id', 'integer', id(db))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type IN ('80PC', '100PC', 'OOB', 'INV', 'OTHER')`))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel IN ('SMS', 'EMAIL', 'PUSH')`))
    .addColumn('active', 'integer', (c) => c.notNull().check(sql`active IN (0, 1)`))
    .addUniqueConstraint(UNNAMED, ['contract_id', 'type', 'channel'])
    .execute();
  await db.schema.createIndex('notification_settings_customer').on('notification_settings').column('customer_id').execute();

  await db.schema
    .createTable('contract_settings')
    .addColumn('contract_id', 'integer', (c) => c.primaryKey().references('contracts.id').onDelete('cascade'))
    .addColumn('premium_barring', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`premium_barring IN ('all', 'info', 'game', 'payment', 'erotic', 'none')`),
    )
    .addColumn('international_barring', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`international_barring IN (0, 1)`),
    )
    .addColumn('roaming_type', 'text', (c) =>
      c.notNull().defaultTo('EU_INCLUDE_SWISS').check(sql`roaming_type IN
        ('WORLD_COVERAGE', 'EU_INCLUDE_SWISS', 'EU_WITHOUT_SWISS', 'CALLS_SMS_ONLY', 'COVERAGE_NONE')`),
    )
    .addColumn('throttling', 'text', (c) =>
      c
        .notNull()
        .defaultTo('NONE')
        .check(sql`throttling IN ('512K', '2M', '5M', '100M', 'NONE')`),
    )
    .addColumn('pin', 'text', (c) => c.notNull())
    .addColumn('puk', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', id(db))
    .addColumn('order_ref', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(glob(db, 'order_ref', 'O-[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]')),
    )
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('CANCELED', 'PENDING', 'QUEUED', 'FAILED', 'SUCCESS')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('scheduled_date', 'text')
    .addColumn('executed_at', 'text')
    .addColumn('initiator_ref', 'text')
    .addColumn('initiator_type', 'text', (c) => c.notNull().check(sql`initiator_type IN ('U', 'O', 'A', 'C', 'S')`))
    .execute();
  await db.schema.createIndex('orders_contract').on('orders').columns(['contract_id', 'created_at']).execute();

  await db.schema
    .createTable('order_lines')
    .addColumn('id', 'integer', id(db))
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id').onDelete('cascade'))
    .addColumn('order_type', 'text', (c) => c.notNull().check(sql`order_type IN ('product', 'option', 'safeguard', 'setting', 'contract')`))
    .addColumn('item_kind', 'text', (c) => c.notNull().check(sql`item_kind IN ('SAFEGUARD', 'SETTING', 'OPTION', 'PRODUCT', 'CONTRACT')`))
    .addColumn('resource_name', 'text', (c) => c.notNull())
    .addColumn('old_value', 'text')
    .addColumn('new_value', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('CANCELED', 'PENDING', 'QUEUED', 'FAILED', 'SUCCESS')`))
    // History error types (docs/product/subscription.md "Order history"): JSON, HTML, TEXT, CUSTOMER_DEBT.
    .addColumn('reason_error', 'text', (c) =>
      c.check(sql`reason_error IS NULL OR reason_error IN ('JSON', 'HTML', 'TEXT', 'CUSTOMER_DEBT')`),
    )
    .addColumn('error', 'text')
    .addColumn('is_cancellable', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_cancellable IN (0, 1)`),
    )
    .addColumn('scheduled_date', 'text')
    .addColumn('executed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_lines_order').on('order_lines').column('order_id').execute();

  await db.schema
    .createTable('activation_codes')
    .addColumn('id', 'integer', id(db))
    .addColumn('order_ref', 'text', (c) => c.notNull().unique())
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    // Hashed with server/lib/password.ts (verifyPassword), never stored in clear.
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    .addColumn('expires_at', 'text')
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('activation_codes_contract').on('activation_codes').column('contract_id').execute();

  await db.schema
    .createTable('faq')
    .addColumn('id', 'integer', id(db))
    .addColumn('lang', 'text', (c) => c.notNull().check(sql`lang IN ('fr', 'nl', 'en')`))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addUniqueConstraint(UNNAMED, ['lang', 'position'])
    .execute();

  // Runtime tables: empty after the seed, filled by the routes.

  await db.schema
    .createTable('devices')
    .addColumn('id', 'integer', id(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_key_hash', 'text', (c) => c.notNull())
    .addColumn('pin_hash', 'text')
    .addColumn('failed_attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`failed_attempts >= 0`),
    )
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(db)))
    .execute();
  await db.schema.createIndex('devices_user').on('devices').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'integer', id(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('access_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('refresh_token_hash', 'text', (c) => c.unique())
    // Refresh-token rotation: reuse of a rotated token revokes every session of the family.
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('refresh_expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('device_id', 'integer', (c) => c.references('devices.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_family').on('sessions').column('family_id').execute();

  // Stand-in for SMS, e-mail and push delivery: the demo reads codes and links from here.
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', id(db))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel IN ('SMS', 'EMAIL', 'PUSH')`))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient', 'created_at']).execute();

  // One-time links and codes: password recovery, account creation, e-mail confirmation, login by link, SMS codes.
  await db.schema
    .createTable('link_tokens')
    .addColumn('id', 'integer', id(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(nowIso(db)))
    .execute();
  await db.schema.createIndex('link_tokens_user').on('link_tokens').columns(['user_id', 'purpose']).execute();

  // Rate limiting with growing waits (login, PIN, code requests); key is e.g. 'login:MT00000001'.
  await db.schema
    .createTable('login_attempts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .$call(withoutRowid(db))
    .execute();

  // ARCHITECTURE: the server keeps idempotency keys at least 7 days and replays the stored answer.
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(UNNAMED, ['key'])
    .execute();
  await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

  await db.schema
    .createTable('support_tickets')
    .addColumn('id', 'integer', id(db))
    .addColumn('customer_id', 'integer', (c) => c.references('customers.id').onDelete('set null'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('sub_subject', 'text')
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('attachment_name', 'text')
    .addColumn('attachment_type', 'text')
    .addColumn('attachment_size', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', id(db))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

/**
 * Drops every table (their indexes go with them). PostgreSQL's citext extension stays: the migration may have found it
 * installed (IF NOT EXISTS, by an administrator where the server's role cannot install it), and it holds no data.
 */
export async function down(db: MigrationDb): Promise<void> {
  for (const table of [...TABLES].reverse()) await db.schema.dropTable(table).execute();
}
