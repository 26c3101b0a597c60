import type { Base, FeatureBudgets } from '#lib/feature-declaration';

/*
 * JS budgets of the screens, in KB (1,024 bytes) of gzip as the build wrote it, computed from the build's manifest
 * (dist/.vite/manifest.json) by tests/build/bundle-budgets.test.ts: a screen's own weight is the JS its lazy module
 * brings (its static imports, and the chunks it loads on demand: a chart, a QR code) with the texts of its
 * namespaces in French, minus what the page it is reached from has already loaded. The browser measures the two
 * pages themselves (e2e/budgets.spec.ts and e2e/budgets.ts: /login and home, everything fetched until idle).
 *
 * A feature's lazy modules have their budgets in its own declaration (`budgets` in src/features/<area>/feature.ts,
 * docs/adding-a-feature.md); this file keeps the two base pages and the app's own lazy modules. When a screen must
 * grow, raise its budget in the same commit and say why. Each budget is the manifest's figure plus about 5 %.
 */

export type { Base };

/**
 * What a cold load of each base page fetches, as manifest keys: the modules whose static imports it loads, those
 * whose on-demand chunks it loads as well (home starts its pulls and may show an alert modal; the offline core
 * starts with a session), and the texts of the namespaces every screen needs (src/i18n/namespaces.ts `startNamespaces`)
 * and the page's own, in French. e2e/budgets.spec.ts measures the same two loads in the browser.
 */
export const bases: Record<Base, { modules: readonly string[]; withOnDemand: readonly string[]; namespaces: readonly string[] }> = {
  visitor: {
    // The login route: its on-demand import (the session module) waits for a submitted form.
    modules: ['index.html', 'src/paint-first.ts', 'src/features/auth/components/login-page.tsx'],
    withOnDemand: [],
    namespaces: ['common', 'nav', 'errors', 'validation', 'system', 'auth'],
  },
  customer: {
    // The layout's menus and dialogs load when opened.
    modules: ['index.html', 'src/app/layouts/main-layout.tsx', 'src/features/auth/data/session.ts', 'workers/usage.worker.ts'],
    withOnDemand: ['src/features/home/components/home-page.tsx', 'src/sync/offline-core.ts'],
    namespaces: ['common', 'nav', 'errors', 'customer', 'validation', 'system', 'home'],
  },
};

/** The modules src/app/router.tsx itself loads lazily (the features' are declared by the features), by manifest key. */
export const appBudgets: Record<string, FeatureBudgets[string]> = {
  // The layout's menus and dialogs (more, logout, pending changes), loaded when opened.
  'src/app/layouts/main-layout.tsx': { customer: 4 },
};
