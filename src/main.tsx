import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { createRouter } from '#app/router.tsx';
import { initI18n, initialLanguage } from '#i18n/i18n';
import { watchLayout } from '#ui/layout-mode';
import './ui/styles.css';
import './ui/layout.css';

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
