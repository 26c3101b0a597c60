import { useTranslation } from 'react-i18next';
import { belgianTransferPayload } from '#contract/payment-qr';
import type { PaymentCreditorRow } from '../data/use-bills.ts';
import { formatMoneyCents } from '#lib/format';
import { CopyValue } from './copy-value.tsx';
import { PaymentQrCode } from './payment-qr-code.tsx';

/** IBAN in groups of four, as printed on a bank card. */
const grouped = (iban: string): string => iban.replace(/(.{4})/g, '$1 ').trim();

/** Cents as a bank's amount field takes them: digits and a decimal comma, no currency sign (1172 → 11,72). */
const bankAmount = (cents: number): string => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

/**
 * How to pay an amount by transfer: the creditor's account, the amount and the structured communication, each with
 * a copy button, and the EPC QR code that fills the transfer in a Belgian banking app.
 */
export const PayByTransfer = ({
  creditor,
  amountCents,
  communication,
  headingLevel = 3,
}: {
  creditor: PaymentCreditorRow;
  amountCents: number;
  communication: string;
  headingLevel?: 2 | 3 | 4;
}) => {
  const { t, i18n } = useTranslation('invoices');
  const Heading = `h${headingLevel}` as const;
  const amount = formatMoneyCents(amountCents, i18n.language);
  let payload: string | null = null;
  try {
    payload = belgianTransferPayload(creditor, amountCents, communication);
  } catch {
    payload = null;
  }
  return (
    <div className="pay-transfer">
      <div className="pay-transfer__details">
        <Heading>{t('pay.title')}</Heading>
        <dl>
          <CopyValue label={t('pay.beneficiary')} value={creditor.name} copyLabel={t('pay.copy.beneficiary')} />
          <CopyValue label={t('pay.iban')} value={grouped(creditor.iban)} copyText={creditor.iban} copyLabel={t('pay.copy.iban')} />
          <CopyValue label={t('pay.bic')} value={creditor.bic} copyLabel={t('pay.copy.bic')} />
          <CopyValue label={t('pay.amount')} value={amount} copyText={bankAmount(amountCents)} copyLabel={t('pay.copy.amount')} />
          <CopyValue label={t('pay.communication')} value={communication} copyLabel={t('pay.copy.communication')} />
        </dl>
      </div>
      {payload ? (
        <figure className="pay-transfer__qr">
          <PaymentQrCode payload={payload} label={t('pay.qrLabel', { amount, name: creditor.name, communication })} />
          <figcaption className="muted">{t('pay.qrHint')}</figcaption>
        </figure>
      ) : null}
    </div>
  );
};
