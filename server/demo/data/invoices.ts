import type { Texts } from './catalogue.ts';
import { DEMO_IDS } from './ids.ts';

/*
 * The demo invoices. The seed bills the demo's lines with the billing run itself (server/lib/billing-run.ts), at
 * each bill cycle's close over the last INVOICE_CYCLES cycles, so every billed line's last closed cycle is invoiced
 * whatever the day: one invoice per customer, cost centre and cycle, issued the day after the cycle. What is data
 * here is what the run cannot know: the cost centres, which invoices the customers have paid, and a few one-off
 * documents that complete every context of the bills screen. The writes are in ../seeding/invoices.ts.
 */

const C = DEMO_IDS.customers;
const K = DEMO_IDS.contracts;

/** Completed cycles invoiced; the invoice of the cycle running now comes when it ends. */
export const INVOICE_CYCLES = 6;

/** The hour of the day (Brussels) at which the seed runs the billing job on a cycle's invoice day. */
export const BILLING_HOUR = 6;

/** Martin Logistics' two cost centres: Lucas' line is billed to Transport, Emma's two lines to Administration. */
export const COST_CENTERS: { id: number; customerId: number; name: string; contracts: number[] }[] = [
  { id: 1, customerId: C.martinLogistics, name: 'Transport', contracts: [K.lucas] },
  { id: 2, customerId: C.martinLogistics, name: 'Administration', contracts: [K.emmaOrders, K.emmaFraud] },
];

type BilledAccount = {
  customerId: number;
  /**
   * Cycles back (1 = the last closed cycle's invoices) still open: the others are paid on their due date by direct
   * debit, or a few days before it by transfer, once that day has come (until then they are open too).
   */
  openCyclesBack: number[];
  /** Partial payments already received on open invoices, in cents, by cycles back. */
  partialPayments?: Record<number, number>;
};

export const BILLED_ACCOUNTS: BilledAccount[] = [
  // Sophie pays by direct debit: every monthly invoice collected on its due date.
  { customerId: C.sophie, openCyclesBack: [] },
  // Marc pays by bank transfer and is in debt: his last invoice is still open, and the one before is past its due date
  // (by 15 days at least, whatever the day), 15 € of it paid.
  { customerId: C.marc, openCyclesBack: [1, 2], partialPayments: { 2: 1500 } },
  { customerId: C.martinLogistics, openCyclesBack: [] },
  { customerId: C.yasmine, openCyclesBack: [] },
];

type OneOffDocument = {
  customerId: number;
  contractId: number;
  type: 'invoice' | 'credit_note';
  /** Issued this many days before the seed's `now` (relative, so the context holds whatever the day). */
  ageDays: number;
  /**
   * Issued this many days before the customer's last cycle invoice instead: within CREDIT_NOTE_REUSE_DAYS, a credit
   * note is taken off that invoice (docs/product/invoices.md "Credit notes").
   */
  daysBeforeLastInvoice?: number;
  label: Texts;
  /** Cents incl. VAT; negative for a credit note. */
  amount: number;
};

export const ONE_OFF_DOCUMENTS: OneOffDocument[] = [
  // Sophie's second SIM: its fees, to be collected by direct debit in 13 days (a direct debit pending).
  {
    customerId: C.sophie,
    contractId: K.sophieNew,
    type: 'invoice',
    ageDays: 2,
    label: { fr: 'Carte SIM et frais d’activation', nl: 'Simkaart en activeringskosten', en: 'SIM card and activation fee' },
    amount: 1500,
  },
  // Yasmine was billed a roaming option twice: a credit note, refunded within 14 days (docs/product/invoices.md "Credit
  // notes").
  {
    customerId: C.yasmine,
    contractId: K.yasmine,
    type: 'credit_note',
    ageDays: 3,
    label: {
      fr: 'Remboursement : option Roaming World facturée deux fois',
      nl: 'Terugbetaling: optie Roaming World twee keer aangerekend',
      en: 'Refund: Roaming World option billed twice',
    },
    amount: -1500,
  },
  // And a goodwill credit for a network outage, issued two days before her last invoice, which took it off.
  {
    customerId: C.yasmine,
    contractId: K.yasmine,
    type: 'credit_note',
    ageDays: 0,
    daysBeforeLastInvoice: 2,
    label: {
      fr: 'Geste commercial : panne du réseau mobile',
      nl: 'Commerciële geste: storing van het mobiele netwerk',
      en: 'Goodwill gesture: mobile network outage',
    },
    amount: -500,
  },
];
