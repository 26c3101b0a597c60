import { chunk, type FeatureBudgets, type FeatureDeclaration, type Routes } from '#lib/feature-declaration';
import type invoices from '../../../locales/fr/invoices.json';

/* The bills and the payment details (docs/product/invoices.md). */

const screens = chunk(() => import('./components/invoice-screens.tsx'), ['invoices']);

const routes = {
  bills: { path: '/bills/main', screen: screens.screen('BillsPage') },
  // One invoice: its lines, its VAT, its PDF and why it differs from the previous one (`latest`: the last monthly one).
  invoice: { path: '/bills/invoice/:uuid', screen: screens.screen('InvoicePage') },
  // The payment details belong to the invoices area (the creditor, the mandate and the payment rules).
  settingsPayment: { path: '/settings/payment', screen: screens.screen('PaymentPage') },
} as const satisfies Routes;

export const feature: FeatureDeclaration = {
  routes,
};

export const budgets: FeatureBudgets = {
  // The bills with the payment QR code (qrcode, loaded when shown) and the payment details form.
  'components/invoice-screens.tsx': { customer: 35 },
};

declare module '#lib/feature-declaration' {
  interface Features {
    invoices: { routes: typeof routes; texts: { invoices: typeof invoices } };
  }
}
