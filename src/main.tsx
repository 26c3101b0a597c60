import { startTransition, StrictMode, useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { applyHandoff, watchPrerendered } from '#app/prerendered-handoff.ts';
import { createRouter } from '#app/router.tsx';
import { peekSession } from '#features/auth/data/session-peek.ts';
import { preloadConsentPrompt } from '#features/settings/components/consent-prompt.tsx';
import { startFailureHandling } from '#features/system/data/api-events.ts';
import { followLanguage, initI18n, initialLanguage } from '#i18n/i18n';
import { loginPath, paths } from '#lib/route-paths';
import { setZodJitless } from '#lib/zod-jitless';
import { watchLayout } from '#ui/layout-mode';
import './ui/styles.css';
import './ui/layout.css';

// Before anything that parses with zod loads: the CSP forbids eval (see lib/zod-jitless.ts).
setZodJitless();

type AppRouter = ReturnType<typeof createRouter>;

/** Calls `done` once its children are in the document (layout effects run after the DOM commit, before paint). */
const OnCommit = ({ done, children }: { done: () => void; children: ReactNode }) => {
  useLayoutEffect(done, [done]);
  return children;
};

/**
 * Resolves at the browser's first idle moment after the first screen's render. Background work waits for it, so
 * that it never delays the first screen (and a visitor's login form never waits for the offline core).
 */
const afterFirstScreen = (): Promise<void> =>
  new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => resolve(), { timeout: 1000 });
    else window.setTimeout(resolve, 50);
  });

/** The offline core: service worker (workbox-window, update flow), mutation types, outbox replay, revalidation. */
const startOfflineCore = async (): Promise<void> => {
  const offlineCore = await import('#sync/offline-core');
  // The service worker only in production builds: vite-plugin-pwa builds none in dev (see vite.config.ts).
  offlineCore.startOfflineCore({ serviceWorker: import.meta.env.PROD });
  // Home's snapshot follows the language shown on this device (the one the next start begins in): the service
  // worker paints it before the app runs, so one left in a language chosen before (?lang=, the switcher, the
  // profile, a login) would be painted and then replaced by the app in another.
  const { dropFirstPaintInOtherLanguage } = await import('#features/home/data/first-paint.ts');
  followLanguage((language) => {
    dropFirstPaintInOtherLanguage(language).catch((error: unknown) => console.error('first-paint snapshot not dropped', error));
  });
};

/**
 * A visitor without a session still gets the service worker: the app stays installable and the shell is precached
 * for the next (maybe offline) start. It is registered with the plain API, so the page loads no code for it; the
 * offline core takes the registration over (workbox-window) once a session exists. An existing registration is
 * left as it is: it may carry options in its script URL (`?sync=fallback`).
 */
const registerWorkerForVisitor = async (): Promise<void> => {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (await navigator.serviceWorker.getRegistration('/')) return;
  await navigator.serviceWorker.register('/sw.js', { scope: '/', type: 'classic' });
};

/**
 * After the first screen. The offline core serves a session's data: it starts when a session exists, at start or
 * as soon as one begins (a password, PIN or link login ends with a navigation). A visitor without a session never
 * loads it, and with it no Dexie, zod, contract or outbox code.
 */
const startBackground = async (router: AppRouter): Promise<void> => {
  if (await peekSession()) return startOfflineCore();
  await registerWorkerForVisitor();
  let starting = false;
  const unsubscribe = router.subscribe((state) => {
    if (starting || state.navigation.state !== 'idle') return;
    starting = true;
    void peekSession()
      .then(async (session) => {
        if (!session) return;
        unsubscribe();
        await startOfflineCore();
      })
      .catch((error: unknown) => console.error('offline core failed to start', error))
      .finally(() => {
        starting = false;
      });
  });
};

/**
 * docs/product/auth.md "Session lifetime and renewal": on start, an expired session logs out to login (offline, the
 * stored expiry decides). Without a stored session there is nothing to check, and the session module (Dexie, the API
 * client) is not loaded for it. The screens under /login/ (PIN entry, renewal, login by link) open a session
 * themselves: checking there would race with them and could drop the session they just opened.
 *
 * This check decides before the global error handler acts (docs/product/errors.md "Global error handler"): the
 * failures of the first pulls wait until it has. Otherwise a 401 of a first pull, on a touch device with a refresh
 * token, would renew silently what the check is about to send to login.
 */
const checkSession = async (router: AppRouter): Promise<void> => {
  let redirected = false;
  try {
    if (window.location.pathname.startsWith(`${paths.loginMain}/`)) return;
    if (!(await peekSession())) return;
    const { checkSessionOnStart } = await import('#features/auth/data/session.ts');
    const result = await checkSessionOnStart();
    const { pathname, search } = window.location;
    if (result !== 'expired' || pathname.startsWith(paths.loginMain)) return;
    await router.navigate(loginPath({ expired: true, redirect: pathname + search }), { replace: true });
    redirected = true;
  } finally {
    startFailureHandling({ redirected });
  }
};

/** Resolves when the router has resolved its first route: guards run, lazy screen and its texts loaded. */
const firstRouteReady = (router: AppRouter): Promise<void> =>
  new Promise((resolve) => {
    if (router.state.initialized) {
      resolve();
      return;
    }
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });

const start = async () => {
  watchLayout();
  const texts = initI18n(initialLanguage(window.location.search, navigator.languages));
  // The modules' evaluation with the texts' start, and the router's start, are two tasks: together they were one long
  // task (over 200 ms at 4× CPU) right after a first visit's first paint. (A timer, not lib/yield-to-main.ts: the
  // login page's budget has no room for it, and one timer is not throttled.)
  await new Promise((resolve) => setTimeout(resolve, 0));
  // The router starts the first route's guard, chunk and texts at once, while the start-up texts load (and the
  // consent modal, for a visitor who has not decided yet).
  const router = createRouter();
  // A failed preload is no reason not to start: the modal then loads when it renders.
  await Promise.all([texts, firstRouteReady(router), preloadConsentPrompt().catch(() => undefined)]);
  const root = document.getElementById('root');
  if (!root) throw new Error('missing #root');
  // The page holds the prerendered login screen, the shell or the customer's last-seen home (its snapshot) until
  // now: the app replaces it in one commit, with what the user typed in it meanwhile. The first render is a transition: React renders it in slices of a few
  // milliseconds, so that typing in the prerendered form stays responsive on a slow phone and no long task blocks
  // the page (home's first render is over 100 ms of work at 4× CPU), and the page stays on screen until the app's
  // is complete.
  const prerendered = watchPrerendered(root);
  await new Promise<void>((committed) => {
    startTransition(() =>
      createRoot(root).render(
        <StrictMode>
          <OnCommit done={committed}>
            <RouterProvider router={router} />
          </OnCommit>
        </StrictMode>,
      ),
    );
  });
  applyHandoff(root, prerendered.take());
  // Home's snapshot, when the service worker painted one (lib/first-paint.ts), has just been replaced.
  delete root.dataset.snapshot;
  await afterFirstScreen();
  await Promise.all([
    startBackground(router).catch((error: unknown) => console.error('offline core failed to start', error)),
    checkSession(router).catch((error: unknown) => console.error('session check failed', error)),
  ]);
};

void start();
