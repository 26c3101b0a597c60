import { demoSimOrders } from '#contract/fixtures/demo';
import { expect, test } from './fixtures/offline-server.ts';
import { ActivationPage, newSale, type Lang } from './page-models/activation-page.ts';
import { onlineVisit, setOffline, waitForServiceWorker } from './page-models/offline-app.ts';

// Every test here needs the app's service worker (e2e/fixtures/test.ts installs none by default).
test.use({ serviceWorkers: 'allow' });

/*
 * The follow-up of a SIM order offline (docs/product/activation.md "Order follow-up"; docs/architecture.md,
 * offline-first): after one online visit, a page opened without a connection shows the order from IndexedDB with its
 * age, and the actions wait for the connection with the reason. On the worker's server of the offline specs
 * (fixtures/offline-server): a service worker belongs to its origin.
 */

// In French; the follow-up without login in Dutch: e2e/activation.spec.ts.
const lang = 'fr' as Lang;

test(`an order followed without login opens offline from IndexedDB with its age, its actions waiting (${lang})`, async ({
  page,
  context,
}) => {
  // A service worker to install, two pages and a connection cut: slow on a loaded machine.
  test.setTimeout(90_000);
  const activation = new ActivationPage(page, lang);
  await activation.goto();
  await waitForServiceWorker(page);
  const sale = await newSale(page.request, 'ready', lang);
  await activation.open(sale.orderRef, sale.code);
  await activation.expectFollowUp(sale.orderRef);
  await expect(page.getByText(activation.t.stage.ready, { exact: true })).toBeVisible();

  await setOffline(context, page, true);
  const offlinePage = await context.newPage();
  const offline = new ActivationPage(offlinePage, lang);
  await offlinePage.goto(`/orders/activate?lang=${lang}`);
  await offline.expectFollowUp(sale.orderRef);
  await expect(offlinePage.getByTestId('freshness').first()).toHaveText(/^(Mis à jour|Bijgewerkt|Zonet bijgewerkt)/);
  await expect(offline.timeline.getByRole('listitem')).not.toHaveCount(0);
  await offline.iccid.fill(sale.iccid);
  await expect(offline.activateButton).toBeDisabled();
  await expect(offline.onlineOnly).toBeVisible();

  await setOffline(context, offlinePage, false);
  await expect(offline.activateButton).toBeEnabled();
  await expect(offline.iccid).toHaveValue(sale.iccid);
  await offline.activateButton.click();
  await expect(offlinePage.getByText(offline.t.stage.inProgress, { exact: true })).toBeVisible();
});

test('Sophie’s SIM order opens offline in the app after one online visit', async ({ page, context }) => {
  test.setTimeout(90_000);
  await onlineVisit(page);
  await page.goto(`/orders/${demoSimOrders.sophie.uuid}`);
  const activation = new ActivationPage(page, 'fr');
  await activation.expectFollowUp(demoSimOrders.sophie.orderRef);

  await setOffline(context, page, true);
  const offlinePage = await context.newPage();
  await offlinePage.goto(`/orders/${demoSimOrders.sophie.uuid}`);
  const offline = new ActivationPage(offlinePage, 'fr');
  await offline.expectFollowUp(demoSimOrders.sophie.orderRef);
  await expect(offlinePage.getByText(offline.t.stage.ready, { exact: true })).toBeVisible();
  await expect(offlinePage.getByTestId('freshness').first()).toHaveText(/^Mis à jour/);
  await expect(offline.activateButton).toBeDisabled();
  await expect(offline.onlineOnly).toBeVisible();
  await setOffline(context, offlinePage, false);
});
