import { PAYMENT_TERM_DAYS } from '../../lib/invoice-data.ts';
import { DEMO_IDS } from './ids.ts';

/*
 * The demo invoices: one a bill cycle for each billed account over the last INVOICE_CYCLES cycles, issued at the
 * cycle start and due PAYMENT_TERM_DAYS later, for the price of the account's plans plus a few random euros.
 * Data only; the writes are in ../seeding/invoices.ts.
 */

const C = DEMO_IDS.customers;
const K = DEMO_IDS.contracts;

/** Completed cycles invoiced (the running cycle has no invoice yet). */
export const INVOICE_CYCLES = 6;

/** Days between an invoice and its due date: the routes' rule. */
export { PAYMENT_TERM_DAYS };

type BilledAccount = {
  customerId: number;
  startDay: number;
  /** The lines whose plans the invoice bills. */
  contracts: number[];
  /** The contract an invoice names when the account has a single line; null for a multi-line account. */
  single: number | null;
  /** Cycles back (1 = the last invoice) whose invoice is still open: the rest are paid. */
  openCyclesBack: number[];
};

export const BILLED_ACCOUNTS: BilledAccount[] = [
  { customerId: C.sophie, startDay: 5, contracts: [K.sophieMain], single: K.sophieMain, openCyclesBack: [] },
  // Marc's latest invoice stays open (bank transfer, overdue by ≥ 13 days): dunning and the debt alert.
  { customerId: C.marc, startDay: 15, contracts: [K.marc], single: K.marc, openCyclesBack: [1] },
  { customerId: C.martinLogistics, startDay: 1, contracts: [K.lucas, K.emmaOrders, K.emmaFraud], single: null, openCyclesBack: [] },
  { customerId: C.yasmine, startDay: 1, contracts: [K.yasmine], single: K.yasmine, openCyclesBack: [] },
];
