import { addDaysToDate } from './calendar.ts';

/*
 * The invoice rules of docs/product/invoices.md, pure and zod-free: the bills screen decides each invoice's context
 * with them, and the server computes the invoice situation and writes the payment instructions of the PDF with
 * the same functions. Dates are calendar dates 'YYYY-MM-DD' ("today" is the caller's: the device's local day in
 * the app, Europe/Brussels on the server), which compare correctly as strings. Money is integer cents.
 */

export type PaymentModeCode = 'DD' | 'BT';
export type InvoiceListName = 'open' | 'paid';

/**
 * docs/product/invoices.md "Invoice context", with credit notes told apart: an invoice of the paid list is paid; an
 * open one is to be paid by bank transfer, or, by direct debit, pending until its due date and failed after it. A
 * credit note is refunded (paid list) or still to be refunded (open).
 */
export type InvoiceContext = 'IS_PAID' | 'TO_PAID' | 'DD_PENDING' | 'DD_FAILED' | 'CREDIT_OPEN' | 'CREDIT_REFUNDED';

export type ContextInput = {
  list: InvoiceListName;
  paymentMode: PaymentModeCode;
  dueDate: string;
  creditNote: boolean;
};

export const invoiceContext = ({ list, paymentMode, dueDate, creditNote }: ContextInput, today: string): InvoiceContext => {
  if (creditNote) return list === 'paid' ? 'CREDIT_REFUNDED' : 'CREDIT_OPEN';
  if (list === 'paid') return 'IS_PAID';
  if (paymentMode === 'BT') return 'TO_PAID';
  // Collected on the due date: until that day is over the debit is still on its way.
  return dueDate >= today ? 'DD_PENDING' : 'DD_FAILED';
};

/**
 * docs/product/invoices.md "Credit notes": a credit note is refunded within 14 days, unless a new invoice issued
 * within 5 days uses it up.
 */
export const CREDIT_NOTE_REFUND_DAYS = 14;
export const CREDIT_NOTE_REUSE_DAYS = 5;

/** The last day a credit note issued on `issued` ('YYYY-MM-DD') is refunded by. */
export const creditNoteRefundBy = (issued: string): string => addDaysToDate(issued, CREDIT_NOTE_REFUND_DAYS);
/** Until this day a new invoice takes the credit note off its amount instead of a refund. */
export const creditNoteReusableUntil = (issued: string): string => addDaysToDate(issued, CREDIT_NOTE_REUSE_DAYS);

/** One open invoice or credit note as the situation sees it. */
export type OpenItem = {
  uuid: string;
  /** Total incl. VAT; negative for a credit note. */
  total: number;
  /** Partial payments already received (cents, ≥ 0). */
  paid: number;
  dueDate: string;
  /** Issue date 'YYYY-MM-DD'. */
  issued: string;
  paymentMode: PaymentModeCode;
};

/** An invoice the bank will debit on its due date, which has not passed: owed, but nothing for the customer to do. */
export const isPendingDebit = (item: OpenItem, today: string): boolean =>
  item.paymentMode === 'DD' && item.total > 0 && item.dueDate >= today;

export type SituationTotals = {
  /** docs/product/invoices.md "Invoice situation": negative means debt; a credit note left open makes it positive. */
  openInvoiceTotal: number;
  /**
   * Of what is owed (−openInvoiceTotal), the part the bank collects by direct debit on its due date (« dont … prélevé
   * automatiquement »): between 0 and what is owed, never more (see `situationTotals`).
   */
  pendingDebitTotal: number;
  firstInvoiceDueDate: string | null;
  firstInvoiceIssueDate: string | null;
  partialPayments: Record<string, number>;
  isInDebt: boolean;
  payUrgently: boolean;
  hasOpenInvoice: boolean;
};

/** docs/product/invoices.md "Urgent payment": the first open due date has passed and the balance is in debt. */
export const isUrgentPayment = (firstDueDate: string | null, openInvoiceTotal: number, today: string): boolean =>
  firstDueDate !== null && firstDueDate < today && openInvoiceTotal < 0;

/**
 * The totals of the invoice situation from the open items (docs/product/invoices.md "Invoice situation"): what is
 * left to pay of each (its total minus the partial payments), summed and negated; the first due date and issue date
 * are those of the oldest item with something left to pay (of the oldest credit note when nothing is owed).
 *
 * In debt means owing money the customer must act on: a direct debit still to be collected is owed (it counts in the
 * open total) but the bank pays it on its due date, so the invoice alert (docs/product/home.md "Alert modals") must
 * not ask the customer to pay it by hand a second time. Once its due date passed unpaid (a failed debit), it is a
 * debt.
 *
 * The direct-debit part of what is owed is a part of the whole, netted the same way: what is owed is what is owed by
 * hand plus the pending debits, and an open credit note nets what is owed by hand first, then, for what is left of it,
 * the pending debits. So the part is the pending debits, but never more than what is owed (a credit note of 15 € next
 * to an 81,70 € debit: 66,70 € owed, all of it by direct debit), and nothing when nothing is owed.
 */
export const situationTotals = (open: readonly OpenItem[], today: string): SituationTotals => {
  const owed = open.reduce((sum, item) => sum + item.total - item.paid, 0);
  const openInvoiceTotal = owed === 0 ? 0 : -owed;
  const pendingDebits = open.reduce((sum, item) => (isPendingDebit(item, today) ? sum + item.total - item.paid : sum), 0);
  const owedByHand = owed - pendingDebits;
  const byDue = [...open].sort((a, b) => (a.dueDate === b.dueDate ? (a.issued < b.issued ? -1 : 1) : a.dueDate < b.dueDate ? -1 : 1));
  const first = byDue.find((item) => item.total - item.paid > 0) ?? byDue[0];
  const partialPayments: Record<string, number> = {};
  for (const item of open) if (item.paid > 0) partialPayments[item.uuid] = item.paid;
  const isInDebt = owedByHand > 0;
  const payUrgently = isInDebt && isUrgentPayment(first?.dueDate ?? null, openInvoiceTotal, today);
  return {
    openInvoiceTotal,
    pendingDebitTotal: Math.max(0, Math.min(pendingDebits, owed)),
    firstInvoiceDueDate: first?.dueDate ?? null,
    firstInvoiceIssueDate: first?.issued ?? null,
    partialPayments,
    isInDebt,
    payUrgently,
    // docs/product/invoices.md "Invoice situation": an open invoice exists when the open total is non-zero or a
    // pay-urgently flag is set.
    hasOpenInvoice: openInvoiceTotal !== 0 || payUrgently,
  };
};

/** What is left to pay of an invoice after its partial payments (never below 0). */
export const amountDue = (total: number, partiallyPaid: number): number => Math.max(0, total - partiallyPaid);
