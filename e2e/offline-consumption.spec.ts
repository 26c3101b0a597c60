import { expect, test } from './fixtures/offline-server.ts';
import { ConsumptionPage } from './page-models/consumption-page.ts';
import { currentRecordsStored, onlineVisit, setOffline } from './page-models/offline-app.ts';

// Every test here needs the app's service worker (e2e/fixtures/test.ts installs none by default).
test.use({ serviceWorkers: 'allow' });

/*
 * Consumption offline after one online visit of home only (Marc, Dutch): what is known is shown with its age, and
 * what is not known says so, never as a zero.
 */

test('offline after a visit of home: the bill’s totals with their age; a bill never downloaded and the average say what is missing', async ({
  page,
  context,
}) => {
  await onlineVisit(page, 'marc');
  // The visit of home pulls the current bill's records for offline use.
  await expect.poll(() => page.evaluate(currentRecordsStored), { timeout: 60_000 }).toBe(true);
  await setOffline(context, page, true);

  await page.getByRole('navigation', { name: 'Hoofdnavigatie' }).first().getByRole('link', { name: 'Verbruik' }).click();
  const consumption = new ConsumptionPage(page);
  await consumption.waitForTotals();
  // The period's totals are those of the stored bill: the records count is that of the whole bill, not a few days.
  await expect(consumption.totals).toHaveAttribute('aria-busy', 'false');
  expect(await consumption.recordCount()).toBeGreaterThan(20);
  const section = page.getByRole('region', { name: 'Verbruik van de periode' });
  await expect(section.getByTestId('freshness')).toHaveText(/^(Zonet bijgewerkt|Bijgewerkt)/);

  // The average needs six past bills, never downloaded: said plainly, never "0,00 MB, 0 sec en 0 sms".
  const average = page.getByRole('region', { name: 'Gemiddeld verbruik' });
  await expect(average.getByRole('status').filter({ hasText: /^Gemiddelde onbekend/ })).toContainText(
    'Gemiddelde onbekend: het verbruik van de laatste 6 facturen werd niet gedownload',
  );
  await expect(page.getByTestId('usage-average')).toHaveCount(0);

  // The previous bill was never downloaded: no totals, no chart, the reason instead.
  await page.getByRole('radio', { name: 'Vorige factuur' }).check();
  await expect(section).toContainText('Het verbruik van deze periode werd niet gedownload tijdens een bezoek met internet');
  await expect(consumption.totals).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Verbruik per dag' }).getByRole('figure')).toHaveCount(0);
  await setOffline(context, page, false);
});
