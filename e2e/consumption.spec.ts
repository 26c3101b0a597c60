import { signIn } from './fixtures/sign-in.ts';
import { expect, test, withServiceWorker } from './fixtures/test.ts';
import { ConsumptionPage } from './page-models/consumption-page.ts';

/*
 * Consumption (docs/product/consumption.md "The consumption screens", "Periods", "Exports"): period filters, the
 * virtualized details list, overspent details, downloads, and the screens working offline after one online visit. The
 * heavy customer's 200,000 records scrolled to the end, with the longest main-thread task, are a figure of
 * `npm run bench` (bench/usage.bench.ts, consumption_max_long_task_ms).
 */

test('period filters change the list and the totals', async ({ page }) => {
  await signIn(page, 'sophie', { path: '/consumption/details' });
  const consumption = new ConsumptionPage(page);
  await consumption.waitForTotals();
  await consumption.waitForLocalData();
  const current = await consumption.recordCount();
  expect(current).toBeGreaterThan(0);
  await expect(consumption.rows.first()).toHaveAttribute('aria-setsize', String(current));
  const currentTotals = await consumption.totals.textContent();
  const currentFirstRow = await consumption.rows.first().textContent();

  await consumption.choosePeriod(/^Facture précédente$/);
  await expect(page).toHaveURL(/period=previous/);
  await consumption.waitForLocalData();
  // The seed gives every cycle as many records, so the totals and the rows tell the periods apart.
  await expect.poll(() => consumption.totals.textContent(), { timeout: 20_000 }).not.toBe(currentTotals);
  await expect.poll(() => consumption.rows.first().textContent()).not.toBe(currentFirstRow);
  const previous = await consumption.recordCount();
  await expect(consumption.rows.first()).toHaveAttribute('aria-setsize', String(previous));

  // Type filter: only data rows remain, and the totals follow.
  await page.getByLabel('Type', { exact: true }).selectOption('data');
  await expect.poll(() => consumption.recordCount()).toBeLessThan(previous);
  await expect(consumption.rows.first()).toContainText('Données');
  await expect.poll(() => consumption.totalCell('Appels', 0)).toMatch(/^0\smin$/);

  // A chosen range with the end before the start is refused with a message, and nothing changes.
  await consumption.choosePeriod(/^Période choisie$/);
  await page.getByLabel('Du', { exact: true }).fill('2026-02-10');
  await page.getByLabel('Au', { exact: true }).fill('2026-02-01');
  await page.getByRole('button', { name: 'Afficher' }).click();
  await expect(page.getByRole('alert')).toHaveText('La date de début doit précéder la date de fin.');
});

test('overspent details of Marc: by type, the limit reached and the extra-cost history', async ({ page }) => {
  await signIn(page, 'marc', { path: '/consumption/overspent' });
  const table = page.getByTestId('overspent-table');
  await expect(table.getByRole('row', { name: /Totaal buiten bundel/ })).toContainText('52,30');
  await expect(page.getByText(/^Limiet buiten bundel bereikt: €\s52,30 bij een limiet van €\s50,00$/)).toBeVisible();
  await expect(page.getByTestId('oob-total')).toHaveText(/^\d+ gesprekken en berichten buiten de bundel, aangerekend €\s52,30$/);
});

test(
  'downloads: PDF and CSV online; disabled with a message offline; the screen opens offline after a visit',
  { tag: withServiceWorker },
  async ({ page, context }) => {
    await signIn(page, 'sophie', { path: '/consumption/main' });
    const consumption = new ConsumptionPage(page);
    await consumption.waitForTotals();
    await consumption.waitForLocalData();
    const totals = await consumption.totals.textContent();
    const pdf = page.getByRole('link', { name: 'Télécharger en PDF' });
    await expect(pdf).toHaveAttribute('href', /\/usage\/download\?type=PDF&from=\d{4}-\d\d-\d\d&to=\d{4}-\d\d-\d\d$/);
    const download = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Télécharger en CSV' }).click(),
    ]).then(([d]) => d);
    expect(download.suggestedFilename()).toMatch(/\.csv$/);

    // The service worker must control the page before it can serve the shell offline.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await consumption.waitForTotals();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ma consommation');
    await consumption.waitForTotals();
    await expect(consumption.totals).toHaveText(totals ?? '');
    await expect(page.getByRole('button', { name: 'Télécharger en PDF' })).toBeDisabled();
    await expect(page.getByText('Les téléchargements demandent une connexion internet.')).toBeVisible();
    await context.setOffline(false);
  },
);

test('the details list scrolls with the page, not in a box of its own, and keeps only the rows in view in the DOM', async ({ page }) => {
  await signIn(page, 'sophie', { path: '/consumption/details' });
  const consumption = new ConsumptionPage(page);
  await consumption.waitForTotals();
  await consumption.waitForLocalData();
  const count = await consumption.recordCount();
  await expect(consumption.rows.first()).toHaveAttribute('aria-setsize', String(count));
  // No scroll box inside the page (issue 43 point 7): the list is as tall as its rows; the window scrolls.
  const box = await consumption.scroller.evaluate((el) => ({
    overflow: getComputedStyle(el).overflowY,
    inner: el.scrollHeight - el.clientHeight,
  }));
  expect(box).toEqual({ overflow: 'visible', inner: 0 });
  // Virtualized: far fewer rows in the DOM than the period holds.
  expect(await consumption.rows.count()).toBeLessThan(Math.min(count, 60));
  // The keyboard scrolls it as it scrolls the page: End reaches the last record, which is then rendered. (Rows are
  // measured as they render: the page grows by what the estimates missed, and End again reaches its new end.)
  const last = consumption.scroller.locator(`[aria-posinset="${count}"]`);
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(last).toBeInViewport({ timeout: 1_000 });
  }).toPass();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  expect(await consumption.rows.count()).toBeLessThan(Math.min(count, 60));
});
