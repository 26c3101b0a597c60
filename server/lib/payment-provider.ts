import { createMollieClient, Locale, MollieApiError, type Payment } from '@mollie/api-client';
import { z } from 'zod';
import type { Language } from '#contract/common';
import { paymentStatuses, type PaymentStatus } from '#contract/payments';

/*
 * The payment service provider, as the payments module sees it: create a payment, get a payment. Two
 * implementations speak Mollie's payments API:
 *
 * - `mollieProvider`: Mollie itself, through its official Node client (@mollie/api-client), when MOLLIE_API_KEY is
 *   set. The client always connects through an https.Agent holding its own bundle of CA certificates, so its
 *   `apiEndpoint` option can only name an HTTPS server with a publicly trusted certificate: it cannot be pointed at
 *   a plain-HTTP stand-in.
 * - `wireProvider`: the same two calls as plain HTTP requests in Mollie's wire format (JSON bodies, `Authorization:
 *   Bearer test_…`, `Idempotency-Key`), sent to the stand-in provider this server serves at /psp-stand-in/
 *   (routes/psp-stand-in.ts) without a socket (Fastify's inject). tests/server/payment-mollie-client.test.ts runs
 *   the official client against that stand-in, so the stand-in answers what the client expects.
 *
 * Whatever the provider's answers contain, the rest of the server sees only `ProviderPayment`.
 */

export type ProviderPayment = {
  id: string;
  status: PaymentStatus;
  /** What the payment is for, in cents (the provider writes euros as a string: "45.00"). */
  amountCents: number;
  currency: string;
  /** Where the customer pays; null once the payment left the `open` status. */
  checkoutUrl: string | null;
  method: string | null;
  paidAt: string | null;
};

export type CreatePaymentRequest = {
  amountCents: number;
  description: string;
  redirectUrl: string;
  /** Null when the provider could not reach it (a local address): the server then asks the provider itself. */
  webhookUrl: string | null;
  language: Language;
  /** The app's reference of the payment: shown in the provider's dashboard, never trusted back. */
  reference: string;
  /** The provider applies a create once per key (a retry after a lost answer gets the same payment). */
  idempotencyKey: string;
};

export type PaymentProvider = {
  /** 'mollie' or 'stand-in': logged, and said by the README. */
  kind: 'mollie' | 'stand-in';
  create: (request: CreatePaymentRequest) => Promise<ProviderPayment>;
  /** The payment as the provider has it now; null when the provider does not know the id. */
  get: (id: string) => Promise<ProviderPayment | null>;
};

/** Thrown when the provider could not be reached or refused a call: the routes answer 502 paymentProviderError. */
export class ProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderError';
  }
}

/** The checkout's language: the customer's, as a Belgian locale (Mollie has no English one for Belgium). */
export const providerLocale = (language: Language): Locale =>
  language === 'nl' ? Locale.nl_BE : language === 'en' ? Locale.en_US : Locale.fr_BE;

/** Cents as the provider writes an amount: "45.00" (integer arithmetic: no float ever rounds a cent away). */
export const amountValue = (cents: number): string => `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;

/** "45.00" → 4500; null for anything that is not a plain amount with two decimals. */
export const centsOf = (value: string): number | null => {
  const match = /^(\d{1,9})\.(\d{2})$/.exec(value);
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
};

const statusOf = (value: string): PaymentStatus => {
  const known = paymentStatuses.find((status) => status === value);
  // A status Mollie might add one day is treated as "still on its way": never as paid.
  return known ?? 'open';
};

// ---------------------------------------------------------------------------------------------------------------
// Mollie, through its official client
// ---------------------------------------------------------------------------------------------------------------

const fromMollie = (payment: Payment): ProviderPayment => {
  const cents = centsOf(payment.amount.value);
  if (cents === null) throw new ProviderError(`unexpected amount ${payment.amount.value} for ${payment.id}`);
  return {
    id: payment.id,
    status: statusOf(payment.status),
    amountCents: cents,
    currency: payment.amount.currency,
    checkoutUrl: payment.getCheckoutUrl(),
    method: payment.method ?? null,
    paidAt: payment.paidAt ?? null,
  };
};

export type MollieOptions = {
  apiKey: string;
  /** Mollie's API root; the client's default (https://api.mollie.com:443/v2/) when absent. HTTPS only (see above). */
  apiEndpoint?: string;
};

export const mollieProvider = ({ apiKey, apiEndpoint }: MollieOptions): PaymentProvider => {
  const client = createMollieClient({ apiKey, ...(apiEndpoint ? { apiEndpoint } : {}) });
  return {
    kind: 'mollie',
    create: async (request) => {
      try {
        const payment = await client.payments.create({
          amount: { currency: 'EUR', value: amountValue(request.amountCents) },
          description: request.description,
          redirectUrl: request.redirectUrl,
          ...(request.webhookUrl ? { webhookUrl: request.webhookUrl } : {}),
          locale: providerLocale(request.language),
          // No `method`: the checkout offers what the operator's Mollie account has enabled (docs/product/payments.md
          // "The payment provider"); naming one that is not enabled would make Mollie refuse the payment.
          metadata: { reference: request.reference },
          idempotencyKey: request.idempotencyKey,
        });
        return fromMollie(payment);
      } catch (error) {
        if (error instanceof ProviderError) throw error;
        throw new ProviderError('Mollie refused or did not answer the payment creation', { cause: error });
      }
    },
    get: async (id) => {
      try {
        return fromMollie(await client.payments.get(id));
      } catch (error) {
        if (error instanceof MollieApiError && error.statusCode === 404) return null;
        if (error instanceof ProviderError) throw error;
        throw new ProviderError(`Mollie did not answer for payment ${id}`, { cause: error });
      }
    },
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Mollie's wire format, for the stand-in
// ---------------------------------------------------------------------------------------------------------------

/** The part of Mollie's payment resource this server reads. */
export const molliePaymentSchema = z.object({
  resource: z.literal('payment'),
  id: z.string().regex(/^tr_[A-Za-z0-9]+$/),
  status: z.string(),
  amount: z.object({ value: z.string(), currency: z.string() }),
  method: z.string().nullable().optional(),
  paidAt: z.string().optional(),
  _links: z.object({ checkout: z.object({ href: z.string() }).optional() }),
});

/** One HTTP exchange with the provider: method, path under its API root, JSON body and headers. */
export type WireSend = (request: {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers: Record<string, string>;
}) => Promise<{ statusCode: number; body: string }>;

const fromWire = (statusCode: number, text: string): ProviderPayment => {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ProviderError(`the provider answered ${statusCode} with a body that is not JSON`, { cause: error });
  }
  const parsed = molliePaymentSchema.safeParse(json);
  if (!parsed.success) throw new ProviderError(`the provider answered ${statusCode} with an unexpected payment`);
  const payment = parsed.data;
  const cents = centsOf(payment.amount.value);
  if (cents === null) throw new ProviderError(`unexpected amount ${payment.amount.value} for ${payment.id}`);
  return {
    id: payment.id,
    status: statusOf(payment.status),
    amountCents: cents,
    currency: payment.amount.currency,
    checkoutUrl: payment._links.checkout?.href ?? null,
    method: payment.method ?? null,
    paidAt: payment.paidAt ?? null,
  };
};

/** The stand-in's fixed test key: it accepts any `test_…` key, as it only ever runs in test mode. */
export const STAND_IN_API_KEY = 'test_standinstandinstandinstandin';

export const wireProvider = (send: WireSend, apiKey: string = STAND_IN_API_KEY): PaymentProvider => {
  const headers = { authorization: `Bearer ${apiKey}`, accept: 'application/hal+json' };
  const exchange = async (request: Parameters<WireSend>[0]) => {
    try {
      return await send(request);
    } catch (error) {
      throw new ProviderError(`the provider could not be reached (${request.method} ${request.path})`, { cause: error });
    }
  };
  return {
    kind: 'stand-in',
    create: async (request) => {
      const answer = await exchange({
        method: 'POST',
        path: 'payments',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': request.idempotencyKey },
        body: {
          amount: { currency: 'EUR', value: amountValue(request.amountCents) },
          description: request.description,
          redirectUrl: request.redirectUrl,
          ...(request.webhookUrl ? { webhookUrl: request.webhookUrl } : {}),
          locale: providerLocale(request.language),
          metadata: { reference: request.reference },
        },
      });
      if (answer.statusCode !== 201) throw new ProviderError(`the provider refused the payment: ${answer.statusCode} ${answer.body}`);
      return fromWire(answer.statusCode, answer.body);
    },
    get: async (id) => {
      const answer = await exchange({ method: 'GET', path: `payments/${encodeURIComponent(id)}`, headers });
      if (answer.statusCode === 404) return null;
      if (answer.statusCode !== 200) throw new ProviderError(`the provider answered ${answer.statusCode} for ${id}`);
      return fromWire(answer.statusCode, answer.body);
    },
  };
};
