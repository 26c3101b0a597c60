import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures/offline-server.ts';
import { withServiceWorker } from './fixtures/test.ts';
import { setOffline } from './page-models/offline-app.ts';
import { expectNothingSerious } from './fixtures/axe.ts';
import { euros, signInAt, words, type Lang } from './page-models/subscription-pages.ts';

/*
 * Orders are real state (docs/product/subscription.md "Order states"): on the worker's server of the offline specs
 * (fixtures/offline-server), so Sophie's orders never meet the main server's tests. One scenario in Dutch, one in
 * French. Sophie adds an option, confirms it, follows it in progress in /orders and cancels it; offline, the
 * confirmation is disabled with the reason and her choice stays. Her M→L with International 60 shows each price as
 * lines she can add up, and cancelling the option leaves the plan change.
 */

/** Outside test-results/, which each run empties: the screenshots stay for review. */
const shotDir = path.join(os.tmpdir(), 'orders-screens');

/** The rows of a price table (price-lines.tsx) as "label | amount" texts, then its total. */
const priceRows = async (table: Locator): Promise<string[]> =>
  Promise.all(
    (await table.getByRole('row').all()).map(
      async (row) => `${await row.getByRole('rowheader').textContent()} | ${await row.getByRole('cell').textContent()}`,
    ),
  );

const shoot = async (page: Page, name: string, project: string): Promise<void> => {
  await fs.mkdir(shotDir, { recursive: true });
  await page.screenshot({ path: path.join(shotDir, `${name}-${project}.png`), fullPage: true });
};

// Each test logs in and runs axe on its screens: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 60_000 });

test(`Sophie adds an option, confirms, sees it in progress in /orders and cancels it (nl)`, async ({ page }) => {
  const lang = 'nl' as Lang;
  const w = words[lang];
  await signInAt(page, 'sophie', '/subscription/optimize', lang);
  // Mega Mobile M at 20 €, -20 % and a 3 € referral: 13 €; with Extra 1 GB (3 €): 23 € - 4 € - 3 € = 16 € (a
  // promotion takes its percentage off the plan only: docs/product/subscription.md "Order pricing").
  await page.getByRole('button', { name: w.more('Extra 1 GB') }).click();
  await expect(page.getByTestId('price-change')).toHaveText(w.price(euros(lang, '13,00'), euros(lang, '16,00')));
  await page.getByRole('button', { name: w.continue }).click();

  await expect(page).toHaveURL(/\/subscription\/order-summary$/);
  await expect(page.getByTestId('order-changes')).toContainText(w.optionChange('Extra 1 GB', w.none, '× 1'));
  await expect(page.getByTestId('price-before').getByRole('row').last()).toContainText(euros(lang, '13,00'));
  await expect(page.getByTestId('price-after').getByRole('row').last()).toContainText(euros(lang, '16,00'));
  await expectNothingSerious(page);
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
  await expectNothingSerious(page);
  await confirm.getByRole('button', { name: w.yesCancel }).click();
  const done = page.getByRole('alertdialog', { name: w.canceledTitle });
  await expect(done).toContainText(order);
  await done.getByRole('button', { name: w.close }).click();
  await expect(line).toContainText(w.canceledState);
  await expect(line.getByRole('button', { name: w.cancel(order) })).toHaveCount(0);
});

test(
  `offline, the order summary disables the confirmation with the reason and keeps the choice (fr)`,
  { tag: withServiceWorker },
  async ({ page, context }) => {
    const lang = 'fr' as Lang;
    const w = words[lang];
    await signInAt(page, 'sophie', '/subscription/optimize', lang);
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
  },
);

// The plan change stays pending after the test: a server of its own, so the worker's later tests find Sophie as she was.
test.describe('priced line by line', () => {
  test.use({ ownServer: true });

  test(`Sophie's M→L with International 60 is priced line by line, and cancelling the option keeps the plan change (fr)`, async ({
    page,
  }, testInfo) => {
    const lang = 'fr' as Lang;
    const w = words[lang];
    await signInAt(page, 'sophie', '/subscription/optimize', lang);
    await page.getByRole('radio', { name: /Mega Mobile L/ }).check();
    await page.getByRole('checkbox', { name: /International 60/ }).check();
    await page.getByRole('button', { name: w.continue }).click();
    await expect(page).toHaveURL(/\/subscription\/order-summary$/);

    // Today M (20 €) less its −20 % and her 3 € referral: 13 €. From the next cycle L (35 €) and International 60
    // (5 €), less L's own 5 € and the referral, which stays with her line: 32 € — each figure on a line of its own.
    const before = page.getByTestId('price-before');
    const after = page.getByTestId('price-after');
    await expect(before.getByRole('caption')).toHaveText(w.before);
    await expect(after.getByRole('caption')).toHaveText(w.after);
    const amount = (value: string) => new RegExp(`\\|\\s*[-−]?${euros(lang, value).replace(/\s/g, '\\s')}$`);
    const beforeRows = await priceRows(before);
    expect(beforeRows).toHaveLength(4);
    expect(beforeRows[0]).toMatch(/^Mega Mobile M \|/);
    expect(beforeRows[0]).toMatch(amount('20,00'));
    expect(beforeRows[1]).toMatch(amount('4,00'));
    expect(beforeRows[2]).toMatch(amount('3,00'));
    expect(beforeRows[3]).toMatch(amount('13,00'));
    const afterRows = await priceRows(after);
    expect(afterRows).toHaveLength(5);
    expect(afterRows[0]).toMatch(/^Mega Mobile L \|/);
    expect(afterRows[0]).toMatch(amount('35,00'));
    expect(afterRows[1]).toMatch(/^International 60 \|/);
    expect(afterRows[1]).toMatch(amount('5,00'));
    expect(afterRows[2]).toMatch(amount('5,00'));
    expect(afterRows[3]).toMatch(amount('3,00'));
    expect(afterRows[4]).toMatch(amount('32,00'));
    // No "Extra 1 GB" she did not pick; M's −20 % left with M (the rows above are all there is).
    await expect(after).not.toContainText(/Extra 1 (GB|Go)/);
    await expectNothingSerious(page);
    await shoot(page, `sophie-order-summary-${lang}`, testInfo.project.name);

    await page.getByRole('button', { name: w.confirm }).click();
    const placed = page.getByRole('status').filter({ hasText: w.placed });
    await expect(placed).toBeVisible();
    const order = w.placed.exec((await placed.textContent()) ?? '')?.[1] ?? '';
    await page.getByRole('link', { name: w.follow }).click();
    await expect(page).toHaveURL(/\/orders$/);

    // Cancelling International 60 says what stays (the plan change) and leaves it in progress.
    const option = page
      .getByTestId('order-line')
      .filter({ hasText: order })
      .filter({ hasText: w.option('International 60') });
    const plan = page.getByTestId('order-line').filter({ hasText: order }).filter({ hasText: 'Mega Mobile L' });
    await expect(plan).toContainText(w.inProgress);
    await option.getByRole('button', { name: w.cancel(order) }).click();
    const confirm = page.getByRole('alertdialog', { name: w.cancelTitle(order) });
    await expect(confirm).toContainText(w.kept(order));
    await expect(confirm.getByTestId('cancel-kept')).toContainText('Mega Mobile L');
    await expectNothingSerious(page);
    await confirm.getByRole('button', { name: w.yesCancel }).click();
    const done = page.getByRole('alertdialog', { name: w.canceledTitle });
    await expect(done).toContainText('International 60');
    await done.getByRole('button', { name: w.close }).click();
    await expect(option).toContainText(w.canceledState);
    await expect(plan).toContainText(w.inProgress);
    await expect(plan.getByRole('button', { name: w.cancel(order) })).toHaveCount(1);
  });
});
