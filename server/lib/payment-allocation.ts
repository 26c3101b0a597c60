/*
 * Where the money of a paid online payment goes (docs/product/payments.md "Payment outcomes"), as a pure rule: the
 * payments module reads the open documents, asks this, and writes the answer.
 *
 * - The documents the payment was made for come first, in the order they were recorded; then the customer's other
 *   open invoices, the one due first on top, as a bank transfer with the account reference is booked
 *   (docs/product/invoices.md "Invoice situation"). An invoice paid meanwhile by another way takes nothing.
 * - A credit note the payment was made for (the open total nets it) is settled by the payment: its credit is added
 *   to the money to share out. A credit note it was not made for is left alone (it is refunded).
 * - An invoice is settled once what it received reaches its total; otherwise its partial payments grow.
 * - What no open invoice is left to take is `unapplied` (the operator refunds it): never lost, never invented.
 */

export type OpenDocument = {
  id: number;
  /** Total incl. VAT, cents; negative for a credit note. */
  total: number;
  /** Partial payments already received, cents (≥ 0). */
  partiallyPaid: number;
  dueDate: string;
  /** Issue date, 'YYYY-MM-DD' (ties between due dates). */
  issued: string;
};

export type DocumentUpdate = { id: number; partiallyPaid: number; settled: boolean };

export type Allocation = { updates: DocumentUpdate[]; unapplied: number };

const byDue = (a: OpenDocument, b: OpenDocument): number =>
  a.dueDate !== b.dueDate ? (a.dueDate < b.dueDate ? -1 : 1) : a.issued !== b.issued ? (a.issued < b.issued ? -1 : 1) : a.id - b.id;

/**
 * `amount`: what the provider received (cents); `covered`: the ids the payment was made for, in order; `open`: the
 * customer's documents still open now. Only changed documents are listed in `updates`.
 */
export const allocatePayment = (amount: number, covered: readonly number[], open: readonly OpenDocument[]): Allocation => {
  const openById = new Map(open.map((doc) => [doc.id, doc]));
  const coveredDocs = covered.map((id) => openById.get(id)).filter((doc): doc is OpenDocument => doc !== undefined);
  const updates: DocumentUpdate[] = [];
  let pool = amount;

  for (const note of coveredDocs.filter((doc) => doc.total < 0)) {
    pool += note.partiallyPaid - note.total;
    updates.push({ id: note.id, partiallyPaid: note.partiallyPaid, settled: true });
  }

  const coveredIds = new Set(coveredDocs.map((doc) => doc.id));
  const others = open.filter((doc) => !coveredIds.has(doc.id)).sort(byDue);
  for (const invoice of [...coveredDocs, ...others]) {
    if (invoice.total <= 0) continue;
    const due = invoice.total - invoice.partiallyPaid;
    if (due <= 0 || pool <= 0) continue;
    const take = Math.min(due, pool);
    pool -= take;
    updates.push({ id: invoice.id, partiallyPaid: invoice.partiallyPaid + take, settled: take === due });
  }
  return { updates, unapplied: pool };
};
