import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { defaultLanguage, languageSchema, languages, type Language } from '#contract/common';

/*
 * i18next with fr as default and fallback (SPEC §1). Namespaces are loaded on demand from locales/<lng>/<ns>.json,
 * so a screen only pays for its own texts; the service worker precaches them for offline use.
 */

export const namespaces = [
  'common', 'nav', 'auth', 'validation', 'errors', 'system', 'home', 'consumption', 'invoices', 'subscription',
  'orders', 'activation', 'settings', 'support', 'offers',
] as const;
export type Namespace = (typeof namespaces)[number];

const loaders = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json');

const bundledBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language: string, namespace: string, callback: ReadCallback) => {
    const load = loaders[`../../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`no translations for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

const storageKey = 'app.language';

export const storedLanguage = (): Language | null => {
  try {
    const parsed = languageSchema.safeParse(localStorage.getItem(storageKey));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

/** The language to start with: ?lang=, then the last choice on this device, then the browser's, then fr. */
export const initialLanguage = (search: string, browserLanguages: readonly string[]): Language => {
  const fromQuery = languageSchema.safeParse(new URLSearchParams(search).get('lang'));
  if (fromQuery.success) return fromQuery.data;
  const stored = storedLanguage();
  if (stored) return stored;
  for (const candidate of browserLanguages) {
    const parsed = languageSchema.safeParse(candidate.slice(0, 2).toLowerCase());
    if (parsed.success) return parsed.data;
  }
  return defaultLanguage;
};

export const currentLanguage = (): Language => {
  const parsed = languageSchema.safeParse(i18next.resolvedLanguage ?? i18next.language);
  return parsed.success ? parsed.data : defaultLanguage;
};

export const setLanguage = async (language: Language): Promise<void> => {
  try {
    localStorage.setItem(storageKey, language);
  } catch {
    // Private mode without storage: the choice lasts for this page only.
  }
  if (currentLanguage() !== language) await i18next.changeLanguage(language);
};

export const initI18n = async (language: Language): Promise<typeof i18next> => {
  i18next.on('languageChanged', (lng) => {
    document.documentElement.lang = lng;
  });
  await i18next
    .use(bundledBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: defaultLanguage,
      supportedLngs: [...languages],
      ns: ['common', 'nav', 'errors', 'validation', 'system'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
      // A missing key is a bug: say so loudly during development.
      saveMissing: import.meta.env.DEV,
      missingKeyHandler: (lngs, ns, key) => {
        console.error(`Missing translation ${ns}:${key} (${lngs.join(', ')})`);
      },
    });
  document.documentElement.lang = language;
  return i18next;
};
