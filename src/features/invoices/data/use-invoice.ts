import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import type { InvoiceSummary } from '#contract/bill-explanation';
import { isPlainUser } from '#contract/roles';
import { explainStored, lastCycleInvoices, summaryOfRow, type StoredExplanation } from '#data/bill-explanation-rows';
import { pullInvoiceSituation } from '#data/invoice-situation-pull';
import { pullInvoiceDetail, pullOpenInvoices, pullPaidInvoices, pullPaymentCreditor, toInvoiceRow } from '#data/invoices-pull';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { InvoiceDetailRow, InvoiceRow, InvoiceSituationRow, PaymentCreditorRow } from '#db/schema';
import { fromLive, type LiveResult } from '#lib/live-result';
import { usePull } from '#lib/use-pull';

export type { InvoiceDetailRow } from '#db/schema';

/** The address of the last monthly invoice (the one an explanation is most asked for): /bills/invoice/latest. */
export const LATEST = 'latest';

export type InvoiceData = {
  customerId: number;
  canSee: boolean;
  /** The invoice asked for, as listed (or as its stored detail says); undefined when neither is stored (yet). */
  row: InvoiceRow | undefined;
  /** Which list it is in: its context depends on it (docs/product/invoices.md "Invoice context"). */
  list: 'open' | 'paid';
  uuid: string | null;
  detail: InvoiceDetailRow | undefined;
  explanation: StoredExplanation | null;
  situation: InvoiceSituationRow | undefined;
  creditor: PaymentCreditorRow | undefined;
  storedPdf: boolean;
  /** When its lines were fetched (undefined: never). */
  fetchedAt: number | undefined;
};

/**
 * One invoice and why it differs from the previous one, from Dexie (docs/product/invoices.md "The invoice screen"):
 * its row in the stored lists, its lines, and the previous invoice's lines, explained on the device with the
 * contract's rule (src/data/bill-explanation-rows.ts). Pulls the lists, its lines and the previous one's when older
 * than 15 minutes; offline, what is stored with its age.
 */
export const useInvoice = (
  param: string,
): { result: LiveResult<InvoiceData | null>; refresh: () => Promise<void>; refreshError: unknown; settled: boolean } => {
  const result = fromLive(
    useLiveQuery(async () => {
      const session = await db.session.get('current');
      if (!session || session.customerId === null) return { data: null };
      const customerId = session.customerId;
      const [lists, details, situation, creditor] = await Promise.all([
        db.invoiceLists.where('customerId').equals(customerId).toArray(),
        db.invoiceDetails.where('customerId').equals(customerId).toArray(),
        db.invoiceSituations.get(customerId),
        db.paymentCreditor.get('current'),
      ]);
      const rows = lists.flatMap((list) => list.invoices.map((invoice) => ({ invoice, open: list.pagination === null })));
      const listed: InvoiceSummary[] = rows.map(({ invoice }) => summaryOfRow(invoice));
      const uuid = param === LATEST ? (lastCycleInvoices(listed)[0]?.uuid ?? null) : param;
      const found = rows.find(({ invoice }) => invoice.uuid === uuid);
      const detail = details.find((row) => row.uuid === uuid);
      const [meta, pdf] = await Promise.all([
        uuid === null ? undefined : db.meta.get(resourceKeys.invoiceDetail(customerId, uuid)),
        uuid === null ? undefined : db.invoicePdfs.get(uuid),
      ]);
      const data: InvoiceData = {
        customerId,
        canSee: !isPlainUser(session),
        row: found?.invoice ?? (detail ? toInvoiceRow(detail.invoice) : undefined),
        list: found ? (found.open ? 'open' : 'paid') : detail?.invoice.dates.paid_at ? 'paid' : 'open',
        uuid,
        detail,
        explanation: detail ? explainStored(detail, listed, details) : null,
        situation,
        creditor,
        storedPdf: pdf !== undefined,
        fetchedAt: meta?.fetchedAt,
      };
      return { data };
    }, [param]),
  );

  const data = result.status === 'ready' ? result.data : null;
  const customerId = data?.canSee ? data.customerId : null;
  const previousUuid =
    data?.explanation?.status === 'missingPrevious'
      ? data.explanation.previousUuid
      : data?.detail && data.explanation?.status === 'ready'
        ? (data.explanation.explanation.previous?.uuid ?? null)
        : null;
  const open = usePull(customerId === null ? null : [customerId, 'all'], pullOpenInvoices);
  const paid = usePull(customerId === null ? null : [customerId, 'all', 1], pullPaidInvoices);
  const situation = usePull(customerId === null ? null : [customerId], pullInvoiceSituation);
  const creditor = usePull(customerId === null ? null : [], pullPaymentCreditor);
  const detail = usePull(customerId === null || !data?.uuid ? null : [customerId, data.uuid], pullInvoiceDetail);
  const previous = usePull(customerId === null || previousUuid === null ? null : [customerId, previousUuid], pullInvoiceDetail);

  const pulls = [detail, previous, open, paid, situation, creditor];
  const refresh = useCallback(async () => {
    await Promise.all([detail.refresh(), previous.refresh(), open.refresh(), paid.refresh(), situation.refresh(), creditor.refresh()]);
  }, [detail, previous, open, paid, situation, creditor]);
  return {
    result,
    refresh,
    refreshError: pulls.map((p) => p.refreshError).find((error) => error !== null) ?? null,
    settled: open.settled && paid.settled && detail.settled,
  };
};
