import type { Page } from '@playwright/test';
import { demoUsers, type DemoUserKey } from '#contract/fixtures/demo';
import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { ConsumptionPage } from './page-models/consumption-page.ts';
import { expectHome } from './page-models/login-page.ts';
import { runNow } from './fixtures/clock.ts';

/*
 * Visual defects of the consumption screens and the phone's menu, in Dutch (the longest words), measured in the
 * page rather than trusted to a screenshot. The phone (390×844) is where they showed; the desktop runs the layout
 * one too (the tabs' row), the others do not depend on the width or exist on the phone only.
 */

/** Through the API, in a language, straight on `path` (home if none). */
const loginAs = (page: Page, who: DemoUserKey, lang: 'nl' | 'fr' = 'nl', path?: string) => signIn(page, who, { lang, path });

test('the Dutch consumption tabs sit on one row, and the period group has no browser frame', { tag: '@desktop' }, async ({ page }) => {
  await loginAs(page, 'marc', 'nl', '/consumption/main');
  const tabs = page.getByRole('navigation', { name: 'Verbruik' }).getByRole('link');
  await expect(tabs).toHaveText(['Overzicht', 'Details', 'Buiten bundel']);
  const tops = await tabs.evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
  expect(new Set(tops).size).toBe(1);
  // Each tab keeps its words inside its own box.
  const spills = await tabs.evaluateAll((links) => links.filter((link) => link.scrollWidth > link.clientWidth + 1).length);
  expect(spills).toBe(0);

  const period = page.getByRole('group', { name: 'Periode', exact: true });
  await expect(period).toBeVisible();
  await expect(period).toHaveCSS('border-top-width', '0px');
  await expect(period).toHaveCSS('border-left-width', '0px');
});

test('SMS amounts carry their unit and an unlimited bundle says "onbeperkt" once', async ({ page }) => {
  await loginAs(page, 'marc', 'nl', '/consumption/main');
  const consumption = new ConsumptionPage(page);
  await consumption.waitForTotals();
  const sms = page.getByRole('meter', { name: 'Sms' });
  await expect(sms).toHaveAttribute('aria-valuetext', /^\d+\u00a0sms gebruikt$/);
  const card = page.locator('.usage-meter', { has: sms });
  await expect(card).toContainText('Onbeperkt');
  await expect(card).not.toContainText(/onbeperkt[\s\S]*onbeperkt/i);
  // The forecast of an unlimited SMS bundle: a count of SMS by the bill's end, never a bare number.
  await expect(card.locator('.forecast')).toHaveText(/^In dit tempo: \d+\u00a0sms tegen \d+ \p{L}+$/u);
});

test('on phones the "more" menu closes before the logout dialog opens', async ({ page }) => {
  await loginAs(page, 'marc');
  const more = page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('button', { name: 'Meer' });
  await more.click();
  const menu = page.getByRole('dialog', { name: 'Meer opties' });
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: 'Afmelden' }).click();
  const confirm = page.getByRole('dialog').filter({ has: page.getByRole('heading', { name: /afmelden/i }) });
  await expect(confirm).toBeVisible();
  await expect(menu).toHaveCount(0);
  // Cancel leaves the customer where they were, logged in.
  await confirm.getByRole('button', { name: 'Annuleren' }).click();
  await expect(confirm).toHaveCount(0);
  await expectHome(page, demoUsers.marc.name);
});

test('the phone\'s "more" menu works from the keyboard and closes when it leads elsewhere', async ({ page }) => {
  await loginAs(page, 'marc', 'fr');
  const tabbar = page.getByRole('navigation', { name: 'Navigation principale' }).last();
  const more = tabbar.getByRole('button', { name: 'Plus' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog', { name: 'Plus d’options' });
  await expect(menu).toBeVisible();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  // Focus moves into the menu; Escape closes it and gives the focus back to its button.
  await expect(menu).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expect(more).toBeFocused();
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  // A press outside closes it too.
  await more.click();
  await expect(menu).toBeVisible();
  await page.mouse.click(10, 10);
  await expect(menu).toHaveCount(0);
  // docs/product/navigation.md "Router rules": menus close on every navigation.
  await more.click();
  await menu.getByRole('link', { name: 'Aide' }).click();
  await expect(page).toHaveURL(/\/support/);
  await expect(menu).toHaveCount(0);
});

/** An ISO date `offset` days from today in Brussels (the browsers' time zone in these tests). */
const brusselsIso = (offset: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Brussels' }).format(new Date(runNow() + offset * 86_400_000));

test('days still to come are not listed as zero use; a period in the future or before the line existed is explained', async ({ page }) => {
  // Three days back to three days ahead: four days so far, whatever today is.
  await loginAs(page, 'marc', 'nl', `/consumption/main?period=range&from=${brusselsIso(-3)}&to=${brusselsIso(3)}`);
  const perDay = page.getByRole('region', { name: 'Verbruik per dag' });
  await perDay.getByText('Cijfers per dag bekijken').click();
  await expect(perDay.getByRole('table').getByRole('row')).toHaveCount(1 + 4);
  await expect(perDay.getByTestId('chart-summary')).toHaveText(/(over 4 dagen|^Geen verbruik in de periode\.$)/);

  const choose = async (from: string, to: string) => {
    await page.getByLabel('Van', { exact: true }).fill(from);
    await page.getByLabel('Tot', { exact: true }).fill(to);
    await page.getByRole('button', { name: 'Tonen' }).click();
  };
  await choose(brusselsIso(30), brusselsIso(40));
  await expect(page.getByRole('status').filter({ hasText: 'Deze periode is nog niet begonnen' })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Totalen van de periode' })).toHaveCount(0);

  await choose('2001-03-01', '2001-03-20');
  await expect(
    page.getByRole('status').filter({ hasText: /^Dit nummer was in deze periode nog niet actief: het verbruik begint op .+\d{4}\./ }),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Totalen van de periode' })).toHaveCount(0);
});

test('the account page links to the contact details and to the password change', async ({ page }) => {
  await loginAs(page, 'marc', 'nl', '/account/main');
  const links = page.getByRole('navigation', { name: 'Mijn account beheren' }).getByRole('link');
  await expect(links).toHaveText(['Mijn contactgegevens (e-mailadres, telefoons)', 'Mijn wachtwoord wijzigen']);
  await links.nth(1).click();
  await expect(page.getByRole('heading', { name: 'Mijn wachtwoord wijzigen' })).toBeInViewport();
  await page.getByRole('link', { name: 'Mijn contactgegevens (e-mailadres, telefoons)' }).click();
  await expect(page).toHaveURL(/\/settings\/contact$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mijn contactgegevens');
});
