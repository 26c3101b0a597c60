import { sql } from 'kysely';
import { UNNAMED, id, jsonValid, type MigrationDb } from './helpers.ts';

/*
 * 011_invoices: what an invoice is made of, credit notes, and the cost centres of professional customers. New columns
 * on shared tables are nullable or have a default, so the inserts of other areas keep working.
 */

/**
 * The lines of an invoice, per contract, as they were billed: a document does not change when the catalogue does.
 * Amounts in cents, VAT included; promotions and credits are negative. The label is the product's name or the
 * promotion's or fee's text, per language ({"fr","nl","en"}); usage lines have no text of their own. Under another
 * name too: 020_billing's `down` makes this table again on SQLite (which cannot change a CHECK in place).
 */
export const createInvoiceLines = (db: MigrationDb, table = 'invoice_lines') =>
  db.schema
    .createTable(table)
    .addColumn('id', 'integer', id(db))
    .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
    .addColumn('contract_id', 'integer', (c) => c.references('contracts.id').onDelete('set null'))
    .addColumn('msisdn', 'text')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('plan', 'option', 'promotion', 'usage', 'fee')`))
    .addColumn('label_json', 'text', (c) => c.check(sql`label_json IS NULL OR ${jsonValid(db, 'label_json')}`))
    .addColumn('quantity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`quantity >= 1`),
    )
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addUniqueConstraint(UNNAMED, ['invoice_id', 'position']);

export async function up(db: MigrationDb): Promise<void> {
  // A professional customer's lines are invoiced per cost centre (docs/product/invoices.md "Cost centres").
  await db.schema
    .createTable('cost_centers')
    .addColumn('id', 'integer', id(db))
    .addColumn('customer_id', 'integer', (c) => c.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) BETWEEN 1 AND 60`))
    .addColumn('last_update', 'text', (c) => c.notNull())
    .addUniqueConstraint(UNNAMED, ['customer_id', 'name'])
    .execute();
  await db.schema.createIndex('cost_centers_customer').on('cost_centers').column('customer_id').execute();

  // The cost centre a line is billed to (NULL: the customer's own invoice).
  await db.schema
    .alterTable('contracts')
    .addColumn('cost_center_id', 'integer', (c) => c.references('cost_centers.id').onDelete('set null'))
    .execute();

  // The cost centre an invoice was issued for; the bill cycle it covers; invoice or credit note
  // (docs/product/invoices.md "Credit notes": a credit note's total is what the operator owes, so it is negative).
  await db.schema
    .alterTable('invoices')
    .addColumn('cost_center_id', 'integer', (c) => c.references('cost_centers.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('invoices').addColumn('period_start', 'text').execute();
  await db.schema.alterTable('invoices').addColumn('period_end', 'text').execute();
  await db.schema
    .alterTable('invoices')
    .addColumn('document_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('invoice')
        .check(sql`document_type IN ('invoice', 'credit_note')`),
    )
    .execute();
  await db.schema.createIndex('invoices_cost_center').on('invoices').columns(['customer_id', 'cost_center_id', 'generated_at']).execute();

  await createInvoiceLines(db).execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('invoice_lines').execute();
  await db.schema.dropIndex('invoices_cost_center').execute();
  await db.schema.alterTable('invoices').dropColumn('document_type').execute();
  await db.schema.alterTable('invoices').dropColumn('period_end').execute();
  await db.schema.alterTable('invoices').dropColumn('period_start').execute();
  await db.schema.alterTable('invoices').dropColumn('cost_center_id').execute();
  await db.schema.alterTable('contracts').dropColumn('cost_center_id').execute();
  await db.schema.dropTable('cost_centers').execute();
}
