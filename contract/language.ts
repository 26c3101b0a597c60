/*
 * The app's languages (docs/product/settings.md "Language") without zod: the login route checks a language (?lang=,
 * the stored choice, the language menu) before any schema is loaded (it ships only what a visitor needs). common.ts
 * builds languageSchema on this list.
 */

export const languages = ['fr', 'nl', 'en'] as const;
export type Language = (typeof languages)[number];
/** fr is the default and the fallback. */
export const defaultLanguage: Language = 'fr';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/*
 * The language a page is painted in before any script runs (the prerendered login pages, which the server and the
 * service worker choose between): the same order as the app's start (src/i18n/i18n.ts `initialLanguage`), with the
 * saved choice read from a cookie the app keeps beside it, since neither the server nor the worker can read the
 * app's localStorage.
 */

/** The language chosen on this device, mirrored for the server and the service worker (a necessary cookie). */
export const LANGUAGE_COOKIE = 'lang';
/** As long as the consent cookie: a choice the visitor made stays made. */
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The saved choice in a Cookie header (`a=1; lang=nl`), or null. */
export const languageCookieValue = (cookieHeader: string | null | undefined): Language | null => {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE && isLanguage(value)) return value;
  }
  return null;
};

/** An Accept-Language header's languages, the preferred first (`nl-BE,nl;q=0.9,en;q=0.8` → nl-BE, nl, en). */
export const acceptedLanguages = (header: string | null | undefined): string[] =>
  (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([0-9.]+)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.tag !== '*' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map((entry) => entry.tag);

/** `?lang=`, then the saved choice, then the first of the browser's languages the app speaks, then fr. */
export const pageLanguage = (choice: { query: string | null; saved: Language | null; browser: readonly string[] }): Language => {
  if (isLanguage(choice.query)) return choice.query;
  if (choice.saved) return choice.saved;
  for (const candidate of choice.browser) {
    const short = candidate.slice(0, 2).toLowerCase();
    if (isLanguage(short)) return short;
  }
  return defaultLanguage;
};

/** The prerendered page's file in a language: `login.html` in French, `login-nl.html` in Dutch. */
export const pageFileIn = (page: string, language: Language): string =>
  language === defaultLanguage ? `${page}.html` : `${page}-${language}.html`;
