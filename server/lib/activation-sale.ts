import { type Db, writeTransaction } from '../db/engine.ts';
import { ACTIVATE_RESOURCE, HOUR, addEvent, plus } from './activation-orders.ts';
import type { DonorLine } from './activation-provisioning.ts';
import { insertAlertGrid } from './alert-data.ts';
import {
  addressColumns,
  insertContact,
  insertContract,
  insertContractProduct,
  insertCustomer,
  insertInvoicing,
  type PostalAddress,
} from './customer-data.ts';

/*
 * A SIM sale of its own: customer, contact, invoicing, contract, its order and activation code, and the follow-up
 * row. The demo seed writes its unregistered customers with it, and the test-mode route creates fresh orders for
 * the browser tests with it. Each row goes through its table's one insert (customer-data.ts, alert-data.ts), the one the
 * seed's other customers and lines go through too.
 */

export type SimSale = {
  customerId: number;
  customerGuid: string;
  contactGuid: string;
  mobileId: string;
  firstName: string;
  lastName: string;
  birthDate: string;
  email: string;
  language: 'fr' | 'nl' | 'en';
  address: { street: string; number: string; city: string; zip: string };
  contractId: number;
  msisdn: string;
  iccid: string;
  productId: number;
  billCycleId: number;
  /** Contract states at the time of the sale (docs/product/activation.md "Where a SIM order stands"). */
  status: 'IN_DELIVERY' | 'IN_VALIDATION';
  subStatus: 'SIM_SENT' | 'SIM_DELIVERY_FAILED' | 'ORDER_VALIDATED';
  identificationStatus: 'OK' | 'NEED_IDENTIFICATION' | 'NOT_PASSED';
  orderRef: string;
  uuid: string;
  codeHash: string;
  codeExpiresAt: string;
  createdAt: string;
  simSentAt: string | null;
};

/** The sale's delivery address, in Belgium and without a box: the address of its invoicing and of its line. */
const saleAddress = (sale: SimSale): PostalAddress => ({ ...sale.address, box: null, country: 'BE' });

/** The unregistered customer: its row, its contact and its invoicing address. */
const insertSaleCustomer = async (tx: Db, sale: SimSale): Promise<void> => {
  const created = sale.createdAt;
  await insertCustomer(tx, {
    id: sale.customerId,
    guid: sale.customerGuid,
    mobile_id: sale.mobileId,
    is_complete: 0,
    is_confirmed: 0,
    accept_conditions: 1,
    last_update: created,
  });
  await insertContact(tx, {
    id: sale.customerId,
    guid: sale.contactGuid,
    customer_id: sale.customerId,
    civility: null,
    first_name: sale.firstName,
    last_name: sale.lastName,
    birth_date: sale.birthDate,
    nationality: 'BE',
    mobile: null,
    email: sale.email,
    is_email_confirmed: 1,
    language: sale.language,
    is_residential: 1,
    last_update: created,
  });
  await insertInvoicing(tx, {
    id: sale.customerId,
    customer_id: sale.customerId,
    ...addressColumns(saleAddress(sale)),
    payment_mode: 'BT',
    holder_first_name: sale.firstName,
    holder_last_name: sale.lastName,
    holder_email: sale.email,
    last_update: created,
  });
};

/** The line: the contract, its grid of alert settings and its base product. */
const insertSaleContract = async (tx: Db, sale: SimSale): Promise<void> => {
  const created = sale.createdAt;
  await insertContract(tx, {
    id: sale.contractId,
    customer_id: sale.customerId,
    contract_ref: `C-${String(sale.contractId).padStart(6, '0')}`,
    order_id: sale.orderRef,
    scenario: null,
    type: 'post_simple',
    msisdn: sale.msisdn,
    status: sale.status,
    sub_status: sale.subStatus,
    sim_iccid: sale.iccid,
    sim_sent_date: sale.simSentAt?.slice(0, 10) ?? null,
    ...addressColumns(saleAddress(sale)),
    lead: 'webshop',
    identification_status: sale.identificationStatus,
    fraud_status: 'OK',
    created_at: created,
    updated_at: created,
    bill_cycle_id: sale.billCycleId,
    product_id: sale.productId,
  });
  await insertAlertGrid(tx, sale.customerId, sale.contractId);
  await insertContractProduct(tx, {
    contract_id: sale.contractId,
    product_id: sale.productId,
    is_base: 1,
    active: 1,
    bill_cycle_id: sale.billCycleId,
  });
};

/** The sale's order, with its ACTIVATE line, and the order's activation code. */
const insertSaleOrder = async (tx: Db, sale: SimSale): Promise<void> => {
  const created = sale.createdAt;
  const { id: orderId } = await tx
    .insertInto('orders')
    .values({ order_ref: sale.orderRef, contract_id: sale.contractId, status: 'PENDING', created_at: created, initiator_type: 'S' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('order_lines')
    .values((eb) => ({
      order_id: orderId,
      order_type: 'contract',
      item_kind: 'CONTRACT',
      resource_name: ACTIVATE_RESOURCE,
      new_value: eb.selectFrom('products').select('name').where('id', '=', sale.productId),
      status: 'PENDING',
      created_at: created,
    }))
    .execute();
  await tx
    .insertInto('activation_codes')
    .values({
      order_ref: sale.orderRef,
      contract_id: sale.contractId,
      code_hash: sale.codeHash,
      attempts: 0,
      expires_at: sale.codeExpiresAt,
      used_at: null,
      created_at: created,
    })
    .execute();
};

export const insertSimSale = (db: Db, sale: SimSale): Promise<number> =>
  writeTransaction(db, async (tx) => {
    await insertSaleCustomer(tx, sale);
    await insertSaleContract(tx, sale);
    await insertSaleOrder(tx, sale);
    return insertSimOrder(tx, {
      uuid: sale.uuid,
      contractId: sale.contractId,
      orderRef: sale.orderRef,
      createdAt: sale.createdAt,
      identificationStatus: sale.identificationStatus,
      simSentAt: sale.simSentAt,
      returned: sale.subStatus === 'SIM_DELIVERY_FAILED',
    });
  });

/** The follow-up row of a SIM order and the states it reached so far (validated, identification, SIM sent or returned). */
export const insertSimOrder = (
  db: Db,
  order: {
    uuid: string;
    contractId: number;
    orderRef: string;
    createdAt: string;
    identificationStatus: string | null;
    simSentAt: string | null;
    returned: boolean;
  },
): Promise<number> =>
  writeTransaction(db, async (tx) => {
    const { id } = await tx
      .insertInto('sim_orders')
      .values({ uuid: order.uuid, contract_id: order.contractId, order_ref: order.orderRef, created_at: order.createdAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    await addEvent(tx, id, 'ORDER_VALIDATED', order.createdAt);
    if (order.identificationStatus === 'NEED_IDENTIFICATION' || order.identificationStatus === 'NOT_PASSED') {
      await addEvent(tx, id, 'IDENTIFICATION_NEEDED', order.createdAt);
    }
    if (order.simSentAt !== null) await addEvent(tx, id, 'SIM_SENT', order.simSentAt);
    if (order.returned && order.simSentAt !== null) await addEvent(tx, id, 'SIM_DELIVERY_FAILED', plus(order.simSentAt, 3 * 24 * HOUR));
    return id;
  });

export const insertDonorLine = async (db: Db, line: { msisdn: string } & DonorLine): Promise<void> => {
  await db
    .insertInto('donor_lines')
    .values({ msisdn: line.msisdn, operator: line.operator, type: line.type, account_number: line.account_number, iccid: line.iccid })
    .execute();
};
