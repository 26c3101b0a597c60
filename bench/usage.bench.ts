import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { benchBuildDir } from './bench-build.ts';
import { resourceKeys } from '#db/resource-keys';
import { addDaysToDate, localDate, localDayRange } from '#contract/calendar';
import { decidedConsent } from '../e2e/fixtures/consent.ts';

/*
 * Usage figures in Chromium, against the production build served by the reference server (fresh seeded database):
 * - usage_ingest_100k_ms: 100,000 usage records from API pages (5,000 a page, answered from memory by Playwright so
 *   the server's speed is not measured) into Dexie by the app's own pull, from the first page request to the range
 *   being marked fetched.
 * - usage_aggregate_1m_ms: the usage worker aggregates 1,000,000 records already in Dexie by day and type over a
 *   6-cycle period (186 whole days, today included), in a fresh worker. "Already in Dexie" means written by the app's
 *   own records pull from API pages (records and the per-day rollups it keeps), as a customer's device holds them.
 * - consumption_max_long_task_ms: the longest main-thread task (PerformanceObserver 'longtask', buffered from
 *   navigation) while Yasmine's details screen with all her ~200,000 records loads and scrolls to the end, data local.
 * Medians of 5.
 */

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 8487);
const base = `http://127.0.0.1:${port}`;
const runs = 5;
// The bench build (bench/bench-build.ts), set when the bench starts.
let distDir = '';

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]!);
};

const startServer = async (): Promise<ChildProcess> => {
  const server = spawn('node', ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TEST_MODE: '1',
      STATIC_DIR: distDir,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-')),
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/public/status`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error('server did not start');
};

const login = async (page: Page, who: string) => {
  // tsx compiles this file with esbuild's keepNames, whose __name helper leaks into functions run in the page.
  await page.addInitScript({ content: 'globalThis.__name = (f) => f;' });
  // A visitor who already answered the cookie question (its modal would cover the form), on this bench's host.
  await page.context().addCookies(decidedConsent.cookies.map((cookie) => ({ ...cookie, domain: '127.0.0.1' })));
  await page.goto(`${base}/login`);
  await page.getByLabel(/Numéro client|Klantnummer|Customer number/).fill(who);
  await page.getByLabel(/^(Mot de passe|Wachtwoord|Password)$/).fill('Demo!2026');
  await page.getByRole('button', { name: /^(Se connecter|Aanmelden|Log in)$/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  const later = page.getByRole('button', { name: /^(Plus tard|Later)$/ });
  if (await later.isVisible().catch(() => false)) await later.click();
  await page.getByTestId('customer-name').waitFor();
};

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

const readMeta = (page: Page, resource: string) =>
  page.evaluate(
    (key) =>
      new Promise<number | null>((resolve, reject) => {
        const open = indexedDB.open('mobile-self-service');
        open.onerror = () => reject(new Error('open failed'));
        open.onsuccess = () => {
          const request = open.result.transaction('meta').objectStore('meta').get(key);
          request.onsuccess = () => {
            open.result.close();
            resolve((request.result as { fetchedAt: number } | undefined)?.fetchedAt ?? null);
          };
        };
      }),
    resource,
  );

const ingest = async (browser: Browser): Promise<number> => {
  const to = new Date();
  const from = new Date(to.getTime() - 29 * 86_400_000);
  const total = 100_000;
  const perPage = 5000;
  const start = from.getTime();
  const span = to.getTime() - start;
  const pages = Array.from({ length: total / perPage }, (_, p) =>
    JSON.stringify({
      data: Array.from({ length: perPage }, (_, i) => {
        const n = p * perPage + i;
        const cat = (['data', 'call', 'sms'] as const)[n % 3]!;
        return {
          id: `bench-${n}`,
          service_cat: cat,
          messages: 1,
          is_oob: n % 50 === 0,
          resource_impact: n % 50 === 0 ? 25 : 0,
          resource_unit: 'EUR_CENT',
          service_used: cat === 'data' ? 1_000_000 + n : cat === 'call' ? 60 + (n % 600) : 1,
          service_unit: cat === 'data' ? 'B' : cat === 'call' ? 's' : 'sms',
          incoming: n % 2 === 0,
          destination: 'national',
          event_time: new Date(start + Math.floor((span * n) / total)).toISOString(),
        };
      }),
      pagination: {
        current_page: p + 1,
        from: p * perPage + 1,
        to: (p + 1) * perPage,
        per_page: perPage,
        total,
        last_page: total / perPage,
        links: { first: '', last: '', prev: null, next: null },
      },
    }),
  );
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const context = await browser.newContext({ serviceWorkers: 'block', locale: 'fr-BE', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await login(page, 'MT00000005');
    await page.route(/\/usage\/history\?/, (route) => {
      const pageNo = Number(new URL(route.request().url()).searchParams.get('megalist-page') ?? '1');
      return route.fulfill({ status: 200, contentType: 'application/json', body: pages[pageNo - 1] ?? pages[0]! });
    });
    await page.goto(`${base}/consumption/details?period=range&from=${iso(from)}&to=${iso(to)}`);
    const resource = resourceKeys.usageRecords(5, 7, iso(from), iso(to));
    let done: number | null = null;
    for (let i = 0; i < 600 && done === null; i++) {
      done = await readMeta(page, resource);
      if (done === null) await page.waitForTimeout(100);
    }
    const firstRequest = await page.evaluate(() => {
      const entry = performance.getEntriesByType('resource').find((e) => e.name.includes('/usage/history?'));
      return entry ? performance.timeOrigin + entry.startTime : null;
    });
    if (done === null || firstRequest === null) throw new Error('ingest did not finish');
    times.push(done - firstRequest);
    await context.close();
  }
  console.log(`    usage_ingest_100k runs (ms): ${times.map((t) => Math.round(t)).join(', ')}`);
  return median(times);
};

/**
 * A synthetic history of `total` records spread evenly over [start, end], served the way the API serves it (newest
 * first, pages of `megalist-batchSize`, filtered by the from/to dates read in Brussels time), so that whatever
 * range the app asks for gets answers consistent with every other range.
 */
const syntheticHistory = (total: number, start: number, end: number) => {
  const timeOf = (n: number) => start + Math.floor(((end - start) * n) / total);
  // First index whose time is ≥ t (times are non-decreasing in n).
  const firstAtOrAfter = (t: number) => {
    let lo = 0;
    let hi = total;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (timeOf(mid) < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const cats = ['data', 'call', 'sms'] as const;
  const destinations = ['national', 'international', 'roaming', 'premium'] as const;
  return (url: URL): string => {
    const q = url.searchParams;
    const range = localDayRange(q.get('from') ?? '1970-01-01', q.get('to') ?? '2100-01-01');
    const lo = firstAtOrAfter(range.from);
    const hi = firstAtOrAfter(range.to + 1); // exclusive
    const count = hi - lo;
    const perPage = Number(q.get('megalist-batchSize') ?? '25');
    const pageNo = Number(q.get('megalist-page') ?? '1');
    const first = (pageNo - 1) * perPage;
    const data = [];
    for (let k = first; k < Math.min(first + perPage, count); k++) {
      const n = hi - 1 - k; // newest first
      const cat = cats[n % 3]!;
      data.push({
        id: `agg-${n}`,
        service_cat: cat,
        messages: 1,
        is_oob: n % 50 === 0,
        resource_impact: n % 50 === 0 ? 25 : 0,
        resource_unit: 'EUR_CENT',
        service_used: cat === 'data' ? 1_000_000 : cat === 'call' ? 120 : 1,
        service_unit: cat === 'data' ? 'B' : cat === 'call' ? 's' : 'sms',
        incoming: n % 2 === 0,
        destination: destinations[n % 7 === 0 ? 2 : n % 4]!,
        event_time: new Date(timeOf(n)).toISOString(),
      });
    }
    const lastPage = Math.max(1, Math.ceil(count / perPage));
    return JSON.stringify({
      data,
      pagination: {
        current_page: pageNo,
        from: first + 1,
        to: first + data.length,
        per_page: perPage,
        total: count,
        last_page: lastPage,
        links: { first: '', last: '', prev: null, next: null },
      },
    });
  };
};

const aggregate1m = async (browser: Browser): Promise<number> => {
  // Brussels, like the customers (and the server's reading of dates): the app's local days are the service's days.
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'fr-BE', timezoneId: 'Europe/Brussels' });
  const page = await context.newPage();
  const workerFile = fs.readdirSync(path.join(distDir, 'assets')).find((f) => /^usage-worker-[\w-]{8}\.js$/.test(f));
  if (!workerFile) throw new Error('usage worker not in the build');
  // A 6-cycle period of whole Brussels days, today included (as the screens ask for it).
  const today = localDate(Date.now());
  const fromDate = addDaysToDate(today, -185);
  const period = localDayRange(fromDate, today);
  const total = 1_000_000;
  const serve = syntheticHistory(total, period.from, Date.now());
  // 1,000,000 records of Yasmine's contract, written by the app's own pull (records and per-day rollups), from API
  // pages answered from memory. The summary's 20 latest real records are left out so the set is exactly the 1M.
  await page.route(/\/usage\/history\?/, (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: serve(new URL(route.request().url())) }),
  );
  await page.route(/\/usage\?period=/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { cdrUsage: unknown[] };
    await route.fulfill({ response, json: { ...body, cdrUsage: [] } });
  });
  await login(page, 'MT00000005');
  const resource = resourceKeys.usageRecords(5, 7, fromDate, today);
  const ingestStart = Date.now();
  await page.goto(`${base}/consumption/details?period=range&from=${fromDate}&to=${today}`);
  let done: number | null = null;
  for (let i = 0; i < 6000 && done === null; i++) {
    done = await readMeta(page, resource);
    if (done === null) await page.waitForTimeout(100);
  }
  if (done === null) throw new Error('1M ingest did not finish');
  console.log(`    (setup: 1,000,000 records ingested by the app in ${Math.round((Date.now() - ingestStart) / 1000)} s)`);
  // Leave the details screen: its own worker would keep scanning while we measure.
  await page.goto(`${base}/settings/main`);
  const times = await page.evaluate(
    async ({ url, from, to, runs }) => {
      const worker = new Worker(url, { type: 'module' });
      // Comlink's wire format, spoken directly so the bench needs no bundle of its own.
      let id = 0;
      const callWorker = (method: string, arg: unknown) =>
        new Promise<{ matched: number }>((resolve, reject) => {
          const callId = `bench-${++id}`;
          // A worker that fails to load or never answers fails the bench instead of hanging it.
          worker.onerror = (event) => reject(new Error(`usage worker: ${event.message}`));
          setTimeout(() => reject(new Error('usage worker: no answer within 60 s')), 60_000);
          const onMessage = (event: MessageEvent<{ id: string; value: { matched: number } }>) => {
            if (event.data.id !== callId) return;
            worker.removeEventListener('message', onMessage);
            resolve(event.data.value);
          };
          worker.addEventListener('message', onMessage);
          worker.postMessage({ id: callId, type: 'APPLY', path: [method], argumentList: [{ type: 'RAW', value: arg }] });
        });
      const out: number[] = [];
      for (let r = 0; r < runs; r++) {
        const t0 = performance.now();
        const result = await callWorker('aggregateOnly', { contractId: 7, from, to });
        if (result.matched !== 1_000_000) throw new Error(`aggregated ${result.matched} rows`);
        out.push(performance.now() - t0);
      }
      worker.terminate();
      return out;
    },
    { url: `/assets/${workerFile}`, from: period.from, to: period.to, runs },
  );
  await context.close();
  console.log(`    usage_aggregate_1m runs (ms): ${times.map((t) => Math.round(t)).join(', ')}`);
  return median(times);
};

const maxLongTask = async (browser: Browser): Promise<number> => {
  const context = await browser.newContext({ serviceWorkers: 'block', locale: 'fr-BE', viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await login(page, 'MT00000005');
  const to = new Date();
  const from = new Date(to.getTime() - 200 * 86_400_000);
  const url = `${base}/consumption/details?period=range&from=${iso(from)}&to=${iso(to)}`;
  await page.goto(url);
  for (let i = 0; i < 1200 && (await readMeta(page, resourceKeys.usageRecords(5, 7, iso(from), iso(to)))) === null; i++)
    await page.waitForTimeout(100);
  await context.addInitScript(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const maxima: number[] = [];
  for (let r = 0; r < runs; r++) {
    await page.goto(url);
    const scroller = page.getByRole('region', { name: 'Communications de la période' });
    await scroller.waitFor({ timeout: 60_000 });
    const count = await scroller.getByRole('listitem').first().getAttribute('aria-setsize');
    // The whole period is listed: every record of the last 6 bill cycles (this was a browser test's assertion).
    if (Number(count) < 200_000) throw new Error(`the details list holds ${count} records, not the heavy customer's 200,000`);
    // The list scrolls with the window (issue 43 point 7): the window is scrolled to the list's end in 20 steps.
    for (let step = 1; step <= 20; step++) {
      await scroller.evaluate((el, s) => {
        const top = el.getBoundingClientRect().top + window.scrollY;
        window.scrollTo(0, top + ((el.scrollHeight - window.innerHeight) * s) / 20);
      }, step);
      await page.waitForTimeout(50);
    }
    await scroller.locator(`[aria-posinset="${count}"]`).filter({ hasNotText: 'Chargement' }).waitFor();
    maxima.push(await page.evaluate(() => Math.max(0, ...(window as unknown as { longTasks: number[] }).longTasks)));
  }
  await context.close();
  console.log(`    consumption max long task per run (ms): ${maxima.map((t) => Math.round(t)).join(', ')}`);
  return median(maxima);
};

export const run = async (): Promise<Record<string, number>> => {
  distDir = benchBuildDir();
  const server = await startServer();
  const browser = await chromium.launch({
    executablePath: fs.existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined,
    args: ['--no-sandbox'],
  });
  try {
    // USAGE_FIGURES=ingest,aggregate,longtask: only some of the figures (all by default).
    const only = process.env.USAGE_FIGURES?.split(',');
    const wanted = (name: string) => !only || only.includes(name);
    return {
      ...(wanted('ingest') ? { usage_ingest_100k_ms: await ingest(browser) } : {}),
      ...(wanted('aggregate') ? { usage_aggregate_1m_ms: await aggregate1m(browser) } : {}),
      ...(wanted('longtask') ? { consumption_max_long_task_ms: await maxLongTask(browser) } : {}),
    };
  } finally {
    await browser.close();
    server.kill();
  }
};
