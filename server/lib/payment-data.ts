import type { Language } from '#contract/common';
import { situationTotals, type OpenItem, type SituationTotals } from '#contract/invoice-rules';
import type { FinalPaymentStatus, OnlinePayment, PaymentStatus } from '#contract/payments';
import type { Db } from '../db/engine.ts';
import { allocatePayment, type OpenDocument } from './payment-allocation.ts';
import { localDate } from '#contract/calendar';

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
  /** The provider's checkout, while the payment is open: a second request for the same debt is sent there. */
  checkout_url: string | null;
};

const PAYMENT_COLUMNS = [
  'id',
  'reference',
  'provider_id',
  'customer_id',
  'user_id',
  'scope',
  'amount_cents',
  'description',
  'status',
  'method',
  'language',
  'created_at',
  'settled_at',
  'paid_at',
  'unapplied_cents',
  'checkout_url',
] as const;

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

const DOCUMENT_COLUMNS = [
  'id',
  'uuid',
  'piece_id',
  'structured_communication',
  'total_incl_vat_cents',
  'partial_paid_cents',
  'due_date',
  'generated_at',
  'payment_mode',
  'document_type',
  'paid',
] as const;

// ---------------------------------------------------------------------------------------------------------------
// What is owed
// ---------------------------------------------------------------------------------------------------------------

/** A customer's open invoices and credit notes, the one due first on top. */
export const openDocuments = (db: Db, customerId: number): Promise<DocumentRow[]> =>
  db
    .selectFrom('invoices')
    .select(DOCUMENT_COLUMNS)
    .where('customer_id', '=', customerId)
    .where('paid', '=', 0)
    .orderBy('due_date')
    .orderBy('generated_at')
    .orderBy('id')
    .execute();

/** One of this customer's documents, open or not (undefined for another customer's: the route answers 404). */
export const findDocument = (db: Db, customerId: number, uuid: string): Promise<DocumentRow | undefined> =>
  db.selectFrom('invoices').select(DOCUMENT_COLUMNS).where('uuid', '=', uuid).where('customer_id', '=', customerId).executeTakeFirst();

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

/**
 * What an open payment claims (docs/product/payments.md "One payment per debt"): each document it pays, and the open
 * total for a payment of the open total. One open payment holds a claim at a time (online_payment_claims' key).
 */
export const claimsOf = (payment: Pick<NewPayment, 'scope' | 'items'>): string[] => [
  ...(payment.scope === 'open_total' ? ['open_total'] : []),
  ...payment.items.map((item) => `invoice:${item.invoiceId}`),
];

/** The customer's open payment holding one of these claims (the oldest), if any. */
export const findClaimingPayment = async (db: Db, customerId: number, claims: readonly string[]): Promise<PaymentRow | undefined> => {
  if (claims.length === 0) return undefined;
  const holder = await db
    .selectFrom('online_payment_claims as c')
    .innerJoin('online_payments as p', 'p.id', 'c.payment_id')
    .select('p.id')
    .where('c.customer_id', '=', customerId)
    .where('c.claim', 'in', claims)
    .orderBy('p.created_at')
    .orderBy('p.id')
    .executeTakeFirst();
  return holder ? findPaymentById(db, holder.id) : undefined;
};

/**
 * Records a payment before the provider is asked for it, so that no provider payment exists without its row, with
 * its claims: a unique violation when another open payment holds one of them (the caller looks for it first, in the
 * same write transaction; the key is what holds across instances).
 */
export const insertPayment = async (db: Db, payment: NewPayment): Promise<number> => {
  const { id } = await db
    .insertInto('online_payments')
    .values({
      reference: payment.reference,
      customer_id: payment.customerId,
      user_id: payment.userId,
      scope: payment.scope,
      amount_cents: payment.amountCents,
      description: payment.description,
      language: payment.language,
      status: 'open',
      created_at: payment.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (payment.items.length > 0) {
    await db
      .insertInto('online_payment_items')
      .values(payment.items.map((item, position) => ({ payment_id: id, invoice_id: item.invoiceId, position, due_cents: item.dueCents })))
      .execute();
  }
  await db
    .insertInto('online_payment_claims')
    .values(claimsOf(payment).map((claim) => ({ customer_id: payment.customerId, claim, payment_id: id })))
    .execute();
  return id;
};

const releaseClaims = async (db: Db, paymentId: number): Promise<void> => {
  await db.deleteFrom('online_payment_claims').where('payment_id', '=', paymentId).execute();
};

/**
 * The provider's id and checkout, once the provider created the payment; false when the payment was settled
 * meanwhile (expired as never having reached the provider): nobody is sent to that checkout then.
 */
export const attachProviderId = async (db: Db, id: number, providerId: string, checkoutUrl: string): Promise<boolean> =>
  (
    await db
      .updateTable('online_payments')
      .set({ provider_id: providerId, checkout_url: checkoutUrl })
      .where('id', '=', id)
      .where('settled_at', 'is', null)
      .executeTakeFirst()
  ).numUpdatedRows === 1n;

/** A payment the provider refused to create never existed. */
export const deletePayment = async (db: Db, id: number): Promise<void> => {
  await releaseClaims(db, id);
  await db.deleteFrom('online_payments').where('id', '=', id).execute();
};

export const findPaymentById = (db: Db, id: number): Promise<PaymentRow | undefined> =>
  db.selectFrom('online_payments').select(PAYMENT_COLUMNS).where('id', '=', id).executeTakeFirst();

export const findPaymentByProviderId = (db: Db, providerId: string): Promise<PaymentRow | undefined> =>
  db.selectFrom('online_payments').select(PAYMENT_COLUMNS).where('provider_id', '=', providerId).executeTakeFirst();

/** One of this customer's payments (undefined for another customer's). */
export const findPaymentByReference = (db: Db, customerId: number, reference: string): Promise<PaymentRow | undefined> =>
  db
    .selectFrom('online_payments')
    .select(PAYMENT_COLUMNS)
    .where('reference', '=', reference)
    .where('customer_id', '=', customerId)
    .executeTakeFirst();

type ItemRow = { invoice_id: number; piece_id: string };

const paymentItems = (db: Db, paymentId: number): Promise<ItemRow[]> =>
  db
    .selectFrom('online_payment_items as i')
    .innerJoin('invoices as v', 'v.id', 'i.invoice_id')
    .select(['i.invoice_id', 'v.piece_id'])
    .where('i.payment_id', '=', paymentId)
    .orderBy('i.position')
    .execute();

export const toOnlinePayment = async (db: Db, row: PaymentRow): Promise<OnlinePayment> => ({
  reference: row.reference,
  status: row.status,
  amount: row.amount_cents,
  scope: row.scope,
  invoices: (await paymentItems(db, row.id)).map((item) => item.piece_id),
  createdAt: row.created_at,
  settledAt: row.settled_at,
});

/**
 * Payments still waiting for a final status, created before `createdBefore` (the provider is asked about them:
 * a webhook may have been lost, or could not reach this server).
 */
export const waitingPayments = (db: Db, createdBefore: string, limit: number): Promise<PaymentRow[]> =>
  db
    .selectFrom('online_payments')
    .select(PAYMENT_COLUMNS)
    .where('settled_at', 'is', null)
    .where('created_at', '<', createdBefore)
    .orderBy('created_at')
    .limit(limit)
    .execute();

/** A status on the way (open, pending, authorized): informative, changes nothing else. */
export const setProgressStatus = async (db: Db, id: number, status: PaymentStatus, method: string | null): Promise<void> => {
  await db
    .updateTable('online_payments')
    .set((eb) => ({ status, method: eb.fn.coalesce(eb.val(method), eb.ref('method')) }))
    .where('id', '=', id)
    .where('settled_at', 'is', null)
    .execute();
};

/**
 * A final status, applied once: true when this call applied it, false when the payment was already settled (a
 * replayed or concurrent webhook). The caller runs it in the transaction that applies the rest.
 */
export const settlePayment = async (
  db: Db,
  id: number,
  status: FinalPaymentStatus,
  fields: { method: string | null; settledAt: string; paidAt: string | null; unapplied: number },
): Promise<boolean> => {
  const applied =
    (
      await db
        .updateTable('online_payments')
        .set((eb) => ({
          status,
          method: eb.fn.coalesce(eb.val(fields.method), eb.ref('method')),
          settled_at: fields.settledAt,
          paid_at: fields.paidAt,
          unapplied_cents: fields.unapplied,
        }))
        .where('id', '=', id)
        .where('settled_at', 'is', null)
        .executeTakeFirst()
    ).numUpdatedRows === 1n;
  // Settled: the debt is free for another payment.
  if (applied) await releaseClaims(db, id);
  return applied;
};

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
export const applyPaidAmount = async (
  db: Db,
  payment: PaymentRow,
  amountCents: number,
  paidAt: string,
  now: Date,
): Promise<PaidOutcome> => {
  const open = await openDocuments(db, payment.customer_id);
  const covered = (await paymentItems(db, payment.id)).map((item) => item.invoice_id);
  const { updates, unapplied } = allocatePayment(amountCents, covered, open.map(toOpenDocument));
  const byId = new Map(open.map((row) => [row.id, row]));
  const settled: string[] = [];
  for (const update of updates) {
    await db
      .updateTable('invoices')
      .set({ partial_paid_cents: update.partiallyPaid })
      .where('id', '=', update.id)
      .where('paid', '=', 0)
      .execute();
    if (update.settled) {
      await db.updateTable('invoices').set({ paid: 1, paid_at: paidAt }).where('id', '=', update.id).where('paid', '=', 0).execute();
      const row = byId.get(update.id);
      if (row) settled.push(row.piece_id);
    }
  }
  const after = situationOf(await openDocuments(db, payment.customer_id), now);
  const dunningLifted = !after.payUrgently && (await liftDunning(db, payment.customer_id, now.toISOString()));
  return { settled, unapplied, dunningLifted };
};

/** Clears the dunning level of the customer's lines; true when a line had it. */
const liftDunning = async (db: Db, customerId: number, updatedAt: string): Promise<boolean> =>
  (
    await db
      .updateTable('contracts')
      .set({ dunning_level_reached: 0, updated_at: updatedAt })
      .where('customer_id', '=', customerId)
      .where('dunning_level_reached', '=', 1)
      .executeTakeFirst()
  ).numUpdatedRows > 0n;

// ---------------------------------------------------------------------------------------------------------------
// The receipt
// ---------------------------------------------------------------------------------------------------------------

type ReceiptRecipient = { email: string; name: string };

/** Who gets the receipt: the e-mail address for invoices (the payment details' holder), else the contact's. */
export const receiptRecipient = async (db: Db, customerId: number): Promise<ReceiptRecipient | null> => {
  const row = await db
    .selectFrom('customers as k')
    .leftJoin('invoicing as i', 'i.customer_id', 'k.id')
    .leftJoin('contacts as c', 'c.customer_id', 'k.id')
    .select(['i.holder_email', 'i.holder_first_name', 'c.email', 'c.first_name'])
    .where('k.id', '=', customerId)
    .executeTakeFirst();
  const email = row?.holder_email ?? row?.email ?? null;
  if (!row || !email) return null;
  return { email, name: (row.holder_email ? row.holder_first_name : row.first_name) ?? row.first_name ?? '' };
};
