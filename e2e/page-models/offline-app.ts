import { expect, type BrowserContext, type Page } from '@playwright/test';
import type { DemoUserKey } from '#contract/fixtures/demo';
import { signIn } from '../fixtures/sign-in.ts';
import { LoginPage } from './login-page.ts';
import { homePullsDone } from './home-pulls.ts';

/*
 * Helpers of the offline specs: wait until the service worker controls the page, ask the server what it
 * applied (GET /api/test/applied, test mode), and drive the contact screen and the pending-changes indicator.
 */

export type Applied = {
  changes: { key: string; method: string; path: string; body: Record<string, unknown> }[];
  requests: { method: string; path: string }[];
};

export const serverLog = async (page: Page): Promise<Applied> => {
  const res = await page.request.get('/api/test/applied');
  expect(res.ok()).toBe(true);
  return (await res.json()) as Applied;
};

/** The service worker is activated (its precache complete) and controls the page. */
export const waitForServiceWorker = async (page: Page): Promise<void> => {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
};

/**
 * One online visit: the app installs its service worker on the login page (a first visit), then the user signs in
 * (through the API: e2e/fixtures/sign-in.ts) and home is stored in IndexedDB and in the worker's API cache.
 */
export const onlineVisit = async (page: Page, who: DemoUserKey = 'sophie', options: { lang?: 'fr' | 'nl' | 'en' } = {}): Promise<void> => {
  await new LoginPage(page).goto();
  await waitForServiceWorker(page);
  await signIn(page, who, options);
  await expect(page.getByTestId('freshness').first()).toHaveText(/Mis à jour|[Bb]ijgewerkt|Updated/);
  // Home's idle pulls are part of the visit: a test that counts what a later visit asks starts after them.
  await homePullsDone(page);
};

export const setOffline = async (context: BrowserContext, page: Page, offline: boolean): Promise<void> => {
  await context.setOffline(offline);
  await page.waitForFunction((expected) => navigator.onLine === !expected, offline);
  // The app has seen it too: its banner is shown or gone.
  await expect(
    page.getByRole('status').filter({ hasText: /Pas de connexion internet|Geen internetverbinding|No internet connection/ }),
  ).toHaveCount(offline ? 1 : 0);
};

export class ContactScreen {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto('/settings/contact');
    await expect(this.page.getByRole('heading', { level: 1 })).toHaveText(/Mes coordonnées|Mijn contactgegevens|My contact details/);
    await expect(this.firstName).not.toHaveValue('');
  }

  get firstName() {
    return this.page.getByLabel(/^(Prénom|Voornaam|First name)$/);
  }

  get lastName() {
    return this.page.getByLabel(/^(Nom|Naam|Last name)$/);
  }

  get mobile() {
    return this.page.getByLabel(/^(GSM|Gsm|Mobile)$/);
  }

  async save(values: { firstName?: string; lastName?: string; mobile?: string }) {
    if (values.firstName !== undefined) await this.firstName.fill(values.firstName);
    if (values.lastName !== undefined) await this.lastName.fill(values.lastName);
    if (values.mobile !== undefined) await this.mobile.fill(values.mobile);
    await this.page.getByRole('button', { name: /^(Enregistrer|Opslaan|Save)$/ }).click();
  }

  /** The header's indicator: "N modifications en attente" (absent when nothing waits). */
  get indicator() {
    return this.page.getByRole('button', { name: /modifications? en attente|wijzigingen? in behandeling|pending changes?/ });
  }
}

/** The stored contact's first name (IndexedDB), to wait until a save is recorded locally. */
export const storedFirstName = (page: Page): Promise<string | null> =>
  page.evaluate(
    () =>
      new Promise<string | null>((resolve) => {
        const open = indexedDB.open('mobile-self-service');
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['session', 'contacts'], 'readonly');
          const session = tx.objectStore('session').get('current');
          session.onsuccess = () => {
            const customerId = (session.result as { customerId: number } | undefined)?.customerId;
            if (customerId === undefined) {
              db.close();
              resolve(null);
              return;
            }
            const contact = tx.objectStore('contacts').get(customerId);
            contact.onsuccess = () => {
              db.close();
              resolve((contact.result as { firstName: string } | undefined)?.firstName ?? null);
            };
          };
        };
        open.onerror = () => resolve(null);
      }),
  );

/** A small seeded PRNG (mulberry32), so a random scenario replays identically. */
export const seededRandom = (seed: number): (() => number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

/**
 * Whether the current bill's records of the contract were completely downloaded (a `usage-records` meta row): home
 * downloads them on an online visit, for the consumption screens offline. Runs in the page.
 */
export const currentRecordsStored = () =>
  new Promise<boolean>((resolve, reject) => {
    const open = indexedDB.open('mobile-self-service');
    open.onerror = () => reject(open.error ?? new Error('open failed'));
    open.onsuccess = () => {
      const db = open.result;
      const req = db.transaction('meta', 'readonly').objectStore('meta').getAllKeys();
      req.onsuccess = () => {
        db.close();
        resolve(req.result.some((key) => typeof key === 'string' && key.startsWith('usage-records')));
      };
      req.onerror = () => reject(req.error ?? new Error('read failed'));
    };
  });
