// @vitest-environment jsdom
import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Language } from '#contract/language';
import { followLanguage, initI18n, initialLanguage, setLanguage, storedLanguage } from '#i18n/i18n';

/*
 * The language a start begins in (docs/product/settings.md "Language", docs/product/navigation.md "Router rules"):
 * the address's ?lang=, else the last choice made on this device (?lang=, the switcher, the profile, the account's
 * language at login), else the browser's, else French. Home's snapshot (lib/first-paint.ts) is painted in the same
 * language, so it follows every change.
 */

afterEach(() => localStorage.clear());

describe('initialLanguage', () => {
  it.each<[string, string, Language | null, readonly string[], Language]>([
    ['?lang= first, over the device’s choice', '?lang=nl', 'fr', ['en-GB'], 'nl'],
    ['?lang= with other parameters', '?contractId=3&lang=en', 'nl', [], 'en'],
    ['the device’s last choice, over the browser', '', 'nl', ['fr-BE', 'en'], 'nl'],
    ['an unknown ?lang= is ignored', '?lang=de', 'nl', ['fr-BE'], 'nl'],
    ['the browser’s first known language', '', null, ['de-DE', 'NL-be', 'fr'], 'nl'],
    ['French when nothing else is known', '', null, ['de-DE', 'es'], 'fr'],
    ['French with no browser languages', '', null, [], 'fr'],
  ])('%s', (_, search, stored, browser, expected) => {
    if (stored) localStorage.setItem('app.language', stored);
    expect(initialLanguage(search, browser)).toBe(expected);
  });

  it('mirrors a choice saved before the cookie existed into it, for the server’s login page', () => {
    document.cookie = 'lang=; Max-Age=0; Path=/';
    localStorage.setItem('app.language', 'en');
    initialLanguage('', []);
    expect(document.cookie).toContain('lang=en');
  });

  it('?lang= is the choice from the start: saved and mirrored before the router runs (a quick navigation keeps it)', () => {
    document.cookie = 'lang=; Max-Age=0; Path=/';
    localStorage.setItem('app.language', 'en');
    expect(initialLanguage('?lang=nl', ['fr-BE'])).toBe('nl');
    expect(storedLanguage()).toBe('nl');
    expect(document.cookie).toContain('lang=nl');
    expect(initialLanguage('', ['fr-BE'])).toBe('nl');
  });

  it('a stored value that is no language is ignored', () => {
    localStorage.setItem('app.language', 'xx');
    expect(storedLanguage()).toBeNull();
    expect(initialLanguage('', ['en'])).toBe('en');
  });
});

describe('setLanguage and followLanguage', () => {
  beforeAll(async () => {
    await initI18n('fr');
  });

  it('a language shown is the next start’s, and followers hear it once per change', async () => {
    const heard: Language[] = [];
    const stop = followLanguage((language) => heard.push(language));
    // Told the current language at once: a follower that starts late still catches up.
    expect(heard).toEqual(['fr']);
    await setLanguage('nl');
    expect(i18next.language).toBe('nl');
    // Kept where the server and the service worker read it too (the login page painted in it).
    expect(document.cookie).toContain('lang=nl');
    expect(initialLanguage('', ['fr-BE'])).toBe('nl');
    // The same language again changes nothing.
    await setLanguage('nl');
    await setLanguage('en');
    expect(heard).toEqual(['fr', 'nl', 'en']);
    stop();
    await setLanguage('fr');
    expect(heard).toEqual(['fr', 'nl', 'en']);
    expect(initialLanguage('', [])).toBe('fr');
  });
});
