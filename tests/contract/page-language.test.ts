import { describe, expect, it } from 'vitest';
import { acceptedLanguages, languageCookieValue, pageFileIn, pageLanguage, type Language } from '#contract/language';

/*
 * The language a prerendered page is painted in, chosen by the server and the service worker (contract/language.ts):
 * the same order as the app's start (tests/i18n/start-language.test.ts), the saved choice read from its cookie.
 */

describe('acceptedLanguages', () => {
  it.each<[string, string | undefined, string[]]>([
    ['the order the browser gives', 'nl-BE,nl;q=0.9,en;q=0.8', ['nl-BE', 'nl', 'en']],
    ['sorted by weight, ties in order', 'de;q=0.5, en;q=0.7, fr, nl;q=0.7', ['fr', 'en', 'nl', 'de']],
    ['nothing refused (q=0) and no wildcard', 'nl;q=0, *;q=0.1, en', ['en']],
    ['no header', undefined, []],
  ])('%s', (_, header, expected) => {
    expect(acceptedLanguages(header)).toEqual(expected);
  });
});

describe('languageCookieValue', () => {
  it.each<[string, string | undefined, Language | null]>([
    ['among other cookies', 'consent=v1.s0.m0; lang=nl', 'nl'],
    ['a value that is no language', 'lang=de', null],
    ['no cookie', undefined, null],
    ['a cookie whose name only ends so', 'xlang=en', null],
  ])('%s', (_, header, expected) => {
    expect(languageCookieValue(header)).toBe(expected);
  });
});

describe('pageLanguage', () => {
  it.each<[string, string | null, Language | null, string[], Language]>([
    ['?lang= over everything', 'en', 'nl', ['fr-BE'], 'en'],
    ['the saved choice over the browser', null, 'en', ['nl-BE'], 'en'],
    ['the browser’s first known language', null, null, ['de-DE', 'nl-BE', 'en'], 'nl'],
    ['an unknown ?lang= is ignored', 'de', null, ['en-GB'], 'en'],
    ['French when nothing is known', null, null, ['de-DE'], 'fr'],
  ])('%s', (_, query, saved, browser, expected) => {
    expect(pageLanguage({ query, saved, browser })).toBe(expected);
  });

  it('names the page in a language, French the plain one', () => {
    expect(['fr', 'nl', 'en'].map((language) => pageFileIn('login', language as Language))).toEqual([
      'login.html',
      'login-nl.html',
      'login-en.html',
    ]);
  });
});
