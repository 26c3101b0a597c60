import { chunk, type FeatureBudgets, type FeatureDeclaration, type Routes } from '#lib/feature-declaration';
import type offers from '../../../locales/fr/offers.json';

/* The offers and advantages, and the energy link (docs/product/offers.md). */

const screens = chunk(() => import('./components/offer-screens.tsx'), ['offers']);

const routes = {
  offersMain: { path: '/offers/main', screen: screens.screen('OffersPage') },
  // docs/product/roles.md "Owner-only rights".
  linkAccounts: { path: '/offers/link-accounts', screen: screens.screen('LinkAccountsPage'), roles: ['owner'] },
} as const satisfies Routes;

export const feature: FeatureDeclaration = {
  routes,
};

export const budgets: FeatureBudgets = {
  // Their texts (offers, 1.5 KB) count as their own since the layout's energy entry reads the nav texts instead.
  'components/offer-screens.tsx': { customer: 22 },
};

declare module '#lib/feature-declaration' {
  interface Features {
    offers: { routes: typeof routes; texts: { offers: typeof offers } };
  }
}
