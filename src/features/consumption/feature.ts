import { chunk, type FeatureBudgets, type FeatureDeclaration, type Routes } from '#lib/feature-declaration';
import type consumption from '../../../locales/fr/consumption.json';

/* Consumption: the summary, the details with their period filter, the out-of-bundle costs (docs/product/consumption.md). */

const screens = chunk(() => import('./components/consumption-screens.tsx'), ['consumption']);

const routes = {
  consumptionMain: { path: '/consumption/main', screen: screens.screen('ConsumptionPage') },
  consumptionDetails: { path: '/consumption/details', screen: screens.screen('ConsumptionDetailsPage') },
  consumptionOverspent: { path: '/consumption/overspent', screen: screens.screen('OverspentPage') },
} as const satisfies Routes;

export const feature: FeatureDeclaration = {
  routes,
};

export const budgets: FeatureBudgets = {
  // The usage chart (uPlot, loaded when shown) and the usage worker's client; 35 since the list scrolls with the
  // window (its own virtual window, issue 43 point 7) and a bill's cause opens its earlier cycle rated (issue 44).
  'components/consumption-screens.tsx': { customer: 35 },
};

declare module '#lib/feature-declaration' {
  interface Features {
    consumption: { routes: typeof routes; texts: { consumption: typeof consumption } };
  }
}
