import type { PortInType } from '#contract/activation-rules';
import type { IdentityDocumentType } from '#contract/activation';
import type { Updateable } from 'kysely';
import { type Db, writeTransaction } from '../db/engine.ts';
import type { DB } from '../db/schema.ts';
import { ACTIVATE_RESOURCE, type SimOrderRecord, addEvent, provisioningSchedule } from './activation-orders.ts';

/* The customer's requests. Each checks nothing itself: the routes apply the rules (contract/activation-rules.ts). */

/** The order line of the SIM sale follows the order: in progress while provisioning, SUCCESS once active, FAILED with the reason. */
export const setSaleOrderStatus = async (
  db: Db,
  orderRef: string,
  status: 'PENDING' | 'QUEUED' | 'SUCCESS' | 'FAILED',
  at: string,
  error: string | null = null,
): Promise<void> => {
  const done = status === 'SUCCESS' || status === 'FAILED';
  await db
    .updateTable('orders')
    .set({ status, executed_at: done ? at : null })
    .where('order_ref', '=', orderRef)
    .execute();
  await db
    .updateTable('order_lines')
    .set({ status, executed_at: done ? at : null, reason_error: error === null ? null : 'TEXT', error })
    .where('item_kind', '=', 'CONTRACT')
    .where('resource_name', '=', ACTIVATE_RESOURCE)
    .where('order_id', '=', (eb) => eb.selectFrom('orders').select('id').where('order_ref', '=', orderRef))
    .execute();
};

export const touchContract = async (db: Db, contractId: number, changes: Updateable<DB['contracts']>, at: string): Promise<void> => {
  await db
    .updateTable('contracts')
    .set({ ...changes, updated_at: at })
    .where('id', '=', contractId)
    .execute();
};

/** A new number is asked for: the provisioning starts now and moves on by itself. */
export const requestNewNumber = (db: Db, order: SimOrderRecord, now: Date): Promise<void> =>
  writeTransaction(db, async (tx) => {
    const at = now.toISOString();
    await touchContract(tx, order.contract_id, { sub_status: 'ACTIVATION_REQUESTED', scenario: 'new_number', port_in_status: null }, at);
    await tx
      .updateTable('sim_orders')
      .set({
        mode: 'new_number',
        requested_at: at,
        port_in_msisdn: null,
        failure_reason: null,
        next_step_at: new Date(now.getTime() + provisioningSchedule.newNumber.executedAfterMs).toISOString(),
      })
      .where('id', '=', order.id)
      .execute();
    await addEvent(tx, order.id, 'ACTIVATION_REQUESTED', at);
    await setSaleOrderStatus(tx, order.order_ref, 'QUEUED', at);
  });

export type PortInData = { msisdn: string; type: PortInType; otherAccountNumber: string | null; otherIccid: string | null };

/** A transfer is asked for: the other operator answers after an hour (lib/provisioning.ts). */
export const requestPortIn = (db: Db, order: SimOrderRecord, data: PortInData, now: Date): Promise<void> =>
  writeTransaction(db, async (tx) => {
    const at = now.toISOString();
    await touchContract(
      tx,
      order.contract_id,
      {
        sub_status: 'PORT_IN_REQUESTED',
        scenario: 'port_in',
        port_in_status: 'REQUESTED',
        port_in_type: data.type,
        other_account_number: data.otherAccountNumber,
        other_iccid: data.otherIccid,
      },
      at,
    );
    await tx
      .updateTable('sim_orders')
      .set({
        mode: 'port_in',
        requested_at: at,
        port_in_msisdn: data.msisdn,
        failure_reason: null,
        next_step_at: new Date(now.getTime() + provisioningSchedule.portIn.answeredAfterMs).toISOString(),
      })
      .where('id', '=', order.id)
      .execute();
    await addEvent(tx, order.id, 'PORT_IN_REQUESTED', at);
    await setSaleOrderStatus(tx, order.order_ref, 'QUEUED', at);
  });

/** A number is taken: a line of ours has it, or another order is transferring it. */
export const msisdnTaken = async (db: Db, msisdn: string, exceptSimOrderId: number): Promise<boolean> =>
  (await db.selectFrom('contracts').select('id').where('msisdn', '=', msisdn).limit(1).executeTakeFirst()) !== undefined ||
  (await db
    .selectFrom('sim_orders as s')
    .innerJoin('contracts as c', 'c.id', 's.contract_id')
    .select('s.id')
    .where('s.port_in_msisdn', '=', msisdn)
    .where('s.id', '<>', exceptSimOrderId)
    .where('c.sub_status', 'in', ['PORT_IN_REQUESTED', 'PORT_IN_ACCEPTED', 'PORT_IN_EXECUTED'])
    .limit(1)
    .executeTakeFirst()) !== undefined;

export type StoredFile = { path: string; mediaType: string; size: number };

/** Documents received: the identity numbers on the contract, the files listed, and the order waits for our check. */
export const recordIdentification = (
  db: Db,
  order: SimOrderRecord,
  document: { documentType: IdentityDocumentType; cardNumber: string; nationalNumber: string | null },
  files: readonly StoredFile[],
  now: Date,
): Promise<void> =>
  writeTransaction(db, async (tx) => {
    const at = now.toISOString();
    const { id: documentId } = await tx
      .insertInto('identity_documents')
      .values({ contract_id: order.contract_id, document_type: document.documentType, card_number: document.cardNumber, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const file of files) {
      await tx
        .insertInto('identity_files')
        .values({ document_id: documentId, path: file.path, media_type: file.mediaType, size: file.size, created_at: at })
        .execute();
    }
    await tx
      .updateTable('contracts')
      .set((eb) => ({
        identification_status: 'NEED_VALIDATION',
        id_card_number: document.cardNumber,
        national_register_number: eb.fn.coalesce(eb.val(document.nationalNumber), 'national_register_number'),
        updated_at: at,
      }))
      .where('id', '=', order.contract_id)
      .execute();
    await tx
      .updateTable('sim_orders')
      .set({ next_step_at: new Date(now.getTime() + provisioningSchedule.identificationCheckedAfterMs).toISOString() })
      .where('id', '=', order.id)
      .execute();
    await addEvent(tx, order.id, 'IDENTIFICATION_SENT', at);
  });

/**
 * The holder's birth date, which the national register number must start with (docs/product/validation.md "Identity
 * documents").
 */
export const holderBirthDate = async (db: Db, customerId: number): Promise<string | null> =>
  (await db.selectFrom('contacts').select('birth_date').where('customer_id', '=', customerId).executeTakeFirst())?.birth_date ?? null;
