import type { InvoiceSituation } from '#contract/invoices';
import type { InvoiceSituationRow } from '#db/schema';

/** The invoice situation's row (pure: its pull stores it, and so does a first visit's start, data/first-visit.ts). */
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
