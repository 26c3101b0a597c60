/* SIM orders, their timeline and the follow-up the customer sees (docs/product/activation.md "Where a SIM order stands"). */
import { activationTimings, type PortInType } from '#contract/activation-rules';
import type { SimOrder, SimOrderStep } from '#contract/activation';
import type { Db } from '../db/engine.ts';

const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

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

export const simOrders = (db: Db) =>
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

export type SimOrderRecord = Awaited<ReturnType<ReturnType<typeof simOrders>['executeTakeFirstOrThrow']>>;

export const findSimOrderByUuid = (db: Db, uuid: string): Promise<SimOrderRecord | undefined> =>
  simOrders(db).where('s.uuid', '=', uuid).executeTakeFirst();

export const findSimOrderByContract = (db: Db, contractId: number): Promise<SimOrderRecord | undefined> =>
  simOrders(db).where('s.contract_id', '=', contractId).executeTakeFirst();

export const listSimOrders = (db: Db, customerId: number): Promise<SimOrderRecord[]> =>
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

export const plus = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();

/**
 * When the customer may expect the step the order waits for, and the latest docs/product/limits.md "SIM activation"
 * allows. Null when nothing is under way.
 */
export const nextStepOf = (row: SimOrderRecord, document: { created_at: string } | undefined): SimOrder['nextStep'] => {
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
export const toSimOrder = async (db: Db, row: SimOrderRecord): Promise<SimOrder> => {
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

/**
 * What a step of the network's work on a SIM order ends in that the customer is told about: the line is active, or
 * the other operator refused the transfer (lib/activation-messages.ts). The demo's simulator produces them
 * (server/stand-ins/provisioning.ts); a network integration would too.
 */
export type ProvisioningOutcome = { kind: 'active' | 'portInFailed'; simOrderId: number };
