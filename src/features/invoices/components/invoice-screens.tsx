import './invoices.css';

/*
 * The screens of the invoices area, one lazy chunk: the bills (/bills/main) and the payment details
 * (/settings/payment), which share the creditor, the payment rules and the texts.
 */
export { BillsPage } from './bills-page.tsx';
export { PaymentPage } from './payment-page.tsx';
