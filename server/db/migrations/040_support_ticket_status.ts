import { sql } from 'kysely';
import type { MigrationDb } from './helpers.ts';

/*
 * 040_support_ticket_status: a customer follows the messages it wrote, on every device, with where each one stands
 * (docs/product/support.md "The customer's messages"). Customer service moves a message from received to in progress,
 * answered and closed; the app lists them from here (GET /support/tickets) instead of from the device that wrote them.
 */

export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('support_tickets')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('received')
        .check(sql`status IN ('received', 'inProgress', 'answered', 'closed')`),
    )
    .execute();
  await db.schema.alterTable('support_tickets').addColumn('updated_at', 'text').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.alterTable('support_tickets').dropColumn('updated_at').execute();
  await db.schema.alterTable('support_tickets').dropColumn('status').execute();
}
