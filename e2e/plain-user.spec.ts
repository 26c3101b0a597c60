import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';

/*
 * docs/product/roles.md "Plain user": Lucas (0470000003) uses the line his employer holds. His navigation shows only
 * what he may use, and what he may only read is shown as values, not as inputs beside disabled buttons.
 */

test('a plain user has no bills entry in the navigation', { tag: '@desktop' }, async ({ page }) => {
  await signIn(page, 'lucas', { lang: 'nl' });
  const navigation = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
  await expect(navigation.getByRole('link', { name: 'Verbruik' }).first()).toBeVisible();
  await expect(navigation.getByRole('link', { name: 'Facturen' })).toHaveCount(0);
  const more = navigation.getByRole('button', { name: 'Meer' });
  if (await more.isVisible()) {
    await more.click();
    const menu = page.getByRole('dialog', { name: 'Meer opties' });
    await expect(menu.getByRole('link', { name: 'Hulp' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Facturen' })).toHaveCount(0);
  }
});

test('a plain user reads his limits and network settings, with nothing that looks typeable', async ({ page }) => {
  await signIn(page, 'lucas', { lang: 'nl', path: '/settings/limits' });
  await expect(page.getByText('Huidige limiet').first()).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Limiet wijzigen' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Limiet in één tik' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Terug naar mijn profiel' }).click();
  await page.getByRole('link', { name: /Netwerk en buitenland/ }).click();
  await expect(page).toHaveURL(/\/settings\/network$/);
  await expect(page.getByText('Europese Unie en Zwitserland').first()).toBeVisible();
  await expect(page.getByRole('radio')).toHaveCount(0);
  await expect(page.getByRole('switch')).toHaveCount(0);
  // His own line only: no line switcher in the header.
  await expect(page.getByRole('banner').getByRole('button', { name: /Getoonde lijn/ })).toHaveCount(0);
});
