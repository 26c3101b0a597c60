import type { InvoiceEstimateRow, InvoiceSituationRow } from '#db/schema';

/*
 * Home's hero (issue 43 point 1, docs/product/home.md "What home shows"): what remains of the bundles, the days left in
 * the cycle, the bill card and the quick actions, as pure rules on stored rows (the first-paint snapshot and a server
 * render show the same figures as the live page).
 */

const dayMs = 86_400_000;

/** 'YYYY-MM-DD' as a day number, zone-free (calendar days, never the device's clock). */
const dayNumber = (isoDay: string): number => {
  const [year, month, day] = isoDay.slice(0, 10).split('-').map(Number);
  return Math.round(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / dayMs);
};

/**
 * The days left in the current bill, today included: 30 on the first day of a 30-day cycle, 1 on its last day, 0
 * once it has ended (a summary not yet replaced by the next cycle's). Both are calendar days of the service
 * (Europe/Brussels, lib/usage-format.ts `isoLocalDate`).
 */
export const daysLeftInCycle = (cycleEndDay: string, today: string): number => Math.max(0, dayNumber(cycleEndDay) - dayNumber(today) + 1);

/** What the bill card says, from the stored invoice situation and estimate. */
export type HomeBill =
  /** Money is owed: the open total, its first due date, past due or not, and whether a direct debit collects all of it. */
  | { kind: 'due'; amountCents: number; dueDate: string | null; overdue: boolean; byDebit: boolean }
  /** Nothing owed: the next invoice's estimated total and its date. */
  | { kind: 'next'; amountCents: number; date: string | null }
  /** Nothing owed and no estimate: nothing to pay. */
  | { kind: 'settled' };

/**
 * The bill card (docs/product/invoices.md "Invoice situation", "Next invoice and estimate"): what is owed first (the
 * server's open total, negative when owed; overdue only when the server says so), otherwise the estimate of the next
 * invoice (its total, the server's). `null` while neither has been stored yet (the card keeps its room).
 */
export const homeBillOf = (situation: InvoiceSituationRow | undefined, estimate: InvoiceEstimateRow | undefined): HomeBill | null => {
  if (situation === undefined && estimate === undefined) return null;
  if (situation && situation.openInvoiceTotal < 0) {
    const owed = -situation.openInvoiceTotal;
    return {
      kind: 'due',
      amountCents: owed,
      dueDate: situation.firstInvoiceDueDate,
      overdue: situation.payUrgently,
      byDebit: situation.pendingDebitTotal !== undefined && situation.pendingDebitTotal >= owed,
    };
  }
  if (estimate && estimate.contracts.length > 0) {
    return {
      kind: 'next',
      amountCents: estimate.total,
      date: estimate.nextInvoiceDate ?? situation?.nextInvoiceDate ?? null,
    };
  }
  return { kind: 'settled' };
};

export type QuickActionKey = 'pay' | 'roaming' | 'limits';

/**
 * Home's quick actions: paying (the bills' payment) for whoever sees the invoices, never a plain user (they are not
 * his, docs/product/roles.md); the roaming zone and the out-of-bundle limits of the line shown when there is one.
 * Decided from the session and the line alone, so that the row has its final size from the first frame.
 */
export const quickActionKeys = ({ plainUser, hasLine }: { plainUser: boolean; hasLine: boolean }): QuickActionKey[] => [
  ...(plainUser ? [] : (['pay'] as const)),
  ...(hasLine ? (['roaming', 'limits'] as const) : []),
];
