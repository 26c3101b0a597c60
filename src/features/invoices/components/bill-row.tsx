import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { invoiceContext } from '#contract/invoice-rules';
import { formatMoneyCents } from '#lib/format';
import { pathTo, paths } from '#lib/route-paths';
import type { InvoiceRow } from '../data/use-bills.ts';
import { calendarDay, dayOfInstant, todayOnDevice } from './dates.ts';
import { InvoiceStatusChip } from './invoice-status.tsx';

/** "octobre 2026": the month a bill is for (its cycle's first day, or the day a one-off document was issued). */
export const monthOf = (invoice: Pick<InvoiceRow, 'periodStart' | 'generatedAt'>, lang: string): string =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : `${lang}-BE`, { month: 'long', year: 'numeric', timeZone: 'Europe/Brussels' }).format(
    calendarDay(invoice.periodStart ?? dayOfInstant(invoice.generatedAt)),
  );

/**
 * One bill as a row (docs/product/invoices.md "The bills screen"): its month, its piece, its amount, its status and a
 * chevron, opening the invoice's screen. `children`: what an open invoice adds under it (its due date, how to pay).
 */
export const BillRow = ({ invoice, list, children }: { invoice: InvoiceRow; list: 'open' | 'paid'; children?: ReactNode }) => {
  const { t, i18n } = useTranslation('invoices');
  const lang = i18n.language;
  const creditNote = invoice.documentType === 'credit_note';
  const context = invoiceContext({ list, paymentMode: invoice.paymentMode, dueDate: invoice.dueDate, creditNote }, todayOnDevice());
  return (
    <li className="bill-row" data-context={context}>
      <Link to={pathTo(paths.invoice, { uuid: invoice.uuid })} className="bill-row__link">
        <span className="bill-row__main">
          <span className="bill-row__month">{monthOf(invoice, lang)}</span>
          <h3 className="bill-row__piece">{t(creditNote ? 'invoice.creditNote' : 'invoice.invoice', { piece: invoice.piece })}</h3>
        </span>
        <span className="bill-row__amount">{formatMoneyCents(creditNote ? -invoice.totalInclVat : invoice.totalInclVat, lang)}</span>
        <InvoiceStatusChip context={context} />
        <span className="bill-row__chevron" aria-hidden="true">
          ›
        </span>
      </Link>
      {children}
    </li>
  );
};
