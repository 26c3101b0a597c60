import type { Plugin } from 'vite';

/*
 * Vite wraps every dynamic import of the app in its preload helper (`__vitePreload(() => import(…), deps)`), which
 * first adds a <link> for each of the chunk's dependencies and each of its stylesheets. Here it has none to add: a lazy
 * chunk's imports are never listed (vite.config.ts `build.modulePreload.resolveDependencies`, for the login page's
 * budget) and the app has one stylesheet (`cssCodeSplit: false`). Its 0.5 KB of gzip in the app's entry were the
 * login page's, which a first visitor downloads (e2e/budgets.ts).
 *
 * This build's helper only runs the import, and reports a failure as Vite's does (the cancelable `vite:preloadError`
 * event with the error as its `payload`, rethrown unless a listener prevents it): src/lib/chunk-load.ts shows the
 * chunk-load error for it. Vite has no option for this (its import analysis is native in Vite 8): the plugin answers
 * the helper's module before Vite does, and a build test checks that it is the one in the build.
 */
const preloadHelperId = '\0vite/preload-helper.js';

const leanPreloadHelper = `export const __vitePreload = (load) =>
  load().catch((error) => {
    const event = new Event('vite:preloadError', { cancelable: true });
    event.payload = error;
    window.dispatchEvent(event);
    if (!event.defaultPrevented) throw error;
  });
`;

export const leanPreload = (): Plugin => ({
  name: 'lean-preload',
  apply: 'build',
  enforce: 'pre',
  load: (id) => (id === preloadHelperId ? leanPreloadHelper : null),
});
