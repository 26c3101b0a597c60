import type { Page } from '@playwright/test';
import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import type { demoUsers } from '#contract/fixtures/demo';
import { ConsumptionPage } from './page-models/consumption-page.ts';
import { runNow } from './fixtures/clock.ts';

/*
 * Figures a customer can trust (docs/product/consumption.md "What counts against a bundle", "Loading and partial
 * figures"): Marc's calls bundle is the same on home, the consumption summary and its totals, and counts no incoming
 * call; his out-of-bundle page explains the warning it shows; the plan advisor says what its table says, and nothing on
 * a blocked line; Yasmine's 200,000 records load behind one growing counter, with no average, total or comparison link
 * before they are all there, and the link then carries her average use of 6 bill cycles as the server counts it.
 * Every call time read on screen must fit in the time it was used in.
 */

test.describe.configure({ timeout: 180_000 });

// Bill cycles start at local midnight in Brussels (the server's calendar): the expected figures are computed there.
process.env.TZ = 'Europe/Brussels';

/**
 * Through the API (e2e/fixtures/sign-in.ts): this spec is about figures, not signing in. In French, straight on the
 * page the test reads first (home if none).
 */
const loginAs = (page: Page, who: keyof typeof demoUsers, path?: string) => signIn(page, who, { lang: 'fr', path });

/** Seconds of a duration as the app writes it ("1 h 10 min 24 s", "1 u 10 min 24 s"). */
const secondsOf = (text: string): number => {
  let seconds = 0;
  for (const [, value, unit] of text.matchAll(/(\d[\d\s.\u202f\u00a0]*)\s*(h|u|min|s)\b/g)) {
    const n = Number((value ?? '').replace(/[\s.\u202f\u00a0]/g, ''));
    seconds += unit === 'h' || unit === 'u' ? n * 3600 : unit === 'min' ? n * 60 : n;
  }
  return seconds;
};

/** When the current bill started, from the API the app reads (the page's cookies). */
const cycleStart = async (page: Page, customerId: number, contractId: number): Promise<number> => {
  const response = await page.request.get(`/api/customer/${customerId}/contract/${contractId}/usage?period=current`);
  const { period } = (await response.json()) as { period: { start: string } };
  const [y, m, d] = period.start.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).getTime();
};

/**
 * The invariant every screen must hold: a call time shown for the current bill is no longer than the time since the
 * bill started (one line cannot call for more hours than there were). A figure that breaks it fails the test.
 */
const expectPossibleCallTime = (text: string, since: number) => {
  const seconds = secondsOf(text);
  expect(seconds, `"${text}": more call time than the ${Math.round((runNow() - since) / 3_600_000)} hours of the bill`).toBeLessThanOrEqual(
    (runNow() - since) / 1000,
  );
  return seconds;
};

const callsMeter = (page: Page) => page.getByRole('meter', { name: /^(Appels|Gesprekken|Calls)$/ });

test('Marc: the calls bundle counts his outgoing calls only, the same on home, consumption and its totals', async ({ page }) => {
  // Home in French, its alert modals closed.
  await loginAs(page, 'marc');
  const since = await cycleStart(page, 3, 4);

  // Home's gauge says what remains ("110 min restants sur 150 min · 21 jours restants", in whole minutes), no "bundle
  // used up" (he received 1 h 44 min more, which never count).
  const home = (await callsMeter(page).getAttribute('aria-valuetext')) ?? '';
  const remainingText = /^(.+) restants sur 150\smin · \d+ jours? restants?$/.exec(home)?.[1];
  expect(remainingText, home).toBeDefined();
  const remaining = secondsOf(remainingText ?? '');
  await expect(page.getByText('Forfait épuisé : la suite est facturée hors forfait.')).toHaveCount(0);

  // Consumption: the used time to the second ("1 h 10 min 24 s sur 150 min"), which is what home's remaining
  // leaves of the 150 minutes (home counts whole minutes); the incoming calls said apart, and the worker's totals
  // agree to the second.
  await page.goto('/consumption/main?lang=fr');
  const consumption = new ConsumptionPage(page);
  await expect(callsMeter(page)).toHaveAttribute('aria-valuetext', / sur 150\smin$/, { timeout: 30_000 });
  const shown = (await callsMeter(page).getAttribute('aria-valuetext')) ?? '';
  const used = expectPossibleCallTime(shown.split(' sur ')[0] ?? '', since);
  expect(used).toBeGreaterThan(0);
  expect(used).toBeLessThan(150 * 60);
  expect(Math.abs(150 * 60 - used - remaining), `${shown} against ${home}`).toBeLessThan(60);
  // The received calls said apart (the texts have their own line: "Reçus, gratuits : 8 SMS").
  await expect(page.getByText(/^Reçus, gratuits : [\d\s]+(h|min|s)\b/)).toBeVisible();
  await expect(page.getByText('Forfait épuisé : la suite est facturée hors forfait.')).toHaveCount(0);
  await consumption.waitForTotals();
  await consumption.waitForLocalData();
  expect(secondsOf(await consumption.totalCell('Appels', 0))).toBe(used);
  const received = secondsOf(await consumption.totalCell('Appels', 1));
  expect(received).toBeGreaterThan(0);
  expectPossibleCallTime(`${used + received} s`, since);
  await expect(consumption.totals).toContainText(/Frais hors forfait de la facture\s*52,30\s€/);

  // The out-of-bundle page explains the 52.30 €: calls abroad and premium texts, nothing national.
  await page.goto('/consumption/overspent?lang=fr');
  const table = page.getByTestId('overspent-table');
  await expect(table.getByRole('row', { name: /^National/ })).toContainText('0,00');
  await expect(table.getByRole('row', { name: /^Total hors forfait/ })).toContainText('52,30');
  const charges = page.getByTestId('charge-lines');
  await expect(charges.getByRole('row', { name: /^Appels vers l’étranger : \d+ minutes × 0,15\s€/ })).toBeVisible();
  await expect(charges.getByRole('row', { name: /^SMS premium : \d+ achats?/ })).toBeVisible();
  await expect(charges.getByRole('row', { name: /^Total/ })).toContainText('52,30');
  await expect(page.getByTestId('oob-total')).toHaveText(/^\d+ communications hors forfait, facturées 52,30\s€$/);
});

test('Marc: the plan advisor says what its table says', async ({ page }) => {
  await loginAs(page, 'marc', '/subscription/main');
  const panel = page.getByRole('region', { name: 'Ce que chaque forfait vous aurait coûté par mois' });
  await expect(panel).toBeVisible({ timeout: 60_000 });
  const current = panel.getByRole('row', { name: /\(actuel\)/ });
  const covers = (await current.getByRole('cell').last().innerText()).trim();
  const advice = page.getByRole('heading', { name: 'Quel forfait me convient ?' }).locator('..');
  if (covers === 'Non') {
    // Never "already the cheapest that covers" beside a "No".
    await expect(advice).not.toContainText('couvre votre consommation, et aucune autre formule');
    await expect(advice).toContainText('Votre formule actuelle ne couvre pas votre consommation');
  } else {
    await expect(advice).not.toContainText('ne couvre pas');
  }
  // The plan the advice names covers, in the table too.
  const named = /(Mega Mobile [SML]|Mega Pro \d+)/.exec(
    await page
      .getByTestId('plan-suggestion')
      .innerText()
      .catch(() => ''),
  )?.[1];
  if (named)
    await expect(
      panel
        .getByRole('row', { name: new RegExp(`^${named}`) })
        .getByRole('cell')
        .last(),
    ).toHaveText('Oui');
});

test('Emma: no plan advice on the line blocked for fraud', async ({ page }) => {
  await loginAs(page, 'emma', '/subscription/main?contractId=6');
  await expect(
    page.getByText('Pas de conseil de formule pour cette ligne tant qu’elle est bloquée ou ne peut pas être modifiée.'),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('plan-suggestion')).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Ce que chaque forfait vous aurait coûté par mois' })).toHaveCount(0);
});

/** Records, in the page, what the screen showed at every change: the progress texts and whether figures were there. */
const recordLoading = (page: Page) =>
  page.addInitScript(() => {
    type Snapshot = { progress: string[]; average: boolean; totals: boolean; link: boolean };
    const log: Snapshot[] = [];
    (window as unknown as { __loading: Snapshot[] }).__loading = log;
    const look = () => {
      const progress = [...document.querySelectorAll('[role="status"]')]
        .map((e) => e.textContent ?? '')
        .filter((text) => /^Chargement (des communications|de votre consommation)/.test(text));
      log.push({
        progress,
        average: document.querySelector('[data-testid="usage-average"]') !== null,
        totals: document.querySelector('[data-testid="usage-totals"]') !== null,
        link: document.querySelector('a[href*="minutes="]') !== null,
      });
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  });

type Snapshot = { progress: string[]; average: boolean; totals: boolean; link: boolean };
const numbersOf = (text: string): number[] => [...text.matchAll(/\d[\d\s\u202f\u00a0.]*/g)].map((m) => Number(m[0].replace(/\D/g, '')));

/** One counter over the whole load: it only grows, towards one total that never restarts lower. */
const expectHonestProgress = (log: Snapshot[]) => {
  const seen = log.flatMap((s) => s.progress).map(numbersOf);
  expect(seen.length, 'a progress was shown while loading').toBeGreaterThan(0);
  let last = { loaded: 0, total: 0 };
  for (const [loaded = 0, total = 0] of seen) {
    expect(loaded, `progress went back from ${last.loaded} to ${loaded}`).toBeGreaterThanOrEqual(last.loaded);
    expect(total, `total went back from ${last.total} to ${total}`).toBeGreaterThanOrEqual(last.total);
    expect(loaded).toBeLessThanOrEqual(total);
    last = { loaded, total };
  }
  return last;
};

test('Yasmine: no average, total or figure while her 200,000 records load, and one counter that only grows', async ({ page }) => {
  await recordLoading(page);
  await loginAs(page, 'yasmine', '/consumption/main');
  const consumption = new ConsumptionPage(page);
  // The totals only appear once every record is there: wait on the whole load, not on the totals.
  await consumption.waitForLocalData();
  await expect(page.getByTestId('usage-average')).toBeVisible({ timeout: 120_000 });
  const log = await page.evaluate(() => (window as unknown as { __loading: Snapshot[] }).__loading);
  const { total } = expectHonestProgress(log);
  // The whole load: the current bill and the six before it, counted up front.
  expect(total).toBeGreaterThan(150_000);
  for (const snapshot of log.filter((s) => s.progress.length > 0)) {
    expect(snapshot.average, 'an average shown while records load').toBe(false);
    expect(snapshot.totals, 'totals shown while records load').toBe(false);
  }
  // The figures once complete can be true: her calls fit in the bill's time.
  const since = await cycleStart(page, 5, 7);
  const calls = [0, 1, 2].map(async (column) => secondsOf(await consumption.totalCell('Appels', column as 0 | 1 | 2)));
  expectPossibleCallTime(`${(await Promise.all(calls)).reduce((a, b) => a + b, 0)} s`, since);
  expectPossibleCallTime((await callsMeter(page).getAttribute('aria-valuetext')) ?? '', since);
  // The average is of whole data: tens of gigabytes a bill, not the few megabytes of the first page.
  await expect(page.getByTestId('usage-average')).toHaveText(/\d+,\d\d\sGo de données/);
});

type BillCycle = { startDay: number; frequencyUnit: string; frequencyDuration: number };

/**
 * The last `count` completed monthly bill cycles (local time, Brussels as set above), computed here rather than with
 * the app's code: a cycle starts on `startDay` at 00:00 and ends the day before the next start at 23:59:59.999.
 */
const completedMonthlyCycles = (startDay: number, now: Date, count: number): { start: Date; end: Date }[] => {
  let current = new Date(now.getFullYear(), now.getMonth(), startDay);
  if (current > now) current = new Date(now.getFullYear(), now.getMonth() - 1, startDay);
  return Array.from({ length: count }, (_, i) => {
    const back = count - i;
    const start = new Date(current.getFullYear(), current.getMonth() - back, startDay);
    const end = new Date(current.getFullYear(), current.getMonth() - back + 1, startDay);
    end.setMilliseconds(-1);
    return { start, end };
  });
};

type HistoryPage = {
  data: { service_cat: string; service_used: number; incoming: boolean; is_oob: boolean; destination: string; event_time: string }[];
};

/**
 * Yasmine's average outgoing national use per bill cycle over her last 6 completed cycles, summed here from what the
 * server holds (its usage history, page by page), independently of the app: what the comparison link must carry
 * (docs/product/offers.md "Tariff comparison link").
 */
const serverAverage = async (page: Page): Promise<{ minutes: number; sms: number; data: number }> => {
  const full = (await (await page.request.get('/api/customer/5/full')).json()) as {
    contracts: { id: number; bill_cycle: BillCycle | null }[];
  };
  const contract = full.contracts.find((c) => c.id === 7)!;
  const billCycle = contract.bill_cycle ?? { startDay: 1, frequencyUnit: 'MONTH', frequencyDuration: 1 };
  // The demo's cycles are monthly and start on a day every month has.
  expect(billCycle).toMatchObject({ frequencyUnit: 'MONTH', frequencyDuration: 1 });
  expect(billCycle.startDay).toBeLessThanOrEqual(28);
  const cycles = completedMonthlyCycles(billCycle.startDay, new Date(runNow()), 6);
  const from = cycles[0]!.start.getTime();
  const to = cycles[cycles.length - 1]!.end.getTime();
  const day = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  let seconds = 0;
  let sms = 0;
  let bytes = 0;
  for (let n = 1; ; n += 1) {
    const res = await page.request.get(
      `/api/customer/5/contract/7/usage/history?from=${day(cycles[0]!.start)}&to=${day(cycles[cycles.length - 1]!.end)}&megalist-page=${n}&megalist-batchSize=5000`,
    );
    expect(res.ok()).toBe(true);
    const { data } = (await res.json()) as HistoryPage;
    for (const r of data) {
      const at = Date.parse(r.event_time);
      if (at < from || at > to) continue;
      // What counts against a bundle: national and EU-roaming use; never received calls and texts (docs/product/consumption.md).
      const counted = r.destination === 'national' || (r.destination === 'roaming' && !r.is_oob);
      if (!counted) continue;
      if (r.service_cat === 'data') bytes += r.service_used;
      else if (!r.incoming && r.service_cat === 'call') seconds += r.service_used;
      else if (!r.incoming && r.service_cat === 'sms') sms += r.service_used;
    }
    if (data.length < 5000) break;
  }
  expect(seconds).toBeGreaterThan(0);
  return { minutes: Math.ceil(seconds / 6 / 60), sms: Math.round(sms / 6), data: Math.ceil(bytes / 6 / 1024 ** 2) };
};

test('Yasmine: the tariff comparison link carries her average of 6 bill cycles, without downloading her records', async ({ page }) => {
  // The link reads each cycle's totals (GET …/usage/cycles, issue 41 point 7): none of her 200,000 records is asked for.
  const recordRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.endsWith('/usage/history')) recordRequests.push(request.url());
  });
  await loginAs(page, 'yasmine', '/offers/main');
  await expect(page.getByRole('heading', { name: 'Comparer les tarifs' })).toBeVisible();
  const link = page.getByRole('link', { name: /Comparer les tarifs pour mon profil/ });
  await expect(link).toBeVisible();
  expect(recordRequests).toEqual([]);

  // The link carries what the server holds, summed here from her records independently of the app.
  const href = new URL((await link.getAttribute('href'))!);
  const average = await serverAverage(page);
  expect(Object.fromEntries(href.searchParams)).toEqual({
    operator: 'mega',
    lang: 'fr',
    service: 'mobile',
    minutes: String(average.minutes),
    sms: String(average.sms),
    data: String(average.data),
  });
  await expect(page.getByTestId('comparison-profile')).toContainText(`${average.minutes} minutes`);
});
