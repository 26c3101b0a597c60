import './invoices.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { formatMoneyCents } from '#lib/format';
import { paths } from '#lib/route-paths';
import { Alert } from '#ui/alert';
import { Spinner } from '#ui/spinner';
import { TitledPage } from '#ui/titled-page';
import { useOnline } from '#ui/use-online';
import { openInvoicePdf } from '../data/invoice-pdf-cache.ts';
import { useInvoice, type InvoiceDetailRow } from '../data/use-invoice.ts';
import { payNow } from '../data/use-payment-return.ts';
import { saveFile } from './save-file.ts';
import { ExplanationList } from './explanation-list.tsx';
import { InvoiceItem } from './invoice-item.tsx';
import { monthOf } from './bill-row.tsx';
import { RefreshNote } from '#ui/freshness-note';

type Lang = 'fr' | 'nl' | 'en';

/** The invoice's lines as billed, per line (msisdn), then its totals excl. VAT, VAT and incl. VAT. */
const InvoiceLines = ({ detail, lang }: { detail: InvoiceDetailRow; lang: Lang }) => {
  const { t } = useTranslation('invoices');
  const groups = new Map<string, InvoiceDetailRow['lines']>();
  for (const line of detail.lines) {
    const key = line.msisdn ?? '';
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const labelOf = (line: InvoiceDetailRow['lines'][number]): string => {
    const text = line.label
      ? (line.label[lang] ?? line.label.fr)
      : t(`explain.usage.${(line.category ?? 'estimate').replace(':', '_')}` as 'explain.usage.estimate', {
          defaultValue: t('explain.usage.estimate'),
        });
    return line.quantity > 1 ? t('estimate.quantity', { label: text, count: line.quantity }) : text;
  };
  const money = (cents: number) => formatMoneyCents(cents, lang);
  return (
    <section className="card invoice-lines" aria-labelledby="lines-title">
      <h2 id="lines-title">{t('invoicePage.lines')}</h2>
      {[...groups].map(([msisdn, lines]) => (
        <table key={msisdn} className="data-table invoice-lines__table">
          <caption>{msisdn ? t('invoicePage.line', { msisdn }) : t('invoicePage.account')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('invoicePage.description')}</th>
              <th scope="col" className="num">
                {t('invoicePage.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, i) => (
              <tr key={`${line.kind}-${i}`}>
                <th scope="row">
                  {labelOf(line)}
                  {line.from && line.to ? (
                    <span className="muted invoice-lines__days">
                      {' '}
                      {t('invoice.periodValue', { start: formatDayShort(line.from, lang), end: formatDayShort(line.to, lang) })}
                    </span>
                  ) : null}
                </th>
                <td className="num">{money(line.amount_cents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
      <dl className="invoice-lines__totals">
        <div>
          <dt>{t('invoicePage.totalExcl')}</dt>
          <dd>{money(detail.totals.excl_vat_cents)}</dd>
        </div>
        <div>
          <dt>{t('invoicePage.vat')}</dt>
          <dd>{money(detail.totals.vat_cents)}</dd>
        </div>
        <div className="invoice-lines__total">
          <dt>{t('invoicePage.totalIncl')}</dt>
          <dd>{money(detail.totals.incl_vat_cents)}</dd>
        </div>
      </dl>
    </section>
  );
};

const capitalized = (text: string): string => text.charAt(0).toLocaleUpperCase() + text.slice(1);

const formatDayShort = (isoDate: string, lang: string): string =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : `${lang}-BE`, { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );

/**
 * /bills/invoice/:uuid (docs/product/invoices.md "The invoice screen"): one invoice, its amount with the explanation
 * of its difference from the previous one beside it, its lines with the VAT, its PDF and how to pay it.
 * `latest` opens the last monthly invoice. Offline: what is stored, with its age.
 */
export const InvoicePage = () => {
  const { t, i18n } = useTranslation(['invoices', 'common']);
  const lang = (['fr', 'nl', 'en'].includes(i18n.language) ? i18n.language : 'fr') as Lang;
  const { uuid: param = '' } = useParams();
  const online = useOnline();
  const { result, refresh, refreshError, settled } = useInvoice(param);
  const [downloadError, setDownloadError] = useState(false);
  const data = result.status === 'ready' ? result.data : null;
  if (result.status === 'loading' || !data) return <Spinner label={t('common:loading')} />;
  if (!data.canSee)
    return (
      <TitledPage title={t('invoices:title')}>
        <Alert tone="info">{t('invoices:holderOnly')}</Alert>
      </TitledPage>
    );
  const row = data.row;
  const back = (
    <p className="invoice-page__back">
      <Link to={paths.bills}>{t('invoices:invoicePage.back')}</Link>
    </p>
  );
  if (!row) {
    return (
      <TitledPage title={t('invoices:invoicePage.title')}>
        {back}
        {!settled && !refreshError ? (
          <Spinner label={t('common:loading')} />
        ) : (
          <Alert tone="info">{t('invoices:invoicePage.notFound')}</Alert>
        )}
      </TitledPage>
    );
  }
  const creditNote = row.documentType === 'credit_note';
  const list = data.list;
  const explanation = data.explanation;
  // Online, the previous invoice's lines are on their way (a first visit) until their pull fails: the explanation is
  // a spinner, not "the previous invoice is not on this device", and what is below it waits (issue 41: a layout
  // shift of 0.09 on a phone). Its pull settling is not enough: the stored rows are read again a moment later.
  const explaining = !refreshError && online && (explanation === null || explanation.status === 'missingPrevious');
  const cycle = row.documentType === 'invoice' && row.periodStart !== null;
  return (
    <TitledPage title={t(creditNote ? 'invoices:invoice.creditNote' : 'invoices:invoice.invoice', { piece: row.piece })}>
      {back}
      <RefreshNote fetchedAt={data.fetchedAt} refresh={refresh} />
      {downloadError ? <Alert tone="error">{t('invoices:invoice.downloadError')}</Alert> : null}
      <div className="invoice-page__top">
        <ul className="invoice-list invoice-page__summary">
          <InvoiceItem
            invoice={row}
            list={list}
            partiallyPaid={list === 'open' ? (data.situation?.partialPayments[row.uuid] ?? 0) : 0}
            creditor={data.creditor}
            storedOffline={data.storedPdf}
            online={online}
            headingLevel={2}
            heading={capitalized(monthOf(row, lang))}
            onDownload={async (invoice) => {
              setDownloadError(false);
              try {
                const { blob, fileName } = await openInvoicePdf(data.customerId, invoice, navigator.onLine);
                saveFile(blob, fileName);
              } catch {
                setDownloadError(true);
              }
            }}
            onPayNow={
              data.situation?.onlinePayment !== false ? (key) => payNow(data.customerId, { invoice: row.uuid }, key, i18n.language) : null
            }
          />
        </ul>
        <section className="card invoice-page__explain" aria-labelledby="explain-title" data-testid="invoice-explanation">
          <h2 id="explain-title">{t('invoices:explain.title')}</h2>
          {explaining ? (
            <Spinner label={t('common:loading')} />
          ) : explanation === null ? (
            <p className="muted">{t('invoices:invoicePage.notStored')}</p>
          ) : explanation.status === 'missingPrevious' ? (
            <p className="muted">{t('invoices:explain.missing')}</p>
          ) : (
            <ExplanationList
              explanation={explanation.explanation}
              kind={cycle ? 'cycle' : 'oneOff'}

              headingId="explain-title"
            />
          )}
        </section>
      </div>
      {/* Below the explanation, drawn once it is in place: its spinner is replaced by a taller list, which pushed
          lines drawn before it down (issue 41: a first visit's layout shift of 0.13 on a phone). */}
      {data.detail && !explaining ? <InvoiceLines detail={data.detail} lang={lang} /> : null}
    </TitledPage>
  );
};
