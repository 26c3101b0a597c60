import type { Page } from '@playwright/test';
import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { ConsumptionPage } from './page-models/consumption-page.ts';

/*
 * The bill's days whatever the device's time zone (docs/product/consumption.md "Periods": days are Brussels days): a
 * customer roaming in New York or in Tokyo sees, in the period table of her current and previous bills, the figures of
 * her bundle card and of her bill, and the dates and times of her records as in Brussels. The expected figures are
 * read with the device in Europe/Brussels first (the tests run in order, in one worker): the seed depends on the day.
 */

test.describe.configure({ mode: 'serial', timeout: 240_000 });

const bills = ['current', 'previous'] as const;
type Bill = (typeof bills)[number];

/** What the period table of a bill shows (« Dans le forfait » per type, the bill's out-of-bundle charges). */
type Table = { data: string; call: string; sms: string; charges: string; firstRecord: string };

/** The table of each bill, as shown with the device in Europe/Brussels. */
const brussels = new Map<Bill, Table>();

/** The period table of a bill on the details screen, once all its records are on the device. */
const readTable = async (page: Page, bill: Bill): Promise<Table> => {
  await page.goto(`/consumption/details?period=${bill}&lang=fr`);
  const consumption = new ConsumptionPage(page);
  await consumption.waitForTotals();
  await consumption.waitForLocalData();
  const charges = await consumption.totals.getByText(/^Frais hors forfait de la facture/).innerText();
  return {
    data: await consumption.totalCell('Données', 0),
    call: await consumption.totalCell('Appels', 0),
    sms: await consumption.totalCell('SMS', 0),
    charges: charges.replace('Frais hors forfait de la facture', '').trim(),
    // The newest record, with its date and time.
    firstRecord: (await consumption.rows.first().innerText()).trim(),
  };
};

/** What the bundle card says was used of a type: "35,49 Go" of "35,49 Go sur 100,00 Go" or "Utilisé : 35,49 Go". */
const cardUse = async (page: Page, kind: string): Promise<string> => {
  const meter = page.getByRole('meter', { name: kind, exact: true });
  await expect(meter).toHaveAttribute('aria-valuetext', /\S/, { timeout: 30_000 });
  const text = (await meter.getAttribute('aria-valuetext')) ?? '';
  return text
    .replace(/ sur .*$/, '')
    .replace(/^Utilisé : /, '')
    .trim();
};

const expectDeviceZone = async (page: Page, zone: string) => {
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(zone);
};

test.describe("l'appareil à l'heure de Bruxelles", () => {
  test.use({ timezoneId: 'Europe/Brussels' });

  test('Yasmine : le tableau de la période reprend les chiffres de son forfait et de sa facture', async ({ page }) => {
    await signIn(page, 'yasmine', { path: '/consumption/details' });
    await expectDeviceZone(page, 'Europe/Brussels');
    for (const bill of bills) {
      const table = await readTable(page, bill);
      // The bundle card and the bill's out-of-bundle total are the server's figures.
      await page.goto(`/consumption/overspent?period=${bill}&lang=fr`);
      const billed = page
        .getByTestId('overspent-table')
        .getByRole('row', { name: /^Total hors forfait/ })
        .getByRole('cell');
      await expect(billed).toHaveText(/€/);
      expect(table.charges).toBe((await billed.innerText()).trim());
      await page.goto(`/consumption/main?period=${bill}&lang=fr`);
      expect([table.data, table.call, table.sms]).toEqual([
        await cardUse(page, 'Données'),
        await cardUse(page, 'Appels'),
        await cardUse(page, 'SMS'),
      ]);
      brussels.set(bill, table);
    }
  });
});

for (const [zone, city] of [
  ['America/New_York', 'New York'],
  ['Asia/Tokyo', 'Tokyo'],
] as const) {
  test.describe(`l'appareil à l'heure de ${city}`, () => {
    test.use({ timezoneId: zone });

    test(`Yasmine à ${city} : les totaux de ses factures et les heures de ses communications sont ceux de Bruxelles`, async ({ page }) => {
      await signIn(page, 'yasmine', { path: '/consumption/details' });
      await expectDeviceZone(page, zone);
      for (const bill of bills) {
        const expected = brussels.get(bill);
        if (!expected) throw new Error(`no figures of the ${bill} bill from the Brussels test`);
        expect(await readTable(page, bill), `the ${bill} bill`).toEqual(expected);
      }
    });
  });
}
