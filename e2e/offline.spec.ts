import { demoPassword, demoUsers } from '#contract/fixtures/demo';
import { expect, test } from './fixtures/offline-server.ts';
import { ContactScreen, onlineVisit, serverLog, setOffline, waitForServiceWorker } from './page-models/offline-app.ts';
import { LoginPage, openLogout } from './page-models/login-page.ts';

// Every test here needs the app's service worker (e2e/fixtures/test.ts installs none by default).
test.use({ serviceWorkers: 'allow' });

/*
 * Offline-first core on the production build: cold start offline, the 15-minute rule, a queued contact
 * edit, a rejected one, and logout offline. On the worker's server of the offline specs (fixtures/offline-server):
 * the names written keep "Sophie Dubois" whole, which the other tests on that server look for.
 */

const countIndexedDbRows = () =>
  new Promise<number>((resolve, reject) => {
    const open = indexedDB.open('mobile-self-service');
    open.onerror = () => reject(open.error ?? new Error('open failed'));
    open.onsuccess = () => {
      const db = open.result;
      const names = Array.from(db.objectStoreNames);
      const tx = db.transaction(names, 'readonly');
      let total = 0;
      let left = names.length;
      for (const name of names) {
        const req = tx.objectStore(name).count();
        req.onsuccess = () => {
          total += req.result;
          left -= 1;
          if (left === 0) {
            db.close();
            resolve(total);
          }
        };
      }
    };
  });

test('after one online visit, a page opened offline shows home from IndexedDB with the banner and its age', async ({ page, context }) => {
  await onlineVisit(page);
  await setOffline(context, page, true);
  const offlinePage = await context.newPage();
  await offlinePage.goto('/');
  await expect(offlinePage.getByTestId('customer-name')).toContainText('Sophie Dubois');
  await expect(offlinePage.getByRole('main').getByText('0470 00 00 01', { exact: true })).toBeVisible();
  await expect(offlinePage.getByRole('status').filter({ hasText: 'Pas de connexion internet' })).toBeVisible();
  await expect(offlinePage.getByTestId('freshness').first()).toHaveText(/^Mis à jour/);
  await setOffline(context, offlinePage, false);
});

test('the precache holds the prerendered pages and the chunks decoded, though the server sent them compressed', async ({ page }) => {
  // The service worker was registered on the login page, for a visitor without a session (a first visit).
  await onlineVisit(page);
  const cached = await page.evaluate(async () => {
    const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
    if (!name) return null;
    const cache = await caches.open(name);
    const requests = await cache.keys();
    const text = async (path: RegExp) => {
      const request = requests.find((r) => path.test(new URL(r.url).pathname));
      const response = request ? await cache.match(request) : undefined;
      return response ? response.text() : null;
    };
    return {
      login: await text(/^\/login\.html$/),
      shell: await text(/^\/index\.html$/),
      react: await text(/^\/assets\/react-[^/]+\.js$/),
      compressedCopies: requests.filter((r) => /\.(br|gz)$/.test(new URL(r.url).pathname)).length,
    };
  });
  expect(cached?.login).toContain('<h1 id="login-title">Connexion</h1>');
  expect(cached?.shell).toContain('Chargement…');
  // JavaScript as the browser decoded it, not Brotli bytes.
  expect(cached?.react).toContain('Symbol.for(`react.portal`)');
  expect(cached?.compressedCopies).toBe(0);
});

test("the built files come from the precache without the worker's script; one the precache lacks comes from the server", async ({
  page,
  context,
}) => {
  // sw/precache.ts: a static route (Chromium's static routing API) answers /assets/ from the precache itself.
  await onlineVisit(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const sources = new Map<string, string | undefined>();
  cdp.on('Network.responseReceived', ({ response }) => {
    if (new URL(response.url).pathname.startsWith('/assets/'))
      sources.set(response.url, response.serviceWorkerRouterInfo?.actualSourceType);
  });
  await page.reload();
  await page.getByTestId('customer-name').waitFor();
  expect(sources.size).toBeGreaterThan(10);
  expect(new Set(sources.values())).toEqual(new Set(['cache']));
  // A file the precache lacks (a source map): the route's miss goes to the server, which answers (the server sends
  // no source maps: its 404, where a refused route would fail the request).
  const script = [...sources.keys()].find((url) => /\/assets\/index-[^/]+\.js$/.test(url));
  const missing = `${script}.map`;
  const status = await page.evaluate(async (url) => (await fetch(url)).status, missing);
  expect(status).toBe(404);
  await cdp.detach();
});

test('offline, /login comes from the precache in the language saved on the device', async ({ page, context }) => {
  await new LoginPage(page).goto();
  await waitForServiceWorker(page);
  await context.setOffline(true);
  const offline = await context.newPage();
  // The page as the worker answers it, in the choice saved on this device (the app's, and its cookie, which the
  // worker reads: sw/precache.ts), from its first byte: the app would only switch it after the first paint. (The
  // browser's languages, the worker's next rule, cannot be set for a worker here: Playwright's locale is the page's.)
  for (const [language, heading] of [
    ['nl', 'Aanmelden'],
    ['en', 'Log in'],
  ] as const) {
    // Both, as the app keeps them (src/i18n/i18n.ts setLanguage): the app, once started, keeps the page's language.
    await page.evaluate((chosen) => localStorage.setItem('app.language', chosen), language);
    await context.addCookies([{ name: 'lang', value: language, url: page.url() }]);
    expect(await (await offline.goto('/login'))?.text()).toContain(`<h1 id="login-title">${heading}</h1>`);
    await expect(offline.locator('html')).toHaveAttribute('lang', language);
    await expect(offline.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  await context.setOffline(false);
});

test('within 15 minutes a second visit sends no API request for fresh resources', async ({ page }) => {
  await onlineVisit(page);
  const before = (await serverLog(page)).requests.length;
  // Second visit: the page starts again from scratch.
  await page.reload();
  await expect(page.getByTestId('customer-name')).toContainText('Sophie Dubois');
  // Even when the page itself forgets how old its data is, the service worker answers from its 15-minute cache.
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('mobile-self-service');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const tx = open.result.transaction('meta', 'readwrite');
          tx.objectStore('meta').clear();
          tx.oncomplete = () => {
            open.result.close();
            resolve();
          };
        };
      }),
  );
  await page.reload();
  await expect(page.getByTestId('customer-name')).toContainText('Sophie Dubois');
  await expect(page.getByTestId('freshness').first()).toHaveText(/^Mis à jour/);
  const after = (await serverLog(page)).requests.slice(before);
  expect(after.filter((r) => r.method === 'GET')).toEqual([]);
});

test('a contact edit made offline is pending, then applied exactly once when back online', async ({ page, context }) => {
  await onlineVisit(page);
  const contact = new ContactScreen(page);
  await contact.goto();
  await setOffline(context, page, true);
  await contact.save({ lastName: 'Dubois-Offline' });
  await expect(contact.indicator).toHaveText(/1 modification en attente/);
  await expect(page.getByRole('status').filter({ hasText: 'pas encore confirmée' })).toBeVisible();
  await contact.indicator.click();
  await expect(page.getByRole('dialog').getByText('Coordonnées')).toBeVisible();
  await page.keyboard.press('Escape');
  const before = (await serverLog(page)).changes.length;

  await setOffline(context, page, false);
  await expect(contact.indicator).toHaveCount(0);
  const applied = (await serverLog(page)).changes.slice(before);
  expect(applied).toHaveLength(1);
  expect(applied[0]?.path).toMatch(/\/api\/customer\/\d+\/contact$/);
  expect(applied[0]?.body).toMatchObject({ lastName: 'Dubois-Offline' });
  await expect(contact.lastName).toHaveValue('Dubois-Offline');
});

test('a queued change the server refuses (412) comes back with the message; nothing is applied', async ({
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
  await contact.save({ firstName: 'Offline-Edit' });
  await expect(contact.indicator).toHaveText(/1 modification en attente/);

  // Meanwhile the contact changes on another device: the offline edit is now based on a stale version.
  const otherDevice = await playwright.request.newContext({ baseURL });
  const login = await otherDevice.post('/api/public/users/login', { data: { login: demoUsers.sophie.logins[0], password: demoPassword } });
  const customerId = ((await login.json()) as { user: { customer_id: number } }).user.customer_id;
  // Still "Dubois…" and unique per run: the other tests on this server look for "Sophie Dubois".
  const elsewhereName = `Dubois-Elsewhere-${test.info().repeatEachIndex}-${test.info().retry}`;
  const elsewhere = await otherDevice.patch(`/api/customer/${customerId}/contact`, { data: { lastName: elsewhereName } });
  expect(elsewhere.status()).toBe(200);
  await otherDevice.dispose();

  await setOffline(context, page, false);
  await contact.indicator.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Refusée')).toBeVisible();
  await expect(dialog.getByRole('alert')).toHaveText('Ces données ont changé entre-temps. Vérifiez-les et réessayez.');
  const applied = (await serverLog(page)).changes.slice(before);
  expect(applied.filter((c) => JSON.stringify(c.body).includes('Offline-Edit'))).toEqual([]);
  // Rolled back to the server's truth; discarding leaves it so.
  await dialog.getByRole('button', { name: 'Abandonner' }).click();
  await expect(contact.indicator).toHaveCount(0);
  await expect(contact.firstName).not.toHaveValue('Offline-Edit');
  await expect(contact.lastName).toHaveValue(elsewhereName);
});

test('logout offline with pending changes asks for confirmation and leaves no customer data nor API cache', async ({ page, context }) => {
  await onlineVisit(page);
  const contact = new ContactScreen(page);
  await contact.goto();
  await setOffline(context, page, true);
  await contact.save({ lastName: 'Never-Sent' });
  await expect(contact.indicator).toHaveText(/1 modification en attente/);
  const dialog = await openLogout(page, /^Se déconnecter$/);
  await expect(dialog.getByText('Vous êtes hors ligne : 1 modification pas encore envoyée sera perdue.')).toBeVisible();
  await dialog.getByRole('button', { name: /^Se déconnecter$/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(countIndexedDbRows)).toBe(0);
  const cached = await page.evaluate(async () => {
    const names = await caches.keys();
    if (!names.includes('api-v1')) return 0;
    return (await (await caches.open('api-v1')).keys()).length;
  });
  expect(cached).toBe(0);
  // Nothing reaches the server once back online either.
  const before = (await serverLog(page)).changes.length;
  await setOffline(context, page, false);
  await page.goto('/login');
  expect((await serverLog(page)).changes.slice(before)).toEqual([]);
});
