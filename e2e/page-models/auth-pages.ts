import { expect, type APIRequestContext, type Page } from '@playwright/test';

/*
 * Helpers of the authentication specs: the development outbox (where the server keeps the e-mails and SMS it
 * would send), the test-only switches of the auth area, the PIN screens, and a look inside IndexedDB.
 */

export type OutboxMessage = {
  id: number;
  channel: 'SMS' | 'EMAIL' | 'PUSH';
  to: string;
  subject: string | null;
  body: string;
  code: string | null;
  link: string | null;
  path: string | null;
};

/** The newest message to `to` newer than `afterId`, waiting until it arrives. */
export const nextMessage = async (request: APIRequestContext, to: string, afterId = 0): Promise<OutboxMessage> => {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}&limit=5`);
      const body = (await response.json()) as { messages: OutboxMessage[] };
      found = body.messages.find((m) => m.id > afterId);
      return found !== undefined;
    })
    .toBe(true);
  if (!found) throw new Error(`no message to ${to}`);
  return found;
};

/** The id of the newest message to `to` (0 when none), so a test only reads what it caused. */
export const lastMessageId = async (request: APIRequestContext, to: string): Promise<number> => {
  const response = await request.get(`/dev/outbox.json?to=${encodeURIComponent(to)}&limit=1`);
  const body = (await response.json()) as { messages: OutboxMessage[] };
  return body.messages[0]?.id ?? 0;
};

/** Browser tests share one address: forget the rate-limit counters that a test's wrong guesses left. */
export const resetRateLimits = async (request: APIRequestContext) => {
  const response = await request.post('/api/test/rate-limits/reset', { data: {} });
  expect(response.ok()).toBe(true);
};

export const loginLink = async (request: APIRequestContext, login: string, options: { contractId?: number; redirect?: string } = {}) => {
  const response = await request.post('/api/test/login-link', { data: { login, ...options } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { uuid: string; token: string; path: string };
};

export const confirmEmailLink = async (request: APIRequestContext, login: string) => {
  const response = await request.post('/api/test/confirm-email-link', { data: { login } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { uuid: string; token: string; path: string };
};

/**
 * Leave the app as a customer closes it, so that the next visit is a start: the page shows a plain file of the site
 * (same origin, no app). Home keeps calling the API for seconds after it shows (the cycle's records download in
 * pages); a 401 of one of those, once the access token is ended, is a 401 of the running app, which goes to PIN
 * renewal or login on its own (docs/product/errors.md "Global error handler"), before the test's start.
 */
export const leaveApp = async (page: Page) => {
  await page.goto('/robots.txt');
};

/** End the access token of the page's session on the server (the logout flag variant), as a day passing would. */
export const expireAccess = async (page: Page) => {
  // As the page itself would send it: a cookie-authenticated write names the app's origin.
  const response = await page.request.post('/api/user/logout', {
    data: { accessOnly: true },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(response.ok()).toBe(true);
};

/** Row counts of every IndexedDB store of the app. */
export const indexedDbCounts = (page: Page): Promise<Record<string, number>> =>
  page.evaluate(async () => {
    const open = indexedDB.open('mobile-self-service');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error ?? new Error('open failed'));
    });
    const names = Array.from(db.objectStoreNames);
    const result: Record<string, number> = {};
    if (names.length > 0) {
      const tx = db.transaction(names, 'readonly');
      await Promise.all(
        names.map(
          (name) =>
            new Promise<void>((resolve) => {
              const req = tx.objectStore(name).count();
              req.onsuccess = () => {
                result[name] = req.result;
                resolve();
              };
            }),
        ),
      );
    }
    db.close();
    return result;
  });

/** The PIN screens (entry, setup, renewal) in any of the three languages. */
export class PinScreens {
  constructor(private readonly page: Page) {}

  get pinField() {
    return this.page.getByLabel(/^(Code PIN|Pincode|PIN)$/);
  }

  get newPin() {
    return this.page.getByLabel(/^(Nouveau code PIN|Nieuwe pincode|New PIN)$/);
  }

  get confirmPin() {
    return this.page.getByLabel(/^(Confirmez le code PIN|Bevestig de pincode|Confirm the PIN)$/);
  }

  async choose(pin: string) {
    await expect(this.page).toHaveURL(/\/login\/pin\/setup/);
    await this.newPin.fill(pin);
    await this.confirmPin.fill(pin);
    await this.page.getByRole('button', { name: /^(Enregistrer mon code PIN|Mijn pincode opslaan|Save my PIN)$/ }).click();
  }

  async enter(pin: string) {
    await this.pinField.fill(pin);
    await this.page.getByRole('button', { name: /^(Se connecter|Aanmelden|Log in|Continuer|Doorgaan|Continue)$/ }).click();
  }
}
