import { chromium, expect, type Page } from '@playwright/test';
import { demoPassword, demoUsers } from '#contract/fixtures/demo';
import { startOfflineServer } from '../e2e/fixtures/server-process.ts';
import { benchBuildDir } from './bench-build.ts';
import { decidedConsent } from '../e2e/fixtures/consent.ts';
import { currentRecordsStored } from '../e2e/page-models/offline-app.ts';

/*
 * Offline figures (cold start offline, repeat visit within 15 minutes), on the bench build (bench/bench-build.ts)
 * served by its own reference server, which runs compiled, as production does:
 * - offline_cold_start_ms: a new page opened while offline, from navigation start to the home page's contracts on
 *   screen (until the consumption totals exist on home), Chromium with 4× CPU throttling (CDP), median of 5.
 * - online_repeat_visit_api_requests: API requests that reach the server when home is visited again within 15 minutes
 *   of a first visit whose downloads completed (the server counts them: GET /api/test/applied lists every API request
 *   it received). The start check of the session (POST token/expired, docs/product/auth.md
 *   "Session lifetime and renewal") is one of them.
 */

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const apiRequests = async (page: Page): Promise<{ method: string; path: string }[]> => {
  const res = await page.request.get('/api/test/applied');
  return ((await res.json()) as { requests: { method: string; path: string }[] }).requests;
};

const contractsVisible = () => document.body.innerText.includes('0470 00 00 01') && performance.now();

export const run = async (): Promise<Record<string, number>> => {
  const server = await startOfflineServer({ from: benchBuildDir() });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'fr-BE',
      viewport: { width: 390, height: 844 },
      storageState: decidedConsent,
    });
    const page = await context.newPage();
    await page.goto('/login');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await page.getByLabel(/Numéro client/).fill(demoUsers.sophie.logins[0]);
    await page.getByLabel(/^Mot de passe$/).fill(demoPassword);
    await page.getByRole('button', { name: /^Se connecter$/ }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForFunction(contractsVisible);
    await page.waitForLoadState('networkidle');
    // The customer stayed on home until its downloads were done. (Polled with evaluate, as the offline specs do:
    // waitForFunction takes the promise this check returns for a truthy answer, and would not wait.)
    await expect.poll(() => page.evaluate(currentRecordsStored), { timeout: 60_000 }).toBe(true);

    // Repeat visit within 15 minutes.
    const before = (await apiRequests(page)).length;
    await page.reload();
    await page.waitForFunction(contractsVisible);
    await page.waitForLoadState('networkidle');
    const repeat = (await apiRequests(page)).slice(before);
    if (repeat.length > 0) console.log('  repeat visit reached the server:', repeat.map((r) => `${r.method} ${r.path}`).join(', '));

    // Cold starts offline, 4× CPU throttling.
    await context.setOffline(true);
    const samples: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const cold = await context.newPage();
      const cdp = await context.newCDPSession(cold);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cold.goto('/', { waitUntil: 'commit' });
      const handle = await cold.waitForFunction(contractsVisible, null, { polling: 'raf', timeout: 30_000 });
      samples.push(Math.round(Number(await handle.jsonValue())));
      await cdp.detach();
      await cold.close();
    }
    return { offline_cold_start_ms: median(samples), online_repeat_visit_api_requests: repeat.length };
  } finally {
    await browser.close();
    await server.stop();
  }
};
