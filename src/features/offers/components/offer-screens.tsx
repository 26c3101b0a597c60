export { OffersPage } from './offers-page.tsx';
export { LinkAccountsPage } from './link-accounts-page.tsx';
