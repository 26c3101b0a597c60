import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '#contract/common';
import { isPendingDebit } from '#contract/invoice-rules';
import { isFinalPaymentStatus } from '#contract/payments';
import { type Db, isUniqueViolation, writeTransaction } from '../db/engine.ts';
import { ApiError, notFound } from './api-error.ts';
import type { Clock } from './clock.ts';
import { accountReference } from './invoice-data.ts';
import type { Mailer } from './mailer.ts';
import { renderMessage } from './messages.ts';
import {
  applyPaidAmount,
  asOpenItem,
  attachProviderId,
  claimsOf,
  deletePayment,
  findClaimingPayment,
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
const planInvoice = async (ctx: PaymentsContext, db: Db, customerId: number, uuid: string): Promise<Plan> => {
  const document = await findDocument(db, customerId, uuid);
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
const planOpenTotal = async (ctx: PaymentsContext, db: Db, customerId: number): Promise<Plan> => {
  const open = await openDocuments(db, customerId);
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

/** What a request finds: the payment it recorded (the provider is asked next), or the open one of the same debt. */
type Reserved = { kind: 'created'; id: number; reference: string; plan: Plan } | { kind: 'open'; payment: PaymentRow };

/**
 * In one write transaction: the amount still due, computed from the invoices as they are, then either the open
 * payment that already claims this debt or a new payment recorded with its claims (docs/product/payments.md "One
 * payment per debt"). SQLite's single writer and PostgreSQL's writer lock (exclusive) make the look and the insert one step; the
 * claims' key refuses a second open payment whatever happens.
 */
const reserve = (ctx: PaymentsContext, input: StartPayment): Promise<Reserved> =>
  writeTransaction(ctx.db, async (tx) => {
    const plan =
      input.target.kind === 'invoice'
        ? await planInvoice(ctx, tx, input.customerId, input.target.uuid)
        : await planOpenTotal(ctx, tx, input.customerId);
    const open = await findClaimingPayment(tx, input.customerId, claimsOf(plan));
    if (open) return { kind: 'open', payment: open };
    const reference = `pay_${randomToken().slice(0, 24)}`;
    const id = await insertPayment(tx, {
      ...plan,
      reference,
      customerId: input.customerId,
      userId: input.userId,
      language: input.language,
      createdAt: ctx.clock.now().toISOString(),
    });
    return { kind: 'created', id, reference, plan };
  });

const providerFailed = () => new ApiError(502, 'paymentProviderError', 'The payment provider did not create the payment');

/**
 * Asks the provider for the payment just recorded and keeps its id and checkout. A provider that fails or refuses
 * leaves nothing behind (502 paymentProviderError), and frees the debt for another payment.
 */
const createAtProvider = async (ctx: PaymentsContext, input: StartPayment, reserved: Reserved & { kind: 'created' }) => {
  const { id, reference, plan } = reserved;
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
    throw providerFailed();
  }
  const checkoutUrl = created.checkoutUrl;
  // Expired meanwhile as never having reached the provider (a very slow provider): nobody is sent to that checkout.
  if (!(await writeTransaction(ctx.db, (tx) => attachProviderId(tx, id, created.id, checkoutUrl)))) throw providerFailed();
  return { checkoutUrl };
};

/** How long a request waits for the checkout of the open payment another request is creating at the provider. */
const CHECKOUT_WAIT_MS = 15_000;
const CHECKOUT_POLL_MS = 50;
/** An open payment still without a provider id this long after its creation never reached the provider. */
export const UNREACHED_AFTER_MS = 2 * 60_000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The checkout of the open payment that claims the debt, or null when that payment is gone or settled by now (the
 * caller plans again). While another request is still asking the provider, waits for it; a payment that never reached
 * the provider is expired; one the provider finished meanwhile (a lost webhook) is applied first.
 */
const checkoutOfOpen = async (ctx: PaymentsContext, open: PaymentRow): Promise<string | null> => {
  const waitUntil = Date.now() + CHECKOUT_WAIT_MS;
  let row: PaymentRow | undefined = open;
  while (row && row.settled_at === null && row.provider_id === null) {
    if (ctx.clock.now().getTime() - Date.parse(row.created_at) > UNREACHED_AFTER_MS) {
      const stale = row;
      await writeTransaction(ctx.db, async (tx) => {
        const current = await findPaymentById(tx, stale.id);
        if (current?.settled_at !== null || current.provider_id !== null) return;
        await settlePayment(tx, stale.id, 'expired', {
          method: null,
          settledAt: ctx.clock.now().toISOString(),
          paidAt: null,
          unapplied: 0,
        });
      });
      return null;
    }
    if (Date.now() > waitUntil) throw providerFailed();
    await pause(CHECKOUT_POLL_MS);
    row = await findPaymentById(ctx.db, row.id);
  }
  if (!row || row.settled_at !== null) return null;
  try {
    row = await syncPayment(ctx, row);
  } catch (error) {
    // The provider is away: its checkout is still the one to use.
    if (!(error instanceof ProviderError)) throw error;
  }
  if (row.settled_at !== null) return null;
  return row.checkout_url ?? (row.provider_id ? ((await ctx.provider.get(row.provider_id))?.checkoutUrl ?? null) : null);
};

const START_ATTEMPTS = 5;

/**
 * Starts paying a debt (docs/product/payments.md "The payment flow", "One payment per debt"): the open payment of the
 * same debt when there is one, whatever the Idempotency-Key, else a new one, recorded first (so that no provider
 * payment exists without its row), then created at the provider. Answers the checkout address.
 */
export const startPayment = async (ctx: PaymentsContext, input: StartPayment): Promise<{ checkoutUrl: string }> => {
  for (let attempt = 1; ; attempt += 1) {
    let reserved: Reserved;
    try {
      reserved = await reserve(ctx, input);
    } catch (error) {
      // Another instance's payment took the claim between the look and the insert: look again.
      if (isUniqueViolation(error) && attempt < START_ATTEMPTS) continue;
      throw error;
    }
    if (reserved.kind === 'created') return createAtProvider(ctx, input, reserved);
    const checkoutUrl = await checkoutOfOpen(ctx, reserved.payment);
    if (checkoutUrl) return { checkoutUrl };
    if (attempt >= START_ATTEMPTS) throw providerFailed();
  }
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
