import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  defaultLanguage,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  languageCookieValue,
  languages,
  pageLanguage,
  type Language,
} from '#contract/language';
import { formatBelgianPhone } from '#contract/phone';
import { operatorVariables } from '#lib/operator';
import { startNamespaces } from './namespaces.ts';
import type { Namespace } from './types.ts';

/*
 * i18next with fr as default and fallback (docs/product/settings.md "Language"). Namespaces are loaded on demand from
 * locales/<lng>/<ns>.json, so a screen only pays for its own texts; the service worker precaches them for offline
 * use. The shared namespaces are typed in types.ts, each feature's in its feature.ts; the files of every namespace are
 * found by name (texts-<lang>.ts).
 */

export type { Namespace } from './types.ts';

type Texts = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

/**
 * A language's list of text chunks, itself a chunk per language: the start-up chunk holds three imports instead of
 * one per language and namespace, whose hashed names were most of the i18n code a first visitor downloads. The
 * prerendered pages preload their language's list with its texts (src/app/prerender.tsx).
 */
const textsOf: Record<Language, () => Promise<{ texts: Texts }>> = {
  fr: () => import('./texts-fr.ts'),
  nl: () => import('./texts-nl.ts'),
  en: () => import('./texts-en.ts'),
};

const bundledBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language: string, namespace: string, callback: ReadCallback) => {
    const missing = () => new Error(`no translations for ${language}/${namespace}`);
    if (!isLanguage(language)) {
      callback(missing(), false);
      return;
    }
    textsOf[language]()
      .then(({ texts }) => {
        const load = texts[`./${namespace}.json`];
        if (!load) throw missing();
        return load();
      })
      .then(
        (module) => callback(null, module.default),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
      );
  },
};

const storageKey = 'app.language';

export const storedLanguage = (): Language | null => {
  try {
    const stored = localStorage.getItem(storageKey);
    return isLanguage(stored) ? stored : null;
  } catch {
    return null;
  }
};

/**
 * The choice, mirrored in a cookie: the server and the service worker read it to send the login page already painted
 * in it (contract/language.ts `pageLanguage`). A necessary cookie: it holds only what the visitor chose.
 */
const rememberForPages = (language: Language): void => {
  if (typeof document === 'undefined' || languageCookieValue(document.cookie) === language) return;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
};

/**
 * The language to start with: ?lang=, then the last choice on this device, then the browser's, then fr: the rule the
 * server and the service worker choose the prerendered login page by.
 */
export const initialLanguage = (search: string, browserLanguages: readonly string[]): Language => {
  const saved = storedLanguage();
  const query = new URLSearchParams(search).get('lang');
  // ?lang= switches the language on this device from the start (docs/product/navigation.md "Router rules"), not only once the router's
  // effect has run: a navigation that leaves before it did would start the next page in the previous language.
  if (isLanguage(query) && query !== saved) {
    try {
      localStorage.setItem(storageKey, query);
    } catch {
      // Private mode without storage: the choice lasts for this page only.
    }
  }
  // The choice (or one saved before the cookie existed): the next login page is painted in it too.
  const chosen = isLanguage(query) ? query : saved;
  if (chosen) rememberForPages(chosen);
  return pageLanguage({ query, saved, browser: browserLanguages });
};

export const currentLanguage = (): Language => {
  const active = i18next.resolvedLanguage ?? i18next.language;
  return isLanguage(active) ? active : defaultLanguage;
};

export const setLanguage = async (language: Language): Promise<void> => {
  try {
    localStorage.setItem(storageKey, language);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  rememberForPages(language);
  if (currentLanguage() !== language) await i18next.changeLanguage(language);
};

/** Calls `listener` with the language shown now (once i18n has started) and after each change; returns the stop. */
export const followLanguage = (listener: (language: Language) => void): (() => void) => {
  const changed = (lng: string) => {
    if (isLanguage(lng)) listener(lng);
  };
  i18next.on('languageChanged', changed);
  if (i18next.isInitialized) changed(currentLanguage());
  return () => i18next.off('languageChanged', changed);
};

/**
 * Load namespaces before a screen renders (a route's lazy()), so that it never suspends on its texts. May be called
 * before initI18n has finished (the router starts a route's chunk and its texts while i18n starts): i18next knows the
 * language from initI18n's first step (`initAsync: false` below), so these load beside the start-up's namespaces
 * rather than after them, and the answer waits for both.
 */
export const preloadNamespaces = async (ns: readonly Namespace[]): Promise<void> => {
  await i18next.loadNamespaces([...ns]);
};

export const initI18n = async (language: Language): Promise<typeof i18next> => {
  const hasDocument = typeof document !== 'undefined';
  i18next.on('languageChanged', (lng) => {
    if (!hasDocument) return;
    document.documentElement.lang = lng;
    // The window's (and the tab's) title, which index.html and the prerendered pages give in French.
    document.title = i18next.t('common:appName');
  });
  const initialized = i18next
    .use(bundledBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: defaultLanguage,
      // The language is set within init(), not in a timer after it: a route's namespaces, asked for right after
      // (preloadNamespaces), then load in it at once (an offline start at 4× CPU waited some 100 ms for the start-up's
      // namespaces before a route's began: issue 41 point 3). The texts themselves still load asynchronously.
      initAsync: false,
      supportedLngs: [...languages],
      ns: [...startNamespaces],
      defaultNS: 'common',
      // Every text may name the product and customer service without being handed them (src/lib/operator.ts).
      interpolation: { escapeValue: false, defaultVariables: operatorVariables },
      returnNull: false,
      react: { useSuspense: true },
      // A missing key is a bug: say so loudly during development (the production build leaves this out).
      ...(import.meta.env.DEV && {
        saveMissing: true,
        missingKeyHandler: (lngs: readonly string[], ns: string, key: string) => {
          console.error(`Missing translation ${ns}:${key} (${lngs.join(', ')})`);
        },
      }),
    });
  // `{{number, phone}}`: a phone number grouped as customers read it ("0470 00 00 01"), in every text that names one.
  i18next.services.formatter?.add('phone', (value: unknown) => (typeof value === 'string' ? formatBelgianPhone(value) : String(value)));
  await initialized;
  if (hasDocument) document.documentElement.lang = language;
  return i18next;
};
