import { loadOnCall } from '#lib/load-on-call';

/*
 * Home's pulls, loaded with their first call: home's first frame (offline too) shows the stored rows without
 * waiting for the pulls' modules and the API client under them (lib/load-on-call.ts).
 */

export const pullCustomer = loadOnCall(async () => (await import('#data/customer-pull')).pullCustomer);
export const pullInvoiceSituation = loadOnCall(async () => (await import('#data/invoice-situation-pull')).pullInvoiceSituation);
export const pullUsageSummary = loadOnCall(async () => (await import('#data/usage-pull')).pullUsageSummary);
/** The selected line's products (its plan and options): home loads them, so the subscription opens with them. */
export const pullContractProducts = loadOnCall(async () => (await import('#data/products-pull')).pullContractProducts);
export const pullUsageRecords = loadOnCall(async () => (await import('#data/usage-records-pull')).pullUsageRecords);
/** The next bill's inputs (use-next-bill.ts): the bills screen's lists, the estimate, the last invoices' lines. */
export const pullOpenInvoices = loadOnCall(async () => (await import('#data/invoices-pull')).pullOpenInvoices);
export const pullPaidInvoices = loadOnCall(async () => (await import('#data/invoices-pull')).pullPaidInvoices);
export const pullInvoiceEstimate = loadOnCall(async () => (await import('#data/invoices-pull')).pullInvoiceEstimate);
export const pullInvoiceDetails = loadOnCall(async () => (await import('#data/invoices-pull')).pullInvoiceDetails);
