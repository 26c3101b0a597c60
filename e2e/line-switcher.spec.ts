import type { Page } from '@playwright/test';
import { axeOn } from './fixtures/axe.ts';
import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';

/*
 * The header's line switcher (docs/product/home.md "Which line is shown", issue 43 point 4): one switcher for every screen instead
 * of a "line shown" select on each. Sophie (0470000001, and 0470000002 whose SIM is ready) switches in the header;
 * settings, consumption and subscription follow, across navigation and a reload. A plain user (Lucas) has none. On
 * both sizes: the phone's header holds it beside the brand.
 */

test.describe.configure({ timeout: 60_000 });

const allViolations = async (page: Page) =>
  (await axeOn(page).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

/** The main navigation's entry, in the desktop bar or the phone's tab bar (whose label is short). */
const goTo = async (page: Page, name: RegExp) => {
  await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name }).first().click();
};

test(
  'Sophie switches line in the header: settings, consumption and subscription follow, and keep it',
  { tag: '@desktop' },
  async ({ page }) => {
    await signIn(page, 'sophie', { path: '/settings/limits' });
    const banner = page.getByRole('banner');
    const switcher = banner.getByRole('button', { name: 'Ligne affichée : 0470 00 00 01' });
    await expect(switcher).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('heading', { name: 'Ma ligne 0470 00 00 01' })).toBeVisible();
    // No "line shown" select is left on the screen.
    await expect(page.getByRole('main').getByRole('combobox')).toHaveCount(0);
    // It fits the header: a 44 px target, inside the viewport beside the brand.
    const box = await switcher.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);

    await switcher.click();
    await expect(switcher).toHaveAttribute('aria-expanded', 'true');
    const list = page.getByRole('dialog', { name: 'Choisir la ligne affichée' });
    await expect(list.getByRole('button', { name: '0470 00 00 01' })).toHaveAttribute('aria-current', 'true');
    expect(await allViolations(page)).toEqual([]);
    await list.getByRole('button', { name: '0470 00 00 02' }).click();
    await expect(list).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Ma ligne 0470 00 00 02' })).toBeVisible();
    await expect(banner.getByRole('button', { name: 'Ligne affichée : 0470 00 00 02' })).toBeFocused();

    await goTo(page, /^Conso/);
    await expect(page).toHaveURL(/\/consumption\/main/);
    await expect(page.getByText('Numéro : 0470 00 00 02')).toBeVisible();
    await goTo(page, /^Abonnement/);
    await expect(page).toHaveURL(/\/subscription\/main/);
    await expect(page.getByText('Numéro 0470 00 00 02')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Numéro 0470 00 00 02')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Ligne affichée : 0470 00 00 02' })).toBeVisible();

    // By keyboard: Enter opens the list, Escape closes it and gives the focus back.
    const again = page.getByRole('banner').getByRole('button', { name: /^Ligne affichée/ });
    await again.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Choisir la ligne affichée' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Choisir la ligne affichée' })).toHaveCount(0);
    await expect(again).toBeFocused();
  },
);

test('?contractId= selects the line the header shows', { tag: '@desktop' }, async ({ page }) => {
  await signIn(page, 'sophie', { path: '/consumption/main?contractId=2' });
  await expect(page.getByRole('banner').getByRole('button', { name: 'Ligne affichée : 0470 00 00 02' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Numéro : 0470 00 00 02')).toBeVisible();
});

test('a plain user (Lucas) has no line switcher', { tag: '@desktop' }, async ({ page }) => {
  await signIn(page, 'lucas', { lang: 'nl', path: '/settings/limits' });
  await expect(page.getByRole('heading', { name: 'Mijn lijn 0470 00 00 03' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('banner').getByRole('button', { name: /Getoonde lijn/ })).toHaveCount(0);
  await expect(page.getByRole('main').getByRole('combobox')).toHaveCount(0);
});
