import type { Language } from '#contract/common';
import { situationTotals, type OpenItem, type SituationTotals } from '#contract/invoice-rules';
import type { FinalPaymentStatus, OnlinePayment, PaymentStatus } from '#contract/payments';
import type { Db } from '../db/database.ts';
import { allocatePayment, type OpenDocument } from './payment-allocation.ts';
import { localDate } from './service-calendar.ts';
import { stmt } from './sql.ts';

/*
 * The payments area's repository (docs/product/payments.md): the online payments and what they pay, the open
 * documents a payment is computed from, and the writes of a paid payment (the invoices, the dunning flag). Every
 * query is its own small statement; the flow around them (the provider, the transactions) is in payment-service.ts.
 */

export type PaymentRow = {
  id: number;
  reference: string;
  provider_id: string | null;
  customer_id: number;
  user_id: number | null;
  scope: 'invoice' | 'open_total';
  amount_cents: number;
  description: string;
  status: PaymentStatus;
  method: string | null;
  language: Language;
  created_at: string;
  settled_at: string | null;
  paid_at: string | null;
  unapplied_cents: number;
};

const PAYMENT_COLUMNS = `id, reference, provider_id, customer_id, user_id, scope, amount_cents, description, status, method, language,
  created_at, settled_at, paid_at, unapplied_cents`;

/** An invoice or credit note as a payment sees it. */
export type DocumentRow = {
  id: number;
  uuid: string;
  piece_id: string;
  structured_communication: string;
  total_incl_vat_cents: number;
  partial_paid_cents: number;
  due_date: string;
  generated_at: string;
  payment_mode: 'DD' | 'BT';
  document_type: 'invoice' | 'credit_note';
  paid: number;
};

const DOCUMENT_COLUMNS = `id, uuid, piece_id, structured_communication, total_incl_vat_cents, partial_paid_cents, due_date, generated_at,
  payment_mode, document_type, paid`;

// ---------------------------------------------------------------------------------------------------------------
// What is owed
// ---------------------------------------------------------------------------------------------------------------

/** A customer's open invoices and credit notes, the one due first on top. */
export const openDocuments = (db: Db, customerId: number): DocumentRow[] =>
  stmt<[number], DocumentRow>(
    db,
    `SELECT ${DOCUMENT_COLUMNS} FROM invoices WHERE customer_id = ? AND paid = 0 ORDER BY due_date, generated_at, id`,
  ).all(customerId);

/** One of this customer's documents, open or not (undefined for another customer's: the route answers 404). */
export const findDocument = (db: Db, customerId: number, uuid: string): DocumentRow | undefined =>
  stmt<[string, number], DocumentRow>(db, `SELECT ${DOCUMENT_COLUMNS} FROM invoices WHERE uuid = ? AND customer_id = ?`).get(
    uuid,
    customerId,
  );

const toOpenItem = (row: DocumentRow): OpenItem => ({
  uuid: row.uuid,
  total: row.total_incl_vat_cents,
  paid: row.partial_paid_cents,
  dueDate: row.due_date,
  issued: localDate(Date.parse(row.generated_at)),
  paymentMode: row.payment_mode,
});

/** The invoice situation's totals (docs/product/invoices.md "Invoice situation"), from the shared rule. */
export const situationOf = (rows: readonly DocumentRow[], now: Date): SituationTotals =>
  situationTotals(rows.map(toOpenItem), localDate(now.getTime()));

export const asOpenItem = toOpenItem;

// ---------------------------------------------------------------------------------------------------------------
// Payments
// ---------------------------------------------------------------------------------------------------------------

export type NewPayment = {
  reference: string;
  customerId: number;
  userId: number;
  scope: PaymentRow['scope'];
  amountCents: number;
  description: string;
  language: Language;
  createdAt: string;
  /** The documents it pays, in the order the money goes to them, with what was due on each. */
  items: readonly { invoiceId: number; dueCents: number }[];
};

/** Records a payment before the provider is asked for it, so that no provider payment exists without its row. */
export const insertPayment = (db: Db, payment: NewPayment): number => {
  const { lastInsertRowid } = stmt<[string, number, number, string, number, string, string, string]>(
    db,
    `INSERT INTO online_payments (reference, customer_id, user_id, scope, amount_cents, description, language, status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'open', ?)`,
  ).run(
    payment.reference,
    payment.customerId,
    payment.userId,
    payment.scope,
    payment.amountCents,
    payment.description,
    payment.language,
    payment.createdAt,
  );
  const id = Number(lastInsertRowid);
  const insertItem = stmt<[number, number, number, number]>(
    db,
    'INSERT INTO online_payment_items (payment_id, invoice_id, position, due_cents) VALUES (?, ?, ?, ?)',
  );
  payment.items.forEach((item, position) => insertItem.run(id, item.invoiceId, position, item.dueCents));
  return id;
};

/** The provider's id, once the provider created the payment. */
export const attachProviderId = (db: Db, id: number, providerId: string): void => {
  stmt<[string, number]>(db, 'UPDATE online_payments SET provider_id = ? WHERE id = ?').run(providerId, id);
};

/** A payment the provider refused to create never existed. */
export const deletePayment = (db: Db, id: number): void => {
  stmt<[number]>(db, 'DELETE FROM online_payments WHERE id = ?').run(id);
};

export const findPaymentById = (db: Db, id: number): PaymentRow | undefined =>
  stmt<[number], PaymentRow>(db, `SELECT ${PAYMENT_COLUMNS} FROM online_payments WHERE id = ?`).get(id);

export const findPaymentByProviderId = (db: Db, providerId: string): PaymentRow | undefined =>
  stmt<[string], PaymentRow>(db, `SELECT ${PAYMENT_COLUMNS} FROM online_payments WHERE provider_id = ?`).get(providerId);

/** One of this customer's payments (undefined for another customer's). */
export const findPaymentByReference = (db: Db, customerId: number, reference: string): PaymentRow | undefined =>
  stmt<[string, number], PaymentRow>(db, `SELECT ${PAYMENT_COLUMNS} FROM online_payments WHERE reference = ? AND customer_id = ?`).get(
    reference,
    customerId,
  );

type ItemRow = { invoice_id: number; piece_id: string };

const paymentItems = (db: Db, paymentId: number): ItemRow[] =>
  stmt<[number], ItemRow>(
    db,
    `SELECT i.invoice_id, v.piece_id FROM online_payment_items i JOIN invoices v ON v.id = i.invoice_id
     WHERE i.payment_id = ? ORDER BY i.position`,
  ).all(paymentId);

export const toOnlinePayment = (db: Db, row: PaymentRow): OnlinePayment => ({
  reference: row.reference,
  status: row.status,
  amount: row.amount_cents,
  scope: row.scope,
  invoices: paymentItems(db, row.id).map((item) => item.piece_id),
  createdAt: row.created_at,
  settledAt: row.settled_at,
});

/**
 * Payments still waiting for a final status, created before `createdBefore` (the provider is asked about them:
 * a webhook may have been lost, or could not reach this server).
 */
export const waitingPayments = (db: Db, createdBefore: string, limit: number): PaymentRow[] =>
  stmt<[string, number], PaymentRow>(
    db,
    `SELECT ${PAYMENT_COLUMNS} FROM online_payments WHERE settled_at IS NULL AND created_at < ? ORDER BY created_at LIMIT ?`,
  ).all(createdBefore, limit);

/** A status on the way (open, pending, authorized): informative, changes nothing else. */
export const setProgressStatus = (db: Db, id: number, status: PaymentStatus, method: string | null): void => {
  stmt<[string, string | null, number]>(
    db,
    'UPDATE online_payments SET status = ?, method = COALESCE(?, method) WHERE id = ? AND settled_at IS NULL',
  ).run(status, method, id);
};

/**
 * A final status, applied once: true when this call applied it, false when the payment was already settled (a
 * replayed or concurrent webhook). The caller runs it in the transaction that applies the rest.
 */
export const settlePayment = (
  db: Db,
  id: number,
  status: FinalPaymentStatus,
  fields: { method: string | null; settledAt: string; paidAt: string | null; unapplied: number },
): boolean =>
  stmt<[string, string | null, string, string | null, number, number]>(
    db,
    `UPDATE online_payments SET status = ?, method = COALESCE(?, method), settled_at = ?, paid_at = ?, unapplied_cents = ?
     WHERE id = ? AND settled_at IS NULL`,
  ).run(status, fields.method, fields.settledAt, fields.paidAt, fields.unapplied, id).changes === 1;

// ---------------------------------------------------------------------------------------------------------------
// A paid payment
// ---------------------------------------------------------------------------------------------------------------

const toOpenDocument = (row: DocumentRow): OpenDocument => ({
  id: row.id,
  total: row.total_incl_vat_cents,
  partiallyPaid: row.partial_paid_cents,
  dueDate: row.due_date,
  issued: localDate(Date.parse(row.generated_at)),
});

export type PaidOutcome = {
  /** The pieces of the documents the payment settled. */
  settled: string[];
  /** Money no open invoice was left to take. */
  unapplied: number;
  /** The customer's lines left dunning (no urgent payment any more). */
  dunningLifted: boolean;
};

/**
 * Applies `amountCents` received for a payment (payment-allocation.ts): the documents it settles are paid with the
 * date `paidAt`, the others' partial payments grow. Then, when no urgent payment remains, the dunning of the
 * customer's lines is lifted (docs/product/payments.md "Payment outcomes"): dunning follows from urgent payment.
 * Runs inside the caller's transaction.
 */
export const applyPaidAmount = (db: Db, payment: PaymentRow, amountCents: number, paidAt: string, now: Date): PaidOutcome => {
  const open = openDocuments(db, payment.customer_id);
  const covered = paymentItems(db, payment.id).map((item) => item.invoice_id);
  const { updates, unapplied } = allocatePayment(amountCents, covered, open.map(toOpenDocument));
  const settle = stmt<[string, number]>(db, 'UPDATE invoices SET paid = 1, paid_at = ? WHERE id = ? AND paid = 0');
  const partial = stmt<[number, number]>(db, 'UPDATE invoices SET partial_paid_cents = ? WHERE id = ? AND paid = 0');
  const byId = new Map(open.map((row) => [row.id, row]));
  const settled: string[] = [];
  for (const update of updates) {
    partial.run(update.partiallyPaid, update.id);
    if (update.settled) {
      settle.run(paidAt, update.id);
      const row = byId.get(update.id);
      if (row) settled.push(row.piece_id);
    }
  }
  const after = situationOf(openDocuments(db, payment.customer_id), now);
  const dunningLifted = !after.payUrgently && liftDunning(db, payment.customer_id, now.toISOString());
  return { settled, unapplied, dunningLifted };
};

/** Clears the dunning level of the customer's lines; true when a line had it. */
const liftDunning = (db: Db, customerId: number, updatedAt: string): boolean =>
  stmt<[string, number]>(
    db,
    'UPDATE contracts SET dunning_level_reached = 0, updated_at = ? WHERE customer_id = ? AND dunning_level_reached = 1',
  ).run(updatedAt, customerId).changes > 0;

// ---------------------------------------------------------------------------------------------------------------
// The receipt
// ---------------------------------------------------------------------------------------------------------------

type ReceiptRecipient = { email: string; name: string };

/** Who gets the receipt: the e-mail address for invoices (the payment details' holder), else the contact's. */
export const receiptRecipient = (db: Db, customerId: number): ReceiptRecipient | null => {
  const row = stmt<
    [number],
    { holder_email: string | null; holder_first_name: string | null; email: string | null; first_name: string | null }
  >(
    db,
    `SELECT i.holder_email, i.holder_first_name, c.email, c.first_name
     FROM customers k LEFT JOIN invoicing i ON i.customer_id = k.id LEFT JOIN contacts c ON c.customer_id = k.id
     WHERE k.id = ?`,
  ).get(customerId);
  const email = row?.holder_email ?? row?.email ?? null;
  if (!row || !email) return null;
  return { email, name: (row.holder_email ? row.holder_first_name : row.first_name) ?? row.first_name ?? '' };
};
