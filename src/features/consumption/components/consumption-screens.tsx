/*
 * The consumption screens as the router loads them (one lazily loaded module, src/app/router.tsx): the summary of a
 * bill, the records of a period, and what was charged outside the bundles.
 */
export { ConsumptionPage } from './consumption-summary.tsx';
export { ConsumptionDetailsPage } from './consumption-details.tsx';
export { OverspentPage } from './overspent-page.tsx';
