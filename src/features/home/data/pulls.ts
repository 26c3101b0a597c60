import { loadOnCall } from '#lib/load-on-call';

/*
 * Home's pulls, loaded with their first call: home's first frame (offline too) shows the stored rows without
 * waiting for the pulls' modules and the API client under them (lib/load-on-call.ts).
 */

/**
 * Resolves when the browser is idle (at most 2 s later): the pulls of what home's first screen does not show (the
 * subscription's products, the records of the usage history, the next bill's inputs) load their modules, the API
 * client and the schemas under them, and start, once the first screen's work is done (issue 41, point 6: each was a
 * long task right after home's first render at 4× CPU).
 */
const whenIdle = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 2000 });
    else window.setTimeout(resolve, 200);
  });

const afterIdle = <T>(load: () => Promise<T>) => async (): Promise<T> => {
  await whenIdle();
  return load();
};

export const pullCustomer = loadOnCall(async () => (await import('#data/customer-pull')).pullCustomer);
export const pullInvoiceSituation = loadOnCall(async () => (await import('#data/invoice-situation-pull')).pullInvoiceSituation);
export const pullUsageSummary = loadOnCall(async () => (await import('#data/usage-pull')).pullUsageSummary);
/** The selected line's products (its plan and options): home loads them, so the subscription opens with them. */
export const pullContractProducts = loadOnCall(afterIdle(async () => (await import('#data/products-pull')).pullContractProducts));
export const pullUsageRecords = loadOnCall(afterIdle(async () => (await import('#data/usage-records-pull')).pullUsageRecords));
/** The next bill's inputs (use-next-bill.ts): the bills screen's lists, the estimate, the last invoices' lines. */
export const pullOpenInvoices = loadOnCall(afterIdle(async () => (await import('#data/invoices-pull')).pullOpenInvoices));
export const pullPaidInvoices = loadOnCall(afterIdle(async () => (await import('#data/invoices-pull')).pullPaidInvoices));
export const pullInvoiceEstimate = loadOnCall(afterIdle(async () => (await import('#data/invoices-pull')).pullInvoiceEstimate));
export const pullInvoiceDetails = loadOnCall(afterIdle(async () => (await import('#data/invoices-pull')).pullInvoiceDetails));
