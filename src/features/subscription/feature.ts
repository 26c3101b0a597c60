import { chunk, type FeatureBudgets, type FeatureDeclaration, type Routes } from '#lib/feature-declaration';
import type subscription from '../../../locales/fr/subscription.json';

/* The subscription, its optimisation and the order summary (docs/product/subscription.md). */

const screens = chunk(() => import('./components/subscription-screens.tsx'), ['subscription']);

const routes = {
  subscriptionMain: { path: '/subscription/main', screen: screens.screen('SubscriptionPage') },
  subscriptionOptimize: { path: '/subscription/optimize', screen: screens.screen('OptimizePage') },
  orderSummary: { path: '/subscription/order-summary', screen: screens.screen('OrderSummaryPage') },
} as const satisfies Routes;

export const feature: FeatureDeclaration = {
  routes,
};

export const budgets: FeatureBudgets = {
  // With the order lines priced one by one and the pending plan change to modify (12.3 KB of its own code).
  'components/subscription-screens.tsx': { customer: 17 },
};

declare module '#lib/feature-declaration' {
  interface Features {
    subscription: { routes: typeof routes; texts: { subscription: typeof subscription } };
  }
}
