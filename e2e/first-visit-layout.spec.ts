import type { Page } from '@playwright/test';
import { demoPassword, demoUsers } from '#contract/fixtures/demo';
import { expect, test } from './fixtures/test.ts';
import { privateRoutes, publicRoutes } from './routes.ts';

/*
 * Issue 41, point 2: no layout shift while data arrives, on every screen's first visit. Each route of
 * e2e/routes.ts is opened as on a new phone (nothing stored: no IndexedDB, no service worker, no cache of the API;
 * the session in the cookies for the signed-in routes) on a throttled phone: the network as Lighthouse's slow 4G
 * (150 ms, 1.6 Mbit/s) and the processor 4× slower (Chromium's DevTools protocol). The layout shift is the browser's
 * own measure (Layout Instability API), added up as the Cumulative Layout Shift is (its largest session window:
 * shifts less than 1 s apart, 5 s at most) from the navigation until the screen has settled, and held at 0.02 or
 * less (docs/product/navigation.md "Loading": skeletons the size of what replaces them, reserved space).
 */

const limit = 0.02;

type Shift = { at: number; value: number; nodes: string[] };

/** Before the page's first byte: the layout shifts of the load, with the elements that moved. */
const watchShifts = () => {
  const shifts: Shift[] = [];
  (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & {
      value: number;
      hadRecentInput: boolean;
      sources?: { node?: Node | null }[];
    })[]) {
      if (entry.hadRecentInput) continue;
      const nodes = (entry.sources ?? []).map((source) => {
        const node = source.node;
        return node instanceof Element
          ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className).split(' ').join('.')}` : ''}`
          : String(node?.nodeName);
      });
      shifts.push({ at: Math.round(entry.startTime), value: entry.value, nodes });
    }
  }).observe({ type: 'layout-shift', buffered: true });
};

/** The largest session window of the shifts (web.dev's CLS): shifts under 1 s apart, a window 5 s at most. */
const cumulativeShift = (shifts: readonly Shift[]): number => {
  let best = 0;
  let current = 0;
  let first = 0;
  let last = Number.NEGATIVE_INFINITY;
  for (const shift of shifts) {
    if (shift.at - last > 1000 || shift.at - first > 5000) {
      current = 0;
      first = shift.at;
    }
    current += shift.value;
    last = shift.at;
    best = Math.max(best, current);
  }
  return best;
};

const throttle = async (page: Page): Promise<void> => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
};

const firstVisit = async (page: Page, url: string): Promise<Shift[]> => {
  await page.addInitScript(watchShifts);
  await throttle(page);
  await page.goto(url);
  // Settled: nothing more on the network for a moment (the screen's reads, its chunks), then a second more.
  await page.waitForLoadState('networkidle', { timeout: 45_000 }).catch(() => undefined);
  await page.waitForTimeout(1000);
  return page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
};

const expectSteady = (url: string, shifts: readonly Shift[]) => {
  const cls = cumulativeShift(shifts);
  expect(cls, `${url}: layout shift ${cls.toFixed(3)} on its first visit: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(limit);
};

test.describe('the first visit of every screen on a throttled phone holds its layout', () => {
  test.describe.configure({ timeout: 90_000 });

  for (const url of privateRoutes) {
    test(`signed in: ${url}`, async ({ page }) => {
      const response = await page.request.post('/api/public/users/login', {
        data: { login: demoUsers.sophie.logins[0], password: demoPassword },
      });
      expect(response.status()).toBe(200);
      expectSteady(url, await firstVisit(page, url));
    });
  }

  for (const url of publicRoutes) {
    test(`visitor: ${url}`, async ({ page }) => {
      expectSteady(url, await firstVisit(page, url));
    });
  }
});
