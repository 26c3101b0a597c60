import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { amountDue, creditNoteRefundBy, creditNoteReusableUntil, invoiceContext } from '#contract/invoice-rules';
import { formatMoneyCents } from '#lib/format';
import { Button } from '#ui/button';
import { PayNowButton, type PayNowOutcome } from '#ui/pay-now-button';
import type { InvoiceRow, PaymentCreditorRow } from '../data/use-bills.ts';
import { BillRow } from './bill-row.tsx';
import { dayOfInstant, formatDay, todayOnDevice } from './dates.ts';
import { PayByTransfer } from './pay-by-transfer.tsx';

export type OpenBillRowProps = {
  invoice: InvoiceRow;
  /** What was already paid of it (a partial payment). */
  partiallyPaid: number;
  creditor: PaymentCreditorRow | undefined;
  online: boolean;
  /** Starts the online payment; null when the server takes none (no payment provider): no "Pay now" then. */
  onPayNow: ((idempotencyKey: string) => Promise<PayNowOutcome>) | null;
};

/**
 * An open invoice as a row of the bills screen (docs/product/invoices.md "The bills screen"), like the history's, with
 * what the customer must know and do under it: when it is due (or since when it is overdue), what a direct debit does
 * or why it failed, what is left after a partial payment, and how to pay it (online, or by transfer with the QR code).
 * No structured communication in the row: a direct debit needs none, and a transfer's is in its payment details.
 */
export const OpenBillRow = ({ invoice, partiallyPaid, creditor, online, onPayNow }: OpenBillRowProps) => {
  const { t, i18n } = useTranslation('invoices');
  const lang = i18n.language;
  const [paying, setPaying] = useState(false);
  const today = todayOnDevice();
  const creditNote = invoice.documentType === 'credit_note';
  const context = invoiceContext({ list: 'open', paymentMode: invoice.paymentMode, dueDate: invoice.dueDate, creditNote }, today);
  const toPay = amountDue(invoice.totalInclVat, partiallyPaid);
  const payable = (context === 'TO_PAID' || context === 'DD_FAILED') && toPay > 0;
  const overdue = payable && invoice.dueDate < today;
  const issued = dayOfInstant(invoice.generatedAt);
  const date = formatDay(invoice.dueDate, lang);
  const state =
    context === 'DD_PENDING'
      ? t('invoice.ddPending', { date })
      : context === 'DD_FAILED'
        ? t('invoice.ddFailed')
        : context === 'CREDIT_OPEN'
          ? t('invoice.creditOpen', {
              refundBy: formatDay(creditNoteRefundBy(issued), lang),
              reuseUntil: formatDay(creditNoteReusableUntil(issued), lang),
            })
          : t(overdue ? 'row.overdue' : 'row.due', { date });
  return (
    <BillRow invoice={invoice} list="open">
      <div className="bill-row__more" data-urgent={overdue || context === 'DD_FAILED' ? '' : undefined}>
        <p className="bill-row__state">
          {state}
          {partiallyPaid > 0 && toPay > 0 ? <> · {t('row.left', { amount: formatMoneyCents(toPay, lang) })}</> : null}
        </p>
        {payable && (onPayNow || creditor) ? (
          <div className="bill-row__actions">
            {onPayNow ? <PayNowButton start={onPayNow} online={online} label={t('payNow.invoiceLabel', { piece: invoice.piece })} /> : null}
            {creditor ? (
              <Button variant="secondary" aria-expanded={paying} onPress={() => setPaying((open) => !open)}>
                {paying ? t('pay.hide') : t('pay.show')}
              </Button>
            ) : null}
          </div>
        ) : null}
        {paying && payable && creditor ? (
          <PayByTransfer creditor={creditor} amountCents={toPay} communication={invoice.structuredCommunication} headingLevel={4} />
        ) : null}
      </div>
    </BillRow>
  );
};
