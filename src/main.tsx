import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { z } from 'zod';
import { createRouter } from '#app/router.tsx';
import { checkSessionOnStart } from '#features/auth/data/session.ts';
import { initI18n, initialLanguage } from '#i18n/i18n';
import { startOfflineCore } from '#sync/offline-core';
import { watchLayout } from '#ui/layout-mode';
import './ui/styles.css';
import './ui/layout.css';

// zod probes `new Function` to speed up parsing; the CSP forbids eval, so tell it not to try.
z.config({ jitless: true });

const start = async () => {
  watchLayout();
  // The service worker only in production builds: vite-plugin-pwa builds none in dev (see vite.config.ts).
  startOfflineCore({ serviceWorker: import.meta.env.PROD });
  await initI18n(initialLanguage(window.location.search, navigator.languages));
  const router = createRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('missing #root');
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  // SPEC §2: on start, an expired session logs out to login. Checked after the first render so it never delays
  // the first paint; offline, the stored expiry decides.
  // The screens under /login/ (PIN entry, renewal, login by link) open a session themselves: checking there would
  // race with them and could drop the session they just opened.
  if (!window.location.pathname.startsWith('/login/')) {
    void checkSessionOnStart().then((result) => {
      const { pathname, search } = window.location;
      if (result !== 'expired' || pathname.startsWith('/login')) return;
      return router.navigate(`/login?expired=1&redirect=${encodeURIComponent(pathname + search)}`, { replace: true });
    });
  }
};

void start();
