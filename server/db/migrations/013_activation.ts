import { sql } from 'kysely';
import { UNNAMED, glob, id, withoutRowid, type MigrationDb } from './helpers.ts';

/* 013_activation: SIM activation and the follow-up of SIM orders (docs/product/activation.md). */

export async function up(db: MigrationDb): Promise<void> {
  // A SIM sale's follow-up: one row per contract that was sold with a SIM, addressed by a random uuid
  // (/orders/{uuid}). The contract row keeps the states of docs/product/activation.md "Where a SIM order stands"
  // (status, sub-status, identification, port-in); this row keeps what the follow-up adds: the customer's choice, when
  // it was made, and when the provisioning simulator takes the next step.
  await db.schema
    .createTable('sim_orders')
    .addColumn('id', 'integer', id(db))
    .addColumn('uuid', 'text', (c) => c.notNull().unique())
    .addColumn('contract_id', 'integer', (c) => c.notNull().unique().references('contracts.id').onDelete('cascade'))
    .addColumn('order_ref', 'text', (c) =>
      c
        .notNull()
        .unique()
        .check(glob(db, 'order_ref', 'O-[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]')),
    )
    .addColumn('mode', 'text', (c) => c.check(sql`mode IS NULL OR mode IN ('new_number', 'port_in')`))
    .addColumn('requested_at', 'text')
    // The number a transfer brings from the other operator; the line takes it when the transfer is executed.
    .addColumn('port_in_msisdn', 'text', (c) =>
      c.check(sql`port_in_msisdn IS NULL OR ${glob(db, 'port_in_msisdn', '04[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]')}`),
    )
    .addColumn('failure_reason', 'text', (c) => c.check(sql`failure_reason IS NULL OR failure_reason IN ('dataMismatch', 'numberUnknown')`))
    // When the provisioning simulator moves the order on (NULL: nothing under way).
    .addColumn('next_step_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sim_orders_next_step')
    .on('sim_orders')
    .column('next_step_at')
    .where('next_step_at', 'is not', null)
    .execute();

  // The states a SIM order went through, each with when: the timeline of the follow-up.
  await db.schema
    .createTable('sim_order_events')
    .addColumn('id', 'integer', id(db))
    .addColumn('sim_order_id', 'integer', (c) => c.notNull().references('sim_orders.id').onDelete('cascade'))
    .addColumn('step', 'text', (c) =>
      c.notNull().check(sql`step IN ('ORDER_VALIDATED', 'IDENTIFICATION_NEEDED', 'IDENTIFICATION_SENT',
        'IDENTIFICATION_OK', 'SIM_SENT', 'SIM_DELIVERY_FAILED', 'ACTIVATION_REQUESTED', 'ACTIVATION_EXECUTED',
        'ACTIVATION_FAILED', 'PORT_IN_REQUESTED', 'PORT_IN_ACCEPTED', 'PORT_IN_EXECUTED', 'PORT_IN_FAILED', 'ACTIVATED')`),
    )
    .addColumn('at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sim_order_events_order').on('sim_order_events').columns(['sim_order_id', 'at', 'id']).execute();

  // An identity document sent for a contract (docs/product/activation.md "Identification"); its files live under
  // DATA_DIR and are never served back.
  await db.schema
    .createTable('identity_documents')
    .addColumn('id', 'integer', id(db))
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('document_type', 'text', (c) => c.notNull().check(sql`document_type IN ('belgianIdCard', 'belgianResidentCard', 'otherId')`))
    .addColumn('card_number', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('identity_documents_contract').on('identity_documents').columns(['contract_id', 'created_at']).execute();

  await db.schema
    .createTable('identity_files')
    .addColumn('id', 'integer', id(db))
    .addColumn('document_id', 'integer', (c) => c.notNull().references('identity_documents.id').onDelete('cascade'))
    // Relative to DATA_DIR.
    .addColumn('path', 'text', (c) => c.notNull().unique())
    // As the file's content shows it, never as the upload declared it.
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull().check(sql`size > 0`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('identity_files_document').on('identity_files').column('document_id').execute();

  // The activation without login: a code checked opens a session for that one contract, kept in an HttpOnly cookie
  // (the token stored hashed).
  await db.schema
    .createTable('activation_sessions')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('contract_id', 'integer', (c) => c.notNull().references('contracts.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .$call(withoutRowid(db))
    .execute();
  await db.schema.createIndex('activation_sessions_expiry').on('activation_sessions').column('expires_at').execute();

  // The other operators' lines, as the provisioning simulator asks them when a number is transferred: the transfer is
  // accepted when the number is known there with the account number (subscription) or SIM number (prepaid) given.
  await db.schema
    .createTable('donor_lines')
    .addColumn('msisdn', 'text', (c) => c.primaryKey().check(glob(db, 'msisdn', '04[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]')))
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type IN ('postpaid', 'prepaid')`))
    .addColumn('account_number', 'text')
    .addColumn('iccid', 'text')
    .addCheckConstraint(UNNAMED, sql`(type = 'postpaid' AND account_number IS NOT NULL) OR (type = 'prepaid' AND iccid IS NOT NULL)`)
    .$call(withoutRowid(db))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['donor_lines', 'activation_sessions', 'identity_files', 'identity_documents', 'sim_order_events', 'sim_orders']) {
    await db.schema.dropTable(table).execute();
  }
}
