import { sql } from 'kysely';
import { UNNAMED, type MigrationDb } from './helpers.ts';

/*
 * 080_payment_claims: one payment per debt (docs/product/payments.md "One payment per debt"). While a payment is not
 * settled it claims what it pays: `invoice:<id>` for each document it covers, and `open_total` for the open total. The
 * primary key lets one open payment hold a claim at a time, whatever the instance or the engine; the claims go when
 * the payment is settled (or deleted). The checkout address is kept so that a second request for the same debt is
 * answered with the open payment's checkout.
 */

export async function up(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('online_payments').addColumn('checkout_url', 'text').execute();
  await db.schema
    .createTable('online_payment_claims')
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('claim', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('online_payments.id').onDelete('cascade'))
    .addPrimaryKeyConstraint(UNNAMED, ['customer_id', 'claim'])
    .execute();
  await db.schema.createIndex('online_payment_claims_payment').on('online_payment_claims').column('payment_id').execute();
  // The payments open today claim what they pay, the oldest first (a later duplicate claims nothing).
  await sql`INSERT INTO online_payment_claims (customer_id, claim, payment_id)
    SELECT p.customer_id, 'open_total', p.id FROM online_payments p
    WHERE p.settled_at IS NULL AND p.scope = 'open_total'
    ORDER BY p.created_at, p.id
    ON CONFLICT DO NOTHING`.execute(db);
  await sql`INSERT INTO online_payment_claims (customer_id, claim, payment_id)
    SELECT p.customer_id, 'invoice:' || CAST(i.invoice_id AS TEXT), p.id FROM online_payments p
    JOIN online_payment_items i ON i.payment_id = p.id
    WHERE p.settled_at IS NULL
    ORDER BY p.created_at, p.id
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('online_payment_claims').execute();
  await db.schema.alterTable('online_payments').dropColumn('checkout_url').execute();
}
