import { chunk, type FeatureBudgets, type FeatureDeclaration, type Routes } from '#lib/feature-declaration';
import type travel from '../../../locales/fr/travel.json';

/*
 * The travel guide: before a trip, whether the line shown works in a country with its roaming zone, how that use is
 * billed, and which zone would cover it (docs/product/settings.md "Roaming zone"; the rules: contract/roaming-zones.ts).
 * Reached from the roaming zone's form of the profile.
 */

const screens = chunk(() => import('./components/travel-screens.tsx'), ['travel']);

const routes = {
  travelMain: { path: '/travel/main', screen: screens.screen('TravelPage') },
} as const satisfies Routes;

export const feature: FeatureDeclaration = { routes };

export const budgets: FeatureBudgets = {
  'components/travel-screens.tsx': { customer: 4.2 },
};

declare module '#lib/feature-declaration' {
  interface Features {
    travel: { routes: typeof routes; texts: { travel: typeof travel } };
  }
}
