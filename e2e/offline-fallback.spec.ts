import { expect, test } from './fixtures/offline-server.ts';
import { ContactScreen, onlineVisit, serverLog, setOffline, waitForServiceWorker } from './page-models/offline-app.ts';

// Every test here needs the app's service worker (e2e/fixtures/test.ts installs none by default).
test.use({ serviceWorkers: 'allow' });

/*
 * Browsers without the Background Sync API (Firefox, Safari): the worker is registered with `?sync=fallback`,
 * which makes Workbox replay its queue when the worker starts. No page of the app is open during the replay. The
 * name written keeps "Sophie Dubois" whole, which the other tests on the worker's server look for.
 */

test('the queue replays when the service worker restarts (sync fallback)', async ({ page, context }) => {
  // A JSON page of the origin (no app code) installs the fallback worker before the app's first visit.
  await page.goto('/api/public/status');
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js?sync=fallback', { scope: '/' });
    await navigator.serviceWorker.ready;
  });
  await onlineVisit(page);
  await waitForServiceWorker(page);
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/sync=fallback/);
  const contact = new ContactScreen(page);
  await contact.goto();
  const before = (await serverLog(page)).changes.length;
  await setOffline(context, page, true);
  await contact.save({ lastName: 'Dubois-Fallback' });
  await expect(contact.indicator).toHaveText(/1 modification en attente/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // Close the app, come back online, stop the worker: nothing has replayed it yet.
  const blank = await context.newPage();
  await page.close();
  await context.setOffline(false);
  const cdp = await context.newCDPSession(blank);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  expect((await serverLog(blank)).changes.slice(before)).toEqual([]);

  // Any request in scope starts the worker again; its start replays the queue.
  await blank.goto('/api/public/status');
  await expect.poll(async () => (await serverLog(blank)).changes.slice(before).length, { timeout: 15_000 }).toBe(1);
  expect((await serverLog(blank)).changes.slice(before)[0]?.body).toMatchObject({ lastName: 'Dubois-Fallback' });
});
