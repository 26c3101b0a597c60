import { sql } from 'kysely';
import { UNNAMED, glob, id, jsonValid, type MigrationDb } from './helpers.ts';

/* 060_payments: paying online (docs/product/payments.md), and the stand-in payment provider's own store. */

export async function up(db: MigrationDb): Promise<void> {
  // A payment a customer started from the app. `reference` is the app's handle (in the return address); the
  // provider's id (tr_…) arrives once the provider created the payment. The amount is what was still due when the
  // payment was created, decided by the server. A final status (paid, failed, canceled, expired) is applied once and
  // never changes again; `settled_at` is when it was applied. `unapplied_cents` is money received that no open invoice
  // was left to take (an invoice paid meanwhile by transfer): the operator refunds it.
  await db.schema
    .createTable('online_payments')
    .addColumn('id', 'integer', id(db))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('provider_id', 'text', (c) => c.unique())
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope IN ('invoice', 'open_total')`))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status IN ('open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired')`),
    )
    .addColumn('method', 'text')
    // The language the customer paid in: the checkout's and the receipt's.
    .addColumn('language', 'text', (c) =>
      c
        .notNull()
        .defaultTo('fr')
        .check(sql`language IN ('fr', 'nl', 'en')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('settled_at', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('unapplied_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`unapplied_cents >= 0`),
    )
    .execute();
  await db.schema.createIndex('online_payments_customer').on('online_payments').columns(['customer_id', 'created_at']).execute();
  // The reconciliation job looks for payments still waiting for a final status.
  await db.schema
    .createIndex('online_payments_waiting')
    .on('online_payments')
    .columns(['status', 'created_at'])
    .where(sql.ref('settled_at'), 'is', null)
    .execute();

  // What a payment is for: the invoices (and, for the open total, the credit notes) it settles, with what was due on
  // each when it was created, in the order the money is applied.
  await db.schema
    .createTable('online_payment_items')
    .addColumn('payment_id', 'integer', (c) => c.notNull().references('online_payments.id').onDelete('cascade'))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('due_cents', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint(UNNAMED, ['payment_id', 'invoice_id'])
    .execute();

  // The stand-in payment provider (served at /psp-stand-in/ while MOLLIE_API_KEY is unset): the payments it holds, as
  // Mollie's payments API describes them. It stands for another company's system: nothing of the app reads it.
  await db.schema
    .createTable('psp_stand_in_payments')
    .addColumn('id', 'text', (c) => c.primaryKey().check(glob(db, 'id', 'tr_*')))
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('amount_value', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('redirect_url', 'text', (c) => c.notNull())
    .addColumn('webhook_url', 'text')
    .addColumn('metadata_json', 'text', (c) => c.check(sql`metadata_json IS NULL OR ${jsonValid(db, 'metadata_json')}`))
    .addColumn('locale', 'text')
    // The methods the merchant offered (JSON array; null: every method the stand-in knows) and the one chosen.
    .addColumn('methods_json', 'text', (c) => c.check(sql`methods_json IS NULL OR ${jsonValid(db, 'methods_json')}`))
    .addColumn('method', 'text')
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('open', 'paid', 'failed', 'canceled', 'expired')`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('psp_stand_in_payments_open')
    .on('psp_stand_in_payments')
    .column('expires_at')
    .where(sql.ref('status'), '=', 'open')
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('psp_stand_in_payments').execute();
  await db.schema.dropTable('online_payment_items').execute();
  await db.schema.dropTable('online_payments').execute();
}
