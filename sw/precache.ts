import { cacheNames } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { languageCookieValue, pageFileIn, pageLanguage, LANGUAGE_COOKIE, type Language } from '#contract/language';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerFirstPaint } from './first-paint.ts';

/*
 * The app shell: every built file listed by vite-plugin-pwa (index.html, the entry, the lazy route chunks, the
 * usage worker, the locale chunks, icons) is precached, so a cold start works offline. Navigations get the
 * prerendered pages as the server sends them: /login its login screen in the visitor's language (loginPage), home its page with the
 * customer's last-seen screen (first-paint.ts), the other routes the shell (index.html); never under /api/ (an API
 * URL opened in the tab must reach the server, not show the app) nor the reference server's stand-ins for outside
 * sites served by the same origin: the energy portal (/energy-portal/) and the payment provider's checkout
 * (/psp-stand-in/).
 */

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** The Cookie Store API (Chromium, Safari): the only way a worker reads a cookie. */
type CookieStore = { get: (name: string) => Promise<{ value: string } | null | undefined> };

/** The language saved on this device (the cookie the app keeps: src/i18n/i18n.ts), where the worker can read it. */
const savedLanguage = async (): Promise<Language | null> => {
  const store = (self as unknown as { cookieStore?: CookieStore }).cookieStore;
  if (!store) return null;
  try {
    const cookie = await store.get(LANGUAGE_COOKIE);
    return cookie ? languageCookieValue(`${LANGUAGE_COOKIE}=${cookie.value}`) : null;
  } catch {
    return null;
  }
};

/**
 * /login as the server answers it (server/plugins/static-app.ts), from the precache: the page painted in ?lang=, the
 * saved choice or the browser's language (contract/language.ts pageLanguage), so that it paints in the same language
 * offline. The consent variant is the server's only: the app shows the modal itself.
 */
const loginPage = async ({ url }: { url: URL }): Promise<Response> => {
  const language = pageLanguage({ query: url.searchParams.get('lang'), saved: await savedLanguage(), browser: self.navigator.languages });
  const page = (await matchPrecache(`/${pageFileIn('login', language)}`)) ?? (await matchPrecache('/login.html'));
  return page ?? fetch(url);
};

/** The static routing API (Chromium): routes the browser follows itself, without starting this worker's script. */
type RouterRule = { condition: { urlPattern: string; requestMethod?: string }; source: { cacheName: string } };
type InstallEventWithRoutes = ExtendableEvent & { addRoutes?: (rules: RouterRule | RouterRule[]) => Promise<void> };

/**
 * The built files under /assets/ carry their content's hash in their name and are precached under that URL: the
 * browser answers them from the precache itself (a miss goes to the network), without a round trip through this
 * script for each of the fifty modules of a start. Browsers without the API go through the precache's route below.
 */
const routeAssetsFromPrecache = (event: InstallEventWithRoutes): void => {
  if (typeof event.addRoutes !== 'function') return;
  event.waitUntil(
    event
      .addRoutes({ condition: { urlPattern: '/assets/*', requestMethod: 'GET' }, source: { cacheName: cacheNames.precache } })
      .catch((error: unknown) => console.error('static route for /assets/ refused', error)),
  );
};

export const registerPrecache = (): void => {
  self.addEventListener('install', (event) => routeAssetsFromPrecache(event as InstallEventWithRoutes));
  // No directory index: `/` is home's navigation (first-paint.ts), not a request for the precached index.html. No
  // clean URLs either: `/login` would be answered with login.html whatever the visitor's language (loginPage below).
  precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
  cleanupOutdatedCaches();
  // Registered first: the first matching route answers.
  registerRoute(new NavigationRoute(loginPage, { allowlist: [/^\/login\/?$/] }));
  registerFirstPaint();
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), {
      denylist: [/^\/api(\/|$)/, /^\/energy-portal(\/|$)/, /^\/psp-stand-in(\/|$)/],
    }),
  );
};
