import type { Page } from '@playwright/test';
import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';

/*
 * docs/product/errors.md "Global error handler": a 401, a 503 and a refused connection are handled in one place for
 * every screen, whatever call failed, those whose screen shows its own messages included (the bills' pulls are
 * such). The API's answers are made up in the page (no server state changes), without the service worker.
 */

const answer = (page: Page, pattern: string, status: number, code: string) =>
  page.route(pattern, (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ code, message: code }) }),
  );

const openBills = (page: Page, name: string) => page.getByRole('navigation').getByRole('link', { name }).first().click();

test('a 503 on the bills screen shows the maintenance page', async ({ page }) => {
  await signIn(page, 'sophie', { lang: 'fr' });
  await answer(page, '**/api/customer/*/invoices/**', 503, 'maintenance');
  await openBills(page, 'Factures');
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maintenance en cours');
});

test('a 503 at a start on consumption shows the maintenance page', async ({ page }) => {
  await answer(page, '**/api/customer/**', 503, 'maintenance');
  await signIn(page, 'marc', { lang: 'nl', path: '/consumption/main' });
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Onderhoud bezig');
});

test('a 401 on the bills screen goes to login at once, not to a screen that stays "not loaded yet"', async ({ page }) => {
  await signIn(page, 'sophie', { lang: 'fr' });
  await answer(page, '**/api/customer/*/invoices/**', 401, 'unauthenticated');
  await openBills(page, 'Factures');
  await expect(page).toHaveURL(/\/login\?.*redirect=%2Fbills%2Fmain/);
  await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
});

test('a refused connection says so', async ({ page }) => {
  await signIn(page, 'marc', { lang: 'nl' });
  await page.route('**/api/customer/*/invoices/**', (route) => route.abort('connectionrefused'));
  await openBills(page, 'Facturen');
  await expect(page.getByRole('alert').filter({ hasText: 'De server heeft de verbinding geweigerd.' })).toHaveCount(1);
});
