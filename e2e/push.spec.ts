import { fullChromium } from './fixtures/browsers.ts';
import { expect, test } from './fixtures/offline-server.ts';
import { onlineVisit, waitForServiceWorker } from './page-models/offline-app.ts';

/*
 * Web push in the browser (docs/product/settings.md "Push notifications"): a push delivered to the service worker (CDP's
 * ServiceWorker.deliverPushMessage, no outside push service is reachable) shows its notification in the customer's
 * language, and a refusal by the browser says how to change it. In the full Chromium: the headless shell the other
 * specs run in has no push messaging nor notifications (e2e/fixtures/browsers.ts); a browser of its own forces a
 * worker of its own, hence a file of its own. Nothing changes on the server: the worker's server of the offline
 * specs. The server's side of push (subscriptions, sending, the alert engine) is in e2e/settings.spec.ts and
 * tests/server/push.test.ts.
 */

// The service worker receives the pushes (e2e/fixtures/test.ts installs none by default).
test.use({ ownServer: false, launchOptions: fullChromium, serviceWorkers: 'allow' });

test.describe('push notifications in the browser', () => {
  test('a push delivered to the service worker shows a notification in the customer’s language', async ({ page, context }) => {
    await onlineVisit(page, 'sophie');
    await context.grantPermissions(['notifications']);
    await page.goto('/settings/alerts');
    await waitForServiceWorker(page);
    const payload = JSON.stringify({
      title: '80 % de vos données utilisées',
      body: 'Ligne 0470 00 00 01',
      lang: 'fr',
      url: '/consumption/main?contractId=1',
      tag: '80PC:DATA:test',
      type: '80PC',
    });
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    const cdp = await context.newCDPSession(page);
    // Enabling the domain reports the registrations at once: listen first.
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const found = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId, data: payload });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.ready;
          return (await reg.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            lang: n.lang,
            url: (n.data as { url: string }).url,
          }));
        }),
      )
      .toEqual([
        { title: '80 % de vos données utilisées', body: 'Ligne 0470 00 00 01', lang: 'fr', url: '/consumption/main?contractId=1' },
      ]);
  });

  test('push refused by the browser: the denied message says how to change it', async ({ page, context }) => {
    await onlineVisit(page, 'sophie');
    await context.clearPermissions();
    await page.goto('/settings/alerts');
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Activer les notifications push' }).click();
    await expect(page.getByText('Les notifications push sont refusées par votre navigateur.')).toBeVisible();
    await expect(page.getByText(/ouvrez les paramètres du site/)).toBeVisible();
  });
});
