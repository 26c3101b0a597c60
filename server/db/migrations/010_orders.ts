import { sql } from 'kysely';
import type { MigrationDb } from './helpers.ts';

/*
 * 010_orders: what the subscription area needs beyond 001_init. Every new column has a default or is nullable, so the
 * inserts of the other areas that write products and order lines keep working unchanged.
 */

export async function up(db: MigrationDb): Promise<void> {
  // Out-of-bundle rates of a base product, in cents: per started MB of data, per started minute of calls, per SMS (the
  // plan comparison prices a customer's usage with them). 0 for options and for unlimited volumes.
  await db.schema
    .alterTable('products')
    .addColumn('oob_data_cents_per_mb', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`oob_data_cents_per_mb >= 0`),
    )
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('oob_call_cents_per_min', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`oob_call_cents_per_min >= 0`),
    )
    .execute();
  await db.schema
    .alterTable('products')
    .addColumn('oob_sms_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`oob_sms_cents >= 0`),
    )
    .execute();

  // The product or option a PRODUCT or OPTION line is about (the new product of a plan change), so the scheduler can
  // apply it and the app can edit a pending order; NULL for the other kinds.
  await db.schema
    .alterTable('order_lines')
    .addColumn('resource_id', 'integer', (c) => c.references('products.id'))
    .execute();
  // When the line was handed to execution (PENDING → QUEUED); it completes a minute later, by the server's clock.
  await db.schema.alterTable('order_lines').addColumn('queued_at', 'text').execute();

  // The scheduler looks for the lines due in each run.
  await db.schema.createIndex('order_lines_status').on('order_lines').columns(['status', 'scheduled_date']).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('order_lines_status').execute();
  await db.schema.alterTable('order_lines').dropColumn('queued_at').execute();
  await db.schema.alterTable('order_lines').dropColumn('resource_id').execute();
  await db.schema.alterTable('products').dropColumn('oob_sms_cents').execute();
  await db.schema.alterTable('products').dropColumn('oob_call_cents_per_min').execute();
  await db.schema.alterTable('products').dropColumn('oob_data_cents_per_mb').execute();
}
