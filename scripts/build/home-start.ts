import path from 'node:path';

/*
 * What the main layout and home's screen import, in one chunk (vite.config.ts, the `home-start` group), instead of
 * one file per set of screens that share a module: a signed-in start fetched 39 files besides its texts, most of a few
 * hundred bytes, and each is a request, a response, a compilation and an instantiation on the main thread (about
 * 3 ms at 4× CPU). An offline start spent well over 100 ms of its way to the app's take-over on them (issue 41
 * point 3); it now fetches 24.
 *
 * Every other signed-in screen renders inside the main layout, so it loads this chunk anyway, usually already there
 * from home. Left out, in their own chunks as before:
 * - the two modules the router loads (app/layouts/main-layout.tsx, features/home/components/home-page.tsx), as every
 *   lazily loaded screen: the bundle budgets find each by name (tests/build/bundle-budgets.test.ts);
 * - what a visitor's screens load, the login page's and the session's among them (the roles, the live queries'
 *   hook, the outbox's registry, the date formats, the freshness note): a visitor would otherwise download this
 *   chunk, and with it Dexie, which it imports;
 * - what the usage worker imports (Dexie; the rating, the calendar, the forecast and the resource keys, which are
 *   the `worker-shared` chunk): the worker's chunk and this one would import each other, and one would run before
 *   the other has defined what it uses.
 * tests/build/home-start.test.ts checks that each path exists, that no visitor's screen loads this chunk, and that no
 * chunks import each other; e2e/budgets.spec.ts weighs the login page and home as the browser fetches them.
 */
export const homeStartModules = [
  // What the main layout shows on every screen.
  'src/app/layouts/logout-entry.tsx',
  'src/app/layouts/nav-icons.tsx',
  'src/app/pending-changes.tsx',
  'src/features/offline/data/use-pending-changes.ts',
  'src/features/offers/data/energy-link.ts',
  'src/features/offers/components/energy-entry.tsx',
  'src/features/home/data/shown-line.ts',
  'src/features/home/components/line-switcher.tsx',
  // Home's screen.
  'src/features/home/components/home-alerts.tsx',
  'src/features/home/components/next-bill-note.tsx',
  'src/features/home/components/quick-actions.tsx',
  'src/features/home/components/usage-overview.tsx',
  'src/features/home/components/use-first-paint-snapshot.ts',
  'src/features/home/data/alert-rules.ts',
  'src/features/home/data/contract-preference.ts',
  'src/features/home/data/first-paint.ts',
  'src/features/home/data/hero-rules.ts',
  'src/features/home/data/home-first-frame.ts',
  'src/features/home/data/pay-now.ts',
  'src/features/home/data/pulls.ts',
  'src/features/home/data/use-home.ts',
  'src/features/home/data/use-home-alerts.ts',
  'src/features/home/data/use-home-bill.ts',
  'src/features/home/data/use-home-usage.ts',
  'src/features/home/data/use-next-bill.ts',
  // The parts of the app they share with other screens.
  'src/data/bill-explanation-rows.ts',
  'src/data/cycle-range.ts',
  'src/data/selected-contract.ts',
  'src/db/peek-reads.ts',
  'src/lib/contract-selection.ts',
  'src/lib/first-frame.ts',
  'src/lib/first-paint-markup.ts',
  'src/lib/load-on-call.ts',
  'src/lib/usage-format.ts',
  'src/lib/use-stable.ts',
  'src/ui/icons.tsx',
  'src/ui/line-status.tsx',
  'src/ui/next-bill-sentence.tsx',
  'src/ui/pay-now-button.tsx',
  'src/ui/pull-to-refresh.tsx',
  'src/ui/usage-gauge.tsx',
  'contract/bill-cycle.ts',
  'contract/bill-explanation.ts',
  'contract/bill-explanation-next.ts',
  'contract/contract-state.ts',
  'contract/pricing.ts',
  'node_modules/dequal/dist/index.mjs',
] as const;

const root = path.resolve(import.meta.dirname, '../..');
const ids = new Set(homeStartModules.map((file) => path.join(root, file)));

/** The `home-start` group's test: a module id (an absolute path, maybe with a query) of the list above. */
export const isHomeStartModule = (id: string): boolean => ids.has(id.split('?')[0] ?? id);
