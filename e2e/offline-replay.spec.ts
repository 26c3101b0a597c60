import { demoPassword, demoUsers } from '#contract/fixtures/demo';
import { expect, test } from './fixtures/offline-server.ts';
import { LoginPage } from './page-models/login-page.ts';
import { ContactScreen, onlineVisit, seededRandom, serverLog, setOffline, storedFirstName } from './page-models/offline-app.ts';
import { runNow } from './fixtures/clock.ts';

// Every test here needs the app's service worker (e2e/fixtures/test.ts installs none by default).
test.use({ serviceWorkers: 'allow' });

/*
 * Replay of queued changes under stress (seeded offline/online flips) and after the session expired. On the worker's
 * server of the offline specs, whose other tests look for "Sophie Dubois": the names written keep it whole, or are
 * put back at the end (a failed test's worker, and its server, are replaced).
 */

test('50 changes across at least 20 seeded offline/online flips: each key applied exactly once, final values shown', async ({
  page,
  context,
}) => {
  test.setTimeout(180_000);
  await onlineVisit(page);
  const contact = new ContactScreen(page);
  await contact.goto();
  const before = (await serverLog(page)).changes.length;
  const random = seededRandom(20261122);
  let offline = false;
  let flips = 0;
  for (let i = 0; i < 50; i += 1) {
    // Flip at random, and often enough that there are at least 20 flips in all.
    if (random() < 0.45 || 50 - i <= 2 * (20 - flips)) {
      offline = !offline;
      flips += 1;
      await setOffline(context, page, offline);
    }
    const value = `Essai${String(i).padStart(2, '0')}`;
    await contact.save({ firstName: value });
    await expect.poll(() => storedFirstName(page)).toBe(value);
  }
  expect(flips).toBeGreaterThanOrEqual(20);
  await setOffline(context, page, false);
  await expect(contact.indicator).toHaveCount(0, { timeout: 60_000 });

  const applied = (await serverLog(page)).changes.slice(before).filter((c) => c.path.endsWith('/contact'));
  const perKey = new Map<string, number>();
  for (const change of applied) perKey.set(change.key, (perKey.get(change.key) ?? 0) + 1);
  expect(perKey.size).toBe(50);
  expect([...perKey.values()].every((n) => n === 1)).toBe(true);
  expect(applied.at(-1)?.body).toMatchObject({ firstName: 'Essai49' });
  await page.reload();
  await expect(contact.firstName).toHaveValue('Essai49');
  await contact.save({ firstName: 'Sophie' });
  await expect.poll(async () => (await serverLog(page)).changes.at(-1)?.body).toMatchObject({ firstName: 'Sophie' });
});

test('a change replayed after the session expired waits for re-authentication, then applies', async ({
  page,
  context,
  playwright,
  baseURL,
}) => {
  await onlineVisit(page);
  const contact = new ContactScreen(page);
  await contact.goto();
  const before = (await serverLog(page)).changes.length;
  await setOffline(context, page, true);
  await contact.save({ lastName: 'Dubois-After-Renewal' });
  await expect(contact.indicator).toHaveText(/1 modification en attente/);

  // Two days later on the server: the access token (1 day) has expired.
  const admin = await playwright.request.newContext({ baseURL });
  const later = new Date(runNow() + 2 * 24 * 60 * 60 * 1000).toISOString();
  expect((await admin.post('/api/test/clock', { data: { now: later } })).ok()).toBe(true);

  await setOffline(context, page, false);
  await contact.indicator.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Reconnexion nécessaire')).toBeVisible();
  expect((await serverLog(page)).changes.slice(before)).toEqual([]);

  await dialog.getByRole('button', { name: 'Se reconnecter pour l’envoyer' }).click();
  await expect(page).toHaveURL(/\/login\?redirect=%2Fsettings%2Fcontact/);
  const loginPage = new LoginPage(page);
  await loginPage.login(demoUsers.sophie.logins[0], demoPassword);
  await expect(page).toHaveURL(/\/settings\/contact$/);
  await expect(contact.indicator).toHaveCount(0);
  const applied = (await serverLog(page)).changes.slice(before);
  expect(applied).toHaveLength(1);
  expect(applied[0]?.body).toMatchObject({ lastName: 'Dubois-After-Renewal' });
  await expect(contact.lastName).toHaveValue('Dubois-After-Renewal');
  await admin.post('/api/test/clock', { data: { now: null } });
  await admin.dispose();
});
