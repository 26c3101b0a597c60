/** The subscription screens (SPEC §2 /subscription/main, /subscription/optimize, /subscription/order-summary), one chunk. */
export { SubscriptionPage } from './subscription-page.tsx';
export { OptimizePage } from './optimize-page.tsx';
export { OrderSummaryPage } from './order-summary-page.tsx';
