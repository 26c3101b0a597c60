import path from 'node:path';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { noConsent } from './fixtures/consent.ts';
import { expect, test, type OfflineServer } from './fixtures/offline-server.ts';
import { withServiceWorker } from './fixtures/test.ts';
import { signIn } from './fixtures/sign-in.ts';
import { startTestPushService } from './fixtures/test-push-service.ts';
import { openLogout } from './page-models/login-page.ts';
import { onlineVisit, serverLog, setOffline } from './page-models/offline-app.ts';
import { runNow } from './fixtures/clock.ts';

/*
 * Line settings, alerts and cookie consent (docs/product/settings.md "Line changes and when they apply",
 * "Notifications", "Cookies and consent"). Most tests have a reference server of their own (test mode, a fresh copy
 * of the seeded database): they move the server's clock, cross alert thresholds that are crossed once, count page
 * views server-wide or save the account's language. The push notifications in the browser change nothing on the
 * server: they run on the worker's server of the offline specs. Sophie works in French, Marc in Dutch.
 */

const SOPHIE = { customerId: 1, contractId: 1 };
const MARC = { customerId: 3, contractId: 4 };

type Change = { resource: string; newValue: string; status: string };

const lineChanges = async (page: Page, who: { customerId: number; contractId: number }): Promise<Change[]> => {
  const response = await page.request.get(`/api/customer/${who.customerId}/contract/${who.contractId}/settings`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { changes: Change[] }).changes;
};

/** The server's clock moves on, and its scheduler runs what is due (test mode). */
const moveClock = async (page: Page, minutes: number) => {
  const now = new Date(runNow() + minutes * 60_000).toISOString();
  expect((await page.request.post('/api/test/clock', { data: { now } })).ok()).toBe(true);
};

/**
 * The order history as the server stores it (orders and order lines, read-only). The order history screen and its
 * API belong to the subscription area: until they land next to this, the test reads the tables they list.
 */
const orderLines = (server: OfflineServer, contractId: number) => {
  const db = new Database(path.join(server.dataDir, 'app.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare<[number], { item_kind: string; resource_name: string; old_value: string | null; new_value: string; status: string }>(
        `SELECT l.item_kind, l.resource_name, l.old_value, l.new_value, l.status
         FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.contract_id = ? AND l.item_kind IN ('SAFEGUARD', 'SETTING')
         ORDER BY l.id`,
      )
      .all(contractId);
  } finally {
    db.close();
  }
};

// Each test on a server of its own, but the push ones at the end.
test.use({ ownServer: true });

test(
  'Sophie lowers her out-of-bundle limit offline; back online it is requested once, then applied',
  { tag: withServiceWorker },
  async ({ page, context, offlineServer: server }) => {
    test.setTimeout(90_000);
    await onlineVisit(page, 'sophie');
    await page.goto('/settings/limits');
    const card = page.getByRole('region', { name: 'Tous les frais hors forfait' });
    // The first pull of the line may take a while on a loaded machine.
    await expect(card.getByText('Limite actuelle')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('freshness').first()).toHaveText(/Mis à jour/);
    const before = (await serverLog(page)).changes.length;

    await setOffline(context, page, true);
    await card.getByLabel('Nouvelle limite (€)').fill('25');
    await card.getByRole('button', { name: 'Modifier la limite' }).click();
    await expect(card.getByRole('status')).toContainText('Enregistré sur cet appareil : 25,00');
    await page.screenshot({ path: test.info().outputPath('settings-offline.png'), fullPage: true });

    await setOffline(context, page, false);
    await expect(card.getByRole('status')).toContainText(/Nouvelle valeur demandée : 25,00.*Active dans les 2 minutes/);
    const sent = (await serverLog(page)).changes.slice(before).filter((c) => c.path.endsWith('/safeguard'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ type: 'OSG_LIMIT', amount: 2500 });

    // Three minutes later on the server's clock, the scheduler has applied it: the screen says so after a refresh.
    await moveClock(page, 3);
    const changes = (await lineChanges(page, SOPHIE)).filter((c) => c.resource === 'OSG_LIMIT');
    expect(changes).toEqual([expect.objectContaining({ newValue: '2500', status: 'SUCCESS' })]);
    // The screen pulls again by itself when the change is due on the device's clock; the test's server is ahead.
    await page.getByRole('button', { name: 'Actualiser' }).first().click();
    await expect(card.getByRole('status')).toContainText(/Actif depuis le .*: 25,00/);
    await expect(card.getByRole('definition').first()).toHaveText(/25,00/);
    expect(orderLines(server, SOPHIE.contractId)).toEqual([
      { item_kind: 'SAFEGUARD', resource_name: 'OSG_LIMIT', old_value: '3000', new_value: '2500', status: 'SUCCESS' },
    ]);
    await page.screenshot({ path: test.info().outputPath('settings-applied.png'), fullPage: true });
  },
);

test(
  'Sophie blocks premium services by keyboard and turns roaming off by a tap, offline: both kept over a reload, sent once back online',
  { tag: withServiceWorker },
  async ({ page, context }) => {
    test.setTimeout(90_000);
    await onlineVisit(page, 'sophie');
    await page.goto('/settings/network');
    const premium = page.getByRole('switch', { name: 'Bloquer les services premium' });
    const roaming = page.getByRole('switch', { name: 'Roaming à l’étranger' });
    await expect(roaming).toBeChecked({ timeout: 20_000 });
    await expect(premium).not.toBeChecked();
    await expect(roaming).toHaveAccessibleDescription(/jusqu’à 4 heures/);
    // The whole row is the target: at least 44 px high.
    expect((await premium.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    const before = (await serverLog(page)).changes.length;

    await setOffline(context, page, true);
    await premium.focus();
    await page.keyboard.press('Space');
    await expect(premium).toBeChecked();
    await roaming.click();
    await expect(roaming).not.toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: 'Enregistré sur cet appareil : Tout bloquer' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Enregistré sur cet appareil : Aucun roaming' })).toBeVisible();
    // Roaming off: no zone to choose, only the travel guide.
    await expect(page.getByRole('group', { name: 'Zone de roaming' })).toHaveCount(0);

    await page.reload();
    await expect(page.getByRole('switch', { name: 'Bloquer les services premium' })).toBeChecked({ timeout: 20_000 });
    await expect(page.getByRole('switch', { name: 'Roaming à l’étranger' })).not.toBeChecked();
    await expect(page.getByRole('status').filter({ hasText: 'Aucun roaming' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('settings-switches-offline.png'), fullPage: true });

    await setOffline(context, page, false);
    await expect(page.getByRole('status').filter({ hasText: /Nouvelle zone demandée : Aucun roaming.*4 heures/ })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: /Nouvelle valeur demandée : Tout bloquer/ })).toBeVisible();
    const sent = (await serverLog(page)).changes.slice(before).filter((c) => c.path.endsWith('/settings'));
    expect(sent.map((c) => c.body)).toEqual([
      { resource: 'PREMIUM_BARRING', value: 'all' },
      { resource: 'ROAMING', value: 'COVERAGE_NONE' },
    ]);
    await expect(page.getByRole('switch', { name: 'Bloquer les services premium' })).toBeChecked();
  },
);

test('Marc, in dunning, may turn roaming off but not unblock premium services; his limits offer only lower presets', async ({ page }) => {
  test.setTimeout(60_000);
  await signIn(page, 'marc', { path: '/settings/network' });
  const premium = page.getByRole('switch', { name: 'Premiumdiensten blokkeren' });
  await expect(premium).toBeChecked({ timeout: 20_000 });
  await expect(premium).toBeDisabled();
  await expect(premium).toHaveAccessibleDescription(/zou verhogen wat de lijn kan kosten/);
  await expect(page.getByRole('switch', { name: 'Roaming in het buitenland' })).toBeEnabled();

  await page.goto('/settings/limits');
  const card = page.getByRole('region', { name: 'Alle kosten buiten de bundel' });
  const presets = card.getByRole('group', { name: 'Limiet in één tik' });
  await expect(presets).toBeVisible({ timeout: 20_000 });
  const limit = (await card.getByRole('definition').first().textContent()) ?? '';
  const current = Number(limit.replace(/[^\d,]/g, '').replace(',', '.')) * 100;
  for (const name of (await presets.getByRole('button').allTextContents()).map((text) => Number(text.replace(/[^\d]/g, '')) * 100)) {
    expect(name).toBeLessThanOrEqual(current);
  }
  await expect(card.getByText(/Uitgegeven deze cyclus/)).toBeVisible();
});

test('Marc switches roaming to "EU only": pending up to 4 hours, then active', async ({ page }) => {
  // Sign-in, the change, four hours of the server's clock and a refresh: 17 s alone on a loaded 2-core machine, over
  // 30 s beside the other worker.
  test.setTimeout(60_000);
  await signIn(page, 'marc', { path: '/settings/network' });
  const roaming = page.getByRole('group', { name: 'Roamingzone' });
  await roaming.getByRole('radio', { name: 'Alleen de Europese Unie' }).check();
  await page.getByRole('button', { name: 'Zone toepassen' }).click();
  const note = page.getByRole('status').filter({ hasText: 'Nieuwe zone aangevraagd' });
  await expect(note).toContainText(/Alleen de Europese Unie.*4 uur/);
  expect((await lineChanges(page, MARC)).filter((c) => c.resource === 'ROAMING')).toEqual([
    expect.objectContaining({ newValue: 'EU_WITHOUT_SWISS', status: 'PENDING' }),
  ]);
  await page.screenshot({ path: test.info().outputPath('settings-roaming-nl.png'), fullPage: true });

  await moveClock(page, 4 * 60 + 1);
  await page.getByRole('button', { name: 'Vernieuwen' }).first().click();
  await expect(page.getByRole('status').filter({ hasText: /Actief sinds/ })).toContainText('Alleen de Europese Unie');
  await expect(roaming.getByRole('radio', { name: 'Alleen de Europese Unie' })).toBeChecked();
});

test('usage past 80 % through the test endpoint: an e-mail in the outbox and a push, listed as sent', async ({ page }) => {
  const push = await startTestPushService();
  try {
    await signIn(page, 'sophie', { path: '/settings/alerts' });
    // Sophie's 80 % alerts by e-mail and push (SMS is on already).
    for (const channel of ['E-mail', 'Push']) {
      const toggle = page.getByRole('checkbox', { name: `80 % du forfait par ${channel}` }).first();
      // A controlled box: it shows checked once the change is stored on the device.
      await toggle.click();
      await expect(toggle).toBeChecked();
    }
    await expect(page.getByText('en attente')).toHaveCount(0);
    // This device's subscription, as the browser would register it (headless Chromium has no push service).
    const subscription = push.subscribe();
    const registered = await page.request.post('/api/user/push-subscriptions', {
      // A cookie-authenticated write, as the page sends it: with the app's origin.
      headers: { origin: new URL(page.url()).origin },
      data: { endpoint: subscription.endpoint, keys: subscription.keys, deviceId: 'e2e-device-1' },
    });
    expect(registered.ok()).toBe(true);

    // Outgoing calls only count against her 500 minutes (docs/product/consumption.md "What counts against a bundle"):
    // about 5 h 33 min more takes her past 80 % (24,000 s) but not past the bundle.
    const usage = await page.request.post('/api/test/usage', { data: { contractId: 1, records: [{ type: 'call', used: 20_000 }] } });
    expect(usage.ok()).toBe(true);
    const { deliveries } = (await usage.json()) as { deliveries: { type: string; channel: string; status: string }[] };
    expect(
      deliveries
        .filter((d) => d.type === '80PC')
        .map((d) => `${d.channel}:${d.status}`)
        .sort(),
    ).toEqual(['EMAIL:sent', 'PUSH:sent', 'SMS:sent']);

    const outbox = await page.request.get(`/dev/outbox.json?to=${encodeURIComponent('sophie.dubois@example.be')}&limit=1`);
    const messages = (await outbox.json()) as { messages: { subject: string }[] };
    expect(messages.messages[0]?.subject).toBe('80 % de vos minutes d’appel utilisées');
    await expect.poll(() => push.received.length).toBe(1);
    const received = push.received[0];
    expect(received?.problems).toEqual([]);
    expect(JSON.parse(received?.payload ?? '{}')).toMatchObject({ title: '80 % de vos minutes d’appel utilisées', lang: 'fr' });

    await page.getByRole('button', { name: 'Actualiser' }).first().click();
    const sentList = page.getByRole('region', { name: 'Dernières notifications' });
    await expect(sentList.getByRole('listitem').first()).toContainText('80 % de vos minutes d’appel utilisées');
  } finally {
    await push.close();
  }
});

test.describe('cookie consent', () => {
  test.use({ storageState: noConsent });

  const pageViews = async (page: Page) =>
    ((await (await page.request.get('/api/test/page-views')).json()) as { views: { route: string; lang: string; count: number }[] }).views;

  test('refused: the modal does not come back and no page view is sent', async ({ page }) => {
    await page.goto('/login');
    const modal = page.getByRole('dialog', { name: 'Vos choix de cookies' });
    await expect(modal).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('consent-modal.png') });
    await modal.getByRole('button', { name: 'Tout refuser' }).click();
    await expect(modal).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expect(modal).toHaveCount(0);
    await signIn(page, 'sophie');
    expect(await pageViews(page)).toEqual([]);
    // The choice belongs to the browser, not to the account: logout keeps it (docs/product/auth.md "Logout").
    const dialog = await openLogout(page, /^Se déconnecter$/);
    await dialog.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeVisible();
    await expect(modal).toHaveCount(0);
    expect((await page.context().cookies()).filter((c) => c.name === 'consent').map((c) => c.value)).toEqual(['v1.s0.m0']);
  });

  test('accepted: each navigation sends its route name and language, counted per day', async ({ page }) => {
    await page.goto('/login');
    const modal = page.getByRole('dialog', { name: 'Vos choix de cookies' });
    const viewed = page.waitForRequest((request) => request.url().endsWith('/api/public/page-view'));
    await modal.getByRole('button', { name: 'Tout accepter' }).click();
    expect((await viewed).postDataJSON()).toEqual({ route: 'login-main', lang: 'fr' });
    await expect.poll(() => pageViews(page)).toEqual([expect.objectContaining({ route: 'login-main', lang: 'fr', count: 1 })]);
    await page.reload();
    await expect(modal).toHaveCount(0);
  });
});

test('the profile overview: PIN and PUK behind a reveal, logout with its confirmation, the language saved on the account', async ({
  page,
}) => {
  await signIn(page, 'sophie', { path: '/settings/main' });
  // The profile is one short page of rows, the shown line's first (icon, name, current value, chevron); the PIN and
  // PUK have their own page, one tap away.
  const lineRows = page.getByRole('navigation', { name: 'Ma ligne 0470 00 00 01' });
  await expect(lineRows.getByRole('link', { name: /^Limites de dépenses\s*Limite 30,00/ })).toBeVisible();
  await expect(lineRows.getByRole('link', { name: /^Réseau et étranger\s*Union européenne et Suisse/ })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Mes réglages' }).getByRole('link', { name: /^Mes coordonnées\s*sophie\.dubois@example\.be/ }),
  ).toBeVisible();
  await lineRows.getByRole('link', { name: /^Codes PIN et PUK/ }).click();
  await expect(page).toHaveURL(/\/settings\/sim-codes$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Codes PIN et PUK');
  const reveal = page.getByRole('button', { name: 'Afficher les codes PIN et PUK' });
  await expect(reveal).toHaveAttribute('aria-expanded', 'false', { timeout: 20_000 });
  await expect(page.getByText('PUK', { exact: true })).toHaveCount(0);
  await reveal.click();
  await expect(page.getByRole('button', { name: 'Masquer les codes' })).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('PUK', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Retour à mon profil' }).click();
  await expect(page).toHaveURL(/\/settings\/main$/);

  const logoutSection = page.getByRole('region', { name: 'Déconnexion' });
  await logoutSection.getByRole('button', { name: 'Se déconnecter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Se déconnecter ?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/settings\/main$/);

  const before = (await serverLog(page)).changes.length;
  await page.getByRole('region', { name: 'Mes informations' }).getByLabel('Langue').selectOption('nl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mijn profiel');
  await expect
    .poll(async () =>
      (await serverLog(page)).changes
        .slice(before)
        .filter((c) => c.path.endsWith('/user/language'))
        .map((c) => c.body),
    )
    .toEqual([{ lang: 'nl' }]);
});
