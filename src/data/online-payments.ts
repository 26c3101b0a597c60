import { ApiError, call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import { isLanguage } from '#contract/language';
import { isFinalPaymentStatus, type OnlinePayment } from '#contract/payments';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { OnlinePaymentRow } from '#db/schema';
import { pull, type PullResult } from '#sync/pull';
import { pullCustomer } from './customer-pull.ts';
import { pullInvoiceSituation } from './invoice-situation-pull.ts';

/*
 * Paying online (docs/product/payments.md): starting a payment and reading it back on return from the checkout.
 * The bills screen and home's unpaid-invoice modal both start payments, so this lives in the shared data/.
 * Starting is online only (never queued: the customer is sent to the checkout at once); offline, the call fails
 * and the screens say so. Reading back stores the payment, so that a return while offline shows it as being
 * confirmed and the next pull once online settles it.
 */

/** One invoice (its uuid), or the open total (the urgent payment's debt). */
export type PayNowTarget = { invoice: string } | 'openTotal';

/** Where to send the customer, or the error code (`errors:<code>`) of why not. */
export type PayNowResult = { checkoutUrl: string } | { error: string };

const isWebAddress = (url: string): boolean => {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
};

/**
 * Asks the server for a payment of what is still due (the server decides the amount). `idempotencyKey` is made
 * when the customer presses the button: sending the same request again (a lost answer) creates one payment.
 */
export const startOnlinePayment = async (
  customerId: number,
  target: PayNowTarget,
  idempotencyKey: string,
  language: string,
): Promise<PayNowResult> => {
  // The checkout and the receipt in the language the app is read in.
  const body = isLanguage(language) ? { language } : {};
  try {
    const answer =
      target === 'openTotal'
        ? await call(endpoints.payOpenTotal, { params: { customerId }, body, idempotencyKey, silent: true })
        : await call(endpoints.payInvoice, { params: { customerId, uuid: target.invoice }, body, idempotencyKey, silent: true });
    // Only ever a web page: the address comes from the payment provider through the server.
    return isWebAddress(answer.checkout_url) ? { checkoutUrl: answer.checkout_url } : { error: 'paymentProviderError' };
  } catch (error) {
    return { error: error instanceof ApiError ? error.code : 'network' };
  }
};

export const toOnlinePaymentRow = (payment: OnlinePayment, customerId: number): OnlinePaymentRow => ({
  reference: payment.reference,
  customerId,
  status: payment.status,
  amount: payment.amount,
  scope: payment.scope,
  invoices: payment.invoices,
  createdAt: payment.createdAt,
  settledAt: payment.settledAt,
});

/**
 * GET …/payments/{reference}: the payment as the provider has it now (the server asks it). Always past the cache:
 * a payment's status is news. Offline, the service worker's last copy if it has one, otherwise the call fails and
 * the stored row (if any) stays.
 */
export const pullOnlinePayment = (customerId: number, reference: string): Promise<PullResult> =>
  pull({
    resource: resourceKeys.onlinePayment(customerId, reference),
    force: true,
    tables: [db.onlinePayments],
    fetch: () => call(endpoints.onlinePayment, { params: { customerId, reference }, silent: true }),
    write: async (payment) => {
      await db.onlinePayments.put(toOnlinePaymentRow(payment, customerId));
    },
  });

export const isSettledPayment = (row: OnlinePaymentRow | undefined): boolean => row !== undefined && isFinalPaymentStatus(row.status);

/**
 * Once a payment is final, what it changed is fetched again past every cache: the invoice situation (debt, urgent
 * payment) and the customer's lines (a dunning block lifted). The screen refreshes its own lists besides.
 */
export const refreshAfterPayment = async (customerId: number): Promise<void> => {
  await Promise.all([pullInvoiceSituation(customerId, { force: true }), pullCustomer(customerId, { force: true })]);
};
