import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { db } from '#db/db';
import { clearLocalData } from '#sync/pull';
import { PDF_CACHE_SIZE, pdfsToEvict, storeInvoicePdf } from '#features/invoices/data/invoice-pdf-cache.ts';

describe('pdfsToEvict: only the most recently opened PDFs stay', () => {
  it.each<[string, { uuid: string; storedAt: number }[], number, string[]]>([
    ['fewer than the limit', [{ uuid: 'a', storedAt: 1 }], 5, []],
    ['exactly the limit', [1, 2, 3].map((n) => ({ uuid: `u${n}`, storedAt: n })), 3, []],
    ['the oldest go first', [5, 1, 4, 2, 3].map((n) => ({ uuid: `u${n}`, storedAt: n })), 3, ['u2', 'u1']],
    [
      'a tie keeps the uuid order, so the result never depends on the read order',
      [
        { uuid: 'b', storedAt: 1 },
        { uuid: 'a', storedAt: 1 },
      ],
      1,
      ['b'],
    ],
  ])('%s', (_, rows, size, evicted) => {
    expect(pdfsToEvict(rows, size)).toEqual(evicted);
  });
});

describe('the stored PDFs', () => {
  it(`keep the ${PDF_CACHE_SIZE} most recent and are wiped at logout`, async () => {
    for (let i = 1; i <= PDF_CACHE_SIZE + 2; i += 1) {
      await storeInvoicePdf({ uuid: `inv-${i}`, customerId: 1, piece: `P${i}`, bytes: new Uint8Array([i]).buffer, storedAt: i });
    }
    const kept = (await db.invoicePdfs.toArray()).map((row) => row.uuid).sort();
    expect(kept).toEqual(['inv-3', 'inv-4', 'inv-5', 'inv-6', 'inv-7']);
    await clearLocalData();
    expect(await db.invoicePdfs.count()).toBe(0);
  });
});
