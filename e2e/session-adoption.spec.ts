import { expect, test, type Page } from '@playwright/test';
import { demoUsers } from '#contract/fixtures/demo';
import { expectHome, LoginPage } from './page-models/login-page.ts';

/*
 * A session known only by its cookies: the browser's storage was evicted (Safari removes script-written storage
 * after 7 days unused; HttpOnly cookies survive) or the login happened outside the app. The app asks the server
 * (GET /user/me) once before sending anyone to login, and adopts a valid session.
 */

/** Deletes the app's IndexedDB database (Dexie closes its connection when asked), cookies untouched. */
const wipeIndexedDb = (page: Page) =>
  page.evaluate(async () => {
    const databases = await indexedDB.databases();
    await Promise.all(
      databases.map(
        ({ name }) =>
          new Promise<void>((resolve, reject) => {
            if (!name) return resolve();
            const request = indexedDB.deleteDatabase(name);
            request.onsuccess = () => resolve();
            request.onerror = () => reject(request.error ?? new Error('delete failed'));
          }),
      ),
    );
    return (await indexedDB.databases()).length;
  });

test('with the storage evicted but the cookies alive, a guarded route opens logged in', async ({ page }) => {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.login(demoUsers.sophie.logins[0]);
  await expectHome(page, demoUsers.sophie.name);
  expect(await wipeIndexedDb(page)).toBe(0);

  const asked: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/user/me') asked.push(request.url());
  });
  await page.goto('/consumption/main');
  await expect(page).toHaveURL(/\/consumption\/main$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ma consommation');
  expect(asked).toHaveLength(1);
  // The session descriptor is back: home greets Sophie again without a login.
  await page.getByRole('link', { name: 'Accueil' }).first().click();
  await expectHome(page, demoUsers.sophie.name);
});

test('with neither storage nor cookies, a guarded route goes to login', async ({ page, context }) => {
  const loginPage = new LoginPage(page);
  await loginPage.goto();
  await loginPage.login(demoUsers.marc.logins[0]);
  await expectHome(page, demoUsers.marc.name);
  await wipeIndexedDb(page);
  await context.clearCookies();
  await page.goto('/consumption/main');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fconsumption%2Fmain$/);
  await expect(loginPage.submit).toBeVisible();
});
