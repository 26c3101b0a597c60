import { demoStateSimOrders, demoStateUsers } from '#contract/fixtures/demo-states';
import type { Language } from '#contract/language';
import type { Row } from '../../db/rows.ts';
import { DEMO_IDS } from './ids.ts';

/*
 * The demo customers of the states the first ones do not reach (README "Demo customers", issue 43 point 17), so that a
 * tester reaches every branch of every screen: a direct debit that failed; a suspended, a terminated, a blocked, a
 * credit-blocked and a suspected-fraud line; each reason an order is refused (a request about the line still waiting,
 * an order being executed, a general block, suspected fraud); identification not passed, NOK and refused; the generic
 * activation error; a customer without a current contract. Data only, every date relative to the seed's `now`; the
 * writes are in ../seeding/states.ts. Ids well above the first demo customers' (contract id = the number's last
 * digits).
 */

const P = DEMO_IDS.products;
const BC = DEMO_IDS.billCycles;

type Contract = Row<'contracts'>;

export type StatePerson = {
  customerId: number;
  userId: number;
  login: (typeof demoStateUsers)[keyof typeof demoStateUsers];
  civility: 'MR' | 'MRS';
  firstName: string;
  lastName: string;
  birthDate: string;
  language: Language;
  address: { street: string; number: string; city: string; zip: string };
  paymentMode: 'DD' | 'BT';
  iban: string | null;
  bic: string | null;
};

export const STATE_PEOPLE: StatePerson[] = [
  {
    customerId: 7,
    userId: 8,
    login: demoStateUsers.claire,
    civility: 'MRS',
    firstName: 'Claire',
    lastName: 'Lemaire',
    birthDate: '1982-05-19',
    language: 'fr',
    address: { street: 'Rue de Fer', number: '18', city: 'Namur', zip: '5000' },
    paymentMode: 'DD',
    iban: 'BE71096123456769',
    bic: 'GKCCBEBB',
  },
  {
    customerId: 8,
    userId: 9,
    login: demoStateUsers.pieter,
    civility: 'MR',
    firstName: 'Pieter',
    lastName: 'De Smet',
    birthDate: '1975-12-02',
    language: 'nl',
    address: { street: 'Veldstraat', number: '63', city: 'Gent', zip: '9000' },
    paymentMode: 'BT',
    iban: 'BE62510007547061',
    bic: 'BBRUBEBB',
  },
  {
    customerId: 9,
    userId: 10,
    login: demoStateUsers.olivier,
    civility: 'MR',
    firstName: 'Olivier',
    lastName: 'Maes',
    birthDate: '1968-07-27',
    language: 'fr',
    address: { street: 'Avenue Louise', number: '221', city: 'Bruxelles', zip: '1050' },
    paymentMode: 'BT',
    iban: null,
    bic: null,
  },
];

export type StateLine = {
  id: number;
  customerId: number;
  msisdn: string;
  status: Contract['status'];
  subStatus: NonNullable<Contract['sub_status']>;
  fraudulentBehaviour: boolean;
  productId: number;
  billCycleId: number;
  ageDays: number;
  /** When the line stopped working (suspension, termination, block), days ago. */
  stoppedDaysAgo: number | null;
};

export const STATE_LINES: StateLine[] = [
  // Claire: her working line (an option order being executed: "pending order"), a suspended and a terminated one.
  { id: 9, customerId: 7, msisdn: '0470000009', status: 'ACTIVATED', subStatus: 'ACTIVATED', fraudulentBehaviour: false, productId: P.mobileM, billCycleId: BC.day5, ageDays: 900, stoppedDaysAgo: null },
  { id: 10, customerId: 7, msisdn: '0470000010', status: 'SUSPENDED', subStatus: 'SUSPENDED', fraudulentBehaviour: false, productId: P.mobileS, billCycleId: BC.day5, ageDays: 400, stoppedDaysAgo: 9 },
  { id: 11, customerId: 7, msisdn: '0470000011', status: 'TERMINATED', subStatus: 'TERMINATED', fraudulentBehaviour: false, productId: P.mobileS, billCycleId: BC.day5, ageDays: 700, stoppedDaysAgo: 40 },
  // Pieter: a general block, a credit block (no debt), suspected fraud, and a SIM swap asked for and still waiting.
  { id: 12, customerId: 8, msisdn: '0470000012', status: 'ACTIVATED', subStatus: 'BLOCKED', fraudulentBehaviour: false, productId: P.mobileM, billCycleId: BC.day15, ageDays: 600, stoppedDaysAgo: 4 },
  { id: 13, customerId: 8, msisdn: '0470000013', status: 'ACTIVATED', subStatus: 'BLOCKED_CREDIT_CHECK', fraudulentBehaviour: false, productId: P.mobileS, billCycleId: BC.day15, ageDays: 90, stoppedDaysAgo: 6 },
  { id: 14, customerId: 8, msisdn: '0470000014', status: 'ACTIVATED', subStatus: 'ACTIVATED', fraudulentBehaviour: true, productId: P.mobileS, billCycleId: BC.day15, ageDays: 150, stoppedDaysAgo: null },
  { id: 18, customerId: 8, msisdn: '0470000018', status: 'ACTIVATED', subStatus: 'ACTIVATED', fraudulentBehaviour: false, productId: P.mobileL, billCycleId: BC.day15, ageDays: 800, stoppedDaysAgo: null },
];

/**
 * The open orders behind two refusal reasons: an option order being executed (QUEUED: the operator's systems take it
 * `executesInDays` from the seed, so the state lasts while the demo is tried; server/lib/order-execution.ts executes a
 * QUEUED line once its `queued_at` has passed), and a request about the line waiting (a SIM swap asked for without a
 * date: PENDING until customer service sends the card).
 */
export const STATE_ORDERS: {
  orderRef: string;
  contractId: number;
  ageDays: number;
  status: 'PENDING' | 'QUEUED';
  executesInDays?: number;
  initiator: 'O' | 'C';
  line: { type: 'option' | 'contract'; kind: 'OPTION' | 'CONTRACT'; resource: string; resourceId: number | null; old: string | null; new: string | null };
}[] = [
  {
    orderRef: 'O-0000000201',
    contractId: 9,
    ageDays: 0,
    status: 'QUEUED',
    executesInDays: 90,
    initiator: 'O',
    line: { type: 'option', kind: 'OPTION', resource: 'International 60', resourceId: P.international60, old: '0', new: '1' },
  },
  {
    orderRef: 'O-0000000202',
    contractId: 18,
    ageDays: 1,
    status: 'PENDING',
    initiator: 'C',
    line: { type: 'contract', kind: 'CONTRACT', resource: 'SIM_SWAP', resourceId: null, old: null, new: null },
  },
];

/** Claire's direct debit that failed: an invoice issued 20 days ago, due 5 days ago, not collected. */
export const FAILED_DIRECT_DEBIT = {
  customerId: 7,
  contractId: 9,
  ageDays: 20,
  label: { fr: 'Frais de changement de carte SIM', nl: 'Kosten voor een nieuwe simkaart', en: 'SIM card replacement fee' },
  amount: 2500,
};

export type StateSimSale = {
  customerId: number;
  order: (typeof demoStateSimOrders)['notPassed' | 'nok' | 'refused'];
  identification: 'NOT_PASSED' | 'NOK' | 'REFUSED';
  firstName: string;
  lastName: string;
  birthDate: string;
  language: 'fr' | 'nl';
  address: { street: string; number: string; city: string; zip: string };
  ageDays: number;
};

/** Customers without an account (contract id = the number's last digits), one per identification state. */
export const STATE_SIM_SALES: StateSimSale[] = [
  {
    customerId: 19,
    order: demoStateSimOrders.notPassed,
    identification: 'NOT_PASSED',
    firstName: 'Sarah',
    lastName: 'Jacobs',
    birthDate: '1999-02-11',
    language: 'nl',
    address: { street: 'Bondgenotenlaan', number: '12', city: 'Leuven', zip: '3000' },
    ageDays: 5,
  },
  {
    customerId: 20,
    order: demoStateSimOrders.nok,
    identification: 'NOK',
    firstName: 'Mehdi',
    lastName: 'Haddad',
    birthDate: '1991-09-04',
    language: 'fr',
    address: { street: 'Rue Neuve', number: '30', city: 'Bruxelles', zip: '1000' },
    ageDays: 8,
  },
  {
    customerId: 21,
    order: demoStateSimOrders.refused,
    identification: 'REFUSED',
    firstName: 'Ines',
    lastName: 'Wouters',
    birthDate: '2003-06-15',
    language: 'nl',
    address: { street: 'Grote Markt', number: '3', city: 'Brugge', zip: '8000' },
    ageDays: 10,
  },
];

/**
 * The activation codes of these orders (hashed before the seed's transaction, ../seed.ts). The generic one belongs
 * to Claire's working line, which has no SIM order: entered on the activation screen, it meets the generic error.
 */
export const STATE_ACTIVATION_CODES: { orderRef: string; contractId: number; code: string; ageDays: number }[] = [
  ...STATE_SIM_SALES.map((sale) => ({
    orderRef: sale.order.orderRef,
    contractId: Number(sale.order.msisdn.slice(-2)),
    code: sale.order.code,
    ageDays: sale.ageDays,
  })),
  { orderRef: demoStateSimOrders.generic.orderRef, contractId: 9, code: demoStateSimOrders.generic.code, ageDays: 2 },
];
