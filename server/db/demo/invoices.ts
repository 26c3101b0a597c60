import type { Texts } from './catalogue.ts';
import { DEMO_IDS } from './ids.ts';

/*
 * The demo invoices. Each billed account gets one invoice a bill cycle over the last INVOICE_CYCLES cycles, issued
 * on the first day of a cycle for the cycle that just ended (its plan, options, promotions and out-of-bundle usage,
 * read from the catalogue and the usage written before), due PAYMENT_TERM_DAYS later. A professional customer
 * gets one invoice per cost centre. A few one-off documents complete every context of the bills screen. Data only;
 * the writes are in ../seeding/invoices.ts.
 */

const C = DEMO_IDS.customers;
const K = DEMO_IDS.contracts;

/** Completed cycles invoiced; the invoice of the cycle running now comes when it ends. */
export const INVOICE_CYCLES = 6;

export { PAYMENT_TERM_DAYS } from '../../lib/invoice-data.ts';

/** Martin Logistics' two cost centres: Lucas' line is billed to Transport, Emma's two lines to Administration. */
export const COST_CENTERS: { id: number; customerId: number; name: string; contracts: number[] }[] = [
  { id: 1, customerId: C.martinLogistics, name: 'Transport', contracts: [K.lucas] },
  { id: 2, customerId: C.martinLogistics, name: 'Administration', contracts: [K.emmaOrders, K.emmaFraud] },
];

type BilledAccount = {
  customerId: number;
  startDay: number;
  /** One invoice per group of lines a cycle: the customer's lines, or those of each cost centre. */
  groups: { costCenterId: number | null; contracts: number[] }[];
  /** Cycles back (1 = the last invoice) whose invoice is still open: the rest are paid. */
  openCyclesBack: number[];
  /** Partial payments already received on open invoices, in cents, by cycles back. */
  partialPayments?: Record<number, number>;
};

export const BILLED_ACCOUNTS: BilledAccount[] = [
  // Sophie pays by direct debit: every monthly invoice collected on its due date.
  { customerId: C.sophie, startDay: 5, groups: [{ costCenterId: null, contracts: [K.sophieMain] }], openCyclesBack: [] },
  // Marc pays by bank transfer and is in debt: his last invoice is overdue by at least 13 days, 15 € of it paid.
  {
    customerId: C.marc,
    startDay: 15,
    groups: [{ costCenterId: null, contracts: [K.marc] }],
    openCyclesBack: [1],
    partialPayments: { 1: 1500 },
  },
  {
    customerId: C.martinLogistics,
    startDay: 1,
    groups: COST_CENTERS.map((center) => ({ costCenterId: center.id, contracts: center.contracts })),
    openCyclesBack: [],
  },
  { customerId: C.yasmine, startDay: 1, groups: [{ costCenterId: null, contracts: [K.yasmine] }], openCyclesBack: [] },
];

type OneOffDocument = {
  customerId: number;
  contractId: number;
  type: 'invoice' | 'credit_note';
  /** Issued this many days before the seed's `now` (relative, so the context holds whatever the day). */
  ageDays: number;
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
  // Yasmine was billed a roaming option twice: a credit note, refunded within 14 days (SPEC §9).
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
];
