import {
  explainableOf,
  explainInvoice,
  isCycleInvoice,
  previousInvoiceOf,
  summaryOfDetail,
  type ExplanationLine,
  type InvoiceExplanation,
  type InvoiceSummary,
} from '#contract/bill-explanation';
import { explainNextInvoice } from '#contract/bill-explanation-next';
import type { InvoiceDetailRow, InvoiceEstimateRow, InvoiceRow } from '#db/schema';

/*
 * Why a bill is different, on the device (docs/product/invoices.md "Why this bill is different"): the contract's
 * `explainInvoice` on the invoices stored in Dexie, the same function and the same previous invoice as the server's
 * GET …/invoices/{uuid}/explanation (tests/server/invoice-explanation.test.ts proves they agree). Pure: the hooks of
 * the bills screen, of an invoice and of home read the rows and call these.
 */

/** A listed invoice as the explanation's rules read it. */
export const summaryOfRow = (row: InvoiceRow): InvoiceSummary => ({
  uuid: row.uuid,
  document_type: row.documentType,
  cost_center_id: row.costCenterId,
  generated_at: row.generatedAt,
  period_start: row.periodStart,
  period_end: row.periodEnd,
  total_cents: row.totalInclVat,
});

/** The previous invoice of an invoice, among those listed or stored (its uuid, to fetch its lines); null: none. */
export const previousUuidOf = (detail: Pick<InvoiceDetailRow, 'invoice' | 'totals'>, listed: readonly InvoiceSummary[]): string | null =>
  previousInvoiceOf(summaryOfDetail(detail), listed)?.uuid ?? null;

export type StoredExplanation =
  | { status: 'ready'; explanation: InvoiceExplanation }
  /** The previous invoice's lines are not on this device yet (first opened offline). */
  | { status: 'missingPrevious'; previousUuid: string };

/**
 * An invoice explained from what is stored: against the previous invoice the lists name (or the stored details), when
 * its lines are stored too.
 */
export const explainStored = (
  detail: InvoiceDetailRow,
  listed: readonly InvoiceSummary[],
  details: readonly InvoiceDetailRow[],
): StoredExplanation => {
  const candidates = [...listed, ...details.map(summaryOfDetail)];
  const previousUuid = previousUuidOf(detail, candidates);
  if (previousUuid === null) return { status: 'ready', explanation: explainInvoice(explainableOf(detail), null) };
  const previous = details.find((row) => row.uuid === previousUuid);
  if (!previous) return { status: 'missingPrevious', previousUuid };
  return { status: 'ready', explanation: explainInvoice(explainableOf(detail), explainableOf(previous)) };
};

/** The last cycle's invoices (a professional customer's: one per cost centre), newest cycle; none: empty. */
export const lastCycleInvoices = (listed: readonly InvoiceSummary[]): InvoiceSummary[] => {
  const cycle = listed.filter(isCycleInvoice);
  const last = cycle.reduce<string>((latest, invoice) => ((invoice.period_end ?? '') > latest ? (invoice.period_end ?? '') : latest), '');
  const seen = new Set<string>();
  return cycle.filter((invoice) => invoice.period_end === last && !seen.has(invoice.uuid) && seen.add(invoice.uuid));
};

/** The next bill against the last one: the explanation, and what its sentence says (how much, mainly why). */
export type NextBillChange = {
  explanation: InvoiceExplanation;
  /** More than 10 % or 5 € apart: the sentence is said. */
  worthSaying: boolean;
  main: ExplanationLine | null;
};

/**
 * The next bill against the last one (contract/bill-explanation-next.ts `explainNextInvoice`); null without an estimate or
 * a last cycle invoice, or while the last invoices' lines are not stored.
 */
export const nextBillChange = (
  estimate: InvoiceEstimateRow | undefined,
  listed: readonly InvoiceSummary[],
  details: readonly InvoiceDetailRow[],
): NextBillChange | null => {
  const last = lastCycleInvoices(listed);
  const stored = last.map((invoice) => details.find((row) => row.uuid === invoice.uuid));
  if (!estimate || last.length === 0 || stored.some((row) => row === undefined)) return null;
  const next = explainNextInvoice(
    estimate,
    stored.flatMap((row) => (row ? [explainableOf(row)] : [])),
  );
  if (!next) return null;
  const { worthSaying, main, ...explanation } = next;
  return { explanation, worthSaying, main };
};
