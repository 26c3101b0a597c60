import { callFile } from '#api/client';
import { endpoints } from '#contract/endpoints';
import { db } from '#db/db';
import type { InvoicePdfRow } from '#db/schema';

/*
 * Invoice PDFs once opened stay available offline: the bytes are kept in IndexedDB (invoicePdfs), the
 * PDF_CACHE_SIZE most recently opened ones only, so the cache stays a few hundred kilobytes; logout wipes it with
 * every customer table (sync/pull.ts clearLocalData). Offline, a stored PDF opens from here; one never opened
 * cannot (the screen says so and disables its button).
 */

export const PDF_CACHE_SIZE = 5;

/** The uuids to drop so that only the `size` most recently stored rows remain (pure). */
export const pdfsToEvict = (rows: readonly Pick<InvoicePdfRow, 'uuid' | 'storedAt'>[], size: number = PDF_CACHE_SIZE): string[] =>
  [...rows]
    .sort((a, b) => b.storedAt - a.storedAt || (a.uuid < b.uuid ? -1 : 1))
    .slice(size)
    .map((row) => row.uuid);

/** Stores a PDF as the most recent one and trims the cache, in one transaction. */
export const storeInvoicePdf = async (row: InvoicePdfRow): Promise<void> => {
  await db.transaction('rw', db.invoicePdfs, async () => {
    await db.invoicePdfs.put(row);
    const all = await db.invoicePdfs.toArray();
    const evict = pdfsToEvict(all.map(({ uuid, storedAt }) => ({ uuid, storedAt })));
    if (evict.length > 0) await db.invoicePdfs.bulkDelete(evict);
  });
};

export type OpenedPdf = { blob: Blob; fileName: string; fromCache: boolean };

const fromStore = async (uuid: string, fileName: string): Promise<OpenedPdf | null> => {
  const stored = await db.invoicePdfs.get(uuid);
  if (!stored) return null;
  // Opening it again makes it the most recent: the last one the cache would drop.
  await db.invoicePdfs.update(uuid, { storedAt: Date.now() });
  return { blob: new Blob([stored.bytes], { type: 'application/pdf' }), fileName, fromCache: true };
};

/**
 * The PDF of an invoice. Online: from the server (it states the invoice as it is now, paid or not) and stored, so
 * that it opens offline next time; if the server cannot be reached, the stored copy. Offline: the stored copy.
 * Throws the download's ApiError when there is no stored copy to fall back on.
 */
export const openInvoicePdf = async (customerId: number, invoice: { uuid: string; piece: string }, online: boolean): Promise<OpenedPdf> => {
  const fileName = `invoice-${invoice.piece}.pdf`;
  if (!online) {
    const stored = await fromStore(invoice.uuid, fileName);
    if (stored) return stored;
  }
  try {
    const bytes = await callFile(endpoints.invoiceDownload, { params: { customerId, uuid: invoice.uuid }, silent: true });
    await storeInvoicePdf({ uuid: invoice.uuid, customerId, piece: invoice.piece, bytes, storedAt: Date.now() });
    return { blob: new Blob([bytes], { type: 'application/pdf' }), fileName, fromCache: false };
  } catch (error) {
    const stored = await fromStore(invoice.uuid, fileName);
    if (stored) return stored;
    throw error;
  }
};
