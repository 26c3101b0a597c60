import type { Browser, BrowserContextOptions } from '@playwright/test';
import { pageBudgets, type PageBudget } from './budgets.ts';
import { kb, measureFetched, sum, type Fetched } from './fixtures/fetched-js.ts';
import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { newContextOnRunClock } from './fixtures/clock.ts';

/*
 * JS budgets of the two pages a customer starts from, measured as a phone meets them (e2e/fixtures/fetched-js.ts): a
 * fresh browser profile with the service worker blocked, every JS file fetched until the page is idle, counted with
 * its gzip size as the server sends it. Sizes, not times: the figures do not depend on the machine's load. The
 * budgets are in e2e/budgets.ts; every other screen's budget is computed from the build's manifest by a unit test
 * (tests/build/bundle-budgets.test.ts).
 */

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

// Bytes do not depend on the screen: the phone project measures them, the desktop one does not repeat it.
test.skip(({ isMobile }) => !isMobile, 'sizes are measured once, in the phone project');

// A login and one or two cold loads, each waiting for a quiet second.
test.describe.configure({ timeout: 90_000 });

const contextOptions = { serviceWorkers: 'block', locale: 'fr-BE', viewport: { width: 390, height: 844 } } as const;

let session: StorageState | null = null;

/** Sophie's session (cookies and IndexedDB), so that every logged-in load starts from an empty HTTP cache. */
const loggedIn = async (browser: Browser, baseURL: string): Promise<StorageState> => {
  if (session) return session;
  const context = await newContextOnRunClock(browser, { ...contextOptions, baseURL });
  const page = await context.newPage();
  await signIn(page, 'sophie');
  session = await context.storageState({ indexedDB: true });
  await context.close();
  return session;
};

const load = async (browser: Browser, baseURL: string, path: string, storageState: StorageState): Promise<Fetched> => {
  const context = await newContextOnRunClock(browser, { ...contextOptions, baseURL, storageState });
  try {
    const page = await context.newPage();
    const fetched = await measureFetched(page, baseURL, path);
    // A logged-in route that sent the visitor to login would measure the wrong screen.
    if (path !== '/login') expect(new URL(page.url()).pathname, `${path} sent the customer to login`).not.toMatch(/^\/login/);
    return fetched;
  } finally {
    await context.close();
  }
};

const report = (name: string, files: Fetched['js'], budget: PageBudget) => {
  const total = kb(sum(files, 'gzipBytes'));
  const lines = files.map((file) => `  ${file.path} ${kb(file.gzipBytes)} KB`).join('\n');
  console.log(`${name} ${budget.path}: ${total} KB gzip in ${files.length} files (budget ${budget.kb} KB)\n${lines}`);
  return total;
};

const pages = Object.entries(pageBudgets) as [keyof typeof pageBudgets, PageBudget][];

for (const [name, budget] of pages) {
  test(`${budget.path} (${name}) fetches at most ${budget.kb} KB of JS, all of it compressed`, async ({ browser, baseURL }) => {
    // Login for a first visitor (the configured cookie decision left out): the form and the consent prompt.
    const storageState = name === 'home' ? await loggedIn(browser, baseURL!) : { cookies: [], origins: [] };
    const fetched = await load(browser, baseURL!, budget.path, storageState);
    expect(report(name, fetched.js, budget)).toBeLessThanOrEqual(budget.kb);
    // No JS, CSS or HTML travels raw (the browser accepts Brotli): the build wrote compressed copies of each.
    const raw = fetched.text.filter((answer) => !answer.encoding && !answer.path.startsWith('/api/'));
    expect(raw.map((answer) => `${answer.path} (${answer.type})`)).toEqual([]);
    // A visitor without a session gets none of the offline core (Dexie, zod and the contract, the outbox).
    if (name === 'login')
      expect(fetched.js.map((file) => file.path).filter((path) => /\/(dexie|client|outbox|usage-core|db)-/.test(path))).toEqual([]);
  });
}
