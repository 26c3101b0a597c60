import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { demoSimOrders } from '#contract/fixtures/demo';

/*
 * Every route of the app, as the browser tests open them: e2e/accessibility.spec.ts runs axe on each at both sizes,
 * e2e/languages.spec.ts opens each in every language. The routes are the features' own declarations
 * (src/features/<area>/feature.ts, docs/adding-a-feature.md), read here as data: the one reach of e2e/ into src/, so
 * that a new screen is visited without anyone listing it. A declaration holds paths, guards and lazy imports that are
 * never called here. A route with `:params` is opened with made-up values (an invalid link, the state a visitor who
 * follows an old link meets) unless `visits` below names the addresses that show it with data.
 */

type Declaration = { routes: Record<string, { path: string; access?: 'session' | 'visitor' | 'anyone' }> };

const featuresDir = path.resolve(import.meta.dirname, '../src/features');

const declarations = await Promise.all(
  fs
    .readdirSync(featuresDir)
    .filter((area) => fs.existsSync(path.join(featuresDir, area, 'feature.ts')))
    .map(
      async (area) => ((await import(pathToFileURL(path.join(featuresDir, area, 'feature.ts')).href)) as { feature: Declaration }).feature,
    ),
);

/** The addresses that show a route in its interesting states, where its path alone does not (by route key). */
const visits: Record<string, readonly string[]> = {
  // Sophie's order, and her SIM order ready to activate: the follow-up with its choice form.
  orderFollow: ['/orders/O-0000000004', `/orders/${demoSimOrders.sophie.uuid}`],
  // The forms by phone as well as by e-mail.
  createAccountMsisdn: ['/login/create-account', '/login/create-account?by=phone'],
  recoverPassword: ['/login/recover-password', '/login/recover-password?by=phone'],
  // Sophie's last monthly invoice with its explanation (its uuid is the seed's), and an address of no invoice.
  invoice: ['/bills/invoice/latest', '/bills/invoice/abc'],
};

const madeUp = ['abc', 'def', 'ghi'];

/** A path with its `:params` filled with made-up values (`/login/:uuid/:token` → `/login/abc/def`). */
const filled = (pattern: string): string => {
  let next = 0;
  return pattern.replace(/:[A-Za-z]+/g, () => madeUp[next++] ?? 'xyz');
};

const routes = declarations.flatMap(({ routes }) =>
  Object.entries(routes).map(([key, route]) => ({
    signedIn: (route.access ?? 'session') === 'session',
    urls: visits[key] ?? [filled(route.path)],
  })),
);

/** Routes a visitor opens without signing in (the link routes with a made-up, invalid token), and a path that is none. */
export const publicRoutes: readonly string[] = [
  ...routes.filter((route) => !route.signedIn).flatMap((route) => route.urls),
  '/no-such-page',
];

/** Routes of a signed-in customer (Sophie: an owner with a SIM to activate). */
export const privateRoutes: readonly string[] = routes.filter((route) => route.signedIn).flatMap((route) => route.urls);
