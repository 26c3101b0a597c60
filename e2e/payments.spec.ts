import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNothingSerious } from './fixtures/axe.ts';
import { expect, test as base, withServiceWorker } from './fixtures/test.ts';
import Database from 'better-sqlite3';
import { demoUsers } from '#contract/fixtures/demo';
import { startOfflineServer, type OfflineServer } from './fixtures/server-process.ts';
import { alertDialog, alertTitles, waitForHomeAlerts } from './page-models/home-page.ts';
import { LoginPage } from './page-models/login-page.ts';
import { setOffline, waitForServiceWorker } from './page-models/offline-app.ts';
import { payNowTexts, StandInCheckout } from './page-models/payment-pages.ts';
import { runNow } from './fixtures/clock.ts';

/*
 * Paying online (docs/product/payments.md) through the stand-in provider: Marc, whose invoice is overdue, partly
 * paid and in dunning, first sees a failed payment leave it open with a clear message, then pays it and comes back
 * to a paid invoice and no urgent payment; and a return while offline says the payment is being confirmed, then
 * settles once online. Paying changes Marc's invoices for good, so every test has a server and a database of its
 * own (seeded afresh), not the file's or the run's.
 */

/**
 * Marc owes two invoices: the partly paid one now overdue, and the one the billing run issued at his last cycle's
 * close (overdue or not depending on the day). The second is paid by transfer behind the server's back, so that the
 * overdue one is all he owes and paying it settles everything, whatever the date.
 */
const payLaterInvoicesByTransfer = (server: OfflineServer, mobileId: string): void => {
  const db = new Database(path.join(server.dataDir, 'app.sqlite'));
  try {
    const open = db
      .prepare<[string], { uuid: string }>(
        `SELECT i.uuid FROM invoices i JOIN customers c ON c.id = i.customer_id
          WHERE c.mobile_id = ? AND i.paid = 0 AND i.document_type = 'invoice' ORDER BY i.due_date`,
      )
      .all(mobileId);
    const paidAt = new Date(runNow()).toISOString();
    for (const { uuid } of open.slice(1)) db.prepare('UPDATE invoices SET paid = 1, paid_at = ? WHERE uuid = ?').run(paidAt, uuid);
  } finally {
    db.close();
  }
};

const test = base.extend<{ server: OfflineServer }>({
  server: [
    // Playwright needs the object pattern for fixtures without dependencies.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startOfflineServer();
      payLaterInvoicesByTransfer(server, demoUsers.marc.logins[0]);
      await use(server);
      await server.stop();
    },
    { timeout: 300_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
});

const languages = ['fr', 'nl'] as const;
type Lang = (typeof languages)[number];

const texts = {
  fr: {
    bills: 'Mes factures',
    urgent: 'Paiement urgent',
    toPay: 'À payer',
    paidBadge: 'Payée',
    history: 'Historique',
    noOpen: 'Aucune facture ouverte.',
  },
  nl: {
    bills: 'Mijn facturen',
    urgent: 'Dringende betaling',
    toPay: 'Te betalen',
    paidBadge: 'Betaald',
    history: 'Geschiedenis',
    noOpen: 'Geen openstaande facturen.',
  },
} satisfies Record<Lang, Record<string, string>>;

/**
 * Outside test-results/, which each run empties: the screenshots of both projects stay side by side. What is on
 * screen only (a full page of the bills screen is several screens tall, and slow to take on a loaded machine).
 */
const shotDir = path.join(os.tmpdir(), 'payments-screens');
const shoot = async (page: Page, name: string, project: string): Promise<void> => {
  await fs.mkdir(shotDir, { recursive: true });
  await page.screenshot({ path: path.join(shotDir, `${name}-${project}.png`) });
};

/**
 * Marc logs in; home's alert modals stay up. `withWorker`: once the service worker is installed, for a test tagged
 * `withServiceWorker` (the offline return needs it).
 */
const loginMarc = async (page: Page, lang: Lang, options: { withWorker?: boolean } = {}): Promise<void> => {
  const loginPage = new LoginPage(page);
  await loginPage.goto(`?lang=${lang}`);
  if (options.withWorker) await waitForServiceWorker(page);
  await loginPage.login(demoUsers.marc.logins[0]);
};

// Two trips through the checkout, each back to a cold start of the app: measured 4 minutes on this loaded
// two-core machine (the server's seeding is the fixture's own time).
test.describe.configure({ timeout: 360_000 });

/** Back from the checkout the app starts cold (a full page load of every chunk): slow on a loaded machine. */
const appStart = { timeout: 30_000 };

// The same scenario once in each language, each at one size: French on the phone, Dutch on the desktop (the page's
// width changes nothing in the flow; the screenshots show both languages and both sizes).
for (const lang of languages) {
  test(
    `Marc: a failed payment leaves his overdue invoice open, then he pays it and it is paid (${lang})`,
    { tag: lang === 'nl' ? '@desktop-only' : [] },
    async ({ page }, info) => {
      const t = { ...texts[lang], ...payNowTexts[lang] };
      const checkout = new StandInCheckout(page);
      await loginMarc(page, lang);

      // Home's unpaid-invoice modal offers to pay the open total at once.
      const modal = alertDialog(page, alertTitles.invoiceSituation);
      await modal.getByRole('button', { name: t.payNow, exact: true }).click();
      await checkout.expectOpen();
      await checkout.chooseMethod('Bancontact');
      await checkout.chooseOutcome('failed');
      await checkout.continue();

      // Back on the bills screen: the payment failed, said clearly; the invoice is still open and urgent.
      await expect(page).toHaveURL(/\/bills\/main\?payment=pay_[A-Za-z0-9_-]+$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.bills, appStart);
      const outcome = page.getByRole('region', { name: t.outcome });
      await expect(outcome.getByRole('status')).toHaveText(t.failed);
      await expect(page.getByRole('region', { name: t.urgent })).toBeVisible();
      const invoicePay = page.getByRole('button', { name: t.payInvoice });
      await expect(invoicePay).toHaveCount(1);
      const invoice = page.getByRole('listitem').filter({ has: invoicePay });
      await expect(invoice).toContainText(t.toPay);
      const piece = (await invoice.getByRole('heading').innerText()).trim();
      await shoot(page, `payment-failed-${lang}`, info.project.name);

      // The bills screen: Pay now on the overdue invoice itself.
      await outcome.getByRole('button').click();
      await expect(outcome).toHaveCount(0);
      await invoicePay.scrollIntoViewIfNeeded();
      await shoot(page, `bills-pay-now-${lang}`, info.project.name);
      await invoicePay.click();
      await checkout.expectOpen();
      await shoot(page, `checkout-method-${lang}`, info.project.name);
      await checkout.chooseMethod('Payconiq');
      await checkout.chooseOutcome('paid');
      await shoot(page, `checkout-outcome-${lang}`, info.project.name);
      await checkout.continue();

      // Paid: the message names the invoice, the invoice moved to the history as paid, no urgent payment.
      await expect(page).toHaveURL(/\/bills\/main\?payment=pay_/);
      await expect(outcome.getByRole('status')).toHaveText(t.paid, appStart);
      await expect(outcome.getByRole('status')).toContainText(piece.replace(/^\D+\s/, ''));
      await expect(page.getByRole('region', { name: t.urgent })).toHaveCount(0);
      await expect(page.getByText(t.noOpen)).toBeVisible();
      const history = page.getByRole('region', { name: t.history });
      const paidInvoice = history.getByRole('listitem').filter({ has: page.getByRole('heading', { name: piece, exact: true }) });
      await expect(paidInvoice).toContainText(t.paidBadge);
      await expect(page.getByRole('button', { name: t.payInvoice })).toHaveCount(0);
      await expectNothingSerious(page);
      await shoot(page, `payment-paid-${lang}`, info.project.name);

      // Home: no unpaid-invoice alert any more.
      await page.goto('/');
      await waitForHomeAlerts(page);
      await expect(alertDialog(page, alertTitles.invoiceSituation)).toHaveCount(0);
    },
  );
}

test(
  'back from the checkout while offline: the payment is being confirmed, then settles once online (fr)',
  { tag: withServiceWorker },
  async ({ page, context }, info) => {
    test.skip(info.project.name !== 'phone', 'the offline return is the same at every size');
    const t = { ...texts.fr, ...payNowTexts.fr };
    const checkout = new StandInCheckout(page);
    // Straight to the bills screen: home and its alerts are not what this test is about.
    await loginMarc(page, 'fr', { withWorker: true });
    await page.goto('/bills/main');
    await page.getByRole('button', { name: t.payTotal }).click();
    await checkout.expectOpen();
    await checkout.chooseMethod('Bancontact');

    // The bank confirms while the phone loses the network on the way back to the app.
    const done = await page.request.post(`/psp-stand-in/checkout/${checkout.paymentId()}`, {
      form: { method: 'bancontact', status: 'paid' },
      maxRedirects: 0,
    });
    expect(done.status()).toBe(303);
    const back = done.headers().location ?? '';
    expect(back).toMatch(/\/bills\/main\?payment=pay_/);
    await context.setOffline(true);
    await page.goto(back);
    const outcome = page.getByRole('region', { name: t.outcome });
    await expect(outcome.getByRole('status')).toHaveText(t.pendingOffline, appStart);
    await expect(page.getByRole('region', { name: t.urgent })).toBeVisible();
    // Paying again is online-only, and says so.
    const payTotal = page.getByRole('button', { name: t.payTotal });
    await expect(payTotal).toBeDisabled();
    await expect(payTotal).toHaveAccessibleDescription(t.offline);
    await shoot(page, 'payment-offline-fr', info.project.name);

    await setOffline(context, page, false);
    await expect(outcome.getByRole('status')).toHaveText(t.paid);
    await expect(page.getByRole('region', { name: t.urgent })).toHaveCount(0);
  },
);
