import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test.ts';
import { demoUsers } from '#contract/fixtures/demo';
import { noConsent } from './fixtures/consent.ts';
import { expectHome, LoginPage } from './page-models/login-page.ts';
import { newContextOnRunClock } from './fixtures/clock.ts';

/*
 * What a customer meets on a phone (docs/product/navigation.md, settings.md, support.md): a tab bar with an icon over
 * each short label, a profile that is one short page of sections, help that answers the words customers type, and
 * the support messages of the account on any device. Phone project only (390×844): these are the phone's layout.
 */

/** Outside test-results/ (emptied by each run), for the closing note's review; SHOT_DIR chooses another place. */
const shotDir = process.env.SHOT_DIR ?? path.join(os.tmpdir(), 'phone-navigation-screens');
const shoot = async (page: Page, name: string, fullPage = false): Promise<void> => {
  await fs.mkdir(shotDir, { recursive: true });
  await page.screenshot({ path: path.join(shotDir, `${name}.png`), fullPage });
};

const logIn = async (page: Page, who: 'sophie' | 'marc'): Promise<void> => {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.login(demoUsers[who].logins[0]);
  await expectHome(page, demoUsers[who].name);
};

const cases = [
  {
    lang: 'fr',
    who: 'sophie',
    nav: 'Navigation principale',
    tabs: ['Accueil', 'Conso', 'Factures', 'Abonnement', 'Plus'],
    profile: 'Profil',
    profileHeading: 'Mon profil',
    sections: ['Limites de dépenses', 'Réseau et étranger', 'Codes PIN et PUK', 'Vie privée et cookies'],
    network: 'Réseau et étranger',
  },
  {
    lang: 'nl',
    who: 'marc',
    nav: 'Hoofdnavigatie',
    tabs: ['Home', 'Verbruik', 'Facturen', 'Abonnement', 'Meer'],
    profile: 'Profiel',
    profileHeading: 'Mijn profiel',
    sections: ['Uitgavenlimieten', 'Netwerk en buitenland', 'Pincode en PUK-code', 'Privacy en cookies'],
    network: 'Netwerk en buitenland',
  },
] as const;

for (const c of cases) {
  test(`phone (${c.lang}): an icon over each tab's label, none cut; the profile is one short page of sections`, async ({ page }) => {
    await logIn(page, c.who);
    const tabbar = page.locator('nav.tabbar');
    await expect(tabbar).toHaveAccessibleName(c.nav);
    const entries = tabbar.getByRole('listitem');
    await expect(entries).toHaveCount(c.tabs.length);
    for (const [i, name] of c.tabs.entries()) {
      const entry = entries.nth(i).getByRole(i === c.tabs.length - 1 ? 'button' : 'link');
      await expect(entry).toHaveAccessibleName(name);
      // The icon sits above its label, and the label is shown whole (not cut or ellipsed).
      const icon = await entry.locator('svg').boundingBox();
      const label = entry.locator('.tabbar__label');
      const text = await label.boundingBox();
      expect(icon && text && icon.y + icon.height <= text.y + 1).toBe(true);
      expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await shoot(page, `tabbar-home-phone-${c.lang}`);

    // The profile: its sections listed on one short page (it was about 6,600 px long on a phone).
    await tabbar.getByRole('button', { name: c.tabs.at(-1) }).click();
    await page.getByRole('link', { name: c.profile, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.profileHeading);
    for (const name of c.sections) await expect(page.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(2600);
    await shoot(page, `settings-phone-${c.lang}`, true);
    await page.getByRole('link', { name: new RegExp(`^${c.network}`) }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(c.network);
    await expect(page).toHaveURL(/\/settings\/network$/);
  });
}

const searches = [
  {
    lang: 'fr',
    who: 'sophie',
    label: 'Rechercher dans l’aide',
    query: 'itinérance',
    found: /réponses? trouvées?/,
    answer: 'Puis-je utiliser mon abonnement à l’étranger ?',
  },
  {
    lang: 'nl',
    who: 'marc',
    label: 'Zoeken in de hulp',
    query: 'roaming',
    found: /antwoorden? gevonden/,
    answer: 'Kan ik mijn abonnement in het buitenland gebruiken?',
  },
] as const;

for (const c of searches) {
  test(`help search finds the roaming answers for "${c.query}" (${c.lang})`, async ({ page }) => {
    await logIn(page, c.who);
    await page.goto('/support/main');
    await page.getByRole('searchbox', { name: c.label }).fill(c.query);
    await expect(page.getByRole('status').filter({ hasText: c.found })).toBeVisible();
    await expect(page.getByText(c.answer)).toBeVisible();
    await shoot(page, `help-search-${c.query.normalize('NFD').replace(/[^a-z]/g, '')}-phone-${c.lang}`, true);
  });
}

test('support messages of the account are listed on a device that never wrote them, with their status', async ({ browser, baseURL }) => {
  // A new browser: nothing of Sophie's is stored in it.
  const context = await newContextOnRunClock(browser, { baseURL });
  const page = await context.newPage();
  await logIn(page, 'sophie');
  await page.goto('/support/contact');
  const history = page.getByRole('region', { name: 'Vos messages' });
  await expect(history.getByText('Référence SR-7K2PQ4MX')).toBeVisible();
  await expect(history.getByText('Répondu par e-mail')).toBeVisible();
  await expect(history.getByText('Vous n’avez encore écrit aucun message.')).toHaveCount(0);
  await history.scrollIntoViewIfNeeded();
  await shoot(page, 'support-messages-second-device-phone-fr');
  await context.close();
});

test('the consent banner on a first visit', async ({ browser, baseURL }) => {
  const context = await newContextOnRunClock(browser, { baseURL, storageState: noConsent });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('dialog', { name: 'Vos choix de cookies' })).toBeVisible();
  await shoot(page, 'consent-banner-phone-fr');
  await context.close();
});
