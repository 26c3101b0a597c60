import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { demoPassword, demoUsers } from '#contract/fixtures/demo';
import { kb, measureFetched, sum, type Fetched } from '../e2e/fixtures/fetched-js.ts';
import { startOfflineServer } from '../e2e/fixtures/server-process.ts';
import { benchBuildDir } from './bench-build.ts';
import { decidedConsent } from '../e2e/fixtures/consent.ts';

/*
 * JS weight as a phone downloads it (the method of e2e/budgets.spec.ts, e2e/fixtures/fetched-js.ts): Chromium with
 * a fresh profile and no service worker opens the page, and every JS file fetched until the page is idle counts
 * with its gzip size as the server sends it.
 * - login_js_gzip_kb / login_js_files: `/login` for a first visitor (no session, no cookie decision yet): the form and
 *   the consent prompt, the load issue 27's `/login` figure describes.
 * - login_decided_js_gzip_kb: `/login` for a visitor who has already answered the cookie question (no prompt).
 * - home_js_gzip_kb / home_js_files: home for a logged-in customer (session in storage, empty HTTP cache).
 * - login_js_brotli_kb: what the browser really received for `/login` (it accepts Brotli).
 * - raw_text_answers: static JS, CSS, HTML, JSON and SVG answers of those two loads sent without compression.
 * - total_js_gzip_kb: every JS file of the build (all routes, the usage worker, the service worker), gzip -9.
 * Medians of 3 loads.
 */

const runs = 3;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const contextOptions = { serviceWorkers: 'block', locale: 'fr-BE', viewport: { width: 390, height: 844 } } as const;

type Loads = { login: Fetched; loginDecided: Fetched; home: Fetched };

const loginAndHome = async (browser: Browser, baseURL: string): Promise<Loads> => {
  // A visitor who already answered the cookie question: the form without the prompt.
  const decided = await browser.newContext({ ...contextOptions, baseURL, storageState: decidedConsent });
  const loginDecided = await measureFetched(await decided.newPage(), baseURL, '/login', {
    ready: (p) => p.getByRole('button', { name: /^Se connecter$/ }).waitFor(),
  });
  await decided.close();
  // A first visitor: the form and the consent prompt. The prompt is answered (refused) before the form is used.
  const first = await browser.newContext({ ...contextOptions, baseURL });
  const page = await first.newPage();
  const login = await measureFetched(page, baseURL, '/login', {
    ready: (p) => p.getByRole('button', { name: /^Tout refuser$/ }).waitFor(),
  });
  await page.getByRole('button', { name: /^Tout refuser$/ }).click();
  await page.getByLabel(/Numéro client/).fill(demoUsers.sophie.logins[0]);
  await page.getByLabel(/^Mot de passe$/).fill(demoPassword);
  await page.getByRole('button', { name: /^Se connecter$/ }).click();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByTestId('customer-name').waitFor();
  const storageState = await first.storageState({ indexedDB: true });
  await first.close();
  // A new context: the session (cookies, IndexedDB) without the HTTP cache of the login.
  const second = await browser.newContext({ ...contextOptions, baseURL, storageState });
  const home = await measureFetched(await second.newPage(), baseURL, '/', { ready: (p) => p.getByTestId('customer-name').waitFor() });
  await second.close();
  return { login, loginDecided, home };
};

export const run = async (): Promise<Record<string, number>> => {
  const distDir = benchBuildDir();
  const server = await startOfflineServer({ from: distDir });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const samples: Loads[] = [];
    for (let i = 0; i < runs; i++) samples.push(await loginAndHome(browser, server.url));
    if (process.env.BENCH_VERBOSE) {
      for (const file of samples[0]!.login.js) console.log(`    /login: ${file.path} ${kb(file.gzipBytes)} kB (${file.encoding ?? 'raw'})`);
    }
    // Static text files only: API answers below the compression threshold stay raw (server/app.ts).
    const raw = samples[0]!.login.text
      .concat(samples[0]!.home.text)
      .filter((answer) => !answer.encoding && !answer.path.startsWith('/api/'));
    for (const answer of raw) console.log(`    sent raw: ${answer.path} (${answer.type})`);

    const allJs = fs
      .readdirSync(path.join(distDir, 'assets'))
      .filter((f) => f.endsWith('.js'))
      .map((f) => path.join(distDir, 'assets', f))
      .concat(fs.existsSync(path.join(distDir, 'sw.js')) ? [path.join(distDir, 'sw.js')] : []);
    const totalGzip = allJs.reduce((total, file) => total + gzipSync(fs.readFileSync(file), { level: 9 }).length, 0);
    return {
      login_js_gzip_kb: median(samples.map((s) => kb(sum(s.login.js, 'gzipBytes')))),
      login_js_brotli_kb: median(samples.map((s) => kb(sum(s.login.js, 'sentBytes')))),
      login_js_files: median(samples.map((s) => s.login.js.length)),
      login_decided_js_gzip_kb: median(samples.map((s) => kb(sum(s.loginDecided.js, 'gzipBytes')))),
      home_js_gzip_kb: median(samples.map((s) => kb(sum(s.home.js, 'gzipBytes')))),
      home_js_files: median(samples.map((s) => s.home.js.length)),
      raw_text_answers: raw.length,
      total_js_gzip_kb: kb(totalGzip),
    };
  } finally {
    await browser.close();
    await server.stop();
  }
};
