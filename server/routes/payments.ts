import type { FastifyRequest } from 'fastify';
import type { Language } from '#contract/common';
import { endpoints } from '#contract/endpoints';
import { writeTransaction } from '../db/engine.ts';
import { requireCustomer } from '../lib/access.ts';
import { ApiError, notFound } from '../lib/api-error.ts';
import type { AppContext } from '../lib/app-context.ts';
import { findPaymentByProviderId, findPaymentByReference, settlePayment, toOnlinePayment, waitingPayments } from '../lib/payment-data.ts';
import { ProviderError } from '../lib/payment-provider.ts';
import { startPayment, syncPayment, type PaymentsContext, type PaymentTarget } from '../lib/payment-service.ts';
import { assertNotLocked, recordFailure, type RateLimitPolicy } from '../lib/rate-limit.ts';
import { createRouter, type Router } from '../lib/contract-route.ts';
import { routePlugin } from '../lib/route-plugin.ts';
import { authOf } from '../plugins/auth.ts';

/*
 * Paying online (docs/product/payments.md): starting a payment of one invoice or of the open total, reading a
 * payment on return from the checkout, and the provider's webhook. Invoices are the account holder's: a plain user
 * pays nothing (403), another customer's invoice is refused (403 for another customer id, 404 for an invoice that is
 * not the customer's). The flow is in lib/payment-service.ts.
 */

/**
 * The webhook is anonymous: an address that sends ids the server does not know (someone probing) is locked out
 * after 20 of them within 10 minutes, for a minute, doubling up to an hour. Known ids cost one question to the
 * provider only while their payment is not settled.
 */
export const webhookPolicy: RateLimitPolicy = {
  freeAttempts: 20,
  windowMs: 10 * 60_000,
  firstLockMs: 60_000,
  maxLockMs: 60 * 60_000,
  code: 'tooManyRequests',
};
const webhookKey = (ip: string): string => `payments-webhook:${ip}`;

/** A payment still on its way this long after its creation is asked about (the webhook may have been lost). */
export const RECONCILE_AFTER_MS = 15 * 60_000;

const idempotencyKeyOf = (request: FastifyRequest): string | null => {
  const header = request.headers['idempotency-key'];
  return typeof header === 'string' ? header : null;
};

/** Refused start of a payment when online payment is off (no provider configured). */
const paymentsOff = (): ApiError =>
  new ApiError(503, 'onlinePaymentUnavailable', 'Online payment is not available: pay by bank transfer or direct debit');

const registerPaymentRoutes = (router: Router, ctx: AppContext, payments: PaymentsContext | null): void => {
  const { db, clock } = ctx;

  const start = async (request: FastifyRequest, customerId: number, target: PaymentTarget, language: Language | undefined) => {
    const auth = authOf(request);
    requireCustomer(auth, customerId, { plainUser: 'deny' });
    if (!payments) throw paymentsOff();
    const { checkoutUrl } = await startPayment(payments, {
      customerId,
      userId: auth.user.id,
      language: language ?? auth.user.language,
      target,
      idempotencyKey: idempotencyKeyOf(request),
    });
    return { checkout_url: checkoutUrl };
  };

  router.route(endpoints.payInvoice, ({ params, body, request }) =>
    start(request, params.customerId, { kind: 'invoice', uuid: params.uuid }, body.language),
  );

  router.route(endpoints.payOpenTotal, ({ params, body, request }) =>
    start(request, params.customerId, { kind: 'openTotal' }, body.language),
  );

  router.route(endpoints.onlinePayment, async ({ params, request }) => {
    requireCustomer(authOf(request), params.customerId, { plainUser: 'deny' });
    const stored = await findPaymentByReference(db, params.customerId, params.reference);
    if (!stored) throw notFound('Payment not found');
    let current = stored;
    if (!payments) return toOnlinePayment(db, current);
    try {
      current = await syncPayment(payments, stored);
    } catch (error) {
      // The provider is away: the app shows the payment as being confirmed and asks again later.
      if (!(error instanceof ProviderError)) throw error;
      request.log.warn({ err: error, reference: stored.reference }, 'payment status not refreshed');
    }
    return toOnlinePayment(db, current);
  });

  router.route(endpoints.paymentWebhook, async ({ body, request }) => {
    if (!payments) throw notFound('No payment provider');
    const key = webhookKey(request.ip);
    await assertNotLocked(db, key, clock.now(), webhookPolicy);
    const payment = await findPaymentByProviderId(db, body.id);
    if (!payment) {
      // Unknown ids are ignored, and counted against the sender.
      await recordFailure(db, key, clock.now(), webhookPolicy);
      return { success: true };
    }
    try {
      await syncPayment(payments, payment);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // Not a 2xx: the provider calls again later.
      request.log.error({ err: error, payment: body.id }, 'payment status could not be fetched');
      throw new ApiError(502, 'paymentProviderError', 'The payment provider could not be asked');
    }
    return { success: true };
  });

  if (!payments) return;
  ctx.scheduler.register({
    name: 'payments.reconcile',
    everyMs: 5 * 60_000,
    run: async (now) => {
      const before = new Date(now.getTime() - RECONCILE_AFTER_MS).toISOString();
      for (const payment of await waitingPayments(db, before, 50)) {
        if (payment.provider_id === null) {
          // Never reached the provider (the process stopped between the two steps): nobody can pay it.
          await writeTransaction(db, (tx) =>
            settlePayment(tx, payment.id, 'expired', { method: null, settledAt: now.toISOString(), paidAt: null, unapplied: 0 }),
          );
          continue;
        }
        try {
          await syncPayment(payments, payment, { unknown: 'expire' });
        } catch (error) {
          payments.log.warn({ err: error, reference: payment.reference }, 'payment not reconciled');
        }
      }
    },
  });
};

export default routePlugin((app, { ctx, payments }) => {
  // No provider (production without MOLLIE_API_KEY): online payment is off. The app hides "Pay now" (the creditor's
  // `onlinePayment`), and a direct call is refused; customers pay by transfer or direct debit.
  const { provider } = payments;
  registerPaymentRoutes(
    createRouter(app, ctx),
    ctx,
    provider ? { db: ctx.db, clock: ctx.clock, mailer: ctx.mailer, provider, publicUrl: ctx.mail.publicUrl, log: app.log } : null,
  );
});
