import { chunk, type FeatureBudgets, type FeatureDeclaration, type Routes } from '#lib/feature-declaration';
import type activation from '../../../locales/fr/activation.json';

/* SIM activation and the follow-up of a SIM order (docs/product/activation.md). */

const screens = chunk(() => import('./components/activation-screens.tsx'), ['activation']);

const routes = {
  // Not for plain users (docs/product/roles.md "Route guards").
  orderFollow: { path: '/orders/:uuid', screen: screens.screen('OrderFollowPage'), roles: ['owner', 'admin'] },
  // No login: the order is found by its number and the code sent by e-mail.
  activateSim: { path: '/orders/activate', screen: screens.screen('ActivateSimPage'), layout: 'empty', access: 'anyone' },
} as const satisfies Routes;

export const feature: FeatureDeclaration = {
  routes,
  // The SIM activations under way, below the order history.
  sections: { orders: screens.screen('ActivationOrdersSection') },
};

export const budgets: FeatureBudgets = {
  // The follow-up of a SIM order, without login (/orders/activate) and in the customer's orders.
  'components/activation-screens.tsx': { visitor: 134, customer: 26 },
};

declare module '#lib/feature-declaration' {
  interface Features {
    activation: { routes: typeof routes; texts: { activation: typeof activation } };
  }
}
