import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { axePassBudget, expectNoSeriousViolations } from './fixtures/axe.ts';
import { openInApp } from './fixtures/open-in-app.ts';
import { signIn } from './fixtures/sign-in.ts';
import { expect, test } from './fixtures/test.ts';
import { privateRoutes, publicRoutes } from './routes.ts';

/*
 * Every route (e2e/routes.ts) in every language, on the phone (390 px, the narrowest layout): the page says it is in
 * that language (<html lang>), nothing is wider than the screen (long Dutch words, long English labels), and no
 * text of the page is one the other languages' texts have and this language's have not (a key missing in nl or en
 * falls back to French silently), nor a bare translation key. The scenarios of the other specs each run in one
 * language; this is where the others are checked on every screen.
 *
 * The French visit of every route (and the Dutch one of /login, whose language switcher then shows the other choice)
 * also runs axe: this is the phone's axe pass on every route, e2e/accessibility.spec.ts runs it at desktop size.
 */

const languages = ['fr', 'nl', 'en'] as const;
type Language = (typeof languages)[number];

/** Every string of a language's texts (locales/<lang>/*.json), with the keys they sit under. */
const catalogue = (lang: Language): { texts: Set<string>; keys: Set<string> } => {
  const dir = path.resolve(import.meta.dirname, '..', 'locales', lang);
  const texts = new Set<string>();
  const keys = new Set<string>();
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const ns = file.replace(/\.json$/, '');
    const walk = (value: unknown, key: string) => {
      if (typeof value === 'string') {
        texts.add(value.trim());
        // As the code names it, with and without its namespace; a plural form's key without its suffix.
        for (const name of new Set([key, key.replace(/_(zero|one|two|few|many|other)$/, '')])) keys.add(name).add(`${ns}:${name}`);
      } else if (value && typeof value === 'object') {
        for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}.${k}` : k);
      }
    };
    walk(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as unknown, '');
  }
  return { texts, keys };
};

const catalogues = Object.fromEntries(languages.map((lang) => [lang, catalogue(lang)])) as Record<Language, ReturnType<typeof catalogue>>;

/**
 * Texts that would give away another language on a page in `lang`: the other languages' texts that `lang` does not
 * have (interpolated ones cannot be matched whole, and very short ones, such as "OK", are words of every language).
 */
const foreignTexts = (lang: Language): string[] => {
  const own = catalogues[lang].texts;
  const foreign = new Set<string>();
  for (const other of languages)
    if (other !== lang)
      for (const text of catalogues[other].texts) if (!own.has(text) && !text.includes('{{') && text.length > 3) foreign.add(text);
  return [...foreign];
};

const allKeys = [...new Set(languages.flatMap((lang) => [...catalogues[lang].keys]))].filter(
  (key) => key.includes('.') || key.includes(':'),
);

type PageReport = { lang: string; overflow: number; width: number; foreign: string[]; keys: string[] };

/** What the page shows, read in the page: its language, its width, and its visible texts that do not belong. */
const inspect = (page: Page, foreign: string[]): Promise<PageReport> =>
  page.evaluate(
    ({ foreign, keys }) => {
      const foreignSet = new Set(foreign);
      const keySet = new Set(keys);
      const seen: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent?.trim() ?? '';
        if (!parent || text === '' || !parent.checkVisibility({ visibilityProperty: true })) continue;
        seen.push(text);
      }
      for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], img[alt]'))
        for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = element.getAttribute(name)?.trim();
          if (value) seen.push(value);
        }
      seen.push(document.title.trim());
      return {
        lang: document.documentElement.lang,
        overflow: document.documentElement.scrollWidth,
        width: window.innerWidth,
        foreign: [...new Set(seen.filter((text) => foreignSet.has(text)))],
        keys: [...new Set(seen.filter((text) => keySet.has(text)))],
      };
    },
    { foreign, keys: allKeys },
  );

/**
 * Texts that belong where they are though another language has them: what the server sent in the language of its
 * day (a notification already sent is listed as it was sent, in the customer's language then).
 */
const dataInAnotherLanguage: Record<string, readonly string[]> = {
  '/settings/alerts': ['Nouvelle facture'],
};

/** What is wrong with the page as it is now, one line each. */
const problemsOf = async (page: Page, route: string, lang: Language): Promise<string[]> => {
  const report = await inspect(page, foreignTexts(lang));
  const expected = dataInAnotherLanguage[route] ?? [];
  const problems: string[] = [];
  if (report.lang !== lang) problems.push(`<html lang="${report.lang}">`);
  if (report.overflow > report.width) problems.push(`${report.overflow - report.width} px wider than the screen`);
  problems.push(...report.foreign.filter((text) => !expected.includes(text)).map((text) => `text of another language: "${text}"`));
  problems.push(...report.keys.map((key) => `translation key shown: "${key}"`));
  return problems.map((problem) => `${route} (${lang}): ${problem}`);
};

// Every route is checked, whatever the routes before it showed.
const softExpect = expect.configure({ soft: true });

/** The visits that also run axe: every route in French, and the login page in Dutch. */
const withAxe = (route: string, lang: Language): boolean => lang === 'fr' || (lang === 'nl' && route === '/login');

/**
 * Open a route in a language and wait until it has its title and no loading indicator, then until it has no problem
 * left: the prerendered login page is in French until the app takes it over. Then axe, on the visits of `withAxe`.
 * A group's first route is loaded (`load`; `none`: signed in straight there), the next ones are opened in the app as
 * a link opens them (fixtures/open-in-app.ts).
 */
const check = async (page: Page, route: string, lang: Language, open: 'load' | 'link' | 'none'): Promise<void> => {
  const address = `${route}${route.includes('?') ? '&' : '?'}lang=${lang}`;
  if (open === 'load') await page.goto(address);
  else if (open === 'link') await openInApp(page, address);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^(Chargement|Laden|Loading)…$/ })).toHaveCount(0, { timeout: 15_000 });
  await softExpect.poll(() => problemsOf(page, route, lang), { timeout: 10_000 }).toEqual([]);
  if (withAxe(route, lang)) await expectNoSeriousViolations(page, `${route} (${lang})`);
};

// Routes in groups of six or seven, one test each, so that they run in parallel (the French ones also run axe).
const inGroups = (routes: readonly string[], count: number): string[][] => {
  const bounds = Array.from({ length: count + 1 }, (_, group) => Math.round((group * routes.length) / count));
  return Array.from({ length: count }, (_, group) => routes.slice(bounds[group], bounds[group + 1]));
};
const budget = (routes: readonly string[], lang: Language) =>
  30_000 + routes.reduce((total, route) => total + 15_000 + (withAxe(route, lang) ? axePassBudget : 0), 0);

for (const lang of languages) {
  for (const [group, routes] of inGroups(publicRoutes, 3).entries()) {
    test(`public routes in ${lang} (${group + 1} of 3): their language, no overflow, no untranslated text`, async ({ page }) => {
      test.setTimeout(budget(routes, lang));
      for (const [i, route] of routes.entries()) await check(page, route, lang, i === 0 ? 'load' : 'link');
    });
  }

  for (const [group, routes] of inGroups(privateRoutes, 4).entries()) {
    test(`signed-in routes in ${lang} (${group + 1} of 4): their language, no overflow, no untranslated text`, async ({ page }) => {
      test.setTimeout(budget(routes, lang));
      // Signed in straight on the group's first route (no home on the way).
      await signIn(page, 'sophie', { lang, path: routes[0] });
      for (const [i, route] of routes.entries()) await check(page, route, lang, i === 0 ? 'none' : 'link');
    });
  }
}
