import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './alert.tsx';
import { Button } from './button.tsx';

/** What starting a payment gives: the provider's checkout, or the error code (`errors:<code>`) of why not. */
export type PayNowOutcome = { checkoutUrl: string } | { error: string };

export type PayNowButtonProps = {
  /** Starts the payment with this Idempotency-Key (the screen's data function). */
  start: (idempotencyKey: string) => Promise<PayNowOutcome>;
  online: boolean;
  /** The accessible name when several buttons are on screen (it begins with the visible text). */
  label?: string;
};

/** Lost answers, after which the same request may be sent again with the same key (the server applies it once). */
const RETRYABLE = new Set(['network', 'timeout']);

/**
 * « Payer maintenant » (docs/product/payments.md "Where the customer pays"): asks for a payment and sends the
 * customer to the provider's checkout in this tab, so that an installed app comes back to itself afterwards. Online
 * only: offline it is disabled and says why. A refusal is shown under it, in the customer's language.
 */
export const PayNowButton = ({ start, online, label }: PayNowButtonProps) => {
  const { t } = useTranslation(['customer', 'errors']);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const key = useRef<string | null>(null);
  const noteId = useId();

  const press = async () => {
    setBusy(true);
    setError(null);
    key.current ??= crypto.randomUUID();
    const outcome = await start(key.current);
    if ('checkoutUrl' in outcome) {
      // Stays busy: the page is leaving for the checkout.
      window.location.assign(outcome.checkoutUrl);
      return;
    }
    if (!RETRYABLE.has(outcome.error)) key.current = null;
    setError(outcome.error);
    setBusy(false);
  };

  return (
    <div className="pay-now">
      <Button
        variant="primary"
        aria-label={label}
        aria-describedby={online ? undefined : noteId}
        isDisabled={!online || busy}
        onPress={() => void press()}
      >
        {t('customer:payNow.action')}
      </Button>
      {!online ? (
        <p id={noteId} className="muted">
          {t('customer:payNow.offline')}
        </p>
      ) : null}
      {busy ? (
        <p className="muted" role="status">
          {t('customer:payNow.leaving')}
        </p>
      ) : null}
      {error ? <Alert tone="error">{t(`errors:${error}` as 'errors:serverError', { defaultValue: t('errors:serverError') })}</Alert> : null}
    </div>
  );
};
