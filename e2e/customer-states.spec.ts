import { signIn } from './fixtures/sign-in.ts';
import { expect, test, withServiceWorker } from './fixtures/test.ts';
import { alertDialog, alertTitles } from './page-models/home-page.ts';
import { onlineVisit, setOffline } from './page-models/offline-app.ts';

/*
 * What a customer in a given state reads (issue 43): each state of the demo (README "Demo customers") says what it is
 * and the one thing to do about it.
 */

test('a line blocked for an unpaid invoice says "pay to unblock", not "to avoid an interruption" (Marc)', async ({ page }) => {
  await signIn(page, 'marc', { lang: 'nl', keepAlerts: true });
  const invoice = alertDialog(page, alertTitles.invoiceSituation);
  await expect(invoice.getByRole('heading')).toHaveText('Lijn geblokkeerd: onbetaalde factuur');
  await expect(invoice).toContainText('Betaal de openstaande factuur om uw lijn te deblokkeren.');
  await expect(invoice).not.toContainText('vermijden');
  // The bills' urgent payment says the same (it said "to keep your services").
  await page.goto('/bills/main');
  const urgent = page.getByRole('region', { name: 'Dringende betaling' });
  await expect(urgent).toContainText(/en uw lijn is geblokkeerd\. Betaal €\s[\d.,]+ om ze te deblokkeren\./);
  await expect(urgent).not.toContainText('behouden');
});

test("a closed order's link opened directly loads the order, with why it failed", async ({ page }) => {
  await signIn(page, 'emma', { lang: 'fr', path: '/subscription/optimize?order=O-0000000008' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Commande O-0000000008');
  const order = page.getByRole('region', { name: 'Commande O-0000000008' });
  await expect(order).toContainText('Échouée');
  await expect(order).toContainText('Un solde impayé empêche d’ajouter un service.');
  await expect(order).not.toContainText('pas sur cet appareil');
});

test('a closed order opened from the history says why it failed', async ({ page }) => {
  await signIn(page, 'emma', { lang: 'nl', path: '/orders' });
  // A failed line was not carried out: it says when it failed (issue 43 point 12).
  const item = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /O-0000000008/ }) });
  await expect(item).toContainText('Mislukt op');
  await expect(item).not.toContainText('Uitgevoerd op');
  await item.getByRole('link', { name: /O-0000000008/ }).click();
  await expect(page).toHaveURL(/\/subscription\/optimize\?order=O-0000000008$/);
  const order = page.getByRole('region', { name: 'Bestelling O-0000000008' });
  await expect(order).toContainText('Mislukt');
  await expect(order).toContainText('Een onbetaald saldo verhindert het toevoegen van een dienst.');
});

test(
  'the optimize screen opened offline before it was ever loaded says so instead of loading for ever',
  { tag: withServiceWorker },
  async ({ page, context }) => {
    await onlineVisit(page, 'sophie', { lang: 'fr' });
    await setOffline(context, page, true);
    await page.goto('/subscription/optimize');
    await expect(
      page.getByText('Cette page n’est pas encore chargée sur cet appareil. Connectez-vous à internet pour la charger.'),
    ).toBeVisible();
  },
);
