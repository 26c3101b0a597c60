import { expect, test } from './fixtures/test.ts';
import { demoUsers } from '#contract/fixtures/demo';
import { expireAccess, indexedDbCounts, leaveApp, PinScreens, resetRateLimits } from './page-models/auth-pages.ts';
import { currentRecordsStored } from './page-models/offline-app.ts';
import { expectHome, LoginPage, openLogout } from './page-models/login-page.ts';

/*
 * Session rules and the device PIN (docs/product/auth.md "The device PIN", "Session lifetime and renewal"). The phone
 * project is a touch device: it gets the PIN; the desktop project never sees a PIN prompt.
 */

/*
 * Each test keeps to its user's own language (?lang= on a logged-in page is saved to the account, and other
 * tests expect the seeded languages).
 */
const EN_TOO_MANY = 'Too many PIN attempts. Please log in again.';

test.afterEach(async ({ request }) => {
  await resetRateLimits(request);
});

test('PIN setup after a password login, then PIN login after the session expired', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the PIN is for touch devices');
  const loginPage = new LoginPage(page);
  const pin = new PinScreens(page);
  await loginPage.goto();
  await loginPage.login(demoUsers.marc.logins[0], undefined, { pin: 'keep' });
  // Marc's account speaks Dutch: the prompt follows.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kies uw pincode');
  await pin.newPin.fill('2580');
  await pin.confirmPin.fill('2581');
  await page.getByRole('button', { name: 'Mijn pincode opslaan' }).click();
  await expect(page.getByText('De pincodes komen niet overeen.')).toBeVisible();
  await pin.choose('2580');
  await expectHome(page, demoUsers.marc.name);

  await leaveApp(page);
  await expireAccess(page);
  await page.goto('/');
  // The start check sends to login, which hands over to PIN entry. It decides before the global handler acts on the
  // 401s of home's first calls (docs/product/errors.md "Global error handler"): never PIN renewal instead.
  await expect(page).toHaveURL(/\/login\/pin(\?|$)/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hallo Marc');
  await pin.enter('2580');
  await expectHome(page, demoUsers.marc.name);

  // Logout forgets this device too: the next visit asks for the password, and nothing of Marc stays behind.
  const dialog = await openLogout(page, /^Afmelden$/);
  await dialog.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(loginPage.passwordField).toBeVisible();
  const counts = await indexedDbCounts(page);
  expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(0);
});

test('five wrong PINs revoke the device and lead back to the password login', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the PIN is for touch devices');
  const loginPage = new LoginPage(page);
  const pin = new PinScreens(page);
  await loginPage.goto('?lang=en');
  await loginPage.login(demoUsers.emma.logins[1], undefined, { pin: 'keep' });
  await pin.choose('1357');
  await expectHome(page, demoUsers.emma.name);
  await leaveApp(page);
  await expireAccess(page);
  await page.goto('/?lang=en');
  await expect(page).toHaveURL(/\/login\/pin(\?|$)/);
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await pin.enter('0000');
    await expect(page.getByRole('alert')).toHaveText('Incorrect PIN.');
    await expect(pin.pinField).toHaveValue('');
  }
  await pin.enter('0000');
  await expect(page).toHaveURL(/\/login\?password=1&notice=tooManyPinAttempts/);
  await expect(page.getByRole('alert')).toHaveText(EN_TOO_MANY);
  // The right PIN does not help any more: the device has to log in with the password.
  await page.goto('/login/pin');
  await expect(page).toHaveURL(/\/login\?password=1/);
  await loginPage.login(demoUsers.emma.logins[1], undefined, { pin: 'keep' });
  await expect(page).toHaveURL(/\/login\/pin\/setup/);
});

test('PIN lost goes to the password login, which offers a new PIN', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the PIN is for touch devices');
  const loginPage = new LoginPage(page);
  const pin = new PinScreens(page);
  await loginPage.goto('?lang=fr');
  await loginPage.login(demoUsers.sophie.logins[1], undefined, { pin: 'keep' });
  await pin.choose('4231');
  await expectHome(page, demoUsers.sophie.name);
  await leaveApp(page);
  await expireAccess(page);
  await page.goto('/?lang=fr');
  await expect(page).toHaveURL(/\/login\/pin(\?|$)/);
  await page.getByRole('link', { name: 'Code PIN oublié ?' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Code PIN oublié');
  await page.getByRole('button', { name: 'Me connecter avec mon mot de passe' }).click();
  await expect(page).toHaveURL(/\/login\?password=1/);
  await loginPage.login(demoUsers.sophie.logins[1], undefined, { pin: 'keep' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choisissez votre code PIN');
});

test('a desktop never offers a PIN', { tag: '@desktop' }, async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'desktop only');
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.login(demoUsers.marc.logins[0], undefined, { pin: 'keep' });
  await expectHome(page, demoUsers.marc.name);
  await page.goto('/login/pin');
  await expect(page).not.toHaveURL(/\/login\/pin/);
});

test('an expired session on start goes to login and leaves no customer data', async ({ page }) => {
  const loginPage = new LoginPage(page);
  await loginPage.goto('?lang=fr');
  await loginPage.login(demoUsers.yasmine.logins[0]);
  await expectHome(page, demoUsers.yasmine.name);
  await leaveApp(page);
  await expireAccess(page);
  await page.goto('/bills/main');
  await expect(page).toHaveURL(/\/login\?/);
  await expect(page.getByText('Votre session a expiré. Connectez-vous à nouveau.')).toBeVisible();
  const counts = await indexedDbCounts(page);
  // Only this device's row may stay (its PIN outlives a session); no customer, contract or usage row does.
  const { devices = 0, ...rest } = counts;
  expect(devices).toBeLessThanOrEqual(1);
  expect(Object.values(rest).reduce((a, b) => a + b, 0)).toBe(0);
  // Logging in again returns to the page asked for.
  await loginPage.login(demoUsers.yasmine.logins[0]);
  await expect(page).toHaveURL(/\/bills\/main$/);
});

test.describe('without the service worker', () => {
  // Not tagged withServiceWorker, so no worker is installed (e2e/fixtures/test.ts): the worker answers GETs from its
  // cache first, and this test needs the API's own 401.

  test('a 401 on a touch phone goes to PIN renewal, which returns to the page', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'PIN renewal is for touch devices');
    const loginPage = new LoginPage(page);
    const pin = new PinScreens(page);
    await loginPage.goto('?lang=fr');
    await loginPage.login(demoUsers.sophie.logins[0], undefined, { pin: 'keep' });
    await pin.choose('8642');
    await expectHome(page, demoUsers.sophie.name);
    // Home has made its calls (the cycle's records download in pages for seconds after it shows): the 401 that
    // follows is the one the test causes, on the screen it opens.
    await expect.poll(() => page.evaluate(currentRecordsStored), { timeout: 20_000 }).toBe(true);
    await expireAccess(page);
    // Make the stored data stale, so that opening the bills calls the API while the app runs (not on start): 401.
    await page.evaluate(async () => {
      const open = indexedDB.open('mobile-self-service');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error ?? new Error('open failed'));
      });
      await new Promise<void>((resolve) => {
        const tx = db.transaction('meta', 'readwrite');
        tx.objectStore('meta').clear();
        tx.oncomplete = () => resolve();
      });
      db.close();
    });
    await page.getByRole('navigation').getByRole('link', { name: 'Factures' }).click();
    await expect(page).toHaveURL(/\/login\/renew\?redirect=%2Fbills%2Fmain$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Renouveler mon accès');
    await pin.enter('8642');
    await expect(page).toHaveURL(/\/bills\/main$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mes factures');
  });
});

test('without a PIN, a 401 on a touch phone renews access silently with the refresh token', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'PIN renewal is for touch devices');
  const loginPage = new LoginPage(page);
  await loginPage.goto('?lang=nl');
  await loginPage.login(demoUsers.marc.logins[1]);
  await expectHome(page, demoUsers.marc.name);
  await leaveApp(page);
  await expireAccess(page);
  let renewals = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/users/renew-access')) renewals += 1;
  });
  await page.goto('/login/renew?redirect=%2Fbills%2Fmain');
  await expect(page).toHaveURL(/\/bills\/main$/);
  expect(renewals).toBe(1);
  // The renewed session works: home loads again from the API.
  await page.reload();
  await expect(page).toHaveURL(/\/bills\/main$/);
});
