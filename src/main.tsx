import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from '#app/router.tsx';
import { peekSession } from '#features/auth/data/session-peek.ts';
import { initI18n, initialLanguage } from '#i18n/i18n';
import { loginPath, paths } from '#lib/route-paths';
import { setZodJitless } from '#lib/zod-jitless';
import { watchLayout } from '#ui/layout-mode';
import './ui/styles.css';
import './ui/layout.css';

// Before anything that parses with zod loads: the CSP forbids eval (see lib/zod-jitless.ts).
setZodJitless();

type AppRouter = ReturnType<typeof createRouter>;

/**
 * Resolves once the first screen is on display: the router resolved its first route (guards, lazy chunk, texts)
 * and the browser had an idle moment after React's render. Background work waits for this, so that the login
 * route shows its form before the offline core, Dexie and the contract load (it ships only what a visitor needs).
 */
const firstScreenShown = (router: AppRouter): Promise<void> =>
  new Promise((resolve) => {
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 1000 });
      else window.setTimeout(resolve, 50);
    };
    if (router.state.initialized) {
      whenIdle();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      whenIdle();
    });
  });

/** Every start: service worker, outbox replay, revalidation (they load as their own chunk). */
const startBackground = async (): Promise<void> => {
  const { startOfflineCore } = await import('#sync/offline-core');
  // The service worker only in production builds: vite-plugin-pwa builds none in dev (see vite.config.ts).
  startOfflineCore({ serviceWorker: import.meta.env.PROD });
};

/**
 * SPEC §2: on start, an expired session logs out to login (offline, the stored expiry decides). Without a stored
 * session there is nothing to check, and the session module (Dexie, the API client) is not loaded for it.
 * The screens under /login/ (PIN entry, renewal, login by link) open a session themselves: checking there would
 * race with them and could drop the session they just opened.
 */
const checkSession = async (router: AppRouter): Promise<void> => {
  if (window.location.pathname.startsWith(`${paths.loginMain}/`)) return;
  if (!(await peekSession())) return;
  const { checkSessionOnStart } = await import('#features/auth/data/session.ts');
  const result = await checkSessionOnStart();
  const { pathname, search } = window.location;
  if (result !== 'expired' || pathname.startsWith(paths.loginMain)) return;
  await router.navigate(loginPath({ expired: true, redirect: pathname + search }), { replace: true });
};

const start = async () => {
  watchLayout();
  await initI18n(initialLanguage(window.location.search, navigator.languages));
  const router = createRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('missing #root');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  await firstScreenShown(router);
  await Promise.all([
    startBackground().catch((error: unknown) => console.error('offline core failed to start', error)),
    checkSession(router).catch((error: unknown) => console.error('session check failed', error)),
  ]);
};

void start();
