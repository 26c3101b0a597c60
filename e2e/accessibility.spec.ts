import type { Page } from '@playwright/test';
import { axeOn, axePassBudget, expectNoSeriousViolations } from './fixtures/axe.ts';
import { noConsent } from './fixtures/consent.ts';
import { openInApp } from './fixtures/open-in-app.ts';
import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { privateRoutes as signedInRoutes, publicRoutes as visitorRoutes } from './routes.ts';
import { newContextOnRunClock } from './fixtures/clock.ts';

/*
 * axe on every route that exists (e2e/routes.ts), logged out and logged in, at desktop size (tagged @desktop-only:
 * the desktop project runs them, the phone project does not). On the phone, e2e/languages.spec.ts runs the same axe
 * pass during its French visit of every route, which it makes anyway. Fails on any serious or critical violation.
 * The screens in a given state below (errors shown, data loaded, the consent modal) run at both sizes (@desktop).
 */

// The routes of e2e/routes.ts, and the login page in Dutch (its language switcher shows the other choice).
const publicRoutes = [...visitorRoutes, '/login?lang=nl'];
const privateRoutes = signedInRoutes;

// Routes in groups of four or five, one test each, so that they run in parallel; the first axe run of a page injects
// axe-core, which the next routes of the group reuse.
const inGroupsOf = (routes: readonly string[], size: number): string[][] => {
  const count = Math.ceil(routes.length / size);
  const bounds = Array.from({ length: count + 1 }, (_, group) => Math.round((group * routes.length) / count));
  return Array.from({ length: count }, (_, group) => routes.slice(bounds[group], bounds[group + 1]));
};
const budget = (routes: readonly string[]) => 30_000 + routes.length * axePassBudget;

test.describe('axe on every route', () => {
  for (const routes of inGroupsOf(publicRoutes, 5)) {
    test(`public routes have no serious accessibility violations: ${routes.join(', ')}`, { tag: '@desktop-only' }, async ({ page }) => {
      test.setTimeout(budget(routes));
      for (const [i, route] of routes.entries()) {
        // The group's first route loaded, the next ones opened in the app as a link opens them.
        await (i === 0 ? page.goto(route) : openInApp(page, route));
        await expectNoSeriousViolations(page, route);
      }
    });
  }

  for (const routes of inGroupsOf(privateRoutes, 5)) {
    test(`logged-in routes have no serious accessibility violations: ${routes.join(', ')}`, { tag: '@desktop-only' }, async ({ page }) => {
      test.setTimeout(budget(routes));
      // Signed in straight on the group's first route (no home on the way).
      await signIn(page, 'sophie', { path: routes[0] });
      for (const [i, route] of routes.entries()) {
        if (i > 0) await openInApp(page, route);
        await expectNoSeriousViolations(page, route);
      }
    });
  }
});

// Screens in a state of their own (errors shown, data loaded, a first visitor's consent modal), at both sizes, with
// the same budget per axe pass.
test.describe('axe on screens in a given state', () => {
  test(
    'the energy link page of an owner without a link, and the contact form with its errors, have no serious violations',
    { tag: '@desktop' },
    async ({ page }) => {
      test.setTimeout(budget(['/offers/link-accounts', '/support/contact']));
      await signIn(page, 'marc', { path: '/offers/link-accounts' });
      await page.getByRole('button', { name: 'Mijn accounts koppelen' }).click();
      await expect(page.getByRole('checkbox')).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousViolations(page, '/offers/link-accounts (errors)');
      await page.goto('/support/contact');
      await page.getByRole('button', { name: 'Versturen' }).click();
      await expect(page.getByLabel('Onderwerp')).toHaveAttribute('aria-invalid', 'true');
      await expectNoSeriousViolations(page, '/support/contact (errors)');
    },
  );

  // Sophie (a limited and an unlimited bundle, a bill collected by direct debit), Marc (a blocked line, an overdue
  // bill, out-of-bundle costs), Lucas (a plain user: no bill card, no pay action).
  for (const who of ['sophie', 'marc', 'lucas'] as const) {
    test(
      `home’s hero with its data (gauges, bill card, quick actions) has no accessibility violations: ${who}`,
      { tag: '@desktop' },
      async ({ page }) => {
        test.setTimeout(30_000 + axePassBudget);
        await signIn(page, who);
        await expect(page.getByRole('group').first()).toBeVisible();
        const results = await axeOn(page).analyze();
        expect(results.violations.map((v) => `home of ${who}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      },
    );
  }

  test(
    'settings screens with their data, and the cookie consent modal, have no accessibility violations',
    { tag: '@desktop' },
    async ({ page, browser }) => {
      // Five settings screens and the consent modal: six axe passes.
      test.setTimeout(30_000 + 6 * axePassBudget);
      await signIn(page, 'sophie', { path: '/settings/main' });
      const axe = async (where: string, on: Page = page) => {
        const results = await axeOn(on).analyze();
        expect(results.violations.map((v) => `${where}: ${v.id} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      };
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

      const context = await newContextOnRunClock(browser, { storageState: noConsent });
      const consentPage = await context.newPage();
      await consentPage.goto('/login');
      await expect(consentPage.getByRole('dialog', { name: 'Vos choix de cookies' })).toBeVisible();
      await axe('consent modal', consentPage);
      await context.close();
    },
  );
});
