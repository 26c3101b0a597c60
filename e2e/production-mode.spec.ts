import { demoUsers } from '#contract/fixtures/demo';
import { expect, test as base } from './fixtures/test.ts';
import { startOfflineServer, type OfflineServer } from './fixtures/server-process.ts';
import { alertDialog, alertTitles, waitForHomeAlerts } from './page-models/home-page.ts';
import { LoginPage } from './page-models/login-page.ts';
import { payNowTexts } from './page-models/payment-pages.ts';

/*
 * A server for real customers without a payment provider (DEMO=off, no MOLLIE_API_KEY; docs/product/operations.md
 * "Demo and production"): the app offers no "Pay now" anywhere, only the transfer details, and the stand-in checkout
 * does not exist. The database is the run's demo one, copied: a production server never fills one, so the customers
 * are there before it starts.
 */

const test = base.extend<{ server: OfflineServer }>({
  server: [
    // Playwright needs the object pattern for fixtures without dependencies.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startOfflineServer({ env: { DEMO: 'off' } });
      await use(server);
      await server.stop();
    },
    { timeout: 300_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

test('Marc, in debt, is offered no online payment: home and the bills screen show the transfer only', async ({ page, request, server }) => {
  const t = payNowTexts.fr;
  expect((await request.get(`${server.url}/psp-stand-in/checkout.css`)).status()).toBe(404);
  expect((await request.get(`${server.url}/energy-portal/`)).status()).toBe(404);

  const loginPage = new LoginPage(page);
  await loginPage.goto('?lang=fr');
  await loginPage.login(demoUsers.marc.logins[0]);
  await waitForHomeAlerts(page);

  // Home's unpaid-invoice modal still tells him, with its way to the bills, but without "Pay now".
  const modal = alertDialog(page, alertTitles.invoiceSituation);
  await expect(modal).toBeVisible();
  await expect(modal.getByRole('link')).toBeVisible();
  await expect(modal.getByRole('button', { name: t.payNow, exact: true })).toHaveCount(0);

  await page.goto('/bills/main');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes factures');
  const urgent = page.getByRole('region', { name: 'Paiement urgent' });
  await expect(urgent).toBeVisible();
  // The transfer's details are there (the structured communication), and no button starts a payment.
  await expect(urgent).toContainText(/\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+/);
  await expect(page.getByRole('button', { name: /^Payer maintenant/ })).toHaveCount(0);
});
