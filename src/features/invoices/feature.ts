import { chunk, type FeatureBudgets, type FeatureDeclaration, type Routes } from '#lib/feature-declaration';
import type invoices from '../../../locales/fr/invoices.json';

/* The bills and the payment details (docs/product/invoices.md). */

const screens = chunk(() => import('./components/invoice-screens.tsx'), ['invoices']);
// One invoice, opened from the bills: a chunk of its own, so that the bills screen does not carry its lines' table.
const invoiceScreen = chunk(() => import('./components/invoice-page.tsx'), ['invoices']);

const routes = {
  bills: { path: '/bills/main', screen: screens.screen('BillsPage') },
  // One invoice: its lines, its VAT, its PDF and why it differs from the previous one (`latest`: the last monthly one).
  invoice: { path: '/bills/invoice/:uuid', screen: invoiceScreen.screen('InvoicePage') },
  // The payment details belong to the invoices area (the creditor, the mandate and the payment rules).
  settingsPayment: { path: '/settings/payment', screen: screens.screen('PaymentPage') },
} as const satisfies Routes;

export const feature: FeatureDeclaration = {
  routes,
};

export const budgets: FeatureBudgets = {
  // The bills with the payment QR code (qrcode, loaded when shown) and the payment details form; since issue 44 the
  // history's rows, the 6-month chart and the next bill against the last one (contract/bill-explanation.ts): 37.8 KB.
  'components/invoice-screens.tsx': { customer: 39 },
  // One invoice: its lines, its explanation and its payment (the bills' shared parts are the chunk above's).
  // Measured alone (20.9 KB): most of it is shared with the bills' chunk, already loaded when it opens from there.
  'components/invoice-page.tsx': { customer: 22 },
};

declare module '#lib/feature-declaration' {
  interface Features {
    invoices: { routes: typeof routes; texts: { invoices: typeof invoices } };
  }
}
