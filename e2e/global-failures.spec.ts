import type { Page, Route } from '@playwright/test';
import { demoUsers } from '#contract/fixtures/demo';
import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { expectHome, LoginPage } from './page-models/login-page.ts';
import { homePullsDone } from './page-models/home-pulls.ts';

/*
 * docs/product/errors.md "Global error handler": a 401, a 503 and a refused connection are handled in one place for
 * every screen, whatever call failed, those whose screen shows its own messages included (the bills' pulls are such);
 * any other failure shows the red notice with its code and message, except on the login and recovery screens. The
 * API's answers are made up in the page (no server state changes), without the service worker.
 */

const fulfil = (route: Route, status: number, code: string) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ statusCode: status, code, message: code }) });

const answer = (page: Page, pattern: string, status: number, code: string) => page.route(pattern, (route) => fulfil(route, status, code));

const invoices = '**/api/customer/*/invoices/**';

/**
 * Forget when each resource was fetched (IndexedDB's meta table), so that the next screen calls the API while the app
 * runs: home pulls the bills' lists too, and the bills screen would otherwise find them fresh and call nothing.
 */
const forgetFreshness = (page: Page) =>
  page.evaluate(async () => {
    const open = indexedDB.open('mobile-self-service');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    await new Promise<void>((resolve, reject) => {
      const tx = db.transaction('meta', 'readwrite');
      tx.objectStore('meta').clear();
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error ?? new Error('clear failed'));
    });
    db.close();
  });

const tab = (page: Page, name: string) => page.getByRole('navigation').getByRole('link', { name, exact: true }).first();

test('a 401 on the bills screen goes to login at once, not to a screen that stays "not loaded yet"', async ({ page }) => {
  await signIn(page, 'sophie', { lang: 'fr' });
  await homePullsDone(page);
  await answer(page, invoices, 401, 'unauthenticated');
  await forgetFreshness(page);
  await tab(page, 'Factures').click();
  // Within the expect's 7 s: the screen used to say « Pas encore chargé » for about 9 s first.
  await expect(page).toHaveURL(/\/login\?expired=1&redirect=%2Fbills%2Fmain$/);
  await expect(page.getByText('Votre session a expiré. Connectez-vous à nouveau.')).toBeVisible();
});

test('a 401 on the bills screen of a touch phone renews access once, and late 401s do not send it back', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'PIN renewal is for touch devices');
  const loginPage = new LoginPage(page);
  await loginPage.goto('?lang=nl');
  // Without a PIN: the refresh token renews silently (the PIN screen is e2e/auth-session.spec.ts's).
  await loginPage.login(demoUsers.marc.logins[1]);
  await expectHome(page, demoUsers.marc.name);
  let renewalAsked = false;
  let renewals = 0;
  await page.route('**/api/public/users/renew-access', async (route) => {
    renewalAsked = true;
    renewals += 1;
    await route.continue();
  });
  const renewed = page.waitForResponse((response) => response.url().endsWith('/users/renew-access')).catch(() => null);
  // The bills read from the server again once the renewal is through.
  const reread = page
    .waitForResponse((response) => renewalAsked && response.url().includes('/invoices/open') && response.status() === 200)
    .catch(() => null);
  const late: Promise<void>[] = [];
  let first = true;
  await page.route(invoices, async (route) => {
    if (renewalAsked) return route.fallback();
    if (first) {
      first = false;
      return fulfil(route, 401, 'unauthenticated');
    }
    // The other calls of the screen, sent before the renewal, answer 401 only once it is through (or fail: the
    // redirect cancelled them).
    const answered = renewed.then(() => fulfil(route, 401, 'unauthenticated')).catch(() => undefined);
    late.push(answered);
    await answered;
  });
  await forgetFreshness(page);
  await tab(page, 'Facturen').click();
  await renewed;
  await Promise.all(late);
  await reread;
  await expect(page).toHaveURL(/\/bills\/main$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mijn facturen');
  expect(renewals).toBe(1);
});

test('a 503 on the bills screen shows the maintenance page', async ({ page }) => {
  await signIn(page, 'sophie', { lang: 'fr' });
  await homePullsDone(page);
  await answer(page, invoices, 503, 'maintenance');
  await forgetFreshness(page);
  await tab(page, 'Factures').click();
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maintenance en cours');
});

test('a 503 on the profile and settings screen shows the maintenance page', async ({ page }) => {
  await signIn(page, 'marc', { lang: 'nl' });
  await homePullsDone(page);
  await answer(page, '**/api/customer/**', 503, 'maintenance');
  await page.getByRole('navigation').getByRole('button', { name: 'Meer' }).click();
  await page.getByRole('link', { name: 'Profiel', exact: true }).click();
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Onderhoud bezig');
});

test('a 503 at a start on consumption shows the maintenance page', async ({ page }) => {
  await answer(page, '**/api/customer/**', 503, 'maintenance');
  await signIn(page, 'marc', { lang: 'nl', path: '/consumption/main' });
  await expect(page).toHaveURL(/\/maintenance$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Onderhoud bezig');
});

test('a refused connection says so, once, in the screen language', async ({ page }) => {
  await signIn(page, 'marc', { lang: 'nl' });
  await homePullsDone(page);
  await page.route(invoices, (route) => route.abort('connectionrefused'));
  await forgetFreshness(page);
  await tab(page, 'Facturen').click();
  await expect(page.getByRole('alert').filter({ hasText: 'De server heeft de verbinding geweigerd.' })).toHaveCount(1);
  // The notice belongs to its screen (home pulls the bills' lists too: they answer again).
  await page.unroute(invoices);
  await tab(page, 'Home').click();
  await expect(page.getByTestId('customer-name')).toContainText(demoUsers.marc.name);
  await expect(page.getByText('De server heeft de verbinding geweigerd.')).toHaveCount(0);
});

test('another failure shows the red notice with its code and message', async ({ page }) => {
  await signIn(page, 'sophie', { lang: 'fr' });
  await homePullsDone(page);
  await page.route('**/api/customer/*/privacy', (route) => fulfil(route, 404, 'customerNotFound'));
  await page.getByRole('navigation').getByRole('button', { name: 'Plus' }).click();
  await page.getByRole('link', { name: 'Profil', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mon profil');
  const notice = page.getByRole('alert').filter({ hasText: 'Erreur 404 : Client introuvable.' });
  await expect(notice).toHaveCount(1);
  await notice.getByRole('button', { name: 'Masquer le message' }).click();
  await expect(notice).toHaveCount(0);
});

test('the login screen shows its own messages, never the red notice', async ({ page }) => {
  const loginPage = new LoginPage(page);
  await loginPage.goto('?lang=fr');
  await page.route('**/api/public/users/login', (route) => route.abort('connectionrefused'));
  await loginPage.login(demoUsers.sophie.logins[0]);
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByRole('alert')).not.toHaveText(/refusé la connexion|^Erreur/);
  await page.unroute('**/api/public/users/login');
  await page.route('**/api/public/users/login', (route) => fulfil(route, 409, 'contractBlocked'));
  await loginPage.submit.click();
  await expect(page.getByRole('alert')).toHaveCount(1);
  await expect(page.getByRole('alert')).not.toHaveText(/^Erreur 409/);
});
