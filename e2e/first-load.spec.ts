import type { ConsoleMessage, Page } from '@playwright/test';
import { demoPassword, demoUsers } from '#contract/fixtures/demo';
import { noConsent } from './fixtures/consent.ts';
import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { expectHome, LoginPage } from './page-models/login-page.ts';

/*
 * The first load as a phone meets it: the login screen and the app shell are prerendered HTML, so they paint before
 * any JavaScript runs; the strict CSP holds on them; the app takes over without losing what was typed. The first
 * paint is laid out per width: these tests run at both sizes (@desktop).
 */

const cspErrors = (page: Page): string[] => {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) errors.push(message.text());
  });
  return errors;
};

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the login screen is painted, styled and cannot be sent before the app runs', { tag: '@desktop' }, async ({ page }) => {
    const errors = cspErrors(page);
    const response = await page.goto('/login');
    expect(response?.headers()['content-encoding']).toBe('br');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
    await expect(page.getByLabel('Numéro client, e-mail ou numéro de GSM')).toBeEditable();
    await expect(page.getByLabel('Mot de passe', { exact: true })).toBeEditable();
    // A native submit would send a GET with the password in the address: the button waits for the app.
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Mot de passe oublié ?' })).toHaveAttribute('href', '/login/recover-password');
    // The route's own stylesheet is linked from the page: the card is laid out as the app shows it.
    await expect(page.locator('.auth-card')).toHaveCSS('border-radius', '12px');
    expect(errors).toEqual([]);
  });

  test.describe('a first visitor (no cookie decision yet)', () => {
    test.use({ storageState: noConsent });

    test(
      'gets the consent modal in the login page’s first paint, its decisions waiting for the app',
      { tag: '@desktop' },
      async ({ page }) => {
        const errors = cspErrors(page);
        await page.goto('/login');
        const modal = page.getByRole('dialog', { name: 'Vos choix de cookies' });
        await expect(modal).toBeVisible();
        await expect(modal.getByRole('checkbox', { name: /Statistiques de visite/ })).not.toBeChecked();
        for (const name of ['Tout refuser', 'Enregistrer mes choix', 'Tout accepter'])
          await expect(modal.getByRole('button', { name })).toBeDisabled();
        expect(errors).toEqual([]);
      },
    );
  });

  test.describe('a Dutch browser (nl-BE)', () => {
    test.use({ locale: 'nl-BE' });

    test('gets the login page painted in Dutch, the saved choice and ?lang= before it', { tag: '@desktop' }, async ({ page, context }) => {
      const errors = cspErrors(page);
      const response = await page.goto('/login');
      // The HTML as served: Dutch from its first byte, and marked as depending on the browser's languages.
      expect(response?.headers()['vary']).toMatch(/\bAccept-Language\b/);
      const html = (await response?.text()) ?? '';
      expect(html).toMatch(/^<!doctype html>\s*<html lang="nl">/);
      expect(html).toContain('<h1 id="login-title">Aanmelden</h1>');
      // What is painted without any script: the heading and the form's labels in Dutch.
      await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aanmelden');
      await expect(page.getByLabel('Wachtwoord', { exact: true })).toBeEditable();
      // The language chosen on this device (the app keeps it in a cookie for the server) wins over the browser's...
      await context.addCookies([{ name: 'lang', value: 'en', url: page.url() }]);
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Log in');
      // ...and ?lang= over both.
      await page.goto('/login?lang=fr');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Connexion');
      expect(errors).toEqual([]);
    });
  });

  test('every other route paints the app shell', { tag: '@desktop' }, async ({ page }) => {
    const errors = cspErrors(page);
    await page.goto('/consumption/main');
    await expect(page.getByRole('banner')).toHaveText('MyMega');
    await expect(page.getByRole('status')).toHaveText('Chargement…');
    expect(errors).toEqual([]);
  });
});

test.describe('a Dutch browser (nl-BE) with JavaScript', () => {
  test.use({ locale: 'nl-BE' });

  test('never paints the login page in French: the first frame is Dutch and stays so', async ({ page }) => {
    // Every heading the page ever shows, from the first parse on (before the app's scripts run).
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { headings: string[] }).headings = seen;
      new MutationObserver(() => {
        const text = document.querySelector('h1')?.textContent ?? '';
        if (text && seen.at(-1) !== text) seen.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Aanmelden', exact: true })).toBeEnabled();
    const headings = await page.evaluate(() => (window as unknown as { headings: string[] }).headings);
    expect(headings.length).toBeGreaterThan(0);
    expect(new Set(headings)).toEqual(new Set(['Aanmelden']));
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  });
});

test('what is typed before the app runs is kept, and the form then works', { tag: '@desktop' }, async ({ page }) => {
  // Hold the entry script back until the user has typed into the prerendered form.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const loginPage = new LoginPage(page);
  await loginPage.loginField.fill(demoUsers.sophie.logins[0]);
  await loginPage.passwordField.fill(demoPassword);
  await expect(loginPage.submit).toBeDisabled();
  release();
  await expect(loginPage.submit).toBeEnabled();
  await expect(loginPage.loginField).toHaveValue(demoUsers.sophie.logins[0]);
  await expect(loginPage.passwordField).toHaveValue(demoPassword);
  await loginPage.submit.click();
  // A touch device is first offered a PIN (docs/product/auth.md "The device PIN").
  await expect(page).toHaveURL((url) => url.pathname === '/' || url.pathname === '/login/pin/setup');
  if (new URL(page.url()).pathname === '/login/pin/setup') await loginPage.pinLater.click();
  await expectHome(page, demoUsers.sophie.name);
});

test('a logged-in customer opening /login is sent home, and ?lang= still applies', async ({ page }) => {
  await signIn(page, 'sophie');
  await page.goto('/login?lang=nl');
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expectHome(page, demoUsers.sophie.name);
});

test.describe('a first visitor', () => {
  test.use({ storageState: noConsent });

  test('sees the app’s consent modal take the prerendered one’s place, with no frame without a modal', async ({ page }) => {
    // Counts the open dialogs after every change of the page, from its first parse on.
    await page.addInitScript(() => {
      const seen: number[] = [];
      (window as unknown as { dialogCounts: number[] }).dialogCounts = seen;
      new MutationObserver(() => seen.push(document.querySelectorAll('dialog[open]').length)).observe(document, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['open'],
      });
    });
    await page.goto('/login');
    const modal = page.getByRole('dialog', { name: 'Vos choix de cookies' });
    // The app's dialog is the one left, opened as a modal (the rest of the page inert), and it works.
    await expect(modal.getByRole('button', { name: 'Tout accepter' })).toBeEnabled();
    await expect.poll(() => modal.evaluate((dialog) => dialog.matches(':modal'))).toBe(true);
    await page.screenshot({ path: test.info().outputPath('consent-dialog-fr.png') });
    const counts = await page.evaluate(() => (window as unknown as { dialogCounts: number[] }).dialogCounts);
    expect(counts.slice(counts.indexOf(1))).not.toContain(0);
    await modal.getByRole('button', { name: 'Tout refuser' }).click();
    await expect(modal).toHaveCount(0);
    // Decided: the server sends the login page without the modal from now on.
    const html = await (await page.request.get('/login')).text();
    expect(html).not.toContain('consent-title');
  });
});

test.describe('the consent dialog', () => {
  test.use({ storageState: noConsent });

  test(
    'works with the keyboard alone, keeps the focus, is not closed by Escape, and refusing weighs as much as accepting',
    { tag: '@desktop' },
    async ({ page }) => {
      await page.goto('/login?lang=nl');
      const modal = page.getByRole('dialog', { name: 'Uw cookiekeuzes' });
      const refuse = modal.getByRole('button', { name: 'Alles weigeren' });
      const accept = modal.getByRole('button', { name: 'Alles aanvaarden' });
      await expect(refuse).toBeEnabled();
      await page.screenshot({ path: test.info().outputPath('consent-dialog-nl.png') });
      // The focus is in the dialog from the start and stays there, whatever Tab and Shift+Tab do.
      await expect.poll(() => modal.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab']) {
        await page.keyboard.press(key);
        expect(await modal.evaluate((dialog) => dialog.contains(document.activeElement) || document.activeElement === document.body)).toBe(
          true,
        );
      }
      await expect(page.getByLabel('Klantnummer, e-mail of gsm-nummer')).not.toBeFocused();
      // Closing it is a decision: Escape, twice, leaves it open.
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(modal).toBeVisible();
      // « Tout refuser » looks exactly like « Tout accepter » (docs/product/settings.md "Cookies and consent").
      const look = (button: typeof refuse) =>
        button.evaluate((element) => {
          const style = getComputedStyle(element);
          const box = element.getBoundingClientRect();
          return [style.backgroundColor, style.color, style.borderColor, style.fontWeight, style.fontSize, box.width, box.height];
        });
      expect(await look(refuse)).toEqual(await look(accept));
      // The statistics choice by keyboard, then the decision.
      await modal.getByRole('checkbox', { name: /Bezoekstatistieken/ }).focus();
      await page.keyboard.press('Space');
      await expect(modal.getByRole('checkbox', { name: /Bezoekstatistieken/ })).toBeChecked();
      await modal.getByRole('button', { name: 'Mijn keuzes opslaan' }).focus();
      await page.keyboard.press('Enter');
      await expect(modal).toHaveCount(0);
      expect((await page.context().cookies()).find((cookie) => cookie.name === 'consent')?.value).toBe('v1.s1.m0');
      // The page behind it is usable again.
      await page.getByLabel('Klantnummer, e-mail of gsm-nummer').fill('MT00000001');
    },
  );
});
