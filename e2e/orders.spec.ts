import { expect, test } from './fixtures/offline-server.ts';
import { setOffline } from './page-models/offline-app.ts';
import { signIn } from './fixtures/sign-in.ts';
import { euros, expectNoSeriousViolations, open, words, type Lang } from './page-models/subscription-pages.ts';

/*
 * Orders are real state (SPEC §4): on the worker's server of the offline specs (fixtures/offline-server), so
 * Sophie's orders never meet the main server's tests. One scenario in Dutch, one in French. Sophie adds an option, confirms it, follows it in progress in /orders
 * and cancels it; offline, the confirmation is disabled with the reason and her choice stays.
 */

// Each test logs in and runs axe on its screens: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

test(`Sophie adds an option, confirms, sees it in progress in /orders and cancels it (nl)`, async ({ page }) => {
  const lang = 'nl' as Lang;
  const w = words[lang];
  await signIn(page, 'sophie');
  await open(page, '/subscription/optimize', lang);
  // Mega Mobile M at 20 €, -20 % and a 3 € referral: 13 €; with Extra 1 GB (3 €): 23 € - 4,60 € - 3 € = 15,40 €.
  await page.getByRole('button', { name: w.more('Extra 1 GB') }).click();
  await expect(page.getByTestId('price-change')).toHaveText(w.price(euros(lang, '13,00'), euros(lang, '15,40')));
  await page.getByRole('button', { name: w.continue }).click();

  await expect(page).toHaveURL(/\/subscription\/order-summary$/);
  await expect(page.getByTestId('order-changes')).toContainText(w.optionChange('Extra 1 GB', w.none, '× 1'));
  await expect(page.getByTestId('old-price')).toHaveText(euros(lang, '13,00'));
  await expect(page.getByTestId('new-price')).toHaveText(euros(lang, '15,40'));
  await expectNoSeriousViolations(page);
  await page.getByRole('button', { name: w.confirm }).click();
  const placed = page.getByRole('status').filter({ hasText: w.placed });
  await expect(placed).toBeVisible();
  const order = w.placed.exec((await placed.textContent()) ?? '')?.[1] ?? '';
  expect(order).toMatch(/^O-\d{10}$/);

  await page.getByRole('link', { name: w.follow }).click();
  await expect(page).toHaveURL(/\/orders$/);
  const line = page.getByTestId('order-line').filter({ hasText: order });
  await expect(line.getByRole('heading')).toHaveText(w.option('Extra 1 GB'));
  await expect(line).toContainText(w.inProgress);
  await expect(line).toContainText(`${w.none} → × 1`);
  await line.getByRole('button', { name: w.cancel(order) }).click();
  const confirm = page.getByRole('alertdialog', { name: w.cancelTitle(order) });
  await expect(confirm).toBeVisible();
  await expectNoSeriousViolations(page);
  await confirm.getByRole('button', { name: w.yesCancel }).click();
  const done = page.getByRole('alertdialog', { name: w.canceledTitle });
  await expect(done).toContainText(order);
  await done.getByRole('button', { name: w.close }).click();
  await expect(line).toContainText(w.canceledState);
  await expect(line.getByRole('button', { name: w.cancel(order) })).toHaveCount(0);
});

test(`offline, the order summary disables the confirmation with the reason and keeps the choice (fr)`, async ({ page, context }) => {
  const lang = 'fr' as Lang;
  const w = words[lang];
  await signIn(page, 'sophie');
  await open(page, '/subscription/optimize', lang);
  await page.getByRole('checkbox', { name: /International 60/ }).check();
  await page.getByRole('button', { name: w.continue }).click();
  const confirm = page.getByRole('button', { name: w.confirm });
  await expect(confirm).toBeEnabled();

  await setOffline(context, page, true);
  await expect(confirm).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: w.onlineOnly })).toBeVisible();
  await setOffline(context, page, false);
  await expect(confirm).toBeEnabled();

  // The choice is a draft in IndexedDB: a reload finds it as it was.
  await page.reload();
  await expect(page.getByTestId('order-changes')).toContainText(w.optionChange('International 60', w.none, '× 1'));
  await page.goto(`/subscription/optimize?lang=${lang}`);
  await expect(page.getByRole('checkbox', { name: /International 60/ })).toBeChecked();
  await page.getByRole('checkbox', { name: /International 60/ }).uncheck();
});
