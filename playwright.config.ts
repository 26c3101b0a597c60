import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { runClockOffset } from './contract/fixtures/clock.ts';
import { testChromium as launchOptions } from './e2e/fixtures/browsers.ts';
import { decidedConsent } from './e2e/fixtures/consent.ts';

/*
 * Browser tests against the production build, served by the compiled reference server in test mode. The global
 * setup (e2e/global-setup.ts) compiles the server, seeds the demo database once for the run and starts the main
 * server on E2E_PORT with a copy of it; the offline specs' servers start from copies of the same file
 * (e2e/fixtures/offline-server.ts). Chromium: Debian's headless shell, else its full Chromium, else Playwright's own
 * (e2e/fixtures/browsers.ts).
 */

const port = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://localhost:${port}`;
// The run's folder (seeded database, counts), made once by the runner; its workers read this configuration again
// and inherit the runner's environment, so they find the same folder.
process.env.E2E_RUN_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-run-'));
process.env.E2E_SEED_FILE ??= path.join(process.env.E2E_RUN_DIR, 'seed.sqlite');
// The run's pinned clock (contract/fixtures/clock.ts), fixed once here for the seed, the servers and the browsers.
runClockOffset(process.env);

const phone = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, browserName: 'chromium' as const, launchOptions };
const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions };
/**
 * The phone runs every scenario once, in one language (each spec spreads its scenarios over French and Dutch;
 * e2e/languages.spec.ts opens every route in every language for overflow and untranslated text). The desktop runs
 * what depends on the screen's width only, the tests tagged `@desktop`: its layout (e2e/consumption-layout.spec.ts,
 * defects seen at one size), its navigation (the header instead of the tab bar: logout, the energy entry), axe on
 * every route at its size (e2e/accessibility.spec.ts) and the first paint (e2e/first-load.spec.ts). Everything
 * else runs the same code whatever the width.
 */
const desktopTests = /@desktop/;
/**
 * Tests for the desktop only (`@desktop-only`, matched by `desktopTests` too): axe on every route at desktop size,
 * whose phone pass runs in e2e/languages.spec.ts during the visit it makes of every route anyway.
 */
const desktopOnly = /@desktop-only/;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  // Two browsers on two cores: a third made every test slower and the whole suite longer (measured).
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  globalSetup: './e2e/global-setup.ts',
  use: {
    baseURL,
    headless: true,
    locale: 'fr-BE',
    timezoneId: 'Europe/Brussels',
    // Recording a trace costs every test; a failure is retried once on CI, and that retry records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions,
    // The cookie decision is made, so the consent modal does not cover what other specs test.
    storageState: decidedConsent,
  },
  projects: [
    { name: 'phone', grepInvert: desktopOnly, use: phone },
    { name: 'desktop', grep: desktopTests, use: desktop },
  ],
});
