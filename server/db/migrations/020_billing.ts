import { sql } from 'kysely';
import { UNNAMED, id, jsonValid, onPostgres, withoutRowid, type MigrationDb } from './helpers.ts';
import { createInvoiceLines } from './011_invoices.ts';

/*
 * 020_billing: the billing run at each cycle's close (server/lib/billing-run.ts), gapless document numbers, the history
 * of what a line held (pro rata), invoices that add up excl./incl. VAT, priced orders, and one open plan change per
 * line as a database guarantee.
 */

/** The columns of 011's invoice lines, which both shapes of the table have. */
const INVOICE_LINES_011_COLUMNS = [
  'id',
  'invoice_id',
  'contract_id',
  'msisdn',
  'position',
  'kind',
  'label_json',
  'quantity',
  'amount_cents',
];

export async function up(db: MigrationDb): Promise<void> {
  // What a line held and when: its plan and each option with its count, from start_date to end_date (both included;
  // NULL: still held). The billing run bills each for the days of the cycle it was held. Written by the order
  // execution and the billing run (server/lib/subscription-history.ts), from the contract's current state.
  await db.schema
    .createTable('subscription_periods')
    .addColumn('id', 'integer', id(db))
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('plan', 'option')`))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id'))
    .addColumn('count', 'integer', (c) => c.notNull().check(sql`count >= 1`))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text')
    .addCheckConstraint(UNNAMED, sql`end_date IS NULL OR end_date >= start_date`)
    .execute();
  await db.schema.createIndex('subscription_periods_contract').on('subscription_periods').columns(['contract_id', 'start_date']).execute();
  // One open period per held product.
  await db.schema
    .createIndex('subscription_periods_open')
    .unique()
    .on('subscription_periods')
    .columns(['contract_id', 'kind', 'product_id'])
    .where(sql.ref('end_date'), 'is', null)
    .execute();

  // The first day this system bills the line (NULL: its activation day). The demo's lines start 6 cycles back.
  await db.schema.alterTable('contracts').addColumn('billing_from', 'text').execute();

  // Each cycle of each line is billed once: the primary key is the guarantee when two runs (or two instances) meet.
  await db.schema
    .createTable('billed_cycles')
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('period_start', 'text', (c) => c.notNull())
    .addColumn('period_end', 'text', (c) => c.notNull())
    .addColumn('invoice_id', 'integer', (c) => c.references('invoices.id').onDelete('set null'))
    .addColumn('billed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint(UNNAMED, ['contract_id', 'period_start'])
    .$call(withoutRowid(db))
    .execute();

  // Gapless numbering: one counter per series ('F2026' invoices, 'NC2026' credit notes), incremented in the
  // transaction that writes the document, so a rolled-back document gives its number back.
  await db.schema
    .createTable('document_sequences')
    .addColumn('series', 'text', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull().check(sql`last_number >= 0`))
    .$call(withoutRowid(db))
    .execute();

  // The totals as issued (NULL on documents issued before this migration: computed from the total incl. VAT), and when
  // the invoice's e-mail went out (NULL: still to send).
  await db.schema.alterTable('invoices').addColumn('total_excl_vat_cents', 'integer').execute();
  await db.schema.alterTable('invoices').addColumn('vat_cents', 'integer').execute();
  await db.schema.alterTable('invoices').addColumn('emailed_at', 'text').execute();
  await db
    .updateTable('invoices')
    .set((eb) => ({ emailed_at: eb.ref('generated_at') }))
    .execute();

  // invoice_lines with the kind 'credit' (a credit note taken off the invoice), each line's amount excl. VAT, the
  // usage category of usage lines, and the days a pro-rata line covers.
  if (onPostgres(db)) {
    await db.schema.alterTable('invoice_lines').dropConstraint('invoice_lines_kind_check').execute();
    await db.schema
      .alterTable('invoice_lines')
      .addCheckConstraint('invoice_lines_kind_check', sql`kind IN ('plan', 'option', 'promotion', 'usage', 'fee', 'credit')`)
      .execute();
    await db.schema.alterTable('invoice_lines').addColumn('category', 'text').execute();
    await db.schema.alterTable('invoice_lines').addColumn('amount_excl_vat_cents', 'integer').execute();
    await db.schema.alterTable('invoice_lines').addColumn('period_from', 'text').execute();
    await db.schema.alterTable('invoice_lines').addColumn('period_to', 'text').execute();
  } else {
    // SQLite cannot change a CHECK in place: the table is made again under another name, filled, and renamed.
    await db.schema
      .createTable('invoice_lines_020')
      .addColumn('id', 'integer', id(db))
      .addColumn('invoice_id', 'integer', (c) => c.notNull().references('invoices.id').onDelete('cascade'))
      .addColumn('contract_id', 'integer', (c) => c.references('contracts.id').onDelete('set null'))
      .addColumn('msisdn', 'text')
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind IN ('plan', 'option', 'promotion', 'usage', 'fee', 'credit')`))
      .addColumn('label_json', 'text', (c) => c.check(sql`label_json IS NULL OR ${jsonValid(db, 'label_json')}`))
      .addColumn('category', 'text')
      .addColumn('quantity', 'integer', (c) =>
        c
          .notNull()
          .defaultTo(1)
          .check(sql`quantity >= 1`),
      )
      .addColumn('amount_cents', 'integer', (c) => c.notNull())
      .addColumn('amount_excl_vat_cents', 'integer')
      .addColumn('period_from', 'text')
      .addColumn('period_to', 'text')
      .addUniqueConstraint(UNNAMED, ['invoice_id', 'position'])
      .execute();
    await copyTable(db, 'invoice_lines', 'invoice_lines_020', INVOICE_LINES_011_COLUMNS);
  }

  // The price of a plan or option order as the customer confirmed it (contract/pricing.ts OrderPricing, JSON).
  await db.schema
    .alterTable('orders')
    .addColumn('pricing_json', 'text', (c) => c.check(sql`pricing_json IS NULL OR ${jsonValid(db, 'pricing_json')}`))
    .execute();

  // One open plan change per line (docs/product/subscription.md "Order rules"): the line's contract on each order
  // line, filled by a trigger whatever area writes the line, and a unique index over the open PRODUCT lines. A second
  // plan change fails inside the transaction that writes it, however many requests arrive at once.
  await db.schema
    .alterTable('order_lines')
    .addColumn('contract_id', 'integer', (c) => c.references('contracts.id').onDelete('cascade'))
    .execute();
  await sql`UPDATE order_lines SET contract_id = (SELECT o.contract_id FROM orders o WHERE o.id = order_lines.order_id)`.execute(db);
  // Plan changes stacked before this rule: the latest one stands (the customer's last choice), the others are
  // cancelled (and stay so after a `down`).
  await sql`UPDATE order_lines SET status = 'CANCELED'
    WHERE item_kind = 'PRODUCT' AND status IN ('PENDING', 'QUEUED')
      AND id <> (SELECT MAX(l.id) FROM order_lines l
                 WHERE l.contract_id = order_lines.contract_id AND l.item_kind = 'PRODUCT' AND l.status IN ('PENDING', 'QUEUED'))`.execute(
    db,
  );
  await sql`UPDATE orders SET status = 'CANCELED'
    WHERE status IN ('PENDING', 'QUEUED')
      AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = orders.id AND l.status <> 'CANCELED')`.execute(db);
  if (onPostgres(db)) {
    // Before the row is written (SQLite does it after, by an UPDATE): the unique index sees the contract at once.
    await sql`CREATE FUNCTION order_lines_contract() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.contract_id IS NULL THEN
    NEW.contract_id := (SELECT o.contract_id FROM orders o WHERE o.id = NEW.order_id);
  END IF;
  RETURN NEW;
END $$`.execute(db);
    await sql`CREATE TRIGGER order_lines_contract BEFORE INSERT ON order_lines FOR EACH ROW EXECUTE FUNCTION order_lines_contract()`.execute(
      db,
    );
  } else {
    await sql`CREATE TRIGGER order_lines_contract AFTER INSERT ON order_lines WHEN NEW.contract_id IS NULL
BEGIN
  UPDATE order_lines SET contract_id = (SELECT o.contract_id FROM orders o WHERE o.id = NEW.order_id) WHERE id = NEW.id;
END`.execute(db);
  }
  await db.schema
    .createIndex('order_lines_one_open_plan_change')
    .unique()
    .on('order_lines')
    .column('contract_id')
    .where(sql.ref('item_kind'), '=', 'PRODUCT')
    .where(sql.ref('status'), 'in', ['PENDING', 'QUEUED'])
    .execute();
}

/**
 * Back to 011's invoice lines and the tables and columns before. What the data statements did stays: the invoices'
 * emailed_at goes with its column, the plan changes cancelled stay cancelled. A credit line ('credit') has no place in
 * 011's table: its CHECK refuses it and the whole `down` with it.
 */
export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropIndex('order_lines_one_open_plan_change').execute();
  if (onPostgres(db)) {
    await sql`DROP TRIGGER order_lines_contract ON order_lines`.execute(db);
    await sql`DROP FUNCTION order_lines_contract()`.execute(db);
  } else {
    await sql`DROP TRIGGER order_lines_contract`.execute(db);
  }
  await db.schema.alterTable('order_lines').dropColumn('contract_id').execute();
  await db.schema.alterTable('orders').dropColumn('pricing_json').execute();

  if (onPostgres(db)) {
    for (const column of ['period_to', 'period_from', 'amount_excl_vat_cents', 'category']) {
      await db.schema.alterTable('invoice_lines').dropColumn(column).execute();
    }
    await db.schema.alterTable('invoice_lines').dropConstraint('invoice_lines_kind_check').execute();
    await db.schema
      .alterTable('invoice_lines')
      .addCheckConstraint('invoice_lines_kind_check', sql`kind IN ('plan', 'option', 'promotion', 'usage', 'fee')`)
      .execute();
  } else {
    await createInvoiceLines(db, 'invoice_lines_011').execute();
    await copyTable(db, 'invoice_lines', 'invoice_lines_011', INVOICE_LINES_011_COLUMNS);
  }

  await db.schema.alterTable('invoices').dropColumn('emailed_at').execute();
  await db.schema.alterTable('invoices').dropColumn('vat_cents').execute();
  await db.schema.alterTable('invoices').dropColumn('total_excl_vat_cents').execute();
  await db.schema.dropTable('document_sequences').execute();
  await db.schema.dropTable('billed_cycles').execute();
  await db.schema.alterTable('contracts').dropColumn('billing_from').execute();
  await db.schema.dropIndex('subscription_periods_open').execute();
  await db.schema.dropIndex('subscription_periods_contract').execute();
  await db.schema.dropTable('subscription_periods').execute();
}

/** SQLite's way to change a table: `table`'s rows (these columns) into `replacement`, which then takes its name. */
const copyTable = async (db: MigrationDb, table: string, replacement: string, columns: string[]): Promise<void> => {
  await db.insertInto(replacement).columns(columns).expression(db.selectFrom(table).select(columns)).execute();
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(replacement).renameTo(table).execute();
};
