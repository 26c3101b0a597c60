import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { operatorFromEnv } from './contract/operator.ts';
import { compileHintFor } from './scripts/build/compile-hints.ts';
import { compressAssets } from './scripts/build/compress-assets.ts';
import { languages } from './contract/language.ts';
import { isApiSharedModule, isHomeStartModule, isLiveDataModule, isStartSharedModule, isTextOf } from './scripts/build/home-start.ts';
import { leanPreload } from './scripts/build/lean-preload.ts';
import { moduleMap } from './scripts/build/module-map.ts';
import { prerender } from './scripts/build/prerender.ts';
import { homeNamespaces, startNamespaces } from './src/i18n/namespaces.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:8080';

/*
 * The product's name, the operator's legal name and the customer-service number: the same variables the server
 * reads (README "Configuration"), handed to the app as VITE_* values (src/lib/operator.ts) and to index.html
 * (%VITE_PRODUCT_NAME%), so the manifest, the titles, the footer, the help and the e-mails say the same.
 */
const operator = operatorFromEnv(process.env);
process.env.VITE_PRODUCT_NAME = operator.productName;
process.env.VITE_OPERATOR_LEGAL_NAME = operator.legalName;
process.env.VITE_CUSTOMER_SERVICE_PHONE = operator.serviceNumber;

/*
 * Web app manifest (French first). The name is the product's, the same in every language (a name is not
 * translated); Chromium's manifest localization (`*_localized`) carries the Dutch and English descriptions.
 */
const manifest: Partial<ManifestOptions> & Record<string, unknown> = {
  id: '/',
  name: operator.productName,
  short_name: operator.productName,
  description: 'Gérez votre abonnement mobile, votre consommation et vos factures.',
  description_localized: {
    nl: 'Beheer uw mobiele abonnement, uw verbruik en uw facturen.',
    en: 'Manage your mobile subscription, usage and invoices.',
  },
  lang: 'fr',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: '#5b2a86',
  background_color: '#ffffff',
  categories: ['utilities', 'productivity'],
  icons: [
    { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icon-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/*
 * The usage worker as a chunk of the app's own build (`virtual:usage-worker-url`), not as Vite's separate worker
 * bundle: it then shares the Dexie chunk (and the db schema) with the page instead of shipping its own copy, so a
 * device downloads and caches Dexie once (issue 5, total JS). In `npm run dev` the worker is served from source.
 */
const usageWorkerEntry = path.resolve(import.meta.dirname, 'workers/usage.worker.ts');
const usageWorkerChunk = (): Plugin => {
  let build = false;
  let root = import.meta.dirname;
  return {
    name: 'usage-worker-chunk',
    configResolved(config) {
      build = config.command === 'build';
      root = config.root;
    },
    resolveId: (id) => (id === 'virtual:usage-worker-url' ? '\0virtual:usage-worker-url' : null),
    load(id) {
      if (id !== '\0virtual:usage-worker-url') return null;
      if (!build) return `export const usageWorkerUrl = ${JSON.stringify(`/${path.relative(root, usageWorkerEntry)}`)};`;
      const ref = this.emitFile({ type: 'chunk', id: usageWorkerEntry, name: 'usage-worker' });
      return `export const usageWorkerUrl = import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
};

/*
 * Leaner builds of two dependencies, for the production build (`npm run dev` keeps the originals): React Router 7's
 * package exports point every bundler at its development build (remix-run/react-router#14102), so the build takes
 * the production one it ships beside it (no development warnings, smaller).
 */
const leanDependencies = (): Plugin => ({
  name: 'lean-dependencies',
  apply: 'build',
  config: () => ({
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: path.resolve(import.meta.dirname, 'node_modules/react-router/dist/production/index.mjs') },
        // react-i18next imports the useSyncExternalStore shim for React < 18; React 19 has the hook itself.
        { find: /^use-sync-external-store\/shim$/, replacement: path.resolve(import.meta.dirname, 'src/lib/use-sync-external-store.ts') },
      ],
    },
  }),
});

export default defineConfig({
  plugins: [
    react(),
    leanDependencies(),
    leanPreload(),
    usageWorkerChunk(),
    // The login screen and the app shell as static HTML (dist/login.html, dist/index.html), before the service
    // worker is built.
    prerender(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      // The app registers the worker itself (src/sync/sw-bridge.ts, workbox-window): an injected inline script
      // would break the CSP, and the app needs the registration for its update prompt.
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      // The pages' icon is a bitmap drawn from docs/design/favicon.svg: Chrome rasterizes an SVG icon in the page's own
      // process, as a document of its own on the main thread (some 40 ms at 4x CPU in a trace of home's offline start,
      // between its first paint and the app's take-over); a 48 px PNG decodes in a millisecond or two.
      includeAssets: ['favicon-48.png', 'apple-touch-icon.png', 'robots.txt'],
      manifest,
      injectManifest: {
        // Shell, lazy route chunks, the usage worker, locale chunks (i18n loads them as JS chunks), CSS, icons, the typeface.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,json,woff2}'],
        // login-consent*.html are the server's, for a first visit: the worker serves login*.html (sw/precache.ts); so
        // are home's first visit (home-first.html) and its render (ssr/).
        globIgnores: ['**/*.map', 'login-consent*.html', 'home-first.html', 'ssr/**'],
        // The usage worker and the big shared chunks stay under this; a larger file would silently be skipped.
        maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
        rollupFormat: 'iife',
        sourcemap: true,
      },
      // Off in `npm run dev`: a worker in dev would serve stale modules from its cache against Vite's hot
      // reload and answer API calls with the 15-minute rule, hiding every change being worked on. Offline
      // behaviour is tested on the production build (e2e/offline*.spec.ts).
      devOptions: { enabled: false },
    }),
    // Which chunk holds each module, for the build tests (dist/.vite/modules.json).
    moduleMap(),
    // Last: Brotli and gzip copies of everything above, the service worker included.
    compressAssets(),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks each module brings, read by the bundle budgets (tests/build/).
    manifest: true,
    modulePreload: {
      // Vite's polyfill would need an inline script, which the CSP forbids; every supported browser has modulepreload.
      polyfill: false,
      // A lazy chunk's imports are not preloaded with it: the list of the imports sits in the chunk that imports it,
      // the entry for the routes, which the login page downloads (the main layout's and home's alone were 0.5 KB
      // gzip of hashed names: issue 41 keeps /login at 130 KB). A route fetches its imports when its chunk arrives;
      // by then the service worker, installed on the first page, has them all precached, and a first visit of home
      // lists its chunks in its HTML (home.html, the server's first-visit page). The shell's HTML (index.html) keeps
      // the preloads of the entry's own imports.
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    // One stylesheet for every screen (≈ 19 kB, 5 kB in Brotli): the prerendered login page and the shell paint
    // with one render-blocking request, and no route waits for a CSS file of its own.
    cssCodeSplit: false,
    rolldownOptions: {
      // The prerendered login page's loader (src/paint-first.ts) is an entry of its own, with no imports.
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        'paint-first': path.resolve(import.meta.dirname, 'src/paint-first.ts'),
      },
      output: {
        // The chunks a signed-in start mostly runs are compiled as they stream in, off the main thread
        // (scripts/build/compile-hints.ts).
        postBanner: compileHintFor,
        // Keep the big libraries that every screen shares in their own long-cached chunks.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            // Dexie alone: the usage worker imports this chunk, and dexie-react-hooks would bring React with it.
            { name: 'dexie', test: /node_modules[\\/]dexie[\\/]/ },
            // With the phone numbers' format, which the texts' `phone` formatter uses (src/i18n/i18n.ts) and so every
            // page too: a chunk of its own was one more request, and its import, on a first visitor's path.
            { name: 'i18n', test: /node_modules[\\/](i18next|react-i18next)[\\/]|[\\/]contract[\\/]phone\.ts$/ },
            // The login form's parts that other screens share too (a field, the password field, an alert, the
            // contract's input rules): one chunk, not four of a few hundred bytes each, on a first visitor's path.
            {
              name: 'form-parts',
              test: /[\\/](src[\\/]ui[\\/](alert|text-field)\.tsx|src[\\/]features[\\/]auth[\\/]components[\\/]password-field\.tsx|contract[\\/]rules\.ts)$/,
              includeDependenciesRecursively: false,
            },
            // The main layout and home's screen with what they import, in one file rather than thirty-one
            // (scripts/build/home-start.ts): the modules listed only, not what they import (React, the entry's).
            { name: 'home-start', test: isHomeStartModule, includeDependenciesRecursively: false },
            // What home's start shares with other screens, a visitor's among them, in one file rather than eight, what
            // it shares with the API client in one rather than two, and the page's database with its live queries in
            // one rather than three (same file).
            { name: 'start-shared', test: isStartSharedModule, includeDependenciesRecursively: false },
            { name: 'api-shared', test: isApiSharedModule, includeDependenciesRecursively: false },
            { name: 'live-data', test: isLiveDataModule, includeDependenciesRecursively: false },
            // Texts, per language: the list of the language's text chunks with the texts every page reads (the login
            // page too), and the texts of the main layout and home, each one file rather than two and five.
            ...languages.flatMap((language) => [
              { name: `texts-${language}`, test: isTextOf(language, startNamespaces, true), includeDependenciesRecursively: false },
              { name: `home-texts-${language}`, test: isTextOf(language, homeNamespaces), includeDependenciesRecursively: false },
            ]),
            // The contract's rules the usage worker shares with the page and the API client (the rating, the calendar,
            // the forecast) with the resource keys: one small file, not four, on a signed-in start; apart from the
            // worker's own chunk, which imports Dexie, so that the API client never brings Dexie to a visitor.
            {
              name: 'worker-shared',
              test: /[\\/](contract[\\/](rating|calendar|forecast)\.ts|src[\\/]db[\\/]resource-keys\.ts)$/,
              includeDependenciesRecursively: false,
            },
            // What the usage worker shares with the page, kept apart from chunks that touch the DOM; the worker's
            // entry stays out (it starts the service when it runs).
            {
              name: 'usage-core',
              test: /[\\/](workers[\\/](?!usage\.worker\.ts)|src[\\/]db[\\/]schema\.ts|node_modules[\\/]comlink[\\/])/,
              // Its own modules only: a dependency it shares with the entry (src/db/database-name.ts, read by the
              // start-up peek) would otherwise be captured here and make every page load this chunk and Dexie.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  // Translations (loaded as chunks) as one JSON.parse of a string each: smaller than an object literal with a named
  // export per key, and faster to parse.
  json: { namedExports: false, stringify: true },
  worker: { format: 'es' },
  server: {
    port: 5173,
    // `npm run dev`: the reference API runs on :8080 and Vite proxies to it, so cookies stay same-origin.
    proxy: { '/api': { target: apiTarget, changeOrigin: false }, '/dev': { target: apiTarget } },
  },
  preview: { port: 4173 },
});
