import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '#ui/button';
import { Spinner } from '#ui/spinner';
import { type InvoiceRow, type CostCenterScope } from '../data/use-bills.ts';

/* The lists of the bills screen (bills-page.tsx): the cost centre chosen, the open invoices, the paid ones. */

/** The cost centre whose invoices are listed (a professional customer's), or all of them. */
export const CostCenterSelect = ({
  centers,
  scope,
  onChange,
}: {
  centers: { id: number; name: string }[];
  scope: CostCenterScope;
  onChange: (scope: CostCenterScope) => void;
}) => {
  const { t } = useTranslation(['invoices', 'common']);
  return (
    <div className="field bills-cost-center">
      <label htmlFor="cost-center">{t('invoices:costCenter.label')}</label>
      <select
        id="cost-center"
        value={scope === 'all' ? '' : String(scope)}
        onChange={(event) => onChange(event.target.value === '' ? 'all' : Number(event.target.value))}
      >
        <option value="">{t('invoices:costCenter.all')}</option>
        {centers.map((center) => (
          <option key={center.id} value={center.id}>
            {center.name}
          </option>
        ))}
      </select>
    </div>
  );
};

/** The invoices still to pay. */
export const OpenInvoices = ({
  openInvoices,
  refreshError,
  item,
}: {
  openInvoices: InvoiceRow[] | undefined;
  refreshError: unknown;
  item: (invoice: InvoiceRow) => ReactNode;
}) => {
  const { t } = useTranslation(['invoices', 'common']);
  return (
    <section aria-labelledby="open-title" className="bills-list">
      <h2 id="open-title">{t('invoices:open.title')}</h2>
      {openInvoices === undefined ? (
        refreshError ? null : (
          <Spinner label={t('common:loading')} />
        )
      ) : openInvoices.length === 0 ? (
        <p className="muted">{t('invoices:open.empty')}</p>
      ) : (
        <ul className="invoice-list">{openInvoices.map(item)}</ul>
      )}
    </section>
  );
};

/** The paid invoices, one page of them, with the pager. */
export const PaidHistory = ({
  paid,
  refreshError,
  page,
  lastPage,
  onPage,
  item,
}: {
  paid: { invoices: InvoiceRow[] } | undefined;
  refreshError: unknown;
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
  item: (invoice: InvoiceRow) => ReactNode;
}) => {
  const { t } = useTranslation(['invoices', 'common']);
  return (
    <section aria-labelledby="history-title" className="bills-list">
      <h2 id="history-title">{t('invoices:history.title')}</h2>
      {paid === undefined ? (
        refreshError ? (
          <p className="muted">{t('invoices:history.notLoaded')}</p>
        ) : (
          <Spinner label={t('common:loading')} />
        )
      ) : paid.invoices.length === 0 ? (
        <p className="muted">{t('invoices:history.empty')}</p>
      ) : (
        <ul className="invoice-list">{paid.invoices.map(item)}</ul>
      )}
      {lastPage > 1 || page > 1 ? (
        <nav className="pager" aria-label={t('invoices:history.nav')}>
          <Button variant="secondary" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
            {t('invoices:history.previous')}
          </Button>
          <span>{t('invoices:history.page', { page, pages: Math.max(lastPage, page) })}</span>
          <Button variant="secondary" isDisabled={page >= lastPage} onPress={() => onPage(page + 1)}>
            {t('invoices:history.next')}
          </Button>
        </nav>
      ) : null}
    </section>
  );
};
