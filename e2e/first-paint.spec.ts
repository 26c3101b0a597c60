import type { BrowserContext, Page } from '@playwright/test';
import { demoUsers } from '#contract/fixtures/demo';
import { expect, test } from './fixtures/offline-server.ts';
import { waitForHomeAlerts } from './page-models/home-page.ts';
import { expectHome, LoginPage, openLogout } from './page-models/login-page.ts';
import { onlineVisit, setOffline } from './page-models/offline-app.ts';

// Every test here needs the app's service worker (e2e/fixtures/test.ts installs none by default). The worker decides
// whether the session is live on its own clock, which Playwright cannot move: these run on the real time, pages and
// server alike (e2e/fixtures/clock.ts), and assert nothing that depends on the date.
test.use({ serviceWorkers: 'allow', realClock: true });

/*
 * The last-seen screen (docs/architecture.md "Start-up", src/lib/first-paint.ts): home keeps a snapshot of its
 * screen on the device, and the service worker paints it on the next start, before the app's JavaScript runs; the
 * app then takes over without moving anything. The snapshot is the logged-in user's only, and logout wipes it.
 * Each test has its own browser context (its own service worker and IndexedDB) on this file's own server.
 */

// Each test logs in, waits for home's snapshot, then starts the app again (twice in some): more than the default
// budget of one scenario on a loaded two-core machine.
test.describe.configure({ timeout: 90_000 });

const snapshotKey = 'firstPaint:home';

/** Home's snapshot row as stored in IndexedDB (raw API: what the service worker reads), or null. */
const readSnapshot = (page: Page) =>
  page.evaluate(
    (key) =>
      new Promise<{ key: string; value: { userGuid: string; lang: string; html: string } } | null>((resolve, reject) => {
        const open = indexedDB.open('mobile-self-service');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('prefs')) {
            db.close();
            resolve(null);
            return;
          }
          const request = db.transaction('prefs', 'readonly').objectStore('prefs').get(key);
          request.onsuccess = () => {
            db.close();
            resolve((request.result as { key: string; value: { userGuid: string; lang: string; html: string } } | undefined) ?? null);
          };
          request.onerror = () => reject(request.error ?? new Error('read failed'));
        };
      }),
    snapshotKey,
  );

/** Home has kept its snapshot (written when the browser is idle after a render of its data), in `lang`. */
const waitForSnapshot = async (page: Page, lang = 'fr') => {
  await expect.poll(async () => (await readSnapshot(page))?.value.lang ?? null, { timeout: 10_000 }).toBe(lang);
  return (await readSnapshot(page))!;
};

/** Put a prefs row in place as it was read (a snapshot left by someone else, in the tests below). */
const writeRow = (page: Page, row: unknown) =>
  page.evaluate(
    (value) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('mobile-self-service');
        open.onerror = () => reject(open.error ?? new Error('open failed'));
        open.onsuccess = () => {
          const db = open.result;
          const transaction = db.transaction('prefs', 'readwrite');
          transaction.objectStore('prefs').put(value);
          transaction.oncomplete = () => {
            db.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error ?? new Error('write failed'));
        };
      }),
    row,
  );

/**
 * A new tab whose own scripts never run (the page's JavaScript is disabled; the service worker still answers):
 * what it shows is what the first paint shows before the app starts.
 */
const pageWithoutApp = async (context: BrowserContext): Promise<Page> => {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setScriptExecutionDisabled', { value: true });
  return page;
};

for (const [lang, texts] of [
  ['fr', { age: /^Mis à jour/, offline: 'Pas de connexion internet', language: 'Langue' }],
  ['nl', { age: /[Bb]ijgewerkt/, offline: 'Geen internetverbinding', language: 'Taal' }],
] as const) {
  test(`offline, home's last-seen figures and their age are in the first paint, before the app runs (${lang})`, async ({
    page,
    context,
  }) => {
    // In Dutch: a French account with Dutch chosen on this device (?lang=). The next start is in the device's
    // choice (docs/product/settings.md "Language"): the snapshot is painted in Dutch and the app takes over in Dutch.
    await onlineVisit(page);
    if (lang !== 'fr') {
      // Home in that language (the address keeps its ?lang=, which expectHome's check of the path refuses).
      await page.goto(`/?lang=${lang}`);
      await expect(page.getByTestId('customer-name')).toContainText(demoUsers.sophie.name);
    }
    const snapshot = await waitForSnapshot(page, lang);
    expect(snapshot.value.userGuid).not.toBe('');
    await setOffline(context, page, true);

    const before = await pageWithoutApp(context);
    await before.goto('/');
    await expect(before.locator('html')).toHaveAttribute('lang', lang);
    await expect(before.locator('#root')).toHaveAttribute('data-snapshot', /^\d+$/);
    await expect(before.getByTestId('customer-name')).toContainText(demoUsers.sophie.name);
    // Home's line (the header's line switcher, painted with it, shows the number too).
    await expect(before.getByRole('main').getByText('0470 00 00 01', { exact: true })).toBeVisible();
    // The age as of this start, filled in by the service worker (the snapshot holds a marker, not a text).
    await expect(before.getByTestId('freshness').first()).toHaveText(texts.age);
    // The phone's header has no language switcher (issue 43 point 6: it is in Profile); the painted page is in the
    // page's language (above).
    await expect(before.getByRole('banner').getByRole('combobox', { name: texts.language })).toHaveCount(0);
    await before.screenshot({ path: test.info().outputPath(`first-paint-offline-${lang}-before-app.png`) });

    const after = await context.newPage();
    // The page starts the Intl warm-up worker (workers/intl-warm.worker.ts) from its precache, offline too.
    const warmUp = after.waitForEvent('worker', { predicate: (worker) => /\/assets\/intl-warm-[\w-]+\.js$/.test(worker.url()) });
    await after.goto('/');
    await warmUp;
    await expect(after.locator('#root')).not.toHaveAttribute('data-snapshot');
    await expect(after.getByTestId('customer-name')).toContainText(demoUsers.sophie.name);
    await expect(after.getByRole('status').filter({ hasText: texts.offline })).toBeVisible();
    await waitForHomeAlerts(after);
    // The app took over in the painted language, and kept it.
    await expect(after.locator('html')).toHaveAttribute('lang', lang);
    await expect(after.getByTestId('freshness').first()).toHaveText(texts.age);
    await after.screenshot({ path: test.info().outputPath(`first-paint-offline-${lang}-after-app.png`) });
  });
}

test('offline on a phone’s processor, the first frame holds the figures: nothing is painted before the whole snapshot', async ({
  page,
  context,
}) => {
  // Issue 41 point 3 keeps the figures in the first paint. At 4× CPU the parser yields after the header, and a frame
  // drawn then had the header and greeting only (one start in four, with the composed page's `<link rel="expect">`
  // naming #root, whose opening tag let the frame go). Each start records when the snapshot's figures were painted
  // (Element Timing, `elementtiming="own-figures"`) and when the first frame was: the same frame.
  await onlineVisit(page);
  await waitForSnapshot(page);
  await setOffline(context, page, true);
  for (let start = 0; start < 4; start += 1) {
    const next = await context.newPage();
    const cdp = await context.newCDPSession(next);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await next.addInitScript(() => {
      const seen = window as unknown as { figuresPainted: number | null };
      seen.figuresPainted = null;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { identifier: string; renderTime: number })[]) {
          if (entry.identifier === 'own-figures' && seen.figuresPainted === null) seen.figuresPainted = entry.renderTime || entry.startTime;
        }
      }).observe({ type: 'element', buffered: true });
    });
    await next.goto('/');
    await expect(next.locator('#root')).not.toHaveAttribute('data-snapshot');
    const painted = await next.evaluate(() => ({
      figures: (window as unknown as { figuresPainted: number | null }).figuresPainted,
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? null,
    }));
    expect(painted.firstPaint, `start ${start}`).not.toBeNull();
    expect(painted.figures, `start ${start}: the figures were painted in the first frame`).toBe(painted.firstPaint);
    await cdp.detach();
    await next.close();
  }
});

test('offline, a query that selects what the snapshot shows gets it; another language, line or query gets the shell', async ({
  page,
  context,
}) => {
  // Issue 41, point 4: `/?lang=fr` or `/?contractId=…` of the snapshot's own line is the same screen.
  await onlineVisit(page);
  const snapshot = (await waitForSnapshot(page, 'fr')) as { value: { contractId?: number } };
  const contractId = snapshot.value.contractId;
  expect(contractId, 'the snapshot names the line it shows').toEqual(expect.any(Number));
  await setOffline(context, page, true);
  const painted = await pageWithoutApp(context);
  for (const query of ['?lang=fr', `?contractId=${contractId}`, `?lang=fr&contractId=${contractId}`]) {
    await painted.goto(`/${query}`);
    await expect(painted.locator('#root'), query).toHaveAttribute('data-snapshot', /^\d+$/);
    await expect(painted.getByTestId('customer-name')).toContainText(demoUsers.sophie.name);
  }
  for (const query of ['?lang=nl', `?contractId=${(contractId ?? 0) + 1000}`, '?lang=fr&utm=mail']) {
    await painted.goto(`/${query}`);
    await expect(painted.locator('#root .spinner'), query).toBeVisible();
    await expect(painted.locator('#root'), query).not.toHaveAttribute('data-snapshot');
    await expect(painted.getByTestId('customer-name')).toHaveCount(0);
  }
  // The app, started on such an address, draws what was asked: Dutch.
  const app = await context.newPage();
  await app.goto('/?lang=nl');
  await expect(app.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(app.getByTestId('customer-name')).toContainText(demoUsers.sophie.name);
});

test('a language chosen away from home is the next start’s: no snapshot in the previous one is painted', async ({ page, context }) => {
  await onlineVisit(page);
  await waitForSnapshot(page, 'fr');
  // Dutch on this device, from a link to another screen (?lang= is never saved to the account): home's French
  // snapshot goes, since the next start begins in Dutch.
  await page.goto('/settings/main?lang=nl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mijn profiel');
  await expect.poll(async () => await readSnapshot(page), { timeout: 10_000 }).toBeNull();
  await setOffline(context, page, true);

  const before = await pageWithoutApp(context);
  await before.goto('/');
  await expect(before.locator('#root')).not.toHaveAttribute('data-snapshot');
  await expect(before.getByText(demoUsers.sophie.name)).toHaveCount(0);

  // The app starts in Dutch, and home keeps its Dutch snapshot for the start after.
  const after = await context.newPage();
  await after.goto('/');
  await expect(after.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(after.getByTestId('customer-name')).toContainText(demoUsers.sophie.name);
  await expect(after.getByRole('status').filter({ hasText: 'Geen internetverbinding' })).toBeVisible();
  await expect(after.getByRole('navigation', { name: 'Hoofdnavigatie' }).first()).toBeAttached();
  await waitForSnapshot(after, 'nl');
});

test('the app replaces the snapshot without a layout shift', { tag: '@desktop' }, async ({ page, context }) => {
  await onlineVisit(page);
  await waitForSnapshot(page);
  await setOffline(context, page, true);

  const next = await context.newPage();
  // From the page's first parse: the first frame that shows #root's content, and every layout shift after it.
  await next.addInitScript(() => {
    type Box = { top: number; left: number; width: number; height: number } | null;
    const seen = window as unknown as { firstFrame: { snapshot: string | null; name: string; box: Box } | null; shifts: number[] };
    seen.firstFrame = null;
    seen.shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.shifts.push((entry as PerformanceEntry & { value: number }).value);
    }).observe({ type: 'layout-shift', buffered: true });
    const frame = () => {
      const root = document.getElementById('root');
      const name = document.querySelector('[data-testid="customer-name"]');
      if (!root || !name) {
        requestAnimationFrame(frame);
        return;
      }
      const { top, left, width, height } = name.getBoundingClientRect();
      seen.firstFrame = { snapshot: root.getAttribute('data-snapshot'), name: name.textContent ?? '', box: { top, left, width, height } };
    };
    requestAnimationFrame(frame);
  });
  await next.goto('/');
  await expect(next.locator('#root')).not.toHaveAttribute('data-snapshot');
  await expect(next.getByRole('status').filter({ hasText: 'Pas de connexion internet' })).toBeVisible();
  await waitForHomeAlerts(next);

  const { firstFrame, shifts } = await next.evaluate(() => {
    const seen = window as unknown as {
      firstFrame: { snapshot: string | null; name: string; box: { top: number; left: number; width: number; height: number } };
      shifts: number[];
    };
    return { firstFrame: seen.firstFrame, shifts: seen.shifts };
  });
  // The first frame with the customer's name was the snapshot's, not the app's.
  expect(firstFrame.snapshot).toMatch(/^\d+$/);
  expect(firstFrame.name).toContain(demoUsers.sophie.name);
  // The app drew the same box in the same place, and nothing on the page moved meanwhile.
  const box = await next.getByTestId('customer-name').boundingBox();
  expect(box && { x: box.x, y: box.y, height: box.height }).toEqual({
    x: firstFrame.box.left,
    y: firstFrame.box.top,
    height: firstFrame.box.height,
  });
  // The first frame may be drawn before the typeface is in (font-display: swap): its metric-adjusted fallback
  // (docs/design/typeface.md) gives the name's width to within a pixel, and moves nothing around it.
  expect(Math.abs((box?.width ?? 0) - firstFrame.box.width)).toBeLessThanOrEqual(1);
  expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
});

test(
  'a snapshot kept in a wide window is painted in a narrow one’s layout: nothing moves that a customer would see',
  { tag: '@desktop' },
  async ({ page, context }) => {
    // Lighthouse's first run on home measured CLS 0.23: the snapshot had been kept at desktop width, the page was painted
    // in the desktop layout it carried, and the app then laid it out for the phone-sized window. The layout mode is now
    // this start's (src/layout-first.ts). On the desktop project the snapshot is kept at 1280 px in the desktop layout;
    // on the phone it is the phone's own (a mobile device is in the mobile layout at any width).
    await page.setViewportSize({ width: 1280, height: 800 });
    await onlineVisit(page);
    await waitForSnapshot(page);

    const next = await context.newPage();
    await next.setViewportSize({ width: 390, height: 844 });
    // A phone's processor, as Lighthouse's mobile preset has it: the app takes over well after the first paint.
    const cdp = await context.newCDPSession(next);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await next.addInitScript(() => {
      const seen = window as unknown as { shifts: { value: number; sources: string[] }[] };
      seen.shifts = [];
      const describe = (node: Node | null | undefined) =>
        node instanceof Element
          ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className)}` : ''}`
          : String(node?.nodeName);
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node | null }[] })[]) {
          seen.shifts.push({ value: entry.value, sources: entry.sources.map((source) => describe(source.node)) });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await next.goto('/');
    await expect(next.locator('#root')).not.toHaveAttribute('data-snapshot');
    await expect(next.getByTestId('customer-name')).toContainText(demoUsers.sophie.name);
    await waitForHomeAlerts(next);
    await expect(next.locator('html')).toHaveAttribute('data-layout', 'mobile');
    // What moved, by node, so that a failure names it. The measure is the one the sibling test above holds (0.01, a
    // fifth of the 0.05 a good CLS allows; the old code moved 0.22): in a narrow desktop window the header's tools
    // move by a pixel or two when the app's own header takes over (0.0015), which this test does not hide.
    const shifts = await next.evaluate(() => (window as unknown as { shifts: { value: number; sources: string[] }[] }).shifts);
    expect(
      shifts.reduce((sum, shift) => sum + shift.value, 0),
      JSON.stringify(shifts),
    ).toBeLessThan(0.01);
  },
);

test('logout wipes the snapshot: the next start paints no figures', async ({ page, context }) => {
  await onlineVisit(page);
  await waitForSnapshot(page);
  const dialog = await openLogout(page, /^Se déconnecter$/);
  await dialog.getByRole('button', { name: /^Se déconnecter$/ }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await readSnapshot(page)).toBeNull();

  await setOffline(context, page, true);
  const next = await pageWithoutApp(context);
  await next.goto('/');
  await expect(next.locator('#root')).not.toHaveAttribute('data-snapshot');
  await expect(next.getByRole('status')).toHaveText('Chargement…');
  await expect(next.getByText(demoUsers.sophie.name)).toHaveCount(0);
});

test('a second account on the same device never sees the first one’s snapshot', async ({ page, context }) => {
  await onlineVisit(page);
  const sophies = await waitForSnapshot(page);
  const dialog = await openLogout(page, /^Se déconnecter$/);
  await dialog.getByRole('button', { name: /^Se déconnecter$/ }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Marc logs in on the same phone: his own home, his own snapshot.
  await new LoginPage(page).login(demoUsers.marc.logins[0]);
  await expectHome(page, demoUsers.marc.name);
  const marcs = await waitForSnapshot(page, demoUsers.marc.language);
  expect(marcs.value.userGuid).not.toBe(sophies.value.userGuid);
  expect(marcs.value.html).not.toContain(demoUsers.sophie.name);

  // Even with Sophie's snapshot put back on the device, the start paints none of it while Marc is logged in. (Marc's
  // app is closed first, so that nothing of his writes a snapshot over it meanwhile: the row is written from a page
  // of the same origin that is not the app.)
  const other = await context.newPage();
  await other.goto('/api/public/status');
  await page.close();
  await writeRow(other, sophies);
  const next = await pageWithoutApp(context);
  await next.goto('/');
  await expect(next.locator('#root')).not.toHaveAttribute('data-snapshot');
  await expect(next.getByText(demoUsers.sophie.name)).toHaveCount(0);
  await expect(next.getByRole('status')).toHaveText('Chargement…');
});
