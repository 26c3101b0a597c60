import fs from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expectNothingSerious } from './fixtures/axe.ts';
import { expect, test } from './fixtures/offline-server.ts';
import { withServiceWorker } from './fixtures/test.ts';
import { signIn } from './fixtures/sign-in.ts';
import { onlineVisit, setOffline } from './page-models/offline-app.ts';

/*
 * Why a bill is different (docs/product/invoices.md "Why this bill is different", "The invoice screen"): the bills as
 * rows open an invoice with its explanation beside its amount, whose causes are the server's (GET …/explanation) and
 * whose out-of-bundle causes open their records; the next bill's sentence on home; the explanation offline. Phone in
 * French, desktop in Dutch. Screenshots for the closing note go to SHOTS_DIR (not the repository) when it is set.
 */

const shotsDir = process.env.SHOTS_DIR;
const shoot = async (page: Page, name: string): Promise<void> => {
  if (!shotsDir) return;
  await fs.mkdir(shotsDir, { recursive: true });
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
};

const texts = {
  fr: {
    why: 'Pourquoi ce montant ?',
    history: 'Historique',
    started: /a commencé le/,
    days: /jours/,
    records: /Voir ces consommations/,
    zone: 'Zone',
    charges: /Frais hors forfait de la facture/,
    // The header's line switcher (issue 43 point 4) names the line shown.
    line: 'Ligne affichée : 0470 00 00 06',
    roaming: /Votre prochaine facture devrait être d’environ .+, surtout (pour|sur) votre consommation en roaming \(Suisse\)/,
  },
  nl: {
    why: 'Waarom dit bedrag?',
    history: 'Geschiedenis',
    started: /is gestart op/,
    days: /dagen/,
    records: /Dit verbruik bekijken/,
    zone: 'Zone',
    charges: /buiten de bundel van de factuur/,
    line: 'Getoonde lijn: 0470 00 00 06',
    roaming: /Uw volgende factuur zou ongeveer .+ moeten uitvallen, vooral (door|op) roaming in Zwitserland/,
  },
} as const;

type Lang = keyof typeof texts;
const langOf = (project: string): Lang => (project === 'desktop' ? 'nl' : 'fr');

/** The server's explanation of the invoice the screen shows (its uuid in the address once opened). */
const serverExplanation = async (page: Page, customerId: number, uuid: string) =>
  (await (await page.request.get(`/api/customer/${customerId}/invoices/${uuid}/explanation`)).json()) as {
    previous: { uuid: string } | null;
    difference_cents: number;
    lines: {
      amount_cents: number;
      category: string | null;
      contract_id: number | null;
      current_cents: number;
      period: { start: string } | null;
    }[];
  };

/** Every invoice of a customer, open and paid, as the server lists them. */
const invoiceUuids = async (page: Page, customerId: number): Promise<string[]> => {
  const uuids: string[] = [];
  for (const list of ['open', 'paid']) {
    const answer = (await (await page.request.get(`/api/customer/${customerId}/invoices/${list}`)).json()) as {
      invoices: { uuid: string }[];
    };
    uuids.push(...answer.invoices.map((invoice) => invoice.uuid));
  }
  return uuids;
};

/** The first of a customer's invoices with a cause that matches (its uuid and that cause). */
const invoiceWithCause = async (
  page: Page,
  customerId: number,
  matches: (line: Awaited<ReturnType<typeof serverExplanation>>['lines'][number]) => boolean,
) => {
  for (const uuid of await invoiceUuids(page, customerId)) {
    const line = (await serverExplanation(page, customerId, uuid)).lines.find(matches);
    if (line) return { uuid, line };
  }
  throw new Error('no such cause');
};

/** The demo's customer numbers (server/demo/data/ids.ts). */
const demoCustomers = { sophie: 1, emma: 4 } as const;

/** The figure a cause's records link shows ("Voir ces consommations (42,15 €)" → "42,15 €"), spaces made plain. */
const figureOf = async (link: ReturnType<Page['getByRole']>): Promise<string> =>
  ((await link.innerText()).match(/\(([^)]+)\)/)?.[1] ?? '').replace(/\s/g, ' ');

/** The consumption details' totals hold the bill's charges, and that figure. */
const expectCharges = async (page: Page, lang: Lang, figure: string): Promise<void> => {
  const totals = page.getByTestId('usage-totals');
  await expect(totals).toContainText(texts[lang].charges, { timeout: 60_000 });
  await expect.poll(async () => (await totals.innerText()).replace(/\s/g, ' '), { timeout: 60_000 }).toContain(figure);
};

/** The logged-in customer's id, as the app stored its session (IndexedDB). */
const customerIdOf = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('mobile-self-service');
        open.onsuccess = () => {
          const read = open.result.transaction('session', 'readonly').objectStore('session').get('current');
          read.onsuccess = () => {
            open.result.close();
            const id = (read.result as { customerId?: number } | undefined)?.customerId;
            if (id === undefined) reject(new Error('no session'));
            else resolve(id);
          };
        };
        open.onerror = () => reject(new Error('no database'));
      }),
  );

test.describe.configure({ timeout: 90_000 });

test('Sophie opens her last bill from the rows: her plan change, the −20 % that started, as the server explains it @desktop', async ({
  page,
}, info) => {
  const lang = langOf(info.project.name);
  const t = texts[lang];
  await signIn(page, 'sophie', { lang, path: '/bills/main' });
  const history = page.getByRole('region', { name: t.history });
  const row = history.getByRole('link').first();
  await expect(row).toBeVisible();
  await expect(page.getByRole('table', { name: /Montant des factures|Bedrag van de maandfacturen/ })).toBeAttached();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  await shoot(page, `sophie-bills-${info.project.name}-${lang}`);
  await row.click();
  await expect(page).toHaveURL(/\/bills\/invoice\/[0-9a-f-]{36}$/);
  const uuid = page.url().split('/').pop() ?? '';
  const explanation = page.getByTestId('invoice-explanation');
  await expect(explanation.getByRole('heading', { name: t.why })).toBeVisible();
  const server = await serverExplanation(page, await customerIdOf(page), uuid);
  // One line per cause, as the server has them, with its words.
  await expect(explanation.getByRole('listitem')).toHaveCount(server.lines.length);
  await expect(explanation.locator('[data-cause="promotion"]')).toContainText(t.started);
  await expect(explanation.locator('[data-cause="plan"]')).toContainText(t.days);
  expect(server.lines.reduce((sum, line) => sum + line.amount_cents, 0)).toBe(server.difference_cents);
  // Nothing wider than the screen, here and on the bills screen (its chart's figures are a hidden table).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  await expectNothingSerious(page);
  await shoot(page, `sophie-invoice-${info.project.name}-${lang}`);
});

test('Marc’s last bill: calls abroad and premium numbers, each opening its records whose cost is the figure shown @desktop', async ({
  page,
}, info) => {
  const lang = langOf(info.project.name);
  const t = texts[lang];
  await signIn(page, 'marc', { lang, path: '/bills/invoice/latest' });
  const explanation = page.getByTestId('invoice-explanation');
  await expect(explanation.getByRole('heading', { name: t.why })).toBeVisible();
  const international = explanation.locator('[data-category="international:call"]');
  await expect(international).toBeVisible();
  await shoot(page, `marc-invoice-${info.project.name}-${lang}`);
  const link = international.getByRole('link', { name: t.records });
  const figure = ((await link.innerText()).match(/\(([^)]+)\)/)?.[1] ?? '').replace(/\s/g, ' ');
  await link.click();
  await expect(page).toHaveURL(/\/consumption\/details\?.*zone=international/);
  await expect(page.getByLabel(t.zone, { exact: true })).toHaveValue('international');
  const totals = page.getByTestId('usage-totals');
  await expect(totals).toContainText(t.charges, { timeout: 30_000 });
  await expect.poll(async () => (await totals.innerText()).replace(/\s/g, ' ')).toContain(figure);
});

test('home says how the next bill should differ, and the bills screen says why', async ({ page }) => {
  await signIn(page, 'sophie', { lang: 'fr' });
  const sentence = page.getByRole('link', { name: /Votre prochaine facture devrait être d’environ/ });
  await expect(sentence).toBeVisible({ timeout: 20_000 });
  await shoot(page, 'home-next-bill-phone-fr');
  await sentence.click();
  await expect(page).toHaveURL(/\/bills\/main#next-bill$/);
  await expect(page.getByRole('heading', { name: 'Prochaine facture (estimation)' })).toBeVisible();
  await expect(page.locator('#next-bill')).toBeVisible();
});

test('an explanation opens offline, with its age', { tag: withServiceWorker }, async ({ page, context }) => {
  await onlineVisit(page, 'yasmine', { lang: 'fr' });
  await page.goto('/bills/invoice/latest');
  const explanation = page.getByTestId('invoice-explanation');
  await expect(explanation.locator('[data-cause="credit"]')).toBeVisible({ timeout: 20_000 });
  await expect(explanation.locator('[data-category^="world:"]').first()).toBeVisible();
  await setOffline(context, page, true);
  await page.reload();
  await expect(explanation.locator('[data-cause="credit"]')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('freshness').first()).toHaveText(/Mis à jour/);
  await shoot(page, 'yasmine-invoice-offline-phone-fr');
  await setOffline(context, page, false);
});

test('an older bill’s cause opens that cycle’s records, whose cost is the figure shown @desktop', async ({ page }, info) => {
  const lang = langOf(info.project.name);
  const t = texts[lang];
  await signIn(page, 'sophie', { lang, path: '/bills/main' });
  // The bill before her last one: its cycle (5 September to 4 October) is neither the current nor the previous one.
  const older = await invoiceWithCause(
    page,
    demoCustomers.sophie,
    (line) => line.category === 'domestic:data' && line.period?.start === '2026-09-05' && line.current_cents > 0,
  );
  await page.goto(`/bills/invoice/${older.uuid}`);
  const cause = page.getByTestId('invoice-explanation').locator('[data-category="domestic:data"]');
  const link = cause.getByRole('link', { name: t.records });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const figure = await figureOf(link);
  await link.click();
  await expect(page).toHaveURL(/\/consumption\/details\?.*period=range&from=2026-09-05&to=2026-10-04.*zone=domestic/);
  await expectCharges(page, lang, figure);
});

test('a cause of another line of the account opens that line’s records @desktop', async ({ page }, info) => {
  const lang = langOf(info.project.name);
  const t = texts[lang];
  await signIn(page, 'emma', { lang, path: '/bills/main' });
  // Use of line 0470000006 (contract 6), not the line the app shows first.
  const target = await invoiceWithCause(
    page,
    demoCustomers.emma,
    (line) => line.contract_id === 6 && line.current_cents > 0 && line.category !== null,
  );
  await page.goto(`/bills/invoice/${target.uuid}`);
  const cause = page
    .getByTestId('invoice-explanation')
    .locator(`[data-category="${target.line.category ?? ''}"]`)
    .first();
  const link = cause.getByRole('link', { name: t.records });
  await expect(link).toBeVisible({ timeout: 20_000 });
  const figure = await figureOf(link);
  await link.click();
  await expect(page).toHaveURL(/contractId=6/);
  await expect(page.getByRole('banner').getByRole('button', { name: t.line })).toBeVisible();
  await expectCharges(page, lang, figure);
});

test('Yasmine’s next bill is said with where she roamed @desktop', async ({ page }, info) => {
  const lang = langOf(info.project.name);
  await signIn(page, 'yasmine', { lang });
  const sentence = page.getByRole('link', { name: texts[lang].roaming });
  await expect(sentence).toBeVisible({ timeout: 20_000 });
  await shoot(page, `yasmine-home-${info.project.name}-${lang}`);
  await page.goto('/bills/invoice/latest');
  const world = page.getByTestId('invoice-explanation').locator('[data-category="world:data"]');
  await expect(world).toContainText(lang === 'fr' ? '(Suisse)' : '(Zwitserland)');
  await shoot(page, `yasmine-invoice-${info.project.name}-${lang}`);
});
