import { call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import type { InvoiceSituation } from '#contract/invoices';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { InvoiceSituationRow } from '#db/schema';
import { pull, type PullResult } from '#sync/pull';

/*
 * The invoice situation (open invoices, debt, urgency): the home alerts and the bills screen read it, so
 * its pull lives in the shared data/. Offline: the call fails and the stored row stays.
 */

export const toInvoiceSituationRow = (s: InvoiceSituation, customerId: number): InvoiceSituationRow => ({
  customerId,
  openInvoiceTotal: s.openInvoiceTotal,
  pendingDebitTotal: s.pendingDebitTotal,
  firstInvoiceDueDate: s.firstInvoiceDueDate,
  hasOpenInvoice: s.hasOpenInvoice,
  isInDebt: s.isInDebt,
  payUrgently: s.payUrgently,
  firstInvoiceIssueDate: s.firstInvoiceIssueDate,
  nextInvoiceDate: s.nextInvoiceDate,
  nextInvoiceDueDate: s.nextInvoiceDueDate,
  partialPayments: s.partialPayments,
  paymentReference: s.paymentReference,
  onlinePayment: s.onlinePayment,
});

/** GET …/invoices/situation (owners and admins only: never call it for a plain user, the server answers 403). */
export const pullInvoiceSituation = (customerId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.invoiceSituation(customerId),
    force: options.force ?? false,
    tables: [db.invoiceSituations],
    fetch: () => call(endpoints.invoiceSituation, { params: { customerId }, silent: true }),
    write: async (situation) => {
      await db.invoiceSituations.put(toInvoiceSituationRow(situation, customerId));
    },
  });

