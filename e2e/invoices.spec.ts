import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PNG } from 'pngjs';
import jsQR from 'jsqr';
import type { Page } from '@playwright/test';
import { demoPassword } from '#contract/fixtures/demo';
import { demoStateUsers } from '#contract/fixtures/demo-states';
import { expectNothingSerious } from './fixtures/axe.ts';
import { expect, test } from './fixtures/offline-server.ts';
import { withServiceWorker } from './fixtures/test.ts';
import { signIn } from './fixtures/sign-in.ts';
import { alertDialog, alertTitles } from './page-models/home-page.ts';
import { onlineVisit, serverLog, setOffline } from './page-models/offline-app.ts';

/*
 * Invoices and payment (docs/product/invoices.md "The bills screen", "Urgent payment", "Payment details"): Marc's
 * urgent payment with an EPC QR code that a banking app can read, the open invoices as rows (Sophie's pending and
 * Claire's failed direct debit), Sophie's PDF opened again offline, the payment
 * details changed offline and applied once, and a wrong IBAN refused with the field's message; each in French or in
 * Dutch (the payment form in Dutch: tests/features/screens/payment-form.test.tsx). On the worker's server of the
 * offline specs.
 */

type Lang = 'fr' | 'nl';

const texts = {
  fr: {
    costCenter: 'Centre de coûts',
    open: 'Factures ouvertes',
    history: 'Historique',
    bills: 'Mes factures',
    seeBills: 'Voir mes factures',
    urgent: 'Paiement urgent',
    amount: 'Montant',
    communication: 'Communication structurée',
    payment: 'Mes données de paiement',
    save: 'Enregistrer',
    offlineAvailable: 'Disponible hors ligne',
    download: /^Télécharger la facture .+ en PDF$/,
    ibanInvalid: 'IBAN non valide.',
    city: 'Localité',
    pending: /modification pas encore confirmée/,
  },
  nl: {
    costCenter: 'Kostenplaats',
    open: 'Openstaande facturen',
    history: 'Geschiedenis',
    bills: 'Mijn facturen',
    seeBills: 'Mijn facturen bekijken',
    urgent: 'Dringende betaling',
    amount: 'Bedrag',
    communication: 'Gestructureerde mededeling',
    payment: 'Mijn betaalgegevens',
    save: 'Opslaan',
    offlineAvailable: 'Offline beschikbaar',
    download: /^Factuur .+ downloaden als pdf$/,
    ibanInvalid: 'Ongeldig IBAN.',
    city: 'Gemeente',
    pending: /wijziging nog niet bevestigd/,
  },
} satisfies Record<Lang, Record<string, string | RegExp>>;

/** Outside test-results/, which each run empties: the screenshots of both projects stay side by side. */
const shotDir = path.join(os.tmpdir(), 'invoices-screens');

/** A screenshot of the whole page, kept for the closing note's review (390×844 on phone, 1280×800 on desktop). */
const shoot = async (page: Page, name: string, project: string): Promise<void> => {
  await fs.mkdir(shotDir, { recursive: true });
  await page.screenshot({ path: path.join(shotDir, `${name}-${project}.png`), fullPage: true });
};

/** The logged-in customer's id, as the app stored its session (IndexedDB). */
const sessionCustomerId = (page: Page): Promise<number> =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('mobile-self-service');
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('session', 'readonly').objectStore('session').get('current');
          read.onsuccess = () => {
            db.close();
            const id = (read.result as { customerId?: number } | undefined)?.customerId;
            if (id === undefined) reject(new Error('no session'));
            else resolve(id);
          };
        };
        open.onerror = () => reject(new Error('no database'));
      }),
  );

/** The value shown next to a transfer field's label inside `scope` (the copy button's text excluded). */
const transferValue = (scope: ReturnType<Page['getByRole']>, label: string) =>
  scope
    .locator('.copy-value')
    .filter({ has: scope.page().locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('.copy-value__text');

// Each test logs in, installs the service worker and, for most, goes offline and back: on the shared two-core
// machine that takes 20–40 s, more than the default 30 s.
test.describe.configure({ timeout: 90_000 });

test(`Marc's urgent payment: the QR code decodes to the amount and the communication shown (nl)`, async ({ page }, info) => {
  const lang = 'nl' as Lang;
  // Home's unpaid-invoice alert leads to the bills, the urgent payment on top.
  await signIn(page, 'marc', { lang, keepAlerts: true });
  const alert = alertDialog(page, alertTitles.invoiceSituation);
  await alert.getByRole('link', { name: texts[lang].seeBills }).click();
  await expect(page).toHaveURL(/\/bills\/main$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[lang].bills);
  const urgent = page.getByRole('region', { name: texts[lang].urgent });
  await expect(urgent).toBeInViewport();

  // What the server says Marc owes, and the reference to pay it with.
  const customerId = await sessionCustomerId(page);
  const situation = (await (await page.request.get(`/api/customer/${customerId}/invoices/situation`)).json()) as {
    openInvoiceTotal: number;
    paymentReference: string;
    payUrgently: boolean;
  };
  expect(situation.payUrgently).toBe(true);
  expect(situation.openInvoiceTotal).toBeLessThan(0);
  const owed = -situation.openInvoiceTotal;
  const euros = `${Math.floor(owed / 100)},${String(owed % 100).padStart(2, '0')}`;
  await expect(transferValue(urgent, texts[lang].amount)).toContainText(euros);
  await expect(transferValue(urgent, texts[lang].communication)).toHaveText(situation.paymentReference);
  expect(situation.paymentReference).toMatch(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);

  // Decode the QR code as a banking app would: from its pixels.
  const qr = urgent.getByRole('img', { name: new RegExp(situation.paymentReference.replace(/[+/]/g, '\\$&')) });
  await expect(qr).toBeVisible();
  // In the middle of the viewport: on a phone the fixed bottom navigation would otherwise cover part of it.
  await qr.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const png = PNG.sync.read(await qr.screenshot());
  const decoded = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(decoded).not.toBeNull();
  const creditor = (await (await page.request.get('/api/invoices/creditor')).json()) as { iban: string; bic: string; name: string };
  // EPC069-12 version 002, one element a line: no purpose code; the structured communication goes in the
  // structured reference element as its 12 digits; nothing after it.
  expect(decoded?.data.split('\n')).toEqual([
    'BCD',
    '002',
    '1',
    'SCT',
    creditor.bic,
    creditor.name,
    creditor.iban,
    `EUR${Math.floor(owed / 100)}.${String(owed % 100).padStart(2, '0')}`,
    '',
    situation.paymentReference.replace(/\D/g, ''),
  ]);

  await expectNothingSerious(page);
  await shoot(page, `bills-marc-${lang}`, info.project.name);
});

test(`open invoices are rows that open the invoice screen; a direct debit's shows no communication (fr)`, async ({ page }, info) => {
  const lang = 'fr' as Lang;
  // Sophie: the SIM fees of her second line, a direct debit still to be collected.
  await signIn(page, 'sophie', { lang, path: '/bills/main' });
  const open = page.getByRole('region', { name: texts[lang].open });
  const row = open.getByRole('listitem').filter({ hasText: 'Domiciliation en cours' }).first();
  await expect(row).toBeVisible();
  await expect(row.getByText(/^Sera prélevée le .+ : vous n’avez rien à faire\.$/)).toBeVisible();
  // Nothing to pay by hand: no payment action and no structured communication anywhere in the open list.
  await expect(row.getByRole('button')).toHaveCount(0);
  await expect(open.getByText(texts[lang].communication)).toHaveCount(0);
  await expect(open.getByText(/\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+/)).toHaveCount(0);
  await expectNothingSerious(page);
  await shoot(page, `bills-open-rows-sophie-${lang}`, info.project.name);

  // The row opens the invoice's screen: its piece as the title, its lines, still no communication for a direct debit.
  const piece = (await row.getByRole('heading', { level: 3 }).textContent()) ?? '';
  expect(piece).toMatch(/^Facture F\d{4}-\d{6}$/);
  await row.getByRole('link').click();
  await expect(page).toHaveURL(/\/bills\/invoice\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(piece);
  await expect(page.getByText(texts[lang].communication)).toHaveCount(0);
  await expect(page.getByRole('button', { name: texts[lang].download })).toBeVisible();
});

test(`a failed direct debit's row says so and offers to pay it, by transfer with the communication (fr)`, async ({ page }) => {
  const lang = 'fr' as Lang;
  // Claire is one of the demo's state customers (contract/fixtures/demo-states.ts), outside signIn's list.
  const login = await page.request.post('/api/public/users/login', {
    data: { login: demoStateUsers.claire.logins[0], password: demoPassword },
  });
  expect(login.status()).toBe(200);
  await page.goto(`/bills/main?lang=${lang}`);
  const open = page.getByRole('region', { name: texts[lang].open });
  const row = open.getByRole('listitem').filter({ hasText: 'Domiciliation échouée' });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('La domiciliation n’a pas abouti : payez cette facture par virement.')).toBeVisible();
  await expect(row.getByRole('button', { name: /^Payer maintenant/ })).toBeEnabled();
  await row.getByRole('button', { name: 'Payer cette facture' }).click();
  // Paid by transfer, it needs its communication: there, and only there.
  await expect(transferValue(row, texts[lang].communication)).toHaveText(/^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/);
  await expectNothingSerious(page);
});

test(`Sophie opens an invoice PDF, then opens it again offline (fr)`, { tag: withServiceWorker }, async ({ page, context }, info) => {
  const lang = 'fr' as Lang;
  await onlineVisit(page, 'sophie', { lang });
  await page.goto('/bills/main');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[lang].bills);
  // The PDF is on the invoice's screen, opened from its row.
  await page.getByRole('region', { name: texts[lang].open }).getByRole('listitem').first().getByRole('link').click();
  await expect(page).toHaveURL(/\/bills\/invoice\/[0-9a-f-]{36}$/);
  const download = page.getByRole('button', { name: texts[lang].download });
  const invoice = page.getByRole('listitem').filter({ has: download });
  await expect(invoice.getByText(texts[lang].offlineAvailable)).toHaveCount(0);

  const [first] = await Promise.all([page.waitForEvent('download'), download.click()]);
  const firstBytes = await fs.readFile(await first.path());
  expect(firstBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await expect(invoice.getByText(texts[lang].offlineAvailable)).toBeVisible();
  await shoot(page, `bills-sophie-${lang}`, info.project.name);

  await setOffline(context, page, true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Facture F\d{4}-\d{6}$/);
  await expect(invoice.getByText(texts[lang].offlineAvailable)).toBeVisible();
  const [again] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(again.suggestedFilename()).toBe(first.suggestedFilename());
  expect(Buffer.compare(await fs.readFile(await again.path()), firstBytes)).toBe(0);
  await shoot(page, `bills-sophie-offline-${lang}`, info.project.name);
  await setOffline(context, page, false);
});

test(
  `a payment change made offline is pending, then applied once back online (fr)`,
  { tag: withServiceWorker },
  async ({ page, context }, info) => {
    const lang = 'fr' as Lang;
    await onlineVisit(page, 'sophie', { lang });
    await page.goto('/settings/payment');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[lang].payment);
    const city = page.getByLabel(texts[lang].city, { exact: true });
    await expect(city).not.toHaveValue('');
    await shoot(page, `payment-sophie-${lang}`, info.project.name);
    const before = (await serverLog(page)).changes.length;

    await setOffline(context, page, true);
    const newCity = lang === 'fr' ? 'Namur' : 'Leuven';
    await city.fill(newCity);
    await page.getByRole('button', { name: texts[lang].save }).click();
    await expect(page.getByRole('status').filter({ hasText: texts[lang].pending })).toBeVisible();
    expect((await serverLog(page)).changes.slice(before)).toEqual([]);

    await setOffline(context, page, false);
    await expect(page.getByRole('status').filter({ hasText: texts[lang].pending })).toHaveCount(0, { timeout: 20_000 });
    const applied = (await serverLog(page)).changes.slice(before).filter((c) => c.path.endsWith('/invoicing'));
    expect(applied).toHaveLength(1);
    expect(applied[0]?.method).toBe('PATCH');
    expect(applied[0]?.body).toMatchObject({ address: { city: newCity } });
    await page.reload();
    await expect(page.getByLabel(texts[lang].city, { exact: true })).toHaveValue(newCity);
  },
);

test(`a wrong IBAN shows the field's message and keeps what was typed (fr)`, async ({ page }, info) => {
  const lang = 'fr' as Lang;
  await signIn(page, 'sophie', { lang, path: '/settings/payment' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[lang].payment);
  const iban = page.getByLabel('IBAN', { exact: true });
  await expect(iban).not.toHaveValue('');
  const before = (await serverLog(page)).changes.length;
  // A Belgian IBAN whose check digits are wrong.
  await iban.fill('BE41539007547035');
  await page.getByRole('button', { name: texts[lang].save }).click();
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  await expect(iban).toHaveAccessibleDescription(new RegExp(texts[lang].ibanInvalid.replace('.', '\\.')));
  await expect(iban).toHaveValue('BE41539007547035');
  // Nothing wider than the screen (the paired address fields fit a 390 px phone).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);
  expect((await serverLog(page)).changes.slice(before)).toEqual([]);
  await expectNothingSerious(page);
  await shoot(page, `payment-wrong-iban-${lang}`, info.project.name);
});

test(`Emma's company chooses a cost centre and sees only its invoices (nl)`, async ({ page }, info) => {
  const lang = 'nl' as Lang;
  await signIn(page, 'emma', { lang, path: '/bills/main' });
  const history = page.getByRole('region', { name: texts[lang].history });
  const pieces = history.getByRole('listitem').getByRole('heading', { level: 3 });
  await expect(pieces.first()).toBeVisible();
  const allCount = await pieces.count();

  await page.getByLabel(texts[lang].costCenter, { exact: true }).selectOption({ label: 'Transport' });
  await expect(page).toHaveURL(/[?&]costCenter=\d+/);
  const centre = Number(new URL(page.url()).searchParams.get('costCenter'));
  const customerId = await sessionCustomerId(page);
  const answer = (await (await page.request.get(`/api/customer/${customerId}/invoices/paid?costCenterId=${centre}`)).json()) as {
    invoices: { piece: string; details: { cost_center_id: number | null } }[];
  };
  expect(answer.invoices.length).toBeGreaterThan(0);
  expect(answer.invoices.every((invoice) => invoice.details.cost_center_id === centre)).toBe(true);
  // The screen lists exactly that centre's invoices, fewer than the company's.
  await expect
    .poll(async () => (await pieces.allTextContents()).map((text) => text.replace(/^\D+/, '')))
    .toEqual(answer.invoices.map((invoice) => invoice.piece.replace(/^\D+/, '')));
  expect(answer.invoices.length).toBeLessThan(allCount);
  await shoot(page, `bills-emma-${lang}`, info.project.name);
});
