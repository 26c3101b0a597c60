import { expect, type Page } from '@playwright/test';

/**
 * Home pulls the next bill's inputs, the line's products and the bill's records when the browser is idle (issue 41,
 * point 6), after the screen is on display. A test that counts the requests a later visit sends, or that answers the
 * API with a failure of its own, waits for them first: otherwise a late pull of home's is counted, or gets the
 * failure. Done when their resources are stored with their age (IndexedDB's meta table).
 */
export const homePullsDone = (page: Page) =>
  expect
    .poll(
      () =>
        page.evaluate(async () => {
          const open = indexedDB.open('mobile-self-service');
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error ?? new Error('open failed'));
          });
          const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
            const request = db.transaction('meta').objectStore('meta').getAllKeys();
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error ?? new Error('read failed'));
          });
          db.close();
          return ['products:', 'usage-records:', 'invoices-open:', 'invoices-paid:', 'invoice-estimate:', 'invoice-detail:'].filter(
            (prefix) => !keys.some((key) => typeof key === 'string' && key.startsWith(prefix)),
          );
        }),
      // The idle callback waits up to 2 s, and a loaded machine runs two browsers at once.
      { timeout: 20_000 },
    )
    .toEqual([]);
