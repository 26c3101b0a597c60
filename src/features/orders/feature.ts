import { chunk, type FeatureBudgets, type FeatureDeclaration, type Routes } from '#lib/feature-declaration';
import type orders from '../../../locales/fr/orders.json';

/* The order history (docs/product/subscription.md "Order history"); the activation feature adds its SIM orders below. */

const screens = chunk(() => import('./components/order-screens.tsx'), ['orders']);

const routes = {
  // Not for plain users (docs/product/roles.md "Route guards").
  orders: { path: '/orders', screen: screens.screen('OrdersPage'), roles: ['owner', 'admin'] },
} as const satisfies Routes;

export const feature: FeatureDeclaration = {
  routes,
};

export const budgets: FeatureBudgets = {
  'components/order-screens.tsx': { customer: 7 },
};

declare module '#lib/feature-declaration' {
  interface Features {
    orders: { routes: typeof routes; texts: { orders: typeof orders } };
  }
}
