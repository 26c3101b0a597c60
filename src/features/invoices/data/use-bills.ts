import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import type { InvoiceSummary } from '#contract/bill-explanation';
import { anyLineBlockedForDebt } from '#contract/contract-state';
import { isPlainUser } from '#contract/roles';
import { pullInvoiceSituation } from '#data/invoice-situation-pull';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { CostCenterRow, InvoiceEstimateRow, InvoiceListRow, InvoiceSituationRow, PaymentCreditorRow } from '#db/schema';
import { fromLive, type LiveResult } from '#lib/live-result';
import { usePull } from '#lib/use-pull';
import { lastCycleInvoices, nextBillChange, summaryOfRow, type NextBillChange } from '#data/bill-explanation-rows';
import {
  openListKey,
  paidListKey,
  pullCostCenters,
  pullInvoiceDetails,
  pullInvoiceEstimate,
  pullOpenInvoices,
  pullPaidInvoices,
  pullPaymentCreditor,
  type CostCenterScope,
} from '#data/invoices-pull';

/** The rows the bills screen shows (its components take their types from here, never from db/). */
export type { InvoiceEstimateRow, InvoiceRow, InvoiceSituationRow, PaymentCreditorRow } from '#db/schema';
export type { NextBillChange } from '#data/bill-explanation-rows';
export type { CostCenterScope } from '#data/invoices-pull';

export type BillsData = {
  customerId: number;
  /** Invoices are the account holder's (docs/product/roles.md "Plain user"): a plain user sees none of them. */
  canSee: boolean;
  situation: InvoiceSituationRow | undefined;
  costCenters: CostCenterRow[];
  open: InvoiceListRow | undefined;
  paid: InvoiceListRow | undefined;
  estimate: InvoiceEstimateRow | undefined;
  creditor: PaymentCreditorRow | undefined;
  /** Invoices whose PDF is stored on this device (they open offline). */
  storedPdfs: ReadonlySet<string>;
  /** The next bill against the last one (the whole account's lists only); null while not known. */
  nextBill: NextBillChange | null;
  /** The last cycle's invoices, whose lines the next bill is compared with. */
  lastInvoices: string[];
  /** Some of `lastInvoices` have no lines stored yet: the next bill's sentence waits for them. */
  lastInvoicesUnread: boolean;
  /** The last 6 cycles' totals shown (oldest first), for the chart: the cycle's first day and the invoices' sum. */
  recentTotals: { periodStart: string; total: number }[];
  /** When the lists shown were fetched: the oldest of the situation and the lists (undefined: never). */
  fetchedAt: number | undefined;
  /** A line is already blocked for an unpaid invoice: paying unblocks it (issue 43 point 8), it no longer "keeps" it. */
  lineBlockedForDebt: boolean;
};

/** The totals of the last 6 cycles listed, oldest first (a professional customer's cost centres added up). */
const recentTotalsOf = (listed: readonly InvoiceSummary[]): { periodStart: string; total: number }[] => {
  const totals = new Map<string, number>();
  for (const invoice of listed)
    if (invoice.document_type === 'invoice' && invoice.period_start !== null)
      totals.set(invoice.period_start, (totals.get(invoice.period_start) ?? 0) + invoice.total_cents);
  return [...totals]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .slice(-6)
    .map(([periodStart, total]) => ({ periodStart, total }));
};

const oldest = (times: (number | undefined)[]): number | undefined =>
  times.some((t) => t === undefined) ? undefined : Math.min(...(times as number[]));

/**
 * The bills screen's data, from Dexie: the situation, the open invoices and one page of the paid ones (for a cost
 * centre or all), the cost centres, the estimate, the creditor and which PDFs are stored. Pulls what is older
 * than 15 minutes. Offline: the stored copies with their age.
 */
export const useBills = (
  scope: CostCenterScope,
  page: number,
): {
  result: LiveResult<BillsData | null>;
  refresh: () => Promise<void>;
  refreshError: unknown;
  settled: boolean;
  aboveListsPending: boolean;
} => {
  const result = fromLive(
    useLiveQuery(async () => {
      const session = await db.session.get('current');
      if (!session || session.customerId === null) return { data: null };
      const customerId = session.customerId;
      const [situation, costCenters, open, paid, estimate, creditor, pdfs, metas, details, contracts] = await Promise.all([
        db.invoiceSituations.get(customerId),
        db.costCenters.where('customerId').equals(customerId).sortBy('name'),
        db.invoiceLists.get(openListKey(customerId, scope)),
        db.invoiceLists.get(paidListKey(customerId, scope, page)),
        db.invoiceEstimates.get(customerId),
        db.paymentCreditor.get('current'),
        db.invoicePdfs.where('customerId').equals(customerId).primaryKeys(),
        db.meta.bulkGet([resourceKeys.invoiceSituation(customerId), openListKey(customerId, scope), paidListKey(customerId, scope, page)]),
        db.invoiceDetails.where('customerId').equals(customerId).toArray(),
        db.contracts.where('customerId').equals(customerId).toArray(),
      ]);
      const listed = [...(open?.invoices ?? []), ...(paid?.invoices ?? [])].map(summaryOfRow);
      const whole = scope === 'all' && page === 1;
      const lastInvoices = whole ? lastCycleInvoices(listed).map((invoice) => invoice.uuid) : [];
      const data: BillsData = {
        customerId,
        canSee: !isPlainUser(session),
        situation,
        costCenters,
        open,
        paid,
        estimate,
        creditor,
        storedPdfs: new Set(pdfs),
        nextBill: whole ? nextBillChange(estimate, listed, details) : null,
        lastInvoices,
        lastInvoicesUnread: lastInvoices.some((uuid) => !details.some((row) => row.uuid === uuid)),
        recentTotals: recentTotalsOf(listed),
        fetchedAt: oldest(metas.map((meta) => meta?.fetchedAt)),
        lineBlockedForDebt: anyLineBlockedForDebt(contracts, situation?.isInDebt ?? false),
      };
      return { data };
    }, [scope, page]),
  );

  const data = result.status === 'ready' ? result.data : null;
  const customerId = data?.canSee ? data.customerId : null;
  const situation = usePull(customerId === null ? null : [customerId], pullInvoiceSituation);
  const open = usePull(customerId === null ? null : [customerId, scope], pullOpenInvoices);
  const paid = usePull(customerId === null ? null : [customerId, scope, page], pullPaidInvoices);
  const centers = usePull(customerId === null ? null : [customerId], pullCostCenters);
  const estimate = usePull(customerId === null ? null : [customerId], pullInvoiceEstimate);
  const creditor = usePull(customerId === null ? null : [], pullPaymentCreditor);
  const lastInvoices = data?.lastInvoices ?? [];
  const details = usePull(customerId === null || lastInvoices.length === 0 ? null : [customerId, lastInvoices], pullInvoiceDetails);

  const pulls = [situation, open, paid, centers, estimate, creditor];
  const refresh = useCallback(async () => {
    await Promise.all([situation.refresh(), open.refresh(), paid.refresh(), centers.refresh(), estimate.refresh(), creditor.refresh()]);
  }, [situation, open, paid, centers, estimate, creditor]);

  return {
    result,
    refresh,
    refreshError: pulls.map((p) => p.refreshError).find((error) => error !== null) ?? null,
    settled: open.settled && paid.settled && situation.settled,
    // What the screen draws above the lists (the situation, the estimate and its next-bill sentence) has never been
    // stored and its first answer is on its way: a first visit. Once stored (or once its pull failed), never again.
    aboveListsPending:
      data !== null &&
      data.canSee &&
      ((data.situation === undefined && !situation.settled) ||
        (data.estimate === undefined && !estimate.settled) ||
        (data.lastInvoicesUnread && !details.settled)),
  };
};
