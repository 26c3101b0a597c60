import { useTranslation } from 'react-i18next';
import type { PaymentReturn } from '../data/use-payment-return.ts';
import { formatMoneyCents } from '#lib/format';
import { Alert, type AlertProps } from '#ui/alert';
import { Button } from '#ui/button';

type Shown = { tone: AlertProps['tone']; text: string };

/**
 * What became of the payment the customer comes back from (docs/product/payments.md "Payment outcomes"): paid, or
 * a clear word that it was not and the invoice is still open; while the provider confirms, or while offline, that
 * it is being confirmed. A live region: the words change as the answer comes.
 */
export const PaymentOutcome = ({ result, online, onClose }: { result: PaymentReturn; online: boolean; onClose: () => void }) => {
  const { t, i18n } = useTranslation('invoices');
  const { payment, checking } = result;
  const waiting = (): Shown =>
    checking
      ? { tone: 'info', text: t('paymentReturn.checking') }
      : { tone: 'info', text: online ? t('paymentReturn.pending') : t('paymentReturn.pendingOffline') };
  const shown = ((): Shown => {
    switch (payment?.status) {
      case 'paid':
        return {
          tone: 'success',
          text: t('paymentReturn.paid', { amount: formatMoneyCents(payment.amount, i18n.language), invoices: payment.invoices.join(', ') }),
        };
      case 'failed':
        return { tone: 'error', text: t('paymentReturn.failed') };
      case 'canceled':
        return { tone: 'warning', text: t('paymentReturn.canceled') };
      case 'expired':
        return { tone: 'warning', text: t('paymentReturn.expired') };
      default:
        return waiting();
    }
  })();
  return (
    <section className="card payment-outcome" aria-labelledby="payment-outcome-title" data-status={payment?.status ?? 'unknown'}>
      <h2 id="payment-outcome-title">{t('paymentReturn.title')}</h2>
      {/* One live region for every state, so that a screen reader hears the outcome when it arrives. */}
      <Alert tone={shown.tone} role="status">
        {shown.text}
      </Alert>
      <Button variant="secondary" onPress={onClose}>
        {t('paymentReturn.close')}
      </Button>
    </section>
  );
};
