import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import {
  isSettledPayment,
  pullOnlinePayment,
  refreshAfterPayment,
  startOnlinePayment,
  type PayNowResult,
  type PayNowTarget,
} from '#data/online-payments';
import { db } from '#db/db';
import type { OnlinePaymentRow } from '#db/schema';

/*
 * The bills screen's side of paying online (docs/product/payments.md): starting a payment, and the outcome shown on
 * return from the checkout (`/bills/main?payment=<reference>`).
 */

export type { OnlinePaymentRow } from '#db/schema';
export type { PayNowResult } from '#data/online-payments';

/** Starts the payment of one invoice or of the open total (online only: the screen disables it offline). */
export const payNow = (customerId: number, target: PayNowTarget, idempotencyKey: string, language: string): Promise<PayNowResult> =>
  startOnlinePayment(customerId, target, idempotencyKey, language);

/** The handle the checkout sends the customer back with; anything else in the address is ignored. */
export const paymentReferenceOf = (value: string | null): string | null => (value && /^pay_[A-Za-z0-9_-]{16,64}$/.test(value) ? value : null);

/**
 * After the checkout, the provider may still be confirming (a bank app, a slow webhook): the payment is asked
 * again after these waits, then left as "being confirmed" until the screen is opened again or the device comes
 * back online.
 */
const RETRY_DELAYS_MS = [2_000, 3_000, 5_000, 8_000, 13_000];

export type PaymentReturn = {
  /** The payment as last read (undefined: not read yet, e.g. back while offline). */
  payment: OnlinePaymentRow | undefined;
  /** Still asking the server (online, the payment not final yet, attempts left). */
  checking: boolean;
};

/**
 * The payment the customer came back with: read from the server (which asks the provider) until it is final, and
 * when it is, `onSettled` runs once (the screen refreshes what the payment changed) along with the invoice
 * situation and the customer's lines. Offline: the stored row, if any, and a new attempt once back online.
 */
export const usePaymentReturn = (
  customerId: number | null,
  reference: string | null,
  online: boolean,
  onSettled: () => Promise<void>,
): PaymentReturn => {
  const payment = useLiveQuery(
    async () => (reference && customerId !== null ? db.onlinePayments.get(reference) : undefined),
    [reference, customerId],
  );
  const settled = isSettledPayment(payment);
  const [checking, setChecking] = useState(false);
  const refreshed = useRef<string | null>(null);
  const latestOnSettled = useRef(onSettled);
  latestOnSettled.current = onSettled;

  useEffect(() => {
    if (customerId === null || reference === null || !online || settled) {
      setChecking(false);
      return undefined;
    }
    let live = true;
    let timer: number | undefined;
    const attempt = (index: number) => {
      setChecking(true);
      void pullOnlinePayment(customerId, reference)
        .catch(() => undefined)
        .then(async () => {
          if (!live) return;
          const row = await db.onlinePayments.get(reference);
          const delay = RETRY_DELAYS_MS[index];
          if (!isSettledPayment(row) && delay !== undefined) timer = window.setTimeout(() => attempt(index + 1), delay);
          else setChecking(false);
        });
    };
    attempt(0);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [customerId, reference, online, settled]);

  useEffect(() => {
    if (!settled || customerId === null || reference === null || refreshed.current === reference) return;
    refreshed.current = reference;
    void Promise.all([refreshAfterPayment(customerId), latestOnSettled.current()]).catch(() => undefined);
  }, [settled, customerId, reference]);

  return { payment: payment?.customerId === customerId ? payment : undefined, checking };
};
