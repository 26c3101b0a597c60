import { sql } from 'kysely';
import { UNNAMED, id, withoutRowid, type MigrationDb } from './helpers.ts';

/* 012_settings: line settings applied on the clock, alerts really sent (e-mail, SMS, Web Push), page views. */

export async function up(db: MigrationDb): Promise<void> {
  // A SAFEGUARD or SETTING order line takes effect at an instant (docs/product/settings.md "Line changes and when they
  // apply": limits within 2 minutes, roaming up to 4 hours), finer than the calendar `scheduled_date`: the settings
  // job applies the lines whose instant has passed.
  await db.schema.alterTable('order_lines').addColumn('apply_at', 'text').execute();
  await db.schema
    .createIndex('order_lines_apply_at')
    .on('order_lines')
    .column('apply_at')
    .where('apply_at', 'is not', null)
    .where(sql.ref('status'), 'in', ['PENDING', 'QUEUED'])
    .execute();

  // A push subscription belongs to one device of one user: removed at that device's logout. Its notifications speak
  // the user's language (users.language, the choice saved from the app).
  await db.schema.alterTable('push_subscriptions').addColumn('device_id', 'text').execute();
  await db.schema.createIndex('push_subscriptions_user').on('push_subscriptions').column('user_id').execute();

  // Every alert event that happened (a threshold crossed in a bill cycle, an invoice issued …), once: an event is
  // handled when it first becomes true, whatever the channels chosen then, and never again.
  await db.schema
    .createTable('alert_events')
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('notified', 'integer', (c) => c.notNull().check(sql`notified IN (0, 1)`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(UNNAMED, ['contract_id', 'event_key'])
    .$call(withoutRowid(db))
    .execute();

  // What was sent, per event and channel (at most once each): the customer's list of the last notifications.
  await db.schema
    .createTable('notification_log')
    .addColumn('id', 'integer', id(db))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('contract_id', 'integer', (c) => c.references('contracts.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type IN ('80PC', '100PC', 'OOB', 'INV', 'OTHER')`))
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel IN ('SMS', 'EMAIL', 'PUSH')`))
    .addColumn('recipient', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('sent', 'failed', 'noRecipient')`))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notification_log_once')
    .unique()
    .on('notification_log')
    .columns(['contract_id', 'event_key', 'channel'])
    .where('contract_id', 'is not', null)
    .execute();
  await db.schema.createIndex('notification_log_customer').on('notification_log').columns(['customer_id', 'created_at']).execute();

  // Page views with statistics consent (docs/product/settings.md "Cookies and consent"): a count per day, route name
  // and language, nothing about the user.
  await db.schema
    .createTable('page_views')
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('lang', 'text', (c) => c.notNull().check(sql`lang IN ('fr', 'nl', 'en')`))
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count >= 1`))
    .addPrimaryKeyConstraint(UNNAMED, ['day', 'route', 'lang'])
    .$call(withoutRowid(db))
    .execute();
  // Invoice events are looked up by key alone ("has this invoice been announced?").
  await db.schema.createIndex('alert_events_key').on('alert_events').column('event_key').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('alert_events_key').execute();
  await db.schema.dropTable('page_views').execute();
  await db.schema.dropTable('notification_log').execute();
  await db.schema.dropTable('alert_events').execute();
  await db.schema.dropIndex('push_subscriptions_user').execute();
  await db.schema.alterTable('push_subscriptions').dropColumn('device_id').execute();
  await db.schema.dropIndex('order_lines_apply_at').execute();
  await db.schema.alterTable('order_lines').dropColumn('apply_at').execute();
}
