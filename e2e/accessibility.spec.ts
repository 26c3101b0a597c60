import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { demoSimOrders, demoUsers } from '#contract/fixtures/demo';
import { noConsent } from './fixtures/consent.ts';
import { expectHome, LoginPage } from './page-models/login-page.ts';

/*
 * axe on every route that exists, logged out and logged in, at the project's size (phone and desktop).
 * Fails on any serious or critical violation; every new screen adds its path here.
 */

const publicRoutes = [
  '/login',
  '/login?lang=nl',
  '/login/recover-password',
  '/login/recover-password/sms',
  '/login/recover-password/abc/def',
  '/login/create-password/abc/def',
  '/login/create-account',
  '/login/renew',
  '/login/pin',
  '/login/pin/lost',
  '/login/welcome',
  '/login/create-account?by=phone',
  '/login/recover-password?by=phone',
  '/login/abc/def',
  '/maintenance',
  '/orders/activate',
  '/account/confirm-email/abc/def',
  '/no-such-page',
];

const privateRoutes = [
  '/',
  '/account/main',
  '/account/create-account',
  '/login/pin/setup',
  '/bills/main',
  '/consumption/main',
  '/consumption/details',
  '/consumption/overspent',
  '/settings/main',
  '/settings/limits',
  '/settings/network',
  '/settings/sim-codes',
  '/settings/privacy',
  '/settings/alerts',
  '/settings/payment',
  '/settings/contact',
  '/offers/main',
  '/offers/link-accounts',
  '/orders',
  '/orders/O-0000000004',
  // Sophie's SIM order, ready to activate: the follow-up with its choice form.
  `/orders/${demoSimOrders.sophie.uuid}`,
  '/subscription/main',
  '/subscription/optimize',
  '/subscription/order-summary',
  '/support/main',
  '/support/contact',
];

const expectNoSeriousViolations = async (page: Page, route: string) => {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${route}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

// Routes in groups, one test each, so that they run in parallel: on two cores one test of every route took over a
// minute.
const inGroups = (routes: readonly string[], count: number): string[][] =>
  Array.from({ length: count }, (_, group) => routes.filter((_, i) => i % count === group));

for (const [group, routes] of inGroups(publicRoutes, 2).entries()) {
  test(`public routes have no serious accessibility violations (${group + 1} of 2)`, { tag: '@desktop' }, async ({ page }) => {
    test.setTimeout(60_000);
    for (const route of routes) {
      await page.goto(route);
      await expectNoSeriousViolations(page, route);
    }
  });
}

for (const [group, routes] of inGroups(privateRoutes, 4).entries()) {
  test(`logged-in routes have no serious accessibility violations (${group + 1} of 4)`, { tag: '@desktop' }, async ({ page }) => {
    test.setTimeout(60_000);
    const loginPage = new LoginPage(page);
    await loginPage.goto();
    await loginPage.login(demoUsers.sophie.logins[0]);
    await expectHome(page, demoUsers.sophie.name);
    for (const route of routes) {
      await page.goto(route);
      await expectNoSeriousViolations(page, route);
    }
  });
}

test(
  'the energy link page of an owner without a link, and the contact form with its errors, have no serious violations',
  { tag: '@desktop' },
  async ({ page }) => {
    test.setTimeout(90_000);
    const loginPage = new LoginPage(page);
    await loginPage.goto();
    await loginPage.login(demoUsers.marc.logins[0]);
    await expectHome(page, demoUsers.marc.name);
    await page.goto('/offers/link-accounts');
    await page.getByRole('button', { name: 'Mijn accounts koppelen' }).click();
    await expect(page.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousViolations(page, '/offers/link-accounts (errors)');
    await page.goto('/support/contact');
    await page.getByRole('button', { name: 'Versturen' }).click();
    await expect(page.getByLabel('Onderwerp')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousViolations(page, '/support/contact (errors)');
  },
);

test(
  'settings screens with their data, and the cookie consent modal, have no accessibility violations',
  { tag: '@desktop' },
  async ({ page, browser }) => {
    test.setTimeout(90_000);
    const loginPage = new LoginPage(page);
    await loginPage.goto();
    await loginPage.login(demoUsers.sophie.logins[0]);
    await expectHome(page, demoUsers.sophie.name);
    const axe = async (where: string, on: Page = page) => {
      const results = await new AxeBuilder({ page: on }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
      expect(results.violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    };
    await page.goto('/settings/main');
    await expect(page.getByRole('navigation', { name: 'Mes réglages' })).toBeVisible({ timeout: 20_000 });
    await axe('/settings/main');
    await page.goto('/settings/sim-codes');
    await expect(page.getByRole('button', { name: 'Afficher les codes PIN et PUK' })).toBeVisible({ timeout: 20_000 });
    await axe('/settings/sim-codes');
    await page.goto('/settings/network');
    await expect(page.getByRole('group', { name: 'Zone de roaming' })).toBeVisible({ timeout: 20_000 });
    await axe('/settings/network');
    await page.goto('/settings/privacy');
    await expect(page.getByRole('button', { name: 'Enregistrer mes préférences' })).toBeVisible({ timeout: 20_000 });
    await axe('/settings/privacy');
    await page.goto('/settings/alerts');
    await expect(page.getByRole('table', { name: /^Alertes de la ligne/ })).toBeVisible({ timeout: 20_000 });
    await axe('/settings/alerts');

    const context = await browser.newContext({ storageState: noConsent });
    const consentPage = await context.newPage();
    await consentPage.goto('/login');
    await expect(consentPage.getByRole('dialog', { name: 'Vos choix de cookies' })).toBeVisible();
    await axe('consent modal', consentPage);
    await context.close();
  },
);
