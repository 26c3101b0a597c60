/*
 * JS budgets of the screens, in KB (1,024 bytes) of gzip as the build wrote it, computed from the build's manifest
 * (dist/.vite/manifest.json) by tests/build/bundle-budgets.test.ts: a screen's own weight is the JS its lazy module
 * brings (its static imports, and the chunks it loads on demand: a chart, a QR code) with the texts of its
 * namespaces in French, minus what the page it is reached from has already loaded. The browser measures the two
 * pages themselves (e2e/budgets.spec.ts and e2e/budgets.ts: /login and home, everything fetched until idle).
 *
 * When you add a lazily loaded screen module to src/app/router.tsx, add its budget here (its measured figure plus a
 * little room: the test prints every figure); when a screen must grow, raise its budget in the same commit and say
 * why. The figures were measured in the browser (what a cold load of each route fetched beyond its base page) until
 * they moved here: each budget is the manifest's figure plus about 5 %.
 */

/** The page a screen is reached from: the login page for a visitor, home for a logged-in customer. */
export type Base = 'visitor' | 'customer';

/**
 * What a cold load of each base page fetches, as manifest keys: the modules whose static imports it loads, those
 * whose on-demand chunks it loads as well (home starts its pulls and may show an alert modal; the offline core
 * starts with a session), and the texts of the namespaces every screen needs (src/i18n/i18n.ts `startNamespaces`)
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

export type ScreenBudget = {
  /** Namespaces the router preloads with the module (src/app/router.tsx `screens(…, [ns])`). */
  namespaces: readonly string[];
  /** KB of gzip JS beyond each base the module is reached from. */
  kb: Partial<Record<Base, number>>;
};

/** Every module src/app/router.tsx loads lazily, by its path (the manifest's key). */
export const screenBudgets: Record<string, ScreenBudget> = {
  // The login form loads the session module with its storage (Dexie, the API client, zod) once submitted.
  'src/features/auth/components/login-page.tsx': { namespaces: ['auth'], kb: { visitor: 106 } },
  // The layout's menus and dialogs (more, logout, pending changes), loaded when opened.
  'src/app/layouts/main-layout.tsx': { namespaces: [], kb: { customer: 4 } },
  // Home itself is measured in the browser, with everything it fetches (e2e/budgets.ts).
  'src/features/home/components/home-page.tsx': { namespaces: ['home'], kb: {} },
  // The recovery forms validate with the contract (zod) and call the API. Since the login page runs on native
  // elements, the form library (react-hook-form, 12.5 KB) is no longer in the visitor's base: the recovery, account,
  // PIN and activation screens bring it themselves (53 → 68, 111 → 129, 116 → 134), while /login lost as much.
  'src/features/auth/components/recovery-screens.tsx': { namespaces: ['auth'], kb: { visitor: 68 } },
  // These open a session: the session module with its storage (Dexie) comes with them. The account screens are also
  // the logged-in account page's password change; the PIN screens also the PIN setup after a login.
  'src/features/auth/components/account-screens.tsx': { namespaces: ['auth'], kb: { visitor: 129, customer: 23 } },
  'src/features/auth/components/pin-screens.tsx': { namespaces: ['auth', 'login'], kb: { visitor: 129, customer: 23 } },
  // The follow-up of a SIM order, without login (/orders/activate) and in the customer's orders.
  'src/features/activation/components/activation-screens.tsx': { namespaces: ['activation'], kb: { visitor: 134, customer: 26 } },
  // Asks the API whether the service is back (the API client with zod).
  'src/features/system/components/maintenance-page.tsx': { namespaces: ['system'], kb: { visitor: 47, customer: 1 } },
  // The usage chart (uPlot, loaded when shown) and the usage worker's client.
  'src/features/consumption/components/consumption-screens.tsx': { namespaces: ['consumption'], kb: { customer: 34 } },
  // The bills with the payment QR code (qrcode, loaded when shown) and the payment details form.
  'src/features/invoices/components/invoice-screens.tsx': { namespaces: ['invoices'], kb: { customer: 35 } },
  // With the consent dialog (1.1 KB) the settings open from the consent banner.
  'src/features/settings/components/settings-screens.tsx': { namespaces: ['settings', 'consent'], kb: { customer: 31 } },
  // The profile overview's logout button with its confirmation.
  'src/app/layouts/logout-entry.tsx': { namespaces: [], kb: { customer: 1 } },
  // With the order lines priced one by one and the pending plan change to modify (12.3 KB of its own code).
  'src/features/subscription/components/subscription-screens.tsx': { namespaces: ['subscription'], kb: { customer: 17 } },
  'src/features/orders/components/order-screens.tsx': { namespaces: ['orders'], kb: { customer: 7 } },
  // Their texts (offers, 1.5 KB) count as their own since the layout's energy entry reads the nav texts instead.
  'src/features/offers/components/offer-screens.tsx': { namespaces: ['offers'], kb: { customer: 22 } },
  'src/features/support/components/support-screens.tsx': { namespaces: ['support'], kb: { customer: 27 } },
};
