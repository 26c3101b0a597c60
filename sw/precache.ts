import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerFirstPaint } from './first-paint.ts';

/*
 * The app shell: every built file listed by vite-plugin-pwa (index.html, the entry, the lazy route chunks, the
 * usage worker, the locale chunks, icons) is precached, so a cold start works offline. Navigations get the
 * prerendered pages as the server sends them: /login its login screen (login.html), home its page with the
 * customer's last-seen screen (first-paint.ts), the other routes the shell (index.html); never under /api/ (an API
 * URL opened in the tab must reach the server, not show the app) nor the reference server's stand-ins for outside
 * sites served by the same origin: the energy portal (/energy-portal/) and the payment provider's checkout
 * (/psp-stand-in/).
 */

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

export const registerPrecache = (): void => {
  // No directory index: `/` is home's navigation (first-paint.ts), not a request for the precached index.html.
  precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
  cleanupOutdatedCaches();
  // Registered first: the first matching route answers.
  registerRoute(new NavigationRoute(createHandlerBoundToURL('/login.html'), { allowlist: [/^\/login\/?$/] }));
  registerFirstPaint();
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), {
      denylist: [/^\/api(\/|$)/, /^\/energy-portal(\/|$)/, /^\/psp-stand-in(\/|$)/],
    }),
  );
};
