import { chunk, type FeatureBudgets, type FeatureDeclaration, type Routes } from '#lib/feature-declaration';
import type system from '../../../locales/fr/system.json';

/*
 * The maintenance page (docs/product/navigation.md "Maintenance"). Not found is the app's catch-all route
 * (app/router.tsx): the route error shows the same page for a 404, so it is part of the start-up.
 */

const maintenance = chunk(() => import('./components/maintenance-page.tsx'), ['system']);

const routes = {
  maintenance: { path: '/maintenance', screen: maintenance.screen('MaintenancePage'), layout: 'empty', access: 'anyone' },
} as const satisfies Routes;

export const feature: FeatureDeclaration = {
  routes,
};

export const budgets: FeatureBudgets = {
  // Asks the API whether the service is back (the API client with zod). 49 since issue 41 (47.7): the API client takes
  // a first visit's answers from its page (lib/first-answers.ts).
  'components/maintenance-page.tsx': { visitor: 49, customer: 1 },
};

declare module '#lib/feature-declaration' {
  interface Features {
    system: { routes: typeof routes; texts: { system: typeof system } };
  }
}
