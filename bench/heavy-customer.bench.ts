import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { demoPassword, demoUsers } from '#contract/fixtures/demo';
import { decidedConsent } from '../e2e/fixtures/consent.ts';
import { throttlePhone } from '../e2e/fixtures/throttle.ts';
import { benchBuildDir } from './bench-build.ts';
import { startServer } from './servers.ts';

/*
 * A heavy customer's first visit of the screens that answer from her usage (issue 41 point 7): Yasmine (200,000
 * records over her last 6 bill cycles) opens /subscription/main and /offers/main on a new device (a fresh browser
 * context, nothing stored), on a phone as Lighthouse's mobile preset throttles it in DevTools (4× CPU, Slow 4G:
 * e2e/fixtures/throttle.ts). Per screen, median of RUNS (HEAVY_RUNS): the time from the navigation's start to the
 * screen's first answers (its first data from the API), to the plan advice / the tariff link with her averages, the
 * time between the two, and how many usage-record pages it asked for. `HEAVY_URL=http://127.0.0.1:<port> npm run bench -- heavy-customer` measures a server already running
 * (another tree's build, for a before/after), otherwise the bench's own build is started.
 */

const RUNS = Number(process.env.HEAVY_RUNS ?? 3);
/** Beyond this, the screen is reported as not answering (HEAVY_GIVE_UP_MS; the records download took 11.5 s on the offers). */
const GIVE_UP_MS = Number(process.env.HEAVY_GIVE_UP_MS ?? 180_000);

const screens = [
  {
    name: 'subscription',
    path: '/subscription/main',
    heading: /^Mon abonnement$/,
    // Its first answers: the line's plan and options (GET …/full, then …/products).
    first: (page: Page) => page.getByRole('heading', { level: 2, name: 'Mes options' }),
    answer: (page: Page) => page.getByRole('table', { name: /Ce que chaque forfait/ }),
  },
  {
    name: 'offers',
    path: '/offers/main',
    heading: /^Offres et avantages$/,
    // Its first answers: her advantages (GET …/offers).
    first: (page: Page) => page.getByRole('heading', { level: 2, name: 'Vos avantages' }),
    answer: (page: Page) => page.getByRole('link', { name: /Comparer les tarifs pour mon profil/ }),
  },
] as const;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

const visit = async (baseUrl: string, screen: (typeof screens)[number]) => {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  try {
    const context = await browser.newContext({
      baseURL: baseUrl,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: 'fr-BE',
      storageState: decidedConsent,
    });
    const page = await context.newPage();
    const login = await page.request.post('/api/public/users/login', {
      data: { login: demoUsers.yasmine.logins[0], password: demoPassword },
    });
    if (login.status() !== 200) throw new Error(`login ${login.status()}`);
    await throttlePhone(page);
    let recordPages = 0;
    page.on('request', (request) => {
      if (/\/usage\/history/.test(request.url())) recordPages += 1;
    });
    const start = Date.now();
    await page.goto(`${screen.path}?lang=fr`, { waitUntil: 'commit' });
    await page.getByRole('heading', { level: 1, name: screen.heading }).waitFor({ timeout: GIVE_UP_MS });
    const title = Date.now() - start;
    await screen.first(page).waitFor({ timeout: GIVE_UP_MS });
    const firstAnswers = Date.now() - start;
    // Not answered in time: reported as the time given up at (a lower bound), with the record pages asked for so far.
    const answered = await screen
      .answer(page)
      .waitFor({ timeout: GIVE_UP_MS })
      .then(
        () => Date.now() - start,
        () => GIVE_UP_MS,
      );
    return { title, firstAnswers, answered, afterFirstAnswers: answered - firstAnswers, recordPages };
  } finally {
    await browser.close();
  }
};

export const run = async (): Promise<Record<string, number>> => {
  const own = process.env.HEAVY_URL
    ? null
    : await startServer({ DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'heavy-')) }, { staticDir: benchBuildDir() });
  const baseUrl = process.env.HEAVY_URL ?? own!.url;
  const figures: Record<string, number> = {};
  try {
    for (const screen of screens) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) runs.push(await visit(baseUrl, screen));
      console.log(`  ${screen.name}: ${JSON.stringify(runs)}`);
      figures[`heavy_${screen.name}_first_answers_ms`] = median(runs.map((r) => r.firstAnswers));
      figures[`heavy_${screen.name}_answered_ms`] = median(runs.map((r) => r.answered));
      figures[`heavy_${screen.name}_after_first_answers_ms`] = median(runs.map((r) => r.afterFirstAnswers));
      figures[`heavy_${screen.name}_record_pages`] = median(runs.map((r) => r.recordPages));
    }
  } finally {
    await own?.stop();
  }
  return figures;
};
