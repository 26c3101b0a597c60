import { chunk, type FeatureBudgets, type FeatureDeclaration, type Routes } from '#lib/feature-declaration';
import type support from '../../../locales/fr/support.json';

/* Help, the FAQ and the contact form (docs/product/support.md). */

const screens = chunk(() => import('./components/support-screens.tsx'), ['support']);

const routes = {
  supportMain: { path: '/support/main', screen: screens.screen('SupportPage') },
  supportContact: { path: '/support/contact', screen: screens.screen('SupportContactPage') },
} as const satisfies Routes;

export const feature: FeatureDeclaration = {
  routes,
};

export const budgets: FeatureBudgets = {
  'components/support-screens.tsx': { customer: 27 },
};

declare module '#lib/feature-declaration' {
  interface Features {
    support: { routes: typeof routes; texts: { support: typeof support } };
  }
}
