import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountDue, creditNoteRefundBy, creditNoteReusableUntil, invoiceContext } from '#contract/invoice-rules';
import type { InvoiceRow, PaymentCreditorRow } from '../data/use-bills.ts';
import { formatMoneyCents } from '#lib/format';
import { Badge } from '#ui/badge';
import { Button } from '#ui/button';
import { PayNowButton, type PayNowOutcome } from '#ui/pay-now-button';
import { dayOfInstant, formatDay, formatInstantDay, todayOnDevice } from './dates.ts';
import { InvoiceStatusChip } from './invoice-status.tsx';
import { PayByTransfer } from './pay-by-transfer.tsx';

export type InvoiceItemProps = {
  invoice: InvoiceRow;
  list: 'open' | 'paid';
  partiallyPaid: number;
  creditor: PaymentCreditorRow | undefined;
  storedOffline: boolean;
  online: boolean;
  onDownload: (invoice: InvoiceRow) => Promise<void>;
  /** Starts the online payment of what is left of it (docs/product/payments.md "Where the customer pays"). */
  /** Starts the online payment; null when the server takes none (no payment provider): no "Pay now" then. */
  onPayNow: ((idempotencyKey: string) => Promise<PayNowOutcome>) | null;
  /** 2 on the invoice's own screen. */
  headingLevel?: 2 | 3;
  /** The heading, when not the piece (the invoice's own screen has the piece as its title). */
  heading?: string;
};

/** The structured communication: hidden for a direct debit, which needs none from the customer (invoices.md). */
const Communication = ({ value }: { value: string }) => {
  const { t } = useTranslation('invoices');
  return (
    <div>
      <dt>{t('invoice.communication')}</dt>
      <dd className="invoice__communication">{value}</dd>
    </div>
  );
};

/**
 * One invoice or credit note on its own screen (invoice-page.tsx): its context, dates, amount, communication, PDF, and
 * how to pay it when due. The bills screen lists them as rows (bill-row.tsx, open-bill-row.tsx).
 */
export const InvoiceItem = ({
  invoice,
  list,
  partiallyPaid,
  creditor,
  storedOffline,
  online,
  onDownload,
  onPayNow,
  headingLevel = 3,
  heading,
}: InvoiceItemProps) => {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { t, i18n } = useTranslation('invoices');
  const lang = i18n.language;
  const [paying, setPaying] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const creditNote = invoice.documentType === 'credit_note';
  const context = invoiceContext({ list, paymentMode: invoice.paymentMode, dueDate: invoice.dueDate, creditNote }, todayOnDevice());
  const toPay = amountDue(invoice.totalInclVat, partiallyPaid);
  const payable = (context === 'TO_PAID' || context === 'DD_FAILED') && toPay > 0;
  const titleId = `invoice-${invoice.uuid}`;
  const issued = dayOfInstant(invoice.generatedAt);
  const money = (cents: number) => formatMoneyCents(cents, lang);

  return (
    <li className="invoice card" aria-labelledby={titleId} data-context={context}>
      <div className="invoice__head">
        <Heading id={titleId}>{heading ?? t(creditNote ? 'invoice.creditNote' : 'invoice.invoice', { piece: invoice.piece })}</Heading>
        <InvoiceStatusChip context={context} />
        {storedOffline ? <Badge>{t('invoice.offlineAvailable')}</Badge> : null}
      </div>
      <dl className="invoice__facts">
        <div>
          <dt>{t(creditNote ? 'invoice.refund' : 'invoice.total')}</dt>
          <dd className="invoice__amount">{money(creditNote ? -invoice.totalInclVat : invoice.totalInclVat)}</dd>
        </div>
        <div>
          <dt>{t('invoice.issued')}</dt>
          <dd>{formatInstantDay(invoice.generatedAt, lang)}</dd>
        </div>
        {!creditNote ? (
          <div>
            <dt>{t('invoice.due')}</dt>
            <dd>{formatDay(invoice.dueDate, lang)}</dd>
          </div>
        ) : null}
        {invoice.paidAt ? (
          <div>
            <dt>{t(creditNote ? 'invoice.refundedAt' : 'invoice.paidAt')}</dt>
            <dd>{formatInstantDay(invoice.paidAt, lang)}</dd>
          </div>
        ) : null}
        {invoice.periodStart && invoice.periodEnd ? (
          <div>
            <dt>{t('invoice.period')}</dt>
            <dd>{t('invoice.periodValue', { start: formatDay(invoice.periodStart, lang), end: formatDay(invoice.periodEnd, lang) })}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('invoice.mode')}</dt>
          <dd>{t(`invoice.modes.${invoice.paymentMode}`)}</dd>
        </div>
        {invoice.paymentMode === 'DD' && !creditNote ? null : <Communication value={invoice.structuredCommunication} />}
        {partiallyPaid > 0 ? (
          <>
            <div>
              <dt>{t('invoice.partial')}</dt>
              <dd>{money(partiallyPaid)}</dd>
            </div>
            <div>
              <dt>{t('invoice.left')}</dt>
              <dd className="invoice__amount">{money(toPay)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      {context === 'DD_PENDING' ? <p className="muted">{t('invoice.ddPending', { date: formatDay(invoice.dueDate, lang) })}</p> : null}
      {context === 'DD_FAILED' ? <p>{t('invoice.ddFailed')}</p> : null}
      {context === 'CREDIT_OPEN' ? (
        <p className="muted">
          {t('invoice.creditOpen', {
            refundBy: formatDay(creditNoteRefundBy(issued), lang),
            reuseUntil: formatDay(creditNoteReusableUntil(issued), lang),
          })}
        </p>
      ) : null}
      <div className="invoice__actions">
        {payable && onPayNow ? (
          <PayNowButton start={onPayNow} online={online} label={t('payNow.invoiceLabel', { piece: invoice.piece })} />
        ) : null}
        <Button
          variant="secondary"
          aria-label={t('invoice.downloadLabel', { piece: invoice.piece })}
          isDisabled={downloading || (!online && !storedOffline)}
          onPress={() => {
            setDownloading(true);
            void onDownload(invoice).finally(() => setDownloading(false));
          }}
        >
          {t('invoice.download')}
        </Button>
        {payable && creditor ? (
          <Button variant="secondary" aria-expanded={paying} onPress={() => setPaying((open) => !open)}>
            {paying ? t('pay.hide') : t('pay.show')}
          </Button>
        ) : null}
      </div>
      {!online && !storedOffline ? <p className="muted">{t('invoice.offlineUnavailable')}</p> : null}
      {paying && payable && creditor ? (
        <PayByTransfer creditor={creditor} amountCents={toPay} communication={invoice.structuredCommunication} headingLevel={4} />
      ) : null}
    </li>
  );
};
