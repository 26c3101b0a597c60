import { z } from 'zod';
import { centsSchema, isoDateTimeSchema, languageSchema } from './common.ts';

/*
 * Paying online (docs/product/payments.md): the payment a customer starts from the bills screen or home's
 * unpaid-invoice modal, its status as the app reads it on return from the checkout, and the provider's webhook.
 * The amount never travels from the app: the server decides it.
 */

/**
 * A payment's status, as the provider (Mollie) names it. `open`, `pending` and `authorized` are on their way; the
 * others are final and never change again.
 */
export const paymentStatuses = ['open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const finalPaymentStatuses = ['paid', 'failed', 'canceled', 'expired'] as const satisfies readonly PaymentStatus[];
export type FinalPaymentStatus = (typeof finalPaymentStatuses)[number];

export const isFinalPaymentStatus = (status: PaymentStatus): status is FinalPaymentStatus =>
  (finalPaymentStatuses as readonly PaymentStatus[]).includes(status);

/** The app's handle of a payment: in the address the checkout sends the customer back to (`?payment=`). */
export const paymentReferenceSchema = z.string().regex(/^pay_[A-Za-z0-9_-]{16,64}$/, 'validation:invalid');

/**
 * POST …/payment: the language the customer reads the app in, for the provider's checkout and the receipt (the
 * account's language when absent). Nothing else: the server decides what is paid and how much.
 */
export const paymentRequestSchema = z.object({ language: languageSchema.optional() });

/** POST …/payment: where to send the customer to pay. */
export const paymentCheckoutSchema = z.object({ checkout_url: z.string() });

/** GET /customer/{id}/payments/{reference}: the payment and what it pays, as the server knows it now. */
export const onlinePaymentSchema = z.object({
  reference: z.string(),
  status: z.enum(paymentStatuses),
  /** What the customer pays, in cents. */
  amount: centsSchema,
  /** One invoice, or the open total (the debt of the invoice situation). */
  scope: z.enum(['invoice', 'open_total']),
  /** The pieces of the invoices it pays. */
  invoices: z.array(z.string()),
  createdAt: isoDateTimeSchema,
  /** When the final status was applied; null while the payment is on its way. */
  settledAt: isoDateTimeSchema.nullable(),
});
export type OnlinePayment = z.infer<typeof onlinePaymentSchema>;

/**
 * The provider's webhook: Mollie posts `id=tr_…` (application/x-www-form-urlencoded) and nothing else. The id is
 * only a hint: the server fetches the payment from the provider and acts on what the provider says.
 */
export const paymentWebhookSchema = z.object({ id: z.string().regex(/^tr_[A-Za-z0-9]{1,64}$/, 'validation:invalid') });
