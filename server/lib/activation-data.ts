import { activationTimings, type ActivationMode, type PortInFailureReason, type PortInType } from '#contract/activation-rules';
import type { IdentityDocumentType, SimOrder, SimOrderStep } from '#contract/activation';
import type { Db } from '../db/database.ts';
import { stmt } from './sql.ts';

/*
 * The SIM activation area's repository: SIM orders and their timeline, activation codes and sessions, identity
 * documents, the other operators' lines, and the writes of the provisioning simulator (lib/provisioning.ts). The
 * contract row keeps SPEC §3's states (status, sub-status, identification, port-in); `sim_orders` what the
 * follow-up adds. Functions take plain values; the routes open the transactions.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * The provisioning simulator's own delays, within SPEC §9's limits: a new number works 5 minutes after it is
 * asked for (executed after 4), a transfer is answered by the other operator after an hour, executed the next day
 * and works 5 minutes later (48 hours at most), and documents are checked within a quarter of an hour.
 */
export const provisioningSchedule = {
  identificationCheckedAfterMs: 15 * MINUTE,
  newNumber: { executedAfterMs: 4 * MINUTE, activeAfterMs: 5 * MINUTE },
  portIn: { answeredAfterMs: HOUR, executedAfterMs: 24 * HOUR, activeAfterMs: 24 * HOUR + 5 * MINUTE },
} as const;

/** The resource name of the CONTRACT order line that a SIM sale carries (the order history shows it). */
export const ACTIVATE_RESOURCE = 'ACTIVATE';

export type SimOrderRow = {
  id: number;
  uuid: string;
  contract_id: number;
  order_ref: string;
  mode: ActivationMode | null;
  requested_at: string | null;
  port_in_msisdn: string | null;
  failure_reason: PortInFailureReason | null;
  next_step_at: string | null;
  created_at: string;
  customer_id: number;
  msisdn: string | null;
  status: SimOrder['status'];
  sub_status: SimOrder['subStatus'];
  identification_status: SimOrder['identificationStatus'];
  fraud_status: string | null;
  port_in_type: PortInType | null;
  activated_at: string | null;
  sim_iccid: string | null;
  product_name: string;
};

const SIM_ORDER_COLUMNS = `s.id, s.uuid, s.contract_id, s.order_ref, s.mode, s.requested_at, s.port_in_msisdn, s.failure_reason,
  s.next_step_at, s.created_at, c.customer_id, c.msisdn, c.status, c.sub_status, c.identification_status, c.fraud_status,
  c.port_in_type, c.activated_at, c.sim_iccid, p.name AS product_name`;
const SIM_ORDER_FROM = 'FROM sim_orders s JOIN contracts c ON c.id = s.contract_id JOIN products p ON p.id = c.product_id';

export const findSimOrderByUuid = (db: Db, uuid: string): SimOrderRow | undefined =>
  stmt<[string], SimOrderRow>(db, `SELECT ${SIM_ORDER_COLUMNS} ${SIM_ORDER_FROM} WHERE s.uuid = ?`).get(uuid);

export const findSimOrderByContract = (db: Db, contractId: number): SimOrderRow | undefined =>
  stmt<[number], SimOrderRow>(db, `SELECT ${SIM_ORDER_COLUMNS} ${SIM_ORDER_FROM} WHERE s.contract_id = ?`).get(contractId);

export const listSimOrders = (db: Db, customerId: number): SimOrderRow[] =>
  stmt<[number], SimOrderRow>(
    db,
    `SELECT ${SIM_ORDER_COLUMNS} ${SIM_ORDER_FROM} WHERE c.customer_id = ? ORDER BY s.created_at DESC, s.id DESC`,
  ).all(customerId);

type EventRow = { step: SimOrderStep; at: string };

const eventsOf = (db: Db, simOrderId: number): EventRow[] =>
  stmt<[number], EventRow>(db, 'SELECT step, at FROM sim_order_events WHERE sim_order_id = ? ORDER BY at, id').all(simOrderId);

export const addEvent = (db: Db, simOrderId: number, step: SimOrderStep, at: string): void => {
  stmt<[number, SimOrderStep, string]>(db, 'INSERT INTO sim_order_events (sim_order_id, step, at) VALUES (?, ?, ?)').run(
    simOrderId,
    step,
    at,
  );
};

type DocumentRow = { id: number; document_type: IdentityDocumentType; created_at: string; files: number };

const latestDocument = (db: Db, contractId: number): DocumentRow | undefined =>
  stmt<[number], DocumentRow>(
    db,
    `SELECT d.id, d.document_type, d.created_at, (SELECT COUNT(*) FROM identity_files f WHERE f.document_id = d.id) AS files
     FROM identity_documents d WHERE d.contract_id = ? ORDER BY d.created_at DESC, d.id DESC LIMIT 1`,
  ).get(contractId);

const plus = (iso: string, ms: number): string => new Date(Date.parse(iso) + ms).toISOString();

/** When the customer may expect the step the order waits for, and the latest SPEC §9 allows. Null when nothing is under way. */
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
export const toSimOrder = (db: Db, row: SimOrderRow): SimOrder => {
  const events = eventsOf(db, row.id);
  const document = latestDocument(db, row.contract_id);
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
 * Activation codes (SPEC §5: 6 digits, e-mailed to the customer), stored as scrypt hashes in activation_codes,
 * one per SIM order. The order is named by its order number, the customer number, or a phone number: the line's
 * own (new) number or the customer's contact mobile.
 */

export type ActivationCandidate = {
  contractId: number;
  customerId: number;
  orderRef: string;
  codeHash: string;
  expiresAt: string | null;
};

const CANDIDATE_SELECT = `SELECT a.contract_id AS contractId, c.customer_id AS customerId, a.order_ref AS orderRef, a.code_hash AS codeHash,
  a.expires_at AS expiresAt FROM activation_codes a JOIN contracts c ON c.id = a.contract_id`;

/** The SIM orders an identifier names (at most a few: a customer may have ordered several SIMs). */
export const activationCandidates = (
  db: Db,
  kind: 'orderNumber' | 'customerNumber' | 'phone',
  identifier: string,
): ActivationCandidate[] => {
  switch (kind) {
    case 'orderNumber':
      return stmt<[string], ActivationCandidate>(db, `${CANDIDATE_SELECT} WHERE a.order_ref = ?`).all(identifier);
    case 'customerNumber':
      return stmt<[string], ActivationCandidate>(
        db,
        `${CANDIDATE_SELECT} JOIN customers u ON u.id = c.customer_id WHERE u.mobile_id = ? ORDER BY a.created_at DESC LIMIT 5`,
      ).all(identifier);
    case 'phone':
      return stmt<[string, string], ActivationCandidate>(
        db,
        `${CANDIDATE_SELECT} LEFT JOIN contacts k ON k.customer_id = c.customer_id
         WHERE c.msisdn = ? OR k.mobile = ? ORDER BY a.created_at DESC LIMIT 5`,
      ).all(identifier, identifier);
  }
};

/** A new code replaces the order's previous one ("send me the code again"). */
export const replaceActivationCode = (db: Db, orderRef: string, codeHash: string, expiresAt: string, now: Date): void => {
  stmt<[string, string, string, string]>(
    db,
    'UPDATE activation_codes SET code_hash = ?, attempts = 0, expires_at = ?, used_at = NULL, created_at = ? WHERE order_ref = ?',
  ).run(codeHash, expiresAt, now.toISOString(), orderRef);
};

/** The code was used to open the order (kept usable: the customer comes back to follow the order with it). */
export const markActivationCodeUsed = (db: Db, orderRef: string, now: Date): void => {
  stmt<[string, string]>(db, 'UPDATE activation_codes SET used_at = COALESCE(used_at, ?) WHERE order_ref = ?').run(
    now.toISOString(),
    orderRef,
  );
};

export type CodeRecipient = { email: string; firstName: string; language: 'fr' | 'nl' | 'en' };

/** Where an order's code and news go: the holder's contact address, in the holder's language. */
export const recipientOf = (db: Db, customerId: number): CodeRecipient | undefined =>
  stmt<[number], CodeRecipient>(db, 'SELECT email, first_name AS firstName, language FROM contacts WHERE customer_id = ?').get(customerId);

/* Activation sessions: the cookie of the activation without login, bound to one contract. */

export const ACTIVATION_SESSION_MS = 7 * 24 * HOUR;

export const insertActivationSession = (db: Db, tokenHash: string, contractId: number, now: Date): string => {
  const expiresAt = new Date(now.getTime() + ACTIVATION_SESSION_MS).toISOString();
  stmt<[string]>(db, 'DELETE FROM activation_sessions WHERE expires_at <= ?').run(now.toISOString());
  stmt<[string, number, string, string]>(
    db,
    'INSERT INTO activation_sessions (token_hash, contract_id, expires_at, created_at) VALUES (?, ?, ?, ?)',
  ).run(tokenHash, contractId, expiresAt, now.toISOString());
  return expiresAt;
};

/** The contract an activation session opens, or undefined when the session is unknown or expired. */
export const activationSessionContract = (db: Db, tokenHash: string, now: Date): number | undefined =>
  stmt<[string, string], { contract_id: number }>(
    db,
    'SELECT contract_id FROM activation_sessions WHERE token_hash = ? AND expires_at > ?',
  ).get(tokenHash, now.toISOString())?.contract_id;

/* The customer's requests. Each checks nothing itself: the routes apply the rules (contract/activation-rules.ts). */

/** The order line of the SIM sale follows the order: in progress while provisioning, SUCCESS once active, FAILED with the reason. */
export const setSaleOrderStatus = (
  db: Db,
  orderRef: string,
  status: 'PENDING' | 'QUEUED' | 'SUCCESS' | 'FAILED',
  at: string,
  error: string | null = null,
): void => {
  const done = status === 'SUCCESS' || status === 'FAILED';
  stmt<[string, string | null, string]>(db, 'UPDATE orders SET status = ?, executed_at = ? WHERE order_ref = ?').run(
    status,
    done ? at : null,
    orderRef,
  );
  stmt<[string, string | null, string | null, string | null, string, string]>(
    db,
    `UPDATE order_lines SET status = ?, executed_at = ?, reason_error = ?, error = ?
     WHERE item_kind = 'CONTRACT' AND resource_name = ? AND order_id = (SELECT id FROM orders WHERE order_ref = ?)`,
  ).run(status, done ? at : null, error === null ? null : 'TEXT', error, ACTIVATE_RESOURCE, orderRef);
};

const touchContract = (db: Db, contractId: number, sets: string, values: readonly (string | null)[], at: string): void => {
  stmt<(string | number | null)[]>(db, `UPDATE contracts SET ${sets}, updated_at = ? WHERE id = ?`).run(...values, at, contractId);
};

/** A new number is asked for: the provisioning starts now and moves on by itself. */
export const requestNewNumber = (db: Db, order: SimOrderRow, now: Date): void => {
  const at = now.toISOString();
  touchContract(db, order.contract_id, "sub_status = 'ACTIVATION_REQUESTED', scenario = 'new_number', port_in_status = NULL", [], at);
  stmt<[string, string, number]>(
    db,
    "UPDATE sim_orders SET mode = 'new_number', requested_at = ?, port_in_msisdn = NULL, failure_reason = NULL, next_step_at = ? WHERE id = ?",
  ).run(at, new Date(now.getTime() + provisioningSchedule.newNumber.executedAfterMs).toISOString(), order.id);
  addEvent(db, order.id, 'ACTIVATION_REQUESTED', at);
  setSaleOrderStatus(db, order.order_ref, 'QUEUED', at);
};

export type PortInData = { msisdn: string; type: PortInType; otherAccountNumber: string | null; otherIccid: string | null };

/** A transfer is asked for: the other operator answers after an hour (lib/provisioning.ts). */
export const requestPortIn = (db: Db, order: SimOrderRow, data: PortInData, now: Date): void => {
  const at = now.toISOString();
  touchContract(
    db,
    order.contract_id,
    "sub_status = 'PORT_IN_REQUESTED', scenario = 'port_in', port_in_status = 'REQUESTED', port_in_type = ?, other_account_number = ?, other_iccid = ?",
    [data.type, data.otherAccountNumber, data.otherIccid],
    at,
  );
  stmt<[string, string, string, number]>(
    db,
    "UPDATE sim_orders SET mode = 'port_in', requested_at = ?, port_in_msisdn = ?, failure_reason = NULL, next_step_at = ? WHERE id = ?",
  ).run(at, data.msisdn, new Date(now.getTime() + provisioningSchedule.portIn.answeredAfterMs).toISOString(), order.id);
  addEvent(db, order.id, 'PORT_IN_REQUESTED', at);
  setSaleOrderStatus(db, order.order_ref, 'QUEUED', at);
};

/** A number is taken: a line of ours has it, or another order is transferring it. */
export const msisdnTaken = (db: Db, msisdn: string, exceptSimOrderId: number): boolean =>
  stmt<[string], { n: number }>(db, 'SELECT COUNT(*) AS n FROM contracts WHERE msisdn = ?').get(msisdn)!.n > 0 ||
  stmt<[string, number], { n: number }>(
    db,
    `SELECT COUNT(*) AS n FROM sim_orders s JOIN contracts c ON c.id = s.contract_id
     WHERE s.port_in_msisdn = ? AND s.id <> ? AND c.sub_status IN ('PORT_IN_REQUESTED', 'PORT_IN_ACCEPTED', 'PORT_IN_EXECUTED')`,
  ).get(msisdn, exceptSimOrderId)!.n > 0;

export type StoredFile = { path: string; mediaType: string; size: number };

/** Documents received: the identity numbers on the contract, the files listed, and the order waits for our check. */
export const recordIdentification = (
  db: Db,
  order: SimOrderRow,
  document: { documentType: IdentityDocumentType; cardNumber: string; nationalNumber: string | null },
  files: readonly StoredFile[],
  now: Date,
): void => {
  const at = now.toISOString();
  const documentId = Number(
    stmt<[number, string, string, string]>(
      db,
      'INSERT INTO identity_documents (contract_id, document_type, card_number, created_at) VALUES (?, ?, ?, ?)',
    ).run(order.contract_id, document.documentType, document.cardNumber, at).lastInsertRowid,
  );
  const insertFile = stmt<[number, string, string, number, string]>(
    db,
    'INSERT INTO identity_files (document_id, path, media_type, size, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  for (const file of files) insertFile.run(documentId, file.path, file.mediaType, file.size, at);
  touchContract(
    db,
    order.contract_id,
    "identification_status = 'NEED_VALIDATION', id_card_number = ?, national_register_number = COALESCE(?, national_register_number)",
    [document.cardNumber, document.nationalNumber],
    at,
  );
  stmt<[string, number]>(db, 'UPDATE sim_orders SET next_step_at = ? WHERE id = ?').run(
    new Date(now.getTime() + provisioningSchedule.identificationCheckedAfterMs).toISOString(),
    order.id,
  );
  addEvent(db, order.id, 'IDENTIFICATION_SENT', at);
};

/** The holder's birth date, which the national register number must start with (SPEC §5). */
export const holderBirthDate = (db: Db, customerId: number): string | null =>
  stmt<[number], { birth_date: string | null }>(db, 'SELECT birth_date FROM contacts WHERE customer_id = ?').get(customerId)?.birth_date ??
  null;

/* The provisioning simulator's reads and writes (lib/provisioning.ts decides). */

export const dueSimOrderIds = (db: Db, now: Date, limit: number): number[] =>
  stmt<[string, number], { id: number }>(db, 'SELECT id FROM sim_orders WHERE next_step_at <= ? ORDER BY next_step_at, id LIMIT ?')
    .all(now.toISOString(), limit)
    .map((row) => row.id);

export const findSimOrderById = (db: Db, id: number): SimOrderRow | undefined =>
  stmt<[number], SimOrderRow>(db, `SELECT ${SIM_ORDER_COLUMNS} ${SIM_ORDER_FROM} WHERE s.id = ?`).get(id);

export type DonorLine = { operator: string; type: PortInType; account_number: string | null; iccid: string | null };

export const findDonorLine = (db: Db, msisdn: string): DonorLine | undefined =>
  stmt<[string], DonorLine>(db, 'SELECT operator, type, account_number, iccid FROM donor_lines WHERE msisdn = ?').get(msisdn);

export type PortInProof = { type: PortInType | null; otherAccountNumber: string | null; otherIccid: string | null };

export const portInProofOf = (db: Db, contractId: number): PortInProof =>
  stmt<[number], PortInProof>(
    db,
    'SELECT port_in_type AS type, other_account_number AS otherAccountNumber, other_iccid AS otherIccid FROM contracts WHERE id = ?',
  ).get(contractId) ?? { type: null, otherAccountNumber: null, otherIccid: null };

export const setNextStep = (db: Db, simOrderId: number, at: string | null): void => {
  stmt<[string | null, number]>(db, 'UPDATE sim_orders SET next_step_at = ? WHERE id = ?').run(at, simOrderId);
};

export const identificationChecked = (db: Db, order: SimOrderRow, at: string): void => {
  touchContract(db, order.contract_id, "identification_status = 'OK'", [], at);
  addEvent(db, order.id, 'IDENTIFICATION_OK', at);
};

export const setSubStatus = (db: Db, order: SimOrderRow, subStatus: SimOrderStep & SimOrder['subStatus'], at: string): void => {
  touchContract(db, order.contract_id, 'sub_status = ?', [subStatus], at);
  addEvent(db, order.id, subStatus, at);
};

export const portInAnswered = (db: Db, order: SimOrderRow, failure: PortInFailureReason | null, at: string): void => {
  if (failure === null) {
    touchContract(db, order.contract_id, "sub_status = 'PORT_IN_ACCEPTED', port_in_status = 'ACCEPTED'", [], at);
    addEvent(db, order.id, 'PORT_IN_ACCEPTED', at);
    return;
  }
  touchContract(db, order.contract_id, "sub_status = 'PORT_IN_FAILED', port_in_status = 'REJECTED'", [], at);
  stmt<[string, number]>(db, 'UPDATE sim_orders SET failure_reason = ? WHERE id = ?').run(failure, order.id);
  addEvent(db, order.id, 'PORT_IN_FAILED', at);
  setSaleOrderStatus(
    db,
    order.order_ref,
    'FAILED',
    at,
    failure === 'dataMismatch' ? 'Port-in data does not match' : 'Number unknown at the other operator',
  );
};

/** The transfer is executed: the line takes the transferred number (the number reserved for it is released). */
export const portInExecuted = (db: Db, order: SimOrderRow, at: string): void => {
  touchContract(
    db,
    order.contract_id,
    "sub_status = 'PORT_IN_EXECUTED', port_in_status = 'EXECUTED', msisdn = ?",
    [order.port_in_msisdn],
    at,
  );
  addEvent(db, order.id, 'PORT_IN_EXECUTED', at);
};

export const lineActivated = (db: Db, order: SimOrderRow, at: string): void => {
  touchContract(db, order.contract_id, "status = 'ACTIVATED', sub_status = 'ACTIVATED', activated_at = ?", [at], at);
  addEvent(db, order.id, 'ACTIVATED', at);
  setSaleOrderStatus(db, order.order_ref, 'SUCCESS', at);
};

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
  /** SPEC §3 contract states at the time of the sale. */
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

export const insertSimSale = (db: Db, sale: SimSale): number => {
  const created = sale.createdAt;
  stmt(
    db,
    `INSERT INTO customers (id, guid, mobile_id, is_complete, is_confirmed, accept_conditions, last_update)
     VALUES (?, ?, ?, 0, 0, 1, ?)`,
  ).run(sale.customerId, sale.customerGuid, sale.mobileId, created);
  stmt(
    db,
    `INSERT INTO contacts (id, guid, customer_id, civility, first_name, last_name, birth_date, nationality, mobile, email,
     is_email_confirmed, language, is_residential, last_update) VALUES (?, ?, ?, NULL, ?, ?, ?, 'BE', NULL, ?, 1, ?, 1, ?)`,
  ).run(
    sale.customerId,
    sale.contactGuid,
    sale.customerId,
    sale.firstName,
    sale.lastName,
    sale.birthDate,
    sale.email,
    sale.language,
    created,
  );
  stmt(
    db,
    `INSERT INTO invoicing (id, customer_id, street, number, box, city, zip_code, country, payment_mode, holder_first_name,
     holder_last_name, holder_email, last_update) VALUES (?, ?, ?, ?, NULL, ?, ?, 'BE', 'BT', ?, ?, ?, ?)`,
  ).run(
    sale.customerId,
    sale.customerId,
    sale.address.street,
    sale.address.number,
    sale.address.city,
    sale.address.zip,
    sale.firstName,
    sale.lastName,
    sale.email,
    created,
  );
  stmt(
    db,
    `INSERT INTO contracts (id, customer_id, contract_ref, order_id, scenario, type, msisdn, status, sub_status, sim_iccid,
     sim_sent_date, street, number, city, zip_code, country, lead, identification_status, fraud_status, created_at, updated_at,
     bill_cycle_id, product_id) VALUES (?, ?, ?, ?, NULL, 'post_simple', ?, ?, ?, ?, ?, ?, ?, ?, ?, 'BE', 'webshop', ?, 'OK', ?, ?, ?, ?)`,
  ).run(
    sale.contractId,
    sale.customerId,
    `C-${String(sale.contractId).padStart(6, '0')}`,
    sale.orderRef,
    sale.msisdn,
    sale.status,
    sale.subStatus,
    sale.iccid,
    sale.simSentAt?.slice(0, 10) ?? null,
    sale.address.street,
    sale.address.number,
    sale.address.city,
    sale.address.zip,
    sale.identificationStatus,
    created,
    created,
    sale.billCycleId,
    sale.productId,
  );
  // Every line has the full grid of alert types × channels: usage alerts by SMS, all but the 80 % alert by e-mail,
  // no push until the customer allows it.
  const insertNotification = stmt(
    db,
    'INSERT INTO notification_settings (customer_id, contract_id, type, channel, active) VALUES (?, ?, ?, ?, ?)',
  );
  for (const type of ['80PC', '100PC', 'OOB', 'INV', 'OTHER'] as const) {
    for (const channel of ['SMS', 'EMAIL', 'PUSH'] as const) {
      const active = channel === 'SMS' ? type === '80PC' || type === '100PC' || type === 'OOB' : channel === 'EMAIL' && type !== '80PC';
      insertNotification.run(sale.customerId, sale.contractId, type, channel, active ? 1 : 0);
    }
  }
  stmt(db, 'INSERT INTO contract_products (contract_id, product_id, is_base, active, bill_cycle_id) VALUES (?, ?, 1, 1, ?)').run(
    sale.contractId,
    sale.productId,
    sale.billCycleId,
  );
  const orderId = Number(
    stmt(db, `INSERT INTO orders (order_ref, contract_id, status, created_at, initiator_type) VALUES (?, ?, 'PENDING', ?, 'S')`).run(
      sale.orderRef,
      sale.contractId,
      created,
    ).lastInsertRowid,
  );
  stmt(
    db,
    `INSERT INTO order_lines (order_id, order_type, item_kind, resource_name, new_value, status, created_at)
     VALUES (?, 'contract', 'CONTRACT', ?, (SELECT name FROM products WHERE id = ?), 'PENDING', ?)`,
  ).run(orderId, ACTIVATE_RESOURCE, sale.productId, created);
  stmt(
    db,
    'INSERT INTO activation_codes (order_ref, contract_id, code_hash, attempts, expires_at, used_at, created_at) VALUES (?, ?, ?, 0, ?, NULL, ?)',
  ).run(sale.orderRef, sale.contractId, sale.codeHash, sale.codeExpiresAt, created);
  return insertSimOrder(db, {
    uuid: sale.uuid,
    contractId: sale.contractId,
    orderRef: sale.orderRef,
    createdAt: created,
    identificationStatus: sale.identificationStatus,
    simSentAt: sale.simSentAt,
    returned: sale.subStatus === 'SIM_DELIVERY_FAILED',
  });
};

/** The follow-up row of a SIM order and the states it reached so far (validated, identification, SIM sent or returned). */
export const insertSimOrder = (
  db: Db,
  order: {
    uuid: string;
    contractId: number;
    orderRef: string;
    createdAt: string;
    identificationStatus: string;
    simSentAt: string | null;
    returned: boolean;
  },
): number => {
  const id = Number(
    stmt(db, 'INSERT INTO sim_orders (uuid, contract_id, order_ref, created_at) VALUES (?, ?, ?, ?)').run(
      order.uuid,
      order.contractId,
      order.orderRef,
      order.createdAt,
    ).lastInsertRowid,
  );
  addEvent(db, id, 'ORDER_VALIDATED', order.createdAt);
  if (order.identificationStatus === 'NEED_IDENTIFICATION' || order.identificationStatus === 'NOT_PASSED') {
    addEvent(db, id, 'IDENTIFICATION_NEEDED', order.createdAt);
  }
  if (order.simSentAt !== null) addEvent(db, id, 'SIM_SENT', order.simSentAt);
  if (order.returned && order.simSentAt !== null) addEvent(db, id, 'SIM_DELIVERY_FAILED', plus(order.simSentAt, 3 * 24 * HOUR));
  return id;
};

export const insertDonorLine = (db: Db, line: { msisdn: string } & DonorLine): void => {
  stmt(db, 'INSERT INTO donor_lines (msisdn, operator, type, account_number, iccid) VALUES (?, ?, ?, ?, ?)').run(
    line.msisdn,
    line.operator,
    line.type,
    line.account_number,
    line.iccid,
  );
};
