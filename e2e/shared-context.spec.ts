import type { BrowserContext } from '@playwright/test';
import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';

/*
 * The tests of a worker without a service worker share one browser context (e2e/fixtures/test.ts), emptied between
 * two of them. These two run in order in one worker: the second finds the context the first used, and nothing the
 * first left in it (a session in IndexedDB and in the cookies, the language kept in localStorage).
 */

test.describe.configure({ mode: 'serial' });

let first: BrowserContext | null = null;

test('a signed-in customer leaves a session, data and a language on the device', async ({ page, context }) => {
  first = context;
  await signIn(page, 'marc', { lang: 'nl' });
  const stored = await page.evaluate(async () => ({
    databases: (await indexedDB.databases()).map((db) => db.name),
    keys: Object.keys(localStorage).length,
  }));
  expect(stored.databases.length).toBeGreaterThan(0);
  expect(stored.keys).toBeGreaterThan(0);
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toEqual(['consent']);
});

test('the next test in the same context finds none of it, and starts signed out', async ({ page, context }) => {
  expect(context, 'the worker’s shared context').toBe(first);
  expect((await context.cookies()).map((cookie) => cookie.name)).toEqual(['consent']);
  // On the origin, before the app runs (it opens its database as it starts): no database, nothing in localStorage.
  await page.goto('/robots.txt');
  expect(
    await page.evaluate(async () => ({
      databases: (await indexedDB.databases()).map((db) => db.name),
      keys: Object.keys(localStorage),
    })),
  ).toEqual({ databases: [], keys: [] });
  // Signed out, in the default language: nothing kept from the Dutch of the test before.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});
