import { chunk, type FeatureBudgets, type FeatureDeclaration, type Routes } from '#lib/feature-declaration';
import type home from '../../../locales/fr/home.json';

/* Home (docs/product/home.md): the dashboard a signed-in customer starts on. */

const screens = chunk(() => import('./components/home-page.tsx'), ['home']);

const routes = {
  // Home's stored rows are read while the route resolves: its first frame shows them (offline too).
  home: { path: '/', screen: screens.screen('HomePage', 'readHomeFirstFrame') },
} as const satisfies Routes;

export const feature: FeatureDeclaration = {
  routes,
};

export const budgets: FeatureBudgets = {
  // Home itself is measured in the browser, with everything it fetches (e2e/budgets.ts).
  'components/home-page.tsx': {},
};

declare module '#lib/feature-declaration' {
  interface Features {
    home: { routes: typeof routes; texts: { home: typeof home } };
  }
}
