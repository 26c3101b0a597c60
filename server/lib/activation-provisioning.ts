import type { PortInFailureReason, PortInType } from '#contract/activation-rules';
import type { SimOrder, SimOrderStep } from '#contract/activation';
import { type Db, writeTransaction } from '../db/engine.ts';
import { type SimOrderRecord, addEvent, simOrders } from './activation-orders.ts';
import { setSaleOrderStatus, touchContract } from './activation-requests.ts';

/* The provisioning simulator's reads and writes (lib/provisioning.ts decides). */

export const dueSimOrderIds = async (db: Db, now: Date, limit: number): Promise<number[]> =>
  (
    await db
      .selectFrom('sim_orders')
      .select('id')
      .where('next_step_at', '<=', now.toISOString())
      .orderBy('next_step_at')
      .orderBy('id')
      .limit(limit)
      .execute()
  ).map((row) => row.id);

export const findSimOrderById = (db: Db, id: number): Promise<SimOrderRecord | undefined> =>
  simOrders(db).where('s.id', '=', id).executeTakeFirst();

export type DonorLine = { operator: string; type: PortInType; account_number: string | null; iccid: string | null };

export const findDonorLine = (db: Db, msisdn: string): Promise<DonorLine | undefined> =>
  db.selectFrom('donor_lines').select(['operator', 'type', 'account_number', 'iccid']).where('msisdn', '=', msisdn).executeTakeFirst();

export type PortInProof = { type: PortInType | null; otherAccountNumber: string | null; otherIccid: string | null };

export const portInProofOf = async (db: Db, contractId: number): Promise<PortInProof> =>
  (await db
    .selectFrom('contracts')
    .select(['port_in_type as type', 'other_account_number as otherAccountNumber', 'other_iccid as otherIccid'])
    .where('id', '=', contractId)
    .$narrowType<{ type: PortInType | null }>()
    .executeTakeFirst()) ?? { type: null, otherAccountNumber: null, otherIccid: null };

export const setNextStep = async (db: Db, simOrderId: number, at: string | null): Promise<void> => {
  await db.updateTable('sim_orders').set({ next_step_at: at }).where('id', '=', simOrderId).execute();
};

export const identificationChecked = (db: Db, order: SimOrderRecord, at: string): Promise<void> =>
  writeTransaction(db, async (tx) => {
    await touchContract(tx, order.contract_id, { identification_status: 'OK' }, at);
    await addEvent(tx, order.id, 'IDENTIFICATION_OK', at);
  });

export const setSubStatus = (db: Db, order: SimOrderRecord, subStatus: SimOrderStep & SimOrder['subStatus'], at: string): Promise<void> =>
  writeTransaction(db, async (tx) => {
    await touchContract(tx, order.contract_id, { sub_status: subStatus }, at);
    await addEvent(tx, order.id, subStatus, at);
  });

export const portInAnswered = (db: Db, order: SimOrderRecord, failure: PortInFailureReason | null, at: string): Promise<void> =>
  writeTransaction(db, async (tx) => {
    if (failure === null) {
      await touchContract(tx, order.contract_id, { sub_status: 'PORT_IN_ACCEPTED', port_in_status: 'ACCEPTED' }, at);
      await addEvent(tx, order.id, 'PORT_IN_ACCEPTED', at);
      return;
    }
    await touchContract(tx, order.contract_id, { sub_status: 'PORT_IN_FAILED', port_in_status: 'REJECTED' }, at);
    await tx.updateTable('sim_orders').set({ failure_reason: failure }).where('id', '=', order.id).execute();
    await addEvent(tx, order.id, 'PORT_IN_FAILED', at);
    await setSaleOrderStatus(
      tx,
      order.order_ref,
      'FAILED',
      at,
      failure === 'dataMismatch' ? 'Port-in data does not match' : 'Number unknown at the other operator',
    );
  });

/** The transfer is executed: the line takes the transferred number (the number reserved for it is released). */
export const portInExecuted = (db: Db, order: SimOrderRecord, at: string): Promise<void> =>
  writeTransaction(db, async (tx) => {
    await touchContract(
      tx,
      order.contract_id,
      { sub_status: 'PORT_IN_EXECUTED', port_in_status: 'EXECUTED', msisdn: order.port_in_msisdn },
      at,
    );
    await addEvent(tx, order.id, 'PORT_IN_EXECUTED', at);
  });

export const lineActivated = (db: Db, order: SimOrderRecord, at: string): Promise<void> =>
  writeTransaction(db, async (tx) => {
    await touchContract(tx, order.contract_id, { status: 'ACTIVATED', sub_status: 'ACTIVATED', activated_at: at }, at);
    await addEvent(tx, order.id, 'ACTIVATED', at);
    await setSaleOrderStatus(tx, order.order_ref, 'SUCCESS', at);
  });
