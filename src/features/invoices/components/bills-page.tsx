import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  type InvoiceEstimateRow,
  type InvoiceRow,
  type InvoiceSituationRow,
  type NextBillChange,
  type PaymentCreditorRow,
  useBills,
  type CostCenterScope,
} from '../data/use-bills.ts';
import { formatMoneyCents } from '#lib/format';
import { NextBillSentence } from '#ui/next-bill-sentence';
import { Alert } from '#ui/alert';
import { Spinner } from '#ui/spinner';
import { TitledPage } from '#ui/titled-page';
import { PayNowButton, type PayNowOutcome } from '#ui/pay-now-button';
import { useOnline } from '#ui/use-online';
import { payNow, paymentReferenceOf, usePaymentReturn } from '../data/use-payment-return.ts';
import { formatDay } from './dates.ts';
import { CostCenterSelect, OpenInvoices, PaidHistory } from './bill-lists.tsx';
import { BillRow } from './bill-row.tsx';
import { OpenBillRow } from './open-bill-row.tsx';
import { BillsChart } from './bills-chart.tsx';
import { ExplanationList } from './explanation-list.tsx';
import { PayByTransfer } from './pay-by-transfer.tsx';
import { PaymentOutcome } from './payment-outcome.tsx';
import { RefreshNote } from '#ui/freshness-note';

/**
 * What is said of the direct-debit part of what is owed (docs/product/invoices.md "Invoice situation"): the server's
 * `pendingDebitTotal`, netted like the whole and never more than it (contract/invoice-rules.ts `situationTotals`), not
 * a sum of the open list on the device, which left the credit notes out of it. A row stored before the server said it
 * says nothing of it until its next pull.
 */
const pendingDebitPart = (owed: number, byDebit: number | undefined): number | 'all' | null =>
  owed <= 0 || byDebit === undefined || byDebit <= 0 ? null : byDebit >= owed ? 'all' : byDebit;

/**
 * The situation on top: the balance, the first due date, the next invoice, and the urgent payment
 * (docs/product/invoices.md "Invoice situation", "Urgent payment").
 */
const Situation = ({
  situation,
  creditor,
  payTotal,
  online,
  lineBlocked,
}: {
  situation: InvoiceSituationRow;
  /** A line is blocked for the unpaid invoice: pay to unblock it, not "to keep your services". */
  lineBlocked: boolean;
  creditor: PaymentCreditorRow | undefined;
  /** Starts the online payment of the urgent total (docs/product/payments.md "Where the customer pays"). */
  payTotal: (idempotencyKey: string) => Promise<PayNowOutcome>;
  online: boolean;
}) => {
  const { t, i18n } = useTranslation('invoices');
  const lang = i18n.language;
  const money = (cents: number) => formatMoneyCents(cents, lang);
  const total = situation.openInvoiceTotal;
  const byDebit = pendingDebitPart(-total, situation.pendingDebitTotal);
  return (
    <section className="card bills-situation" aria-labelledby="situation-title">
      {situation.payUrgently && situation.firstInvoiceDueDate ? (
        <div className="bills-urgent" role="region" aria-labelledby="urgent-title">
          <h2 id="urgent-title">{t('urgent.title')}</h2>
          <p>
            {t(lineBlocked ? 'urgent.blockedText' : 'urgent.text', {
              date: formatDay(situation.firstInvoiceDueDate, lang),
              amount: money(-total),
            })}
          </p>
          {situation.onlinePayment !== false ? (
            <PayNowButton start={payTotal} online={online} label={t('payNow.totalLabel', { amount: money(-total) })} />
          ) : null}
          {creditor && situation.paymentReference ? (
            <PayByTransfer creditor={creditor} amountCents={-total} communication={situation.paymentReference} headingLevel={3} />
          ) : null}
        </div>
      ) : null}
      <h2 id="situation-title">{t('situation.title')}</h2>
      <dl className="bills-facts">
        <div>
          <dt>{t('situation.balance')}</dt>
          <dd>
            <strong data-testid="open-balance">
              {total < 0
                ? t('situation.owed', { amount: money(-total) })
                : total > 0
                  ? t('situation.credit', { amount: money(total) })
                  : t('situation.settled')}
            </strong>
            {byDebit === null ? null : (
              <span className="muted">
                {' '}
                ({byDebit === 'all' ? t('situation.pendingDebitAll') : t('situation.pendingDebit', { amount: money(byDebit) })})
              </span>
            )}
          </dd>
        </div>
        {situation.firstInvoiceDueDate ? (
          <div>
            <dt>{t('situation.firstDue')}</dt>
            <dd>{formatDay(situation.firstInvoiceDueDate, lang)}</dd>
          </div>
        ) : null}
        {situation.nextInvoiceDate && situation.nextInvoiceDueDate ? (
          <div>
            <dt>{t('situation.nextInvoice')}</dt>
            <dd>
              {t('situation.nextInvoiceValue', {
                date: formatDay(situation.nextInvoiceDate, lang),
                due: formatDay(situation.nextInvoiceDueDate, lang),
              })}
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
};

/** The next invoice's estimate (labelled as one), what changes against the last bill, its lines per contract on demand. */
const Estimate = ({ estimate, nextBill }: { estimate: InvoiceEstimateRow; nextBill: NextBillChange | null }) => {
  const { t, i18n } = useTranslation('invoices');
  const lang = i18n.language as 'fr' | 'nl' | 'en';
  const money = (cents: number) => formatMoneyCents(cents, lang);
  const labelOf = (line: InvoiceEstimateRow['contracts'][number]['lines'][number]): string => {
    const text = line.label
      ? (line.label[lang] ?? line.label.fr)
      : line.kind === 'usage'
        ? t('estimate.usage')
        : line.kind === 'forecast'
          ? t('estimate.forecast')
          : t('estimate.fee');
    return line.quantity > 1 ? t('estimate.quantity', { label: text, count: line.quantity }) : text;
  };
  return (
    <section className="card" aria-labelledby="estimate-title">
      <h2 id="estimate-title">{t('estimate.title')}</h2>
      {estimate.contracts.length === 0 ? (
        <p className="muted">{t('estimate.none')}</p>
      ) : (
        <>
          <p className="bills-estimate__total">
            <span>{t('estimate.total')}</span> <strong>{money(estimate.total)}</strong>
          </p>
          {estimate.nextInvoiceDate ? <p>{t('estimate.invoiceDate', { date: formatDay(estimate.nextInvoiceDate, lang) })}</p> : null}
          <p className="muted">{t('estimate.note')}</p>
          {nextBill ? (
            <div id="next-bill" className="bills-estimate__change" tabIndex={-1}>
              {nextBill.worthSaying ? (
                <NextBillSentence
                  difference={nextBill.explanation.difference_cents}
                  main={nextBill.main}
                  text={(key, values) => t(key as 'nextBill.higher', values as { amount: string; cause: string })}
                  language={lang}
                  to="#next-bill-why"
                />
              ) : null}
              {nextBill.worthSaying ? (
                // Worth a sentence: its explanation is open below it.
                <div id="next-bill-why" className="bills-estimate__why">
                  <h3 id="next-bill-why-title">{t('explain.title')}</h3>
                  <ExplanationList explanation={nextBill.explanation} kind="next" headingId="next-bill-why-title" />
                </div>
              ) : (
                <details className="bills-estimate__details" id="next-bill-why">
                  <summary>{t('explain.title')}</summary>
                  <ExplanationList explanation={nextBill.explanation} kind="next" headingId="estimate-title" />
                </details>
              )}
            </div>
          ) : null}
          <details className="bills-estimate__details">
            <summary>{t('estimate.details')}</summary>
            {estimate.contracts.map((contract) => (
              <div key={contract.contractId} className="bills-estimate__line">
                <h3>{t('estimate.line', { msisdn: contract.msisdn ?? '—' })}</h3>
                <p className="muted">
                  {t('estimate.period', { start: formatDay(contract.period.start, lang), end: formatDay(contract.period.end, lang) })}
                </p>
                <table>
                  <tbody>
                    {contract.lines.map((line, i) => (
                      <tr key={`${line.kind}-${i}`}>
                        <th scope="row">{labelOf(line)}</th>
                        <td>{money(line.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ))}
          </details>
        </>
      )}
    </section>
  );
};

/** /bills/main: the situation, the urgent payment, the estimate, the open invoices and the paged history. */
export const BillsPage = () => {
  const { t, i18n } = useTranslation(['invoices', 'common']);
  const online = useOnline();
  const [search, setSearch] = useSearchParams();
  const scope: CostCenterScope = /^\d+$/.test(search.get('costCenter') ?? '') ? Number(search.get('costCenter')) : 'all';
  const page = Math.max(1, Number(search.get('page') ?? '1') || 1);
  const { result, refresh, refreshError, aboveListsPending } = useBills(scope, page);
  // Back from the payment provider's checkout: /bills/main?payment=<reference>.
  const paymentReference = paymentReferenceOf(search.get('payment'));
  const paymentReturn = usePaymentReturn(
    result.status === 'ready' && result.data?.canSee ? result.data.customerId : null,
    paymentReference,
    online,
    refresh,
  );
  const data = result.status === 'ready' ? result.data : null;

  if (result.status === 'loading' || !data) return <Spinner label={t('common:loading')} />;
  if (!data.canSee) {
    return (
      <TitledPage title={t('invoices:title')}>
        <Alert tone="info">{t('invoices:holderOnly')}</Alert>
      </TitledPage>
    );
  }

  // A first visit, before the first answers of the lists and of what is drawn above them (the situation, the estimate
  // and its next-bill sentence, which waits for the last invoices' lines): one spinner for the page rather than
  // sections drawn empty and pushed down as the ones above them fill (issue 41: no layout shift; the lines' late
  // answer pushed the open invoices down by 0.08 in one run of the layout test).
  if ((data.open === undefined || data.paid === undefined || aboveListsPending) && !refreshError)
    return <Spinner label={t('common:loading')} />;

  const go = (next: { costCenter?: CostCenterScope; page?: number }) => {
    const params = new URLSearchParams(search);
    const center = next.costCenter ?? scope;
    if (center === 'all') params.delete('costCenter');
    else params.set('costCenter', String(center));
    const target = next.page ?? page;
    if (target <= 1) params.delete('page');
    else params.set('page', String(target));
    setSearch(params);
  };
  const partial = data.situation?.partialPayments ?? {};
  const openInvoices = data.open?.invoices;
  const paid = data.paid;
  const lastPage = paid?.pagination?.lastPage ?? 1;
  const showsCreditNote = [...(openInvoices ?? []), ...(paid?.invoices ?? [])].some((invoice) => invoice.documentType === 'credit_note');
  const openRow = (invoice: InvoiceRow) => (
    <OpenBillRow
      key={invoice.uuid}
      invoice={invoice}
      partiallyPaid={partial[invoice.uuid] ?? 0}
      creditor={data.creditor}
      online={online}
      onPayNow={
        data.situation?.onlinePayment !== false ? (key) => payNow(data.customerId, { invoice: invoice.uuid }, key, i18n.language) : null
      }
    />
  );

  return (
    <TitledPage title={t('invoices:title')}>
      <RefreshNote fetchedAt={data.fetchedAt} refresh={refresh} />
      {paymentReference ? (
        <PaymentOutcome
          result={paymentReturn}
          online={online}
          onClose={() => {
            const params = new URLSearchParams(search);
            params.delete('payment');
            setSearch(params, { replace: true });
          }}
        />
      ) : null}
      {refreshError && !data.situation && !data.open ? <Alert tone="error">{t('invoices:loadError')}</Alert> : null}
      {data.situation ? (
        <Situation
          situation={data.situation}
          creditor={data.creditor}
          lineBlocked={data.lineBlockedForDebt}
          online={online}
          payTotal={(key) => payNow(data.customerId, 'openTotal', key, i18n.language)}
        />
      ) : null}
      <BillsChart totals={data.recentTotals} />
      {data.estimate ? <Estimate estimate={data.estimate} nextBill={data.nextBill} /> : null}
      {data.costCenters.length > 0 ? (
        <CostCenterSelect centers={data.costCenters} scope={scope} onChange={(costCenter) => go({ costCenter, page: 1 })} />
      ) : null}

      <OpenInvoices openInvoices={openInvoices} refreshError={refreshError} item={openRow} />

      <PaidHistory
        paid={paid}
        refreshError={refreshError}
        page={page}
        lastPage={lastPage}
        onPage={(target) => go({ page: target })}
        item={(invoice) => <BillRow key={invoice.uuid} invoice={invoice} list="paid" />}
      />
      {showsCreditNote ? <p className="muted">{t('invoices:creditNotes')}</p> : null}
    </TitledPage>
  );
};
