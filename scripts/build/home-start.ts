import path from 'node:path';

/*
 * What the main layout and home's screen import, in one chunk (vite.config.ts, the `home-start` group), instead of
 * one file per set of screens that share a module: a signed-in start fetched 39 files besides its texts, most of a few
 * hundred bytes, and each is a request, a response, a compilation and an instantiation on the main thread (about
 * 3 to 6 ms at 4× CPU). An offline start spent well over 100 ms of its way to the app's take-over on them (issue 41
 * point 3). With the `start-shared` chunk below and the texts' groups (vite.config.ts), it fetches 13.
 *
 * Every other signed-in screen renders inside the main layout, so it loads this chunk anyway, usually already there
 * from home. The two modules the router loads (the main layout, home's screen) are in it too: the build tests find a
 * module a group holds in the build's module map (scripts/build/module-map.ts). Left out:
 * - what a visitor's screens load too (the roles, the date formats, the freshness note, the live queries' hook, the
 *   outbox's registry): they are the groups below, or a chunk of their own, since a visitor would otherwise download
 *   this one, and with it Dexie, which it imports;
 * - what the usage worker imports (Dexie; the rating, the calendar, the forecast and the resource keys, which are
 *   the `worker-shared` chunk): the worker's chunk and this one would import each other, and one would run before
 *   the other has defined what it uses.
 * tests/build/home-start.test.ts checks that each path exists, that no visitor's screen loads this chunk, and that no
 * chunks import each other; e2e/budgets.spec.ts weighs the login page and home as the browser fetches them.
 */
export const homeStartModules = [
  // The two modules the router loads for home (src/app/router.tsx).
  'src/app/layouts/main-layout.tsx',
  'src/features/home/components/home-page.tsx',
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

/*
 * The small modules home's start shares with other screens, the ones a visitor opens among them (the activation, the
 * PIN and account screens, the recovery, the maintenance page): one chunk rather than eight of 100 to 1,900 bytes
 * each (vite.config.ts, the `start-shared` group). None imports Dexie, so a visitor's screen that needs one of them
 * gets a few KB more and no database; none is the login page's (tests/build/home-start.test.ts).
 */
export const startSharedModules = [
  // Not here: the outbox's registry, which finds every queued change by name (their chunks would be on-demand
  // imports of every screen that loads this chunk), and what the API client imports (`api-shared` below).
  'contract/freshness.ts',
  'contract/roles.ts',
  'src/lib/compare.ts',
  'src/lib/first-paint.ts',
  'src/lib/format.ts',
  'src/lib/use-pull.ts',
  'src/ui/badge.tsx',
  'src/ui/freshness-note.tsx',
] as const;

/*
 * What the API client shares with home's start (the SIM's input rules, the first visit's answers): one chunk of its
 * own (the `api-shared` group), since a visitor's screens load the client, rather than two.
 */
export const apiSharedModules = ['contract/activation-rules.ts', 'src/lib/first-answers.ts'] as const;

/*
 * The page's database with its clock (home, the session and the outbox read them), the live queries' hook and the
 * session's live row: what a signed-in screen reads its rows with, one chunk rather than three (the `live-data`
 * group). Apart from `start-shared` since they import Dexie.
 */
export const liveDataModules = [
  'src/db/db.ts',
  'src/lib/clock.ts',
  'src/lib/live-result.ts',
  'src/features/auth/data/session-live.ts',
  'node_modules/dexie-react-hooks/dist/dexie-react-hooks.mjs',
] as const;

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A group's test for a list of files: a module id (an absolute path, maybe with a query) of the list. A package's file
 * is matched from its `node_modules/` on, wherever the folder is (a link to another checkout's, for one).
 */
const moduleTest = (files: readonly string[]): ((id: string) => boolean) => {
  const own = new Set(files.filter((file) => !file.startsWith('node_modules/')).map((file) => path.join(root, file)));
  const packaged = files.filter((file) => file.startsWith('node_modules/')).map((file) => path.sep + path.join(...file.split('/')));
  return (id) => {
    const file = id.split('?')[0] ?? id;
    return own.has(file) || packaged.some((end) => file.endsWith(end));
  };
};

/** The `home-start` group's test. */
export const isHomeStartModule = moduleTest(homeStartModules);

/** The `start-shared` group's test. */
export const isStartSharedModule = moduleTest(startSharedModules);

/** The `api-shared` group's test. */
export const isApiSharedModule = moduleTest(apiSharedModules);

/** The `live-data` group's test. */
export const isLiveDataModule = moduleTest(liveDataModules);

/**
 * A texts group's test (vite.config.ts): the language's files of `namespaces` and, with `withList`, the language's
 * list of its text chunks (src/i18n/texts-<language>.ts), which every page loads with the start's texts.
 */
export const isTextOf = (language: string, namespaces: readonly string[], withList = false): ((id: string) => boolean) =>
  moduleTest([
    ...(withList ? [`src/i18n/texts-${language}.ts`] : []),
    ...namespaces.map((namespace) => `locales/${language}/${namespace}.json`),
  ]);
