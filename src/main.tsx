import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { z } from 'zod';
import { createRouter } from '#app/router.tsx';
import { initI18n, initialLanguage } from '#i18n/i18n';
import { watchLayout } from '#ui/layout-mode';
import './ui/styles.css';
import './ui/layout.css';

// zod probes `new Function` to speed up parsing; the CSP forbids eval, so tell it not to try.
z.config({ jitless: true });

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
};

void start();
