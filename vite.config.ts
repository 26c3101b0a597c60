import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  build: {
    target: 'es2022',
    sourcemap: true,
    // Vite's polyfill would need an inline script, which the CSP forbids; every supported browser has modulepreload.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Keep the big libraries that every screen shares in their own long-cached chunks.
        advancedChunks: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'dexie', test: /node_modules[\\/](dexie|dexie-react-hooks)[\\/]/ },
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
          ],
        },
      },
    },
  },
  worker: { format: 'es' },
  server: {
    port: 5173,
    // `npm run dev`: the reference API runs on :8080 and Vite proxies to it, so cookies stay same-origin.
    proxy: { '/api': { target: apiTarget, changeOrigin: false }, '/dev': { target: apiTarget } },
  },
  preview: { port: 4173 },
});
