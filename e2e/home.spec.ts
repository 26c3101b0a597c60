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

/** Calendar days from today (the page's clock, in Brussels) to `endDay`, today included. */
const daysLeftOnPage = async (page: Page, endDay: string): Promise<number> => {
  const today = await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(Date.now()));
  const day = (iso: string) => Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
  return Math.max(0, Math.round((day(endDay) - day(today)) / 86_400_000) + 1);
};

test('home’s hero: what remains of the bundle and the days left, unlimited, out-of-bundle costs and the forecast', async ({ page }) => {
  await loginTo(page, 'sophie');
  await alertDialog(page, alertTitles.activateSim).getByRole('button', { name: closeLabel }).click();
  const data = page.getByRole('meter', { name: 'Données' });
  // What remains of Sophie's 20 GB this cycle, as the API says (the part of her pace elapsed: about 82 % used at the
  // run's pinned date), and the days left in her cycle.
  const summary = (await (await page.request.get('/api/customer/1/contract/1/usage')).json()) as {
    period: { end: string };
    balances: { type: string; value: number; balanceValue: number }[];
  };
  const used = summary.balances.find((b) => b.type === 'DATA');
  if (!used) throw new Error('no data balance');
  const gigabytes = (bytes: number) =>
    new Intl.NumberFormat('fr-BE', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(bytes / 1024 ** 3);
  const left = used.balanceValue - used.value;
  const days = await daysLeftOnPage(page, summary.period.end.slice(0, 10));
  const daysText = days === 1 ? '1 jour restant' : `${days} jours restants`;
  await expect(data).toHaveAttribute('aria-valuetext', new RegExp(`^${gigabytes(left)}\\sGo restants sur 20,00\\sGo · ${daysText}$`));
  await expect(data).toHaveAttribute('aria-valuenow', String(Math.round((100 * left) / used.balanceValue)));
  const dataGauge = page.getByRole('group', { name: 'Données' });
  await expect(dataGauge.getByText(new RegExp(`^${gigabytes(left)}\\sGo$`))).toBeVisible();
  await expect(dataGauge.getByText('restants', { exact: true })).toBeVisible();
  await expect(dataGauge.getByText(new RegExp(`^Utilisé : ${gigabytes(used.value)}\\sGo sur 20,00\\sGo$`))).toBeVisible();
  await expect(page.getByRole('region', { name: 'Consommation du 0470 00 00 01' }).getByText(daysText, { exact: true })).toBeVisible();
  // An unlimited bundle is no gauge at 0 %: it says "Illimité" and what was used.
  await expect(page.getByRole('meter', { name: 'SMS' })).toHaveCount(0);
  const sms = page.getByRole('group', { name: 'SMS' });
  await expect(sms.getByText('Illimité', { exact: true })).toBeVisible();
  await expect(sms.getByText(/^Utilisé : \d+\sSMS$/)).toBeVisible();
  await expect(page.getByText(/^À ce rythme : [\d,]+\sGo sur 20,00\sGo d’ici le \d+ \p{L}+$/u)).toBeVisible();
  await expect(page.getByText(/^Hors forfait : \d+,\d\d\s€$/).first()).toBeVisible();
  // The greeting is gone; the name is said once, in the quiet line that keeps the refresh button.
  await expect(page.getByText('Bonjour Sophie')).toHaveCount(0);
  await expect(page.getByText(demoUsers.sophie.name)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Actualiser' })).toBeVisible();
});

test('home’s bill card and quick actions: an owner pays from the bills, roaming and limits are the line’s settings', async ({ page }) => {
  await signIn(page, 'marc');
  // Marc owes an invoice past its due date, by bank transfer.
  const bill = page.getByRole('region', { name: 'Te betalen' });
  await expect(bill.getByText(/^€\s\d+,\d\d$/)).toBeVisible();
  await expect(bill.getByText(/^Vervallen sinds \d+ \p{L}+$/u)).toBeVisible();
  const actions = page.getByRole('navigation', { name: 'Snelkoppelingen' });
  await expect(actions.getByRole('link')).toHaveText(['Betalen', 'Roaming', 'Limieten']);
  await expect(actions.getByRole('link', { name: 'Betalen' })).toHaveAttribute('href', '/bills/main');
  await expect(actions.getByRole('link', { name: 'Roaming' })).toHaveAttribute('href', '/settings/network?contractId=4');
  await actions.getByRole('link', { name: 'Limieten' }).click();
  await expect(page).toHaveURL(/\/settings\/limits\?contractId=4$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a plain user gets no bill card and no pay action', async ({ page }) => {
  await signIn(page, 'lucas');
  const actions = page.getByRole('navigation', { name: 'Snelkoppelingen' });
  await expect(actions.getByRole('link')).toHaveText(['Roaming', 'Limieten']);
  await expect(actions.getByRole('link', { name: 'Roaming' })).toHaveAttribute('href', '/settings/network?contractId=3');
  await expect(page.getByRole('region', { name: /^(Te betalen|Volgende factuur)$/ })).toHaveCount(0);
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

test('on a touch screen, pulling home down from its top refreshes it, and nothing on the page moves', async ({ page, context }) => {
  test.skip(!test.info().project.use.hasTouch, 'pull-to-refresh is for touch screens; the refresh button is for the others');
  await signIn(page, 'sophie');
  const name = page.getByTestId('customer-name');
  const hero = page.getByRole('region', { name: 'Consommation du 0470 00 00 01' });
  const before = { name: await name.boundingBox(), hero: await hero.boundingBox() };
  // Home's data is fresh (under 15 minutes): only the pull asks for the usage again.
  const refreshed = page.waitForRequest(
    (request) => request.method() === 'GET' && /\/contract\/1\/usage$/.test(new URL(request.url()).pathname),
  );
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: 195, y: 200 }] });
  for (let y = 220; y <= 380; y += 20) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: 195, y }] });
  // The finger is down, past the threshold: the indicator follows it, the page has not moved.
  expect({ name: await name.boundingBox(), hero: await hero.boundingBox() }).toEqual(before);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await refreshed;
  await expect(page.getByRole('button', { name: 'Actualiser' })).toBeEnabled();
  expect({ name: await name.boundingBox(), hero: await hero.boundingBox() }).toEqual(before);
});
