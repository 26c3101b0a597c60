import { signIn } from './fixtures/sign-in.ts';
import { alertDialog, alertTitles } from './page-models/home-page.ts';
import { expect, test } from './fixtures/test.ts';

/*
 * Issue 43 points 6 and 7 on a phone: the header keeps its room (the language is chosen in Profile), tap targets of at
 * least 44 px, the account number masked, a call to action on each offer, and dialogs as bottom sheets.
 */

test('the phone header has no language choice; Profile keeps it', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone header');
  await signIn(page, 'sophie', { lang: 'fr' });
  await expect(page.getByRole('banner').getByRole('combobox')).toHaveCount(0);
  await page.goto('/settings/main?lang=fr');
  await expect(page.getByRole('combobox', { name: 'Langue' })).toHaveValue('fr');
  // The account number, masked; the phone number, grouped.
  const details = page.getByRole('region', { name: 'Mes informations' });
  await expect(details.getByText('BE68 •••• •••• 7034')).toBeVisible();
  await expect(details.getByText('0470 00 00 01')).toBeVisible();
});

test('the period choices and the alert checkboxes are tap targets of 44 px at least', async ({ page }) => {
  await signIn(page, 'marc', { lang: 'nl', path: '/consumption/main' });
  const radios = page.getByRole('group', { name: 'Periode' }).getByRole('radio');
  await expect(radios.first()).toBeVisible();
  const periodTargets = await radios.evaluateAll((inputs) =>
    inputs.map((input) => {
      const box = (input.closest('label') ?? input).getBoundingClientRect();
      return Math.min(box.width, box.height);
    }),
  );
  expect(periodTargets.length).toBeGreaterThan(1);
  for (const size of periodTargets) expect(size).toBeGreaterThanOrEqual(44);

  await page.goto('/settings/alerts?lang=nl');
  const boxes = page.getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  const alertTargets = await boxes.evaluateAll((inputs) =>
    inputs.map((input) => {
      const box = (input.closest('label') ?? input).getBoundingClientRect();
      return Math.min(box.width, box.height);
    }),
  );
  for (const size of alertTargets) expect(size).toBeGreaterThanOrEqual(44);
});

test('each offer has a call to action', async ({ page }) => {
  await signIn(page, 'sophie', { lang: 'fr', path: '/offers/main' });
  const offers = page.locator('.offer');
  await expect(offers.first()).toBeVisible();
  const count = await offers.count();
  for (let i = 0; i < count; i++) await expect(offers.nth(i).getByRole('link')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Passer à Mega Mobile L' })).toHaveAttribute('href', '/subscription/optimize');
});

test('a dialog on a phone is a bottom sheet with its buttons stacked, full width', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone layout');
  await signIn(page, 'marc', { lang: 'nl', keepAlerts: true });
  const sheet = page.locator('.modal', { has: alertDialog(page, alertTitles.invoiceSituation) });
  await expect(sheet).toBeVisible();
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  const box = await sheet.boundingBox();
  // Against the bottom edge and as wide as the screen.
  expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(viewport.height);
  expect(Math.round(box?.width ?? 0)).toBe(viewport.width);
  // Pay now, see my invoices (a link drawn as a button), close.
  const buttons = sheet.locator('.dialog__actions .button');
  await expect(buttons).toHaveCount(3);
  const boxes = await buttons.evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect()));
  const [first] = boxes;
  for (const button of boxes) {
    // One above the other, each the same width (the sheet's less its padding).
    expect(Math.round(button.width)).toBe(Math.round(first?.width ?? 0));
    expect(button.width).toBeGreaterThan(viewport.width * 0.8);
  }
  expect(boxes.map((b) => Math.round(b.y))).toEqual([...boxes.map((b) => Math.round(b.y))].sort((a, b) => a - b));
});
