import type { Page } from '@playwright/test';
import { demoUsers, type DemoUserKey } from '#contract/fixtures/demo';
import { axeOn } from './fixtures/axe.ts';
import { signIn } from './fixtures/sign-in.ts';
import { expect, ownContext, test } from './fixtures/test.ts';
import { alertDialog, alertTitles, closeLabel, waitForHomeAlerts } from './page-models/home-page.ts';
import { runNow } from './fixtures/clock.ts';

/*
 * Home (docs/product/home.md "What home shows", "Which line is shown", "Alert modals"): the usage overview of the
 * selected contract, the contract selector rules and the alert modals, each hidden for 24 hours once closed, across
 * reloads.
 */

/** Signed in on home, its alert modals decided and left open. */
const loginTo = (page: Page, who: DemoUserKey) => signIn(page, who, { keepAlerts: true });

test('Sophie sees the activate-SIM modal, and only it; the dialog is accessible', async ({ page }) => {
  await loginTo(page, 'sophie');
  const dialog = alertDialog(page, alertTitles.activateSim);
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('alertdialog')).toHaveCount(1);
  // It leads into the activation of that line (Sophie's 0470000002 is contract 2).
  await expect(dialog.getByRole('link', { name: 'Activer ma carte SIM' })).toHaveAttribute('href', '/orders/activate?contractId=2');
  const results = await axeOn(page).include('[role="alertdialog"]').analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await dialog.getByRole('button', { name: closeLabel }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  // The page underneath is usable again: the usage overview of the selected contract is there.
  await expect(page.getByRole('heading', { name: 'Consommation du 0470 00 00 01' })).toBeVisible();
  // Once the modal is closed, the line's card still leads to its activation.
  await expect(page.getByRole('link', { name: 'Activer la carte SIM du 0470 00 00 02' })).toHaveAttribute(
    'href',
    '/orders/activate?contractId=2',
  );
});

test('Marc sees the invoice-situation modal, then the overspent-limit modal', async ({ page }) => {
  await loginTo(page, 'marc');
  const invoice = alertDialog(page, alertTitles.invoiceSituation);
  await expect(invoice).toBeVisible();
  await expect(invoice).toContainText('openstaande factuur');
  await invoice.getByRole('button', { name: closeLabel }).click();
  const overspent = alertDialog(page, alertTitles.overspentLimit);
  await expect(overspent).toBeVisible();
  await overspent.getByRole('button', { name: closeLabel }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('Lucas (plain user) gets none of the owner modals and no contract switcher', async ({ page }) => {
  await loginTo(page, 'lucas');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /selecteren/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Verbruik van 0470 00 00 03' })).toBeVisible();
});

// The page's clock is its context's: the test has a context of its own, which no later test inherits.
test('a closed modal stays hidden after a reload and comes back after 24 hours', { tag: ownContext }, async ({ page }) => {
  // Start the page clock 25 hours in the past, so that jumping to "now" later leaves the session (issued by the
  // server on its real clock, valid a day) still valid.
  const realNow = runNow();
  await page.clock.install({ time: realNow - 25 * 3_600_000 });
  await loginTo(page, 'sophie');
  const dialog = alertDialog(page, alertTitles.activateSim);
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: closeLabel }).click();
  await expect(dialog).toHaveCount(0);

  await page.reload();
  await waitForHomeAlerts(page);
  await expect(page.getByTestId('customer-name')).toContainText(demoUsers.sophie.name);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await page.clock.setSystemTime(realNow + 60_000);
  await page.reload();
  await waitForHomeAlerts(page);
  await expect(alertDialog(page, alertTitles.activateSim)).toBeVisible();
});

test('home shows the usage in the bundle, unlimited, out-of-bundle costs and the forecast', async ({ page }) => {
  await loginTo(page, 'sophie');
  await alertDialog(page, alertTitles.activateSim).getByRole('button', { name: closeLabel }).click();
  const data = page.getByRole('meter', { name: 'Données' });
  // What Sophie used of her 20 GB this cycle, as the API says (the part of her pace elapsed: about 82 % at the run's
  // pinned date).
  const summary = (await (await page.request.get('/api/customer/1/contract/1/usage')).json()) as {
    balances: { type: string; value: number; balanceValue: number }[];
  };
  const used = summary.balances.find((b) => b.type === 'DATA');
  if (!used) throw new Error('no data balance');
  const gigabytes = new Intl.NumberFormat('fr-BE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(used.value / 1024 ** 3);
  await expect(data).toHaveAttribute('aria-valuetext', new RegExp(`^${gigabytes}\\sGo sur 20,00\\sGo$`));
  await expect(data).toHaveAttribute('aria-valuenow', String(Math.round((100 * used.value) / used.balanceValue)));
  // An unlimited bundle says what was used, not "unlimited" again (the card already says so).
  const sms = page.getByRole('meter', { name: 'SMS' });
  await expect(sms).toHaveAttribute('data-unlimited', 'true');
  await expect(sms).toHaveAttribute('aria-valuetext', /^\d+\sSMS utilisés$/);
  await expect(page.getByText(/^À ce rythme : [\d,]+\sGo sur 20,00\sGo d’ici le \d+ \p{L}+$/u)).toBeVisible();
  await expect(page.getByText(/^Hors forfait : \d+,\d\d\s€$/).first()).toBeVisible();
});

test('switching the contract changes the usage overview', async ({ page }) => {
  await loginTo(page, 'emma');
  // docs/product/home.md "Which line is shown": the oldest contract with a number comes first.
  await expect(page.getByRole('heading', { name: 'Usage of 0470 00 00 05' })).toBeVisible();
  await page.getByRole('button', { name: 'Select 0470 00 00 03' }).click();
  await expect(page.getByRole('heading', { name: 'Usage of 0470 00 00 03' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Usage of 0470 00 00 03' })).toBeVisible();
});
