import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '#contract/common';
import { isPendingDebit } from '#contract/invoice-rules';
import { isFinalPaymentStatus } from '#contract/payments';
import { type Db, writeTransaction } from '../db/engine.ts';
import { ApiError, notFound } from './api-error.ts';
import type { Clock } from './clock.ts';
import { accountReference } from './invoice-data.ts';
import type { Mailer } from './mailer.ts';
import { renderMessage } from './messages.ts';
import {
  applyPaidAmount,
  asOpenItem,
  attachProviderId,
  deletePayment,
  findDocument,
  findPaymentById,
  insertPayment,
  openDocuments,
  receiptRecipient,
  setProgressStatus,
  settlePayment,
  situationOf,
  type NewPayment,
  type PaidOutcome,
  type PaymentRow,
} from './payment-data.ts';
import { ProviderError, type PaymentProvider, type ProviderPayment } from './payment-provider.ts';
import { localDate } from '#contract/calendar';
import { randomToken } from './tokens.ts';

/*
 * The flow of paying online (docs/product/payments.md): creating a payment for what is still due, and applying the
 * provider's status to it exactly once. The amount is always the server's; the provider's word is fetched, never
 * taken from a request. SQL is in payment-data.ts, the money's destination in payment-allocation.ts.
 */

export type PaymentsContext = {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  provider: PaymentProvider;
  /** The app's origin (PUBLIC_URL): where the checkout sends the customer back, where the webhook is. */
  publicUrl: string;
  log: FastifyBaseLogger;
};

export type PaymentTarget = { kind: 'invoice'; uuid: string } | { kind: 'openTotal' };

/** The app's route the checkout returns to (docs/product/navigation.md: the bills screen), with the payment's handle. */
export const returnUrl = (publicUrl: string, reference: string): string => `${publicUrl}/bills/main?payment=${reference}`;

export const WEBHOOK_PATH = '/api/public/payments/webhook';

/** Mollie refuses a webhook it cannot reach: an address of this machine or of a private network is left out. */
const isLocalAddress = (url: string): boolean => {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host)
  );
};

export const webhookUrlFor = (provider: PaymentProvider, publicUrl: string): string | null =>
  provider.kind === 'mollie' && isLocalAddress(publicUrl) ? null : `${publicUrl}${WEBHOOK_PATH}`;

const nothingToPay = () => new ApiError(409, 'nothingToPay', 'Nothing is left to pay');

type Plan = Pick<NewPayment, 'scope' | 'amountCents' | 'description' | 'items'>;

/** What a payment of one invoice is: what is left of it, unless nothing is or the bank debits it on its due date. */
const planInvoice = async (ctx: PaymentsContext, customerId: number, uuid: string): Promise<Plan> => {
  const document = await findDocument(ctx.db, customerId, uuid);
  if (!document) throw notFound('Invoice not found');
  const due = document.total_incl_vat_cents - document.partial_paid_cents;
  if (document.paid === 1 || document.document_type !== 'invoice' || due <= 0) throw nothingToPay();
  if (isPendingDebit(asOpenItem(document), localDate(ctx.clock.now().getTime()))) {
    throw new ApiError(409, 'paidByDirectDebit', 'This invoice is collected by direct debit on its due date');
  }
  return {
    scope: 'invoice',
    amountCents: due,
    // The checkout names the merchant itself: this says what is paid (a bank statement may show it too).
    description: `${document.piece_id} ${document.structured_communication}`,
    items: [{ invoiceId: document.id, dueCents: due }],
  };
};

/**
 * The open total: the debt of the invoice situation (what the urgent payment asks for), over every open document
 * with something left on it, credit notes included (they net it). Only when the customer is in debt: a direct debit
 * still before its due date is the bank's to collect.
 */
const planOpenTotal = async (ctx: PaymentsContext, customerId: number): Promise<Plan> => {
  const open = await openDocuments(ctx.db, customerId);
  const totals = situationOf(open, ctx.clock.now());
  if (!totals.isInDebt || totals.openInvoiceTotal >= 0) throw nothingToPay();
  const items = open
    .map((row) => ({ row, due: row.total_incl_vat_cents - row.partial_paid_cents }))
    .filter(({ due }) => due !== 0)
    .map(({ row, due }) => ({ invoiceId: row.id, dueCents: due }));
  const owed = open.filter((row) => row.total_incl_vat_cents - row.partial_paid_cents > 0);
  // The communication a bank transfer of the same amount would carry (docs/product/invoices.md "Invoice situation").
  const only = owed.length === 1 ? owed[0] : undefined;
  const communication = only ? only.structured_communication : accountReference(customerId);
  return { scope: 'open_total', amountCents: -totals.openInvoiceTotal, description: communication, items };
};

export type StartPayment = {
  customerId: number;
  userId: number;
  language: Language;
  target: PaymentTarget;
  /** The app's Idempotency-Key, when it sent one: the provider then creates one payment for it too. */
  idempotencyKey: string | null;
};

/**
 * Creates the payment: recorded first (so that no provider payment exists without its row), then created at the
 * provider, then tied to the provider's id. Answers the checkout address. A provider that fails or refuses leaves
 * nothing behind (502 paymentProviderError).
 */
export const startPayment = async (ctx: PaymentsContext, input: StartPayment): Promise<{ checkoutUrl: string }> => {
  const plan =
    input.target.kind === 'invoice'
      ? await planInvoice(ctx, input.customerId, input.target.uuid)
      : await planOpenTotal(ctx, input.customerId);
  const reference = `pay_${randomToken().slice(0, 24)}`;
  const id = await writeTransaction(ctx.db, (tx) =>
    insertPayment(tx, {
      ...plan,
      reference,
      customerId: input.customerId,
      userId: input.userId,
      language: input.language,
      createdAt: ctx.clock.now().toISOString(),
    }),
  );
  let created: ProviderPayment;
  try {
    created = await ctx.provider.create({
      amountCents: plan.amountCents,
      description: plan.description,
      redirectUrl: returnUrl(ctx.publicUrl, reference),
      webhookUrl: webhookUrlFor(ctx.provider, ctx.publicUrl),
      language: input.language,
      reference,
      // Scoped to the customer: two customers' keys never meet at the provider.
      idempotencyKey: input.idempotencyKey ? `${input.customerId}-${input.idempotencyKey}` : `${input.customerId}-${reference}`,
    });
    if (!created.checkoutUrl) throw new ProviderError(`payment ${created.id} has no checkout`);
  } catch (error) {
    await writeTransaction(ctx.db, (tx) => deletePayment(tx, id));
    ctx.log.error({ err: error, reference }, 'the payment provider did not create the payment');
    throw new ApiError(502, 'paymentProviderError', 'The payment provider did not create the payment');
  }
  await writeTransaction(ctx.db, (tx) => attachProviderId(tx, id, created.id));
  return { checkoutUrl: created.checkoutUrl };
};

// ---------------------------------------------------------------------------------------------------------------
// Applying the provider's status
// ---------------------------------------------------------------------------------------------------------------

const instantOr = (value: string | null, fallback: Date): string => {
  const ms = value === null ? Number.NaN : Date.parse(value);
  return Number.isNaN(ms) ? fallback.toISOString() : new Date(ms).toISOString();
};

/**
 * Applies what the provider says of a payment, in one write transaction: a status on its way is noted; a final
 * one is applied once (the first call to see it settles the row; a replayed, concurrent or late call finds it settled
 * and changes nothing; a late "open" never undoes a final status). Paid: the money goes to the invoices and the
 * receipt is e-mailed after the commit.
 */
export const applyProviderPayment = async (
  ctx: PaymentsContext,
  paymentId: number,
  remote: ProviderPayment,
): Promise<PaymentRow | undefined> => {
  const now = ctx.clock.now();
  const result = await writeTransaction(ctx.db, async (tx): Promise<{ row: PaymentRow | undefined; paid: PaidOutcome | null }> => {
    const row = await findPaymentById(tx, paymentId);
    if (!row || row.settled_at !== null || row.provider_id !== remote.id) return { row, paid: null };
    if (!isFinalPaymentStatus(remote.status)) {
      if (remote.status !== row.status) await setProgressStatus(tx, row.id, remote.status, remote.method);
      return { row: await findPaymentById(tx, paymentId), paid: null };
    }
    if (remote.status !== 'paid') {
      await settlePayment(tx, row.id, remote.status, { method: remote.method, settledAt: now.toISOString(), paidAt: null, unapplied: 0 });
      return { row: await findPaymentById(tx, paymentId), paid: null };
    }
    if (remote.currency !== 'EUR' || remote.amountCents !== row.amount_cents) {
      // Never expected (the server created it): the money received is what counts, and someone must look.
      ctx.log.error({ reference: row.reference, expected: row.amount_cents, received: remote.amountCents }, 'paid amount differs');
    }
    const paidAt = instantOr(remote.paidAt, now);
    const paid = await applyPaidAmount(tx, row, remote.currency === 'EUR' ? remote.amountCents : row.amount_cents, paidAt, now);
    await settlePayment(tx, row.id, 'paid', { method: remote.method, settledAt: now.toISOString(), paidAt, unapplied: paid.unapplied });
    return { row: await findPaymentById(tx, paymentId), paid };
  });
  if (result.paid && result.row) await sendReceipt(ctx, result.row, result.paid);
  return result.row;
};

/**
 * Asks the provider about a payment that is not settled yet and applies its answer (the webhook, the return to the
 * app, the reconciliation job). A settled payment is answered as it is, without asking. A payment the provider does
 * not know is kept as it is, or, for the reconciliation job (`unknown: 'expire'`), expired: nobody can pay it.
 */
export const syncPayment = async (
  ctx: PaymentsContext,
  payment: PaymentRow,
  options: { unknown: 'keep' | 'expire' } = { unknown: 'keep' },
): Promise<PaymentRow> => {
  if (payment.settled_at !== null || payment.provider_id === null) return payment;
  const remote = await ctx.provider.get(payment.provider_id);
  if (!remote) {
    ctx.log.error({ reference: payment.reference, provider: payment.provider_id }, 'the payment provider does not know this payment');
    if (options.unknown === 'keep') return payment;
    const settledAt = ctx.clock.now().toISOString();
    await writeTransaction(ctx.db, (tx) =>
      settlePayment(tx, payment.id, 'expired', { method: null, settledAt, paidAt: null, unapplied: 0 }),
    );
    return (await findPaymentById(ctx.db, payment.id)) ?? payment;
  }
  return (await applyProviderPayment(ctx, payment.id, remote)) ?? payment;
};

const LOCALES: Record<Language, string> = { fr: 'fr-BE', nl: 'nl-BE', en: 'en-GB' };

/**
 * The receipt (docs/product/payments.md "Payment outcomes"), best effort: the payment is applied whatever the mail
 * does, and a failure is logged rather than undoing it.
 */
const sendReceipt = async (ctx: PaymentsContext, payment: PaymentRow, paid: PaidOutcome): Promise<void> => {
  const to = await receiptRecipient(ctx.db, payment.customer_id);
  if (!to) return;
  // In the language the customer paid in.
  const language = payment.language;
  const locale = LOCALES[language];
  const received = paid.settled.length > 0 ? paid.settled : [payment.description];
  const { subject, text } = renderMessage(language, 'paymentReceipt', {
    name: to.name,
    amount: new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(payment.amount_cents / 100),
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'Europe/Brussels' }).format(
      new Date(payment.paid_at ?? payment.settled_at ?? ctx.clock.now().toISOString()),
    ),
    invoices: received.join(', '),
    reference: payment.provider_id ?? payment.reference,
  });
  await ctx.mailer.send({ channel: 'EMAIL', to: to.email, subject, text }).catch((error: unknown) => {
    ctx.log.warn({ err: error, reference: payment.reference }, 'payment receipt not sent');
  });
};
