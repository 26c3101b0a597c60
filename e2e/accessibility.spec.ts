import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { noConsent } from './fixtures/consent.ts';
import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { privateRoutes as signedInRoutes, publicRoutes as visitorRoutes } from './routes.ts';

/*
 * axe on every route that exists (e2e/routes.ts), logged out and logged in, at the project's size: these tests are
 * tagged @desktop, so they run at both sizes. Fails on any serious or critical violation.
 */

// The routes of e2e/routes.ts, and the login page in Dutch (its language switcher shows the other choice).
const publicRoutes = [...visitorRoutes, '/login?lang=nl'];
const privateRoutes = signedInRoutes;

const expectNoSeriousViolations = async (page: Page, route: string) => {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${route}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
};

// Routes in groups of three, one test each, so that they run in parallel; the first axe run of a page injects
// axe-core (about 500 KB of script), which the next routes of the group reuse. A budget per route: on two busy cores
// one axe pass took up to 20 s. The service worker is blocked: axe reads the DOM, and precaching every chunk at the
// same time only slows it (the offline specs test the service worker).
const inGroupsOf = (routes: readonly string[], size: number): string[][] =>
  Array.from({ length: Math.ceil(routes.length / size) }, (_, group) => routes.slice(group * size, group * size + size));
const budget = (routes: readonly string[]) => 30_000 + routes.length * 25_000;

test.describe('axe on every route', () => {
  test.use({ serviceWorkers: 'block' });

  for (const routes of inGroupsOf(publicRoutes, 3)) {
    test(`public routes have no serious accessibility violations: ${routes.join(', ')}`, { tag: '@desktop' }, async ({ page }) => {
      test.setTimeout(budget(routes));
      for (const route of routes) {
        await page.goto(route);
        await expectNoSeriousViolations(page, route);
      }
    });
  }

  for (const routes of inGroupsOf(privateRoutes, 3)) {
    test(`logged-in routes have no serious accessibility violations: ${routes.join(', ')}`, { tag: '@desktop' }, async ({ page }) => {
      test.setTimeout(budget(routes));
      await signIn(page, 'sophie');
      for (const route of routes) {
        await page.goto(route);
        await expectNoSeriousViolations(page, route);
      }
    });
  }
});

// Screens in a state of their own (errors shown, data loaded, a first visitor's consent modal), with the same budget
// per axe pass and the service worker blocked as above.
test.describe('axe on screens in a given state', () => {
  test.use({ serviceWorkers: 'block' });

  test(
    'the energy link page of an owner without a link, and the contact form with its errors, have no serious violations',
    { tag: '@desktop' },
    async ({ page }) => {
      test.setTimeout(budget(['/offers/link-accounts', '/support/contact']));
      await signIn(page, 'marc');
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
      // Five settings screens and the consent modal: six axe passes.
      test.setTimeout(30_000 + 6 * 25_000);
      await signIn(page, 'sophie');
      const axe = async (where: string, on: Page = page) => {
        const results = await new AxeBuilder({ page: on })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
          .analyze();
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
});
