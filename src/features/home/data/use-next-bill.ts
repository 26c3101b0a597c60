import { useLiveQuery } from 'dexie-react-hooks';
import { lastCycleInvoices, nextBillChange, summaryOfRow, type NextBillChange } from '#data/bill-explanation-rows';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import { usePull } from '#lib/use-pull';
// Through loadOnCall, not #data/invoices-pull: home's first frame then loads neither the API client nor the
// contract's schemas (issue 41: their module evaluation was a long task of home's start at 4× CPU).
import { pullInvoiceDetails, pullInvoiceEstimate, pullOpenInvoices, pullPaidInvoices } from './pulls.ts';

export type { NextBillChange } from '#data/bill-explanation-rows';

/**
 * Home's sentence on the next bill (docs/product/invoices.md "Next invoice and estimate"): the estimate against the
 * last cycle's invoices, from what is stored (the bills screen's lists, the estimate, the last invoices' lines), pulled
 * when older than 15 minutes. `customerId` null (a plain user, who sees no invoice): nothing. `undefined` while read.
 */
export const useNextBill = (customerId: number | null): NextBillChange | null | undefined => {
  const read = useLiveQuery(async () => {
    if (customerId === null) return { change: null, last: [] as string[] };
    const [open, paid, estimate, details] = await Promise.all([
      db.invoiceLists.get(resourceKeys.invoicesOpen(customerId, 'all')),
      db.invoiceLists.get(resourceKeys.invoicesPaid(customerId, 'all', 1)),
      db.invoiceEstimates.get(customerId),
      db.invoiceDetails.where('customerId').equals(customerId).toArray(),
    ]);
    const listed = [...(open?.invoices ?? []), ...(paid?.invoices ?? [])].map(summaryOfRow);
    return { change: nextBillChange(estimate, listed, details), last: lastCycleInvoices(listed).map((invoice) => invoice.uuid) };
  }, [customerId]);
  usePull(customerId === null ? null : [customerId, 'all'], pullOpenInvoices);
  usePull(customerId === null ? null : [customerId, 'all', 1], pullPaidInvoices);
  usePull(customerId === null ? null : [customerId], pullInvoiceEstimate);
  const last = read?.last ?? [];
  usePull(customerId === null || last.length === 0 ? null : [customerId, last], pullInvoiceDetails);
  return read === undefined ? undefined : read.change;
};
