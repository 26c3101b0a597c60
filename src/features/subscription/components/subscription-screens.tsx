/**
 * The subscription screens (/subscription/main, /subscription/optimize, /subscription/order-summary:
 * docs/product/subscription.md "The subscription screen", "The optimize screen", "The order summary"), one chunk.
 */
export { SubscriptionPage } from './subscription-page.tsx';
export { OptimizePage } from './optimize-page.tsx';
export { OrderSummaryPage } from './order-summary-page.tsx';
