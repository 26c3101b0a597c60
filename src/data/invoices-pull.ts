import { call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import type { Invoice, PaidInvoicePage } from '#contract/invoices';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { InvoiceListRow, InvoiceRow } from '#db/schema';
import { pull, type PullResult } from '#sync/pull';

/*
 * The pulls of the bills screen, of an invoice and of the payment details: the invoice lists, an invoice's lines, the
 * cost centres, the next invoice's estimate and the creditor (home reads the lists, the estimate and the last
 * invoice's lines too, for its sentence on the next bill). Each writes its rows and fetch time in one transaction (sync/pull.ts).
 * Offline: the call fails, nothing is written, and the screens keep the stored copy with its age.
 */

/** A cost centre's lists, or the whole customer's (`all`). */
export type CostCenterScope = number | 'all';

const costCenterQuery = (scope: CostCenterScope) => (scope === 'all' ? {} : { costCenterId: scope });

export const toInvoiceRow = (invoice: Invoice): InvoiceRow => ({
  uuid: invoice.uuid,
  generatedAt: invoice.dates.invoice_generated_at,
  dueDate: invoice.dates.due_date,
  paidAt: invoice.dates.paid_at,
  periodStart: invoice.dates.period_start,
  periodEnd: invoice.dates.period_end,
  totalInclVat: invoice.total.total_incl_vat,
  structuredCommunication: invoice.structured_communication,
  piece: invoice.piece,
  paymentMode: invoice.details.payment_mode,
  documentType: invoice.details.document_type,
  costCenterId: invoice.details.cost_center_id,
});

export const openListKey = (customerId: number, scope: CostCenterScope): string => resourceKeys.invoicesOpen(customerId, scope);
export const paidListKey = (customerId: number, scope: CostCenterScope, page: number): string =>
  resourceKeys.invoicesPaid(customerId, scope, page);

export const toPaidListRow = (customerId: number, scope: CostCenterScope, page: number, answer: PaidInvoicePage): InvoiceListRow => ({
  key: paidListKey(customerId, scope, page),
  customerId,
  invoices: answer.invoices.map(toInvoiceRow),
  pagination: {
    currentPage: answer.pagination.current_page,
    lastPage: answer.pagination.last_page,
    total: answer.pagination.total,
    perPage: answer.pagination.per_page,
  },
});

/** GET …/invoices/open (owners and admins). */
export const pullOpenInvoices = (customerId: number, scope: CostCenterScope, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: openListKey(customerId, scope),
    force: options.force ?? false,
    tables: [db.invoiceLists],
    fetch: () => call(endpoints.invoicesOpen, { params: { customerId }, query: costCenterQuery(scope), silent: true }),
    write: async (answer) => {
      await db.invoiceLists.put({ key: openListKey(customerId, scope), customerId, invoices: answer.invoices.map(toInvoiceRow), pagination: null });
    },
  });

/** GET …/invoices/paid, one page of 25 (docs/product/api.md "Paging": the default page size), newest first. */
export const pullPaidInvoices = (
  customerId: number,
  scope: CostCenterScope,
  page: number,
  options: { force?: boolean } = {},
): Promise<PullResult> =>
  pull({
    resource: paidListKey(customerId, scope, page),
    force: options.force ?? false,
    tables: [db.invoiceLists],
    fetch: () =>
      call(endpoints.invoicesPaid, { params: { customerId }, query: { 'megalist-page': page, ...costCenterQuery(scope) }, silent: true }),
    write: async (answer) => {
      await db.invoiceLists.put(toPaidListRow(customerId, scope, page, answer));
    },
  });

/** GET …/cost-centers (none for a residential customer). */
export const pullCostCenters = (customerId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.costCenters(customerId),
    force: options.force ?? false,
    tables: [db.costCenters],
    fetch: () => call(endpoints.costCenters, { params: { customerId }, silent: true }),
    write: async ({ costCenters }) => {
      await db.costCenters.where('customerId').equals(customerId).delete();
      await db.costCenters.bulkPut(costCenters.map((center) => ({ ...center, customerId })));
    },
  });

/** GET …/invoices/estimate: computed by the server from the plan, options, promotions and usage. */
export const pullInvoiceEstimate = (customerId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.invoiceEstimate(customerId),
    force: options.force ?? false,
    tables: [db.invoiceEstimates],
    fetch: () => call(endpoints.invoiceEstimate, { params: { customerId }, silent: true }),
    write: async (estimate) => {
      await db.invoiceEstimates.put({ ...estimate, customerId });
    },
  });

/** GET …/invoices/{uuid}: an invoice with its lines as billed, kept so that it and its explanation open offline. */
export const pullInvoiceDetail = (customerId: number, uuid: string, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.invoiceDetail(customerId, uuid),
    force: options.force ?? false,
    tables: [db.invoiceDetails],
    fetch: () => call(endpoints.invoiceDetail, { params: { customerId, uuid }, silent: true }),
    write: async (detail) => {
      await db.invoiceDetails.put({ ...detail, uuid: detail.invoice.uuid, customerId });
    },
  });

/** GET /invoices/creditor: the operator's account and creditor identifier (configuration of the server). */
export const pullPaymentCreditor = (options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.paymentCreditor(),
    force: options.force ?? false,
    tables: [db.paymentCreditor],
    fetch: () => call(endpoints.paymentCreditor, { silent: true }),
    write: async (creditor) => {
      await db.paymentCreditor.put({ ...creditor, id: 'current' });
    },
  });

/** Several invoices' lines (the last cycle's, one per cost centre), each as `pullInvoiceDetail`. */
export const pullInvoiceDetails = async (customerId: number, uuids: readonly string[], options: { force?: boolean } = {}): Promise<PullResult> => {
  const results = await Promise.all(uuids.map((uuid) => pullInvoiceDetail(customerId, uuid, options)));
  return results.includes('updated') ? 'updated' : 'fresh';
};
