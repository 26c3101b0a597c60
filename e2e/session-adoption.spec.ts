import type { Page } from '@playwright/test';
import { demoUsers } from '#contract/fixtures/demo';
import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { expectHome, LoginPage } from './page-models/login-page.ts';

/*
 * A session known only by its cookies: the browser's storage was evicted (Safari removes script-written storage
 * after 7 days unused; HttpOnly cookies survive) or the login happened outside the app. The app asks the server
 * (GET /user/me) once before sending anyone to login, and adopts a valid session.
 */

/**
 * Empties every store of the app's IndexedDB database, cookies untouched: the app's state after the browser evicted
 * its storage. (Emptied rather than deleted: a deletion waits for every open connection, the service worker's
 * included, to close.) Returns the rows left.
 */
const wipeIndexedDb = (page: Page) =>
  page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('mobile-self-service');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    const names = Array.from(db.objectStoreNames);
    const transaction = db.transaction(names, 'readwrite');
    for (const name of names) transaction.objectStore(name).clear();
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error ?? new Error('clear failed'));
    });
    const counts = await Promise.all(
      names.map(
        (name) =>
          new Promise<number>((resolve) => {
            const request = db.transaction(name, 'readonly').objectStore(name).count();
            request.onsuccess = () => resolve(request.result);
          }),
      ),
    );
    db.close();
    return counts.reduce((a, b) => a + b, 0);
  });

test('with the storage evicted but the cookies alive, a guarded route opens logged in', async ({ page }) => {
  await signIn(page, 'sophie');
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
  await signIn(page, 'marc');
  await wipeIndexedDb(page);
  await context.clearCookies();
  await page.goto('/consumption/main');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fconsumption%2Fmain$/);
  await expect(new LoginPage(page).submit).toBeVisible();
});
