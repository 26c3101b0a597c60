import { activationTimings, type PortInFailureReason, type PortInType } from '#contract/activation-rules';
import type { IdentityDocumentType, SimOrder, SimOrderStep } from '#contract/activation';
import type { Updateable } from 'kysely';
import type { Db } from '../db/database.ts';
import { writeTransaction } from '../db/engine.ts';
import type { DB } from '../db/schema.ts';

/*
 * The SIM activation area's repository: SIM orders and their timeline, activation codes and sessions, identity
 * documents, the other operators' lines, and the writes of the provisioning simulator (lib/provisioning.ts). The
 * contract row keeps the states of docs/product/activation.md "Where a SIM order stands" (status, sub-status,
 * identification, port-in); `sim_orders` what the follow-up adds. Functions take plain values; a change of several rows
 * runs in one write transaction (joining the caller's, when there is one).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The provisioning simulator's own delays, within the limits of docs/product/activation.md "New number" and "Number
 * transfer": a new number works 5 minutes after it is asked for (executed after 4), a transfer is answered by the other
 * operator after an hour, executed the next day and works 5 minutes later (48 hours at most), and documents are checked
 * within a quarter of an hour.
 */
export const provisioningSchedule = {
  identificationCheckedAfterMs: 15 * MINUTE,
  newNumber: { executedAfterMs: 4 * MINUTE, activeAfterMs: 5 * MINUTE },
  portIn: { answeredAfterMs: HOUR, executedAfterMs: 24 * HOUR, activeAfterMs: 24 * HOUR + 5 * MINUTE },
} as const;

/** The resource name of the CONTRACT order line that a SIM sale carries (the order history shows it). */
export const ACTIVATE_RESOURCE = 'ACTIVATE';

const simOrders = (db: Db) =>
  db
    .selectFrom('sim_orders as s')
    .innerJoin('contracts as c', 'c.id', 's.contract_id')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select([
      's.id',
      's.uuid',
      's.contract_id',
      's.order_ref',
      's.mode',
      's.requested_at',
      's.port_in_msisdn',
      's.failure_reason',
      's.next_step_at',
      's.created_at',
      'c.customer_id',
      'c.msisdn',
      'c.status',
      'c.sub_status',
      'c.identification_status',
      'c.fraud_status',
      'c.port_in_type',
      'c.activated_at',
      'c.sim_iccid',
      'p.name as product_name',
    ])
    // port_in_type is only ever written from the contract's PortInType (requestPortIn).
    .$narrowType<{ port_in_type: PortInType | null }>();

export type SimOrderRow = Awaited<ReturnType<ReturnType<typeof simOrders>['executeTakeFirstOrThrow']>>;

export const findSimOrderByUuid = (db: Db, uuid: string): Promise<SimOrderRow | undefined> =>
  simOrders(db).where('s.uuid', '=', uuid).executeTakeFirst();

export const findSimOrderByContract = (db: Db, contractId: number): Promise<SimOrderRow | undefined> =>
  simOrders(db).where('s.contract_id', '=', contractId).executeTakeFirst();

export const listSimOrders = (db: Db, customerId: number): Promise<SimOrderRow[]> =>
  simOrders(db).where('c.customer_id', '=', customerId).orderBy('s.created_at', 'desc').orderBy('s.id', 'desc').execute();

const eventsOf = (db: Db, simOrderId: number) =>
  db.selectFrom('sim_order_events').select(['step', 'at']).where('sim_order_id', '=', simOrderId).orderBy('at').orderBy('id').execute();

export const addEvent = async (db: Db, simOrderId: number, step: SimOrderStep, at: string): Promise<void> => {
  await db.insertInto('sim_order_events').values({ sim_order_id: simOrderId, step, at }).execute();
};

const latestDocument = (db: Db, contractId: number) =>
  db
    .selectFrom('identity_documents as d')
    .select((eb) => [
      'd.id',
      'd.document_type',
      'd.created_at',
      eb
        .selectFrom('identity_files as f')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('f.document_id', '=', 'd.id')
        .$asScalar()
        .$notNull()
        .as('files'),
    ])
    .where('d.contract_id', '=', contractId)
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(1)
    .executeTakeFirst();

const plus = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();

/**
 * When the customer may expect the step the order waits for, and the latest docs/product/limits.md "SIM activation"
 * allows. Null when nothing is under way.
 */
export const nextStepOf = (row: SimOrderRow, document: { created_at: string } | undefined): SimOrder['nextStep'] => {
  const requested = row.requested_at;
  if (row.identification_status === 'NEED_VALIDATION' && document) {
    return {
      step: 'IDENTIFICATION_OK',
      expectedAt: plus(document.created_at, activationTimings.identificationCheckMs),
      latestAt: plus(document.created_at, activationTimings.identificationMaxMs),
    };
  }
  if (requested === null) return null;
  const { newNumber, portIn } = provisioningSchedule;
  switch (row.sub_status) {
    case 'ACTIVATION_REQUESTED':
      return {
        step: 'ACTIVATION_EXECUTED',
        expectedAt: plus(requested, newNumber.executedAfterMs),
        latestAt: plus(requested, activationTimings.newNumberMaxMs),
      };
    case 'ACTIVATION_EXECUTED':
      return {
        step: 'ACTIVATED',
        expectedAt: plus(requested, newNumber.activeAfterMs),
        latestAt: plus(requested, activationTimings.newNumberMaxMs),
      };
    case 'PORT_IN_REQUESTED':
      return {
        step: 'PORT_IN_ACCEPTED',
        expectedAt: plus(requested, portIn.answeredAfterMs),
        latestAt: plus(requested, activationTimings.portInMaxMs),
      };
    case 'PORT_IN_ACCEPTED':
      return {
        step: 'PORT_IN_EXECUTED',
        expectedAt: plus(requested, portIn.executedAfterMs),
        latestAt: plus(requested, activationTimings.portInMaxMs),
      };
    case 'PORT_IN_EXECUTED':
      return {
        step: 'ACTIVATED',
        expectedAt: plus(requested, portIn.activeAfterMs),
        latestAt: plus(requested, activationTimings.portInMaxMs),
      };
    default:
      return null;
  }
};

/** The follow-up of one SIM order as the contract describes it (explicit mapping: a new column never leaks). */
export const toSimOrder = async (db: Db, row: SimOrderRow): Promise<SimOrder> => {
  const events = await eventsOf(db, row.id);
  const document = await latestDocument(db, row.contract_id);
  const failedStep = row.sub_status === 'ACTIVATION_FAILED' || row.sub_status === 'PORT_IN_FAILED' ? row.sub_status : null;
  const failedAt = failedStep ? ([...events].reverse().find((event) => event.step === failedStep)?.at ?? row.requested_at) : null;
  return {
    uuid: row.uuid,
    orderRef: row.order_ref,
    customerId: row.customer_id,
    contractId: row.contract_id,
    msisdn: row.msisdn,
    productName: row.product_name,
    status: row.status,
    subStatus: row.sub_status,
    identificationStatus: row.identification_status,
    fraudStatus: row.fraud_status,
    mode: row.mode,
    portIn:
      row.mode === 'port_in' && row.port_in_msisdn !== null ? { msisdn: row.port_in_msisdn, type: row.port_in_type ?? 'postpaid' } : null,
    failure: failedStep && failedAt ? { step: failedStep, reason: row.failure_reason, at: failedAt } : null,
    identification: document ? { documentType: document.document_type, files: document.files, sentAt: document.created_at } : null,
    createdAt: row.created_at,
    activatedAt: row.activated_at,
    events: events.map((event) => ({ step: event.step, at: event.at })),
    nextStep: nextStepOf(row, document),
  };
};

/*
 * Activation codes (docs/product/validation.md "Verification codes": 6 digits, e-mailed to the customer), stored as
 * scrypt hashes in activation_codes, one per SIM order. The order is named by its order number, the customer number, or
 * a phone number: the line's own (new) number or the customer's contact mobile.
 */

export type ActivationCandidate = {
  contractId: number;
  customerId: number;
  orderRef: string;
  codeHash: string;
  expiresAt: string | null;
};

const candidates = (db: Db) =>
  db
    .selectFrom('activation_codes as a')
    .innerJoin('contracts as c', 'c.id', 'a.contract_id')
    .select([
      'a.contract_id as contractId',
      'c.customer_id as customerId',
      'a.order_ref as orderRef',
      'a.code_hash as codeHash',
      'a.expires_at as expiresAt',
    ]);

/** The SIM orders an identifier names (at most a few: a customer may have ordered several SIMs). */
export const activationCandidates = (
  db: Db,
  kind: 'orderNumber' | 'customerNumber' | 'phone',
  identifier: string,
): Promise<ActivationCandidate[]> => {
  switch (kind) {
    case 'orderNumber':
      return candidates(db).where('a.order_ref', '=', identifier).execute();
    case 'customerNumber':
      return candidates(db)
        .innerJoin('customers as u', 'u.id', 'c.customer_id')
        .where('u.mobile_id', '=', identifier)
        .orderBy('a.created_at', 'desc')
        .limit(5)
        .execute();
    case 'phone':
      return candidates(db)
        .leftJoin('contacts as k', 'k.customer_id', 'c.customer_id')
        .where((eb) => eb.or([eb('c.msisdn', '=', identifier), eb('k.mobile', '=', identifier)]))
        .orderBy('a.created_at', 'desc')
        .limit(5)
        .execute();
  }
};

/** A new code replaces the order's previous one ("send me the code again"). */
export const replaceActivationCode = async (db: Db, orderRef: string, codeHash: string, expiresAt: string, now: Date): Promise<void> => {
  await db
    .updateTable('activation_codes')
    .set({ code_hash: codeHash, attempts: 0, expires_at: expiresAt, used_at: null, created_at: now.toISOString() })
    .where('order_ref', '=', orderRef)
    .execute();
};

/** The code was used to open the order (kept usable: the customer comes back to follow the order with it). */
export const markActivationCodeUsed = async (db: Db, orderRef: string, now: Date): Promise<void> => {
  await db
    .updateTable('activation_codes')
    .set((eb) => ({ used_at: eb.fn.coalesce('used_at', eb.val(now.toISOString())) }))
    .where('order_ref', '=', orderRef)
    .execute();
};

export type CodeRecipient = { email: string; firstName: string; language: 'fr' | 'nl' | 'en' };

/** Where an order's code and news go: the holder's contact address, in the holder's language. */
export const recipientOf = (db: Db, customerId: number): Promise<CodeRecipient | undefined> =>
  db
    .selectFrom('contacts')
    .select(['email', 'first_name as firstName', 'language'])
    .where('customer_id', '=', customerId)
    .executeTakeFirst();

/* Activation sessions: the cookie of the activation without login, bound to one contract. */

export const ACTIVATION_SESSION_MS = 7 * 24 * HOUR;

export const insertActivationSession = async (db: Db, tokenHash: string, contractId: number, now: Date): Promise<string> => {
  const expiresAt = new Date(now.getTime() + ACTIVATION_SESSION_MS).toISOString();
  await writeTransaction(db, async (tx) => {
    await tx.deleteFrom('activation_sessions').where('expires_at', '<=', now.toISOString()).execute();
    await tx
      .insertInto('activation_sessions')
      .values({ token_hash: tokenHash, contract_id: contractId, expires_at: expiresAt, created_at: now.toISOString() })
      .execute();
  });
  return expiresAt;
};

/** The contract an activation session opens, or undefined when the session is unknown or expired. */
export const activationSessionContract = async (db: Db, tokenHash: string, now: Date): Promise<number | undefined> =>
  (
    await db
      .selectFrom('activation_sessions')
      .select('contract_id')
      .where('token_hash', '=', tokenHash)
      .where('expires_at', '>', now.toISOString())
      .executeTakeFirst()
  )?.contract_id;

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

const touchContract = async (db: Db, contractId: number, changes: Updateable<DB['contracts']>, at: string): Promise<void> => {
  await db
    .updateTable('contracts')
    .set({ ...changes, updated_at: at })
    .where('id', '=', contractId)
    .execute();
};

/** A new number is asked for: the provisioning starts now and moves on by itself. */
export const requestNewNumber = (db: Db, order: SimOrderRow, now: Date): Promise<void> =>
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
export const requestPortIn = (db: Db, order: SimOrderRow, data: PortInData, now: Date): Promise<void> =>
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
  order: SimOrderRow,
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

export const findSimOrderById = (db: Db, id: number): Promise<SimOrderRow | undefined> =>
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

export const identificationChecked = (db: Db, order: SimOrderRow, at: string): Promise<void> =>
  writeTransaction(db, async (tx) => {
    await touchContract(tx, order.contract_id, { identification_status: 'OK' }, at);
    await addEvent(tx, order.id, 'IDENTIFICATION_OK', at);
  });

export const setSubStatus = (db: Db, order: SimOrderRow, subStatus: SimOrderStep & SimOrder['subStatus'], at: string): Promise<void> =>
  writeTransaction(db, async (tx) => {
    await touchContract(tx, order.contract_id, { sub_status: subStatus }, at);
    await addEvent(tx, order.id, subStatus, at);
  });

export const portInAnswered = (db: Db, order: SimOrderRow, failure: PortInFailureReason | null, at: string): Promise<void> =>
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
export const portInExecuted = (db: Db, order: SimOrderRow, at: string): Promise<void> =>
  writeTransaction(db, async (tx) => {
    await touchContract(
      tx,
      order.contract_id,
      { sub_status: 'PORT_IN_EXECUTED', port_in_status: 'EXECUTED', msisdn: order.port_in_msisdn },
      at,
    );
    await addEvent(tx, order.id, 'PORT_IN_EXECUTED', at);
  });

export const lineActivated = (db: Db, order: SimOrderRow, at: string): Promise<void> =>
  writeTransaction(db, async (tx) => {
    await touchContract(tx, order.contract_id, { status: 'ACTIVATED', sub_status: 'ACTIVATED', activated_at: at }, at);
    await addEvent(tx, order.id, 'ACTIVATED', at);
    await setSaleOrderStatus(tx, order.order_ref, 'SUCCESS', at);
  });

/*
 * A SIM sale of its own: customer, contact, invoicing, contract, its order and activation code, and the follow-up
 * row. The demo seed writes its unregistered customers with it, and the test-mode route creates fresh orders for
 * the browser tests with it.
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

export const insertSimSale = (db: Db, sale: SimSale): Promise<number> =>
  writeTransaction(db, async (tx) => {
    const created = sale.createdAt;
    await tx
      .insertInto('customers')
      .values({
        id: sale.customerId,
        guid: sale.customerGuid,
        mobile_id: sale.mobileId,
        is_complete: 0,
        is_confirmed: 0,
        accept_conditions: 1,
        last_update: created,
      })
      .execute();
    await tx
      .insertInto('contacts')
      .values({
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
      })
      .execute();
    await tx
      .insertInto('invoicing')
      .values({
        id: sale.customerId,
        customer_id: sale.customerId,
        street: sale.address.street,
        number: sale.address.number,
        box: null,
        city: sale.address.city,
        zip_code: sale.address.zip,
        country: 'BE',
        payment_mode: 'BT',
        holder_first_name: sale.firstName,
        holder_last_name: sale.lastName,
        holder_email: sale.email,
        last_update: created,
      })
      .execute();
    await tx
      .insertInto('contracts')
      .values({
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
        street: sale.address.street,
        number: sale.address.number,
        city: sale.address.city,
        zip_code: sale.address.zip,
        country: 'BE',
        lead: 'webshop',
        identification_status: sale.identificationStatus,
        fraud_status: 'OK',
        created_at: created,
        updated_at: created,
        bill_cycle_id: sale.billCycleId,
        product_id: sale.productId,
      })
      .execute();
    // Every line has the full grid of alert types × channels: usage alerts by SMS, all but the 80 % alert by e-mail,
    // no push until the customer allows it.
    for (const type of ['80PC', '100PC', 'OOB', 'INV', 'OTHER'] as const) {
      for (const channel of ['SMS', 'EMAIL', 'PUSH'] as const) {
        const active = channel === 'SMS' ? type === '80PC' || type === '100PC' || type === 'OOB' : channel === 'EMAIL' && type !== '80PC';
        await tx
          .insertInto('notification_settings')
          .values({ customer_id: sale.customerId, contract_id: sale.contractId, type, channel, active: active ? 1 : 0 })
          .execute();
      }
    }
    await tx
      .insertInto('contract_products')
      .values({ contract_id: sale.contractId, product_id: sale.productId, is_base: 1, active: 1, bill_cycle_id: sale.billCycleId })
      .execute();
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
    return insertSimOrder(tx, {
      uuid: sale.uuid,
      contractId: sale.contractId,
      orderRef: sale.orderRef,
      createdAt: created,
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
