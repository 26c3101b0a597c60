import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { decidedConsent } from './e2e/fixtures/consent.ts';

/*
 * Browser tests against the production build served by the reference server in test mode, on a fresh temporary
 * database per run. The server is the compiled one, as in production: the web server command compiles it first
 * (esbuild, well under a second), so a change to server/ is never tested against a stale dist-server/. Chromium: Debian's (/usr/bin/chromium) when present, because nothing here may download its
 * own browser; otherwise Playwright's own.
 */

const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://localhost:${port}`;
const systemChromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
const executablePath = process.env.CHROMIUM_PATH ?? systemChromium;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));

const launchOptions = {
  ...(executablePath ? { executablePath } : {}),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

const phone = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, browserName: 'chromium' as const, launchOptions };
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions };
/** Tests with a time budget (long tasks) run alone. */
const performanceTests = /no long task/;
/**
 * The phone runs every scenario, in French and in Dutch. The desktop runs the tests tagged `@desktop`: every feature
 * area's scenarios (their issues ask for both sizes; a scenario written for both languages runs in Dutch there, the
 * language with the longest words), the defects seen at desktop size, its own layout and navigation (header instead
 * of tab bar, logout, energy entry), axe at its size, first paint and home. The sign-in, session and offline-core
 * specs run on the phone only: their code does not depend on the screen's width. Measured: the whole suite on both
 * projects took 22 minutes of the 25 that `npm test` may take.
 */
const desktopTests = /@desktop/;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  // Two browsers on two cores: a third made every test slower and the whole suite longer (measured).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  use: {
    baseURL,
    headless: true,
    locale: 'fr-BE',
    timezoneId: 'Europe/Brussels',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
    // The cookie decision is made, so the consent modal does not cover what other specs test.
    storageState: decidedConsent,
  },
  projects: [
    {
      name: 'phone',
      testIgnore: /maintenance\.spec/,
      grepInvert: performanceTests,
      use: phone,
    },
    {
      name: 'desktop',
      testIgnore: /maintenance\.spec/,
      grep: desktopTests,
      grepInvert: performanceTests,
      use: desktop,
    },
    {
      // The maintenance switch is server-wide, so this runs alone once the others are done.
      name: 'maintenance',
      testMatch: /maintenance\.spec/,
      dependencies: ['phone', 'desktop'],
      use: desktop,
    },
    // Long-task budgets measure wall time: on two cores a second browser would inflate them, so these run one
    // at a time after everything else. Even alone, about one run in six sees a single 50–60 ms task (measured
    // with --repeat-each); two retries keep CI honest about a real regression without failing on that noise.
    { name: 'phone-performance', grep: performanceTests, dependencies: ['maintenance'], retries: 2, use: phone },
    { name: 'desktop-performance', grep: performanceTests, dependencies: ['phone-performance'], retries: 2, use: desktop },
  ],
  webServer: {
    command: 'node scripts/build-server.mjs && node --enable-source-maps dist-server/main.js',
    url: `${baseURL}/api/public/status`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      TEST_MODE: '1',
      HOST: '127.0.0.1',
      // Every browser of the suite writes from this one address (logins, recoveries, activations): a production
      // limit per address would make the tests wait on each other.
      ANON_WRITES_PER_MINUTE: '10000',
      ...(process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {}),
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
