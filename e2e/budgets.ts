/*
 * JS budgets, in KB (1,024 bytes) of gzip as the server sends it, of what a phone fetches until the page is idle
 * (fresh profile, no service worker): e2e/budgets.spec.ts fails when a route goes over. When you add a route, add
 * its budget here (its measured figure plus a little room); when a route must grow, raise its budget in the same
 * commit and say why. The feature areas (subscription, invoices, settings, activation, support and offers) set theirs
 * at their measured figure + 5 % when they landed; the shared start-up grew with them (the consent prompt and page
 * views in the root shell, the energy entry in the layout, their validation and error texts), hence login and home.
 * `npx playwright test e2e/budgets.spec.ts --project=phone` prints every figure.
 */

export type PageBudget = { path: string; kb: number };

/**
 * Everything a cold load fetches: the login page for a visitor, home for a logged-in customer. The login page's
 * floor is its frameworks: React and React DOM with React Router ≈ 97 KB, i18next ≈ 18 KB, react-aria's button
 * and react-hook-form ≈ 20 KB; the target of 120 KB would need one of them off the login route.
 */
export const pageBudgets = {
  login: { path: '/login', kb: 171 },
  home: { path: '/', kb: 293 },
} as const satisfies Record<string, PageBudget>;

/**
 * A route's own chunks: what a cold load of the route fetches beyond what its base page fetches (login for the
 * public routes, home for the logged-in ones). Routes with parameters in their path are left out.
 */
export const routeBudgets: { public: readonly PageBudget[]; loggedIn: readonly PageBudget[] } = {
  public: [
    // The recovery forms validate with the contract (zod) and call the API.
    { path: '/login/recover-password', kb: 53 },
    { path: '/login/recover-password/sms', kb: 53 },
    // These open a session: the session module with its storage (Dexie) comes with them.
    { path: '/login/create-account', kb: 102 },
    { path: '/login/pin/lost', kb: 102 },
    { path: '/orders/activate', kb: 104 },
    // Asks the API whether the service is back (the API client with zod).
    { path: '/maintenance', kb: 47 },
  ],
  loggedIn: [
    // The usage chart (uPlot) and the usage worker's client.
    { path: '/consumption/main', kb: 35 },
    { path: '/consumption/details', kb: 12 },
    { path: '/consumption/overspent', kb: 12 },
    { path: '/bills/main', kb: 28 },
    { path: '/account/main', kb: 39 },
    { path: '/settings/main', kb: 34 },
    { path: '/settings/alerts', kb: 34 },
    { path: '/settings/payment', kb: 28 },
    { path: '/settings/contact', kb: 34 },
    { path: '/subscription/main', kb: 16 },
    { path: '/subscription/optimize', kb: 15 },
    { path: '/subscription/order-summary', kb: 15 },
    { path: '/orders', kb: 33 },
    // Their texts (offers, 1.5 KB) count as their own since the layout's energy entry reads the nav texts instead.
    { path: '/offers/main', kb: 22 },
    { path: '/offers/link-accounts', kb: 22 },
    { path: '/support/main', kb: 28 },
    { path: '/support/contact', kb: 28 },
  ],
};
