import { demoDonorLines, demoSimOrders } from '#contract/fixtures/demo';
import { DEMO_IDS } from './ids.ts';

/*
 * SIM activation's demo data (README "Demo customers"), as data; written by ../seeding/activation.ts.
 * - The SIMs waiting for activation of orders.ts (O-0000000001, Thomas; O-0000000002, Sophie's second line).
 * - Three customers without an account, each with a SIM order in another state: identification needed, a failed
 *   transfer, a SIM returned to us.
 * - The other operators' lines a transfer can bring over.
 * Order numbers, codes, SIM card numbers and follow-up ids are the contract's fixtures (what the browser tests and
 * the README use).
 */

const K = DEMO_IDS.contracts;

export const ACTIVATION_CODE_VALID_DAYS = 30;

/** Every activation code of the seed (hashed before the seed's transaction, see ../seed.ts). */
export const ACTIVATION_CODES: { orderRef: string; contractId: number; code: string; ageDays: number }[] = [
  { orderRef: demoSimOrders.thomas.orderRef, contractId: K.newCustomer, code: demoSimOrders.thomas.code, ageDays: 4 },
  { orderRef: demoSimOrders.sophie.orderRef, contractId: K.sophieNew, code: demoSimOrders.sophie.code, ageDays: 6 },
  { orderRef: demoSimOrders.identification.orderRef, contractId: 15, code: demoSimOrders.identification.code, ageDays: 3 },
  { orderRef: demoSimOrders.failedPortIn.orderRef, contractId: 16, code: demoSimOrders.failedPortIn.code, ageDays: 6 },
  { orderRef: demoSimOrders.returned.orderRef, contractId: 17, code: demoSimOrders.returned.code, ageDays: 12 },
];

/** The SIM orders of the lines that contracts.ts already has: their follow-up id and the card's number. */
export const EXISTING_SIM_ORDERS: { contractId: number; uuid: string; iccid: string }[] = [
  { contractId: K.newCustomer, uuid: demoSimOrders.thomas.uuid, iccid: demoSimOrders.thomas.iccid },
  { contractId: K.sophieNew, uuid: demoSimOrders.sophie.uuid, iccid: demoSimOrders.sophie.iccid },
];

export type DemoSimSale = {
  customerId: number;
  contractId: number;
  order: (typeof demoSimOrders)['identification' | 'failedPortIn' | 'returned'];
  firstName: string;
  lastName: string;
  birthDate: string;
  language: 'fr' | 'nl' | 'en';
  address: { street: string; number: string; city: string; zip: string };
  ageDays: number;
  simSentAgeDays: number;
  state: 'identification' | 'failedPortIn' | 'returned';
};

/** Customers without an account, ids well above the other demo customers' (contract id = the number's last digits). */
export const SIM_SALES: DemoSimSale[] = [
  {
    customerId: 15,
    contractId: 15,
    order: demoSimOrders.identification,
    firstName: 'Lotte',
    lastName: 'Vermeulen',
    birthDate: '2001-03-14',
    language: 'nl',
    address: { street: 'Meir', number: '42', city: 'Antwerpen', zip: '2000' },
    ageDays: 3,
    simSentAgeDays: 1,
    state: 'identification',
  },
  {
    customerId: 16,
    contractId: 16,
    order: demoSimOrders.failedPortIn,
    firstName: 'Julien',
    lastName: 'Renard',
    birthDate: '1984-07-21',
    language: 'fr',
    address: { street: 'Rue Saint-Gilles', number: '7', city: 'Liège', zip: '4000' },
    ageDays: 6,
    simSentAgeDays: 4,
    state: 'failedPortIn',
  },
  {
    customerId: 17,
    contractId: 17,
    order: demoSimOrders.returned,
    firstName: 'Nadia',
    lastName: 'Benali',
    birthDate: '1992-11-30',
    language: 'fr',
    address: { street: 'Boulevard Tirou', number: '120', city: 'Charleroi', zip: '6000' },
    ageDays: 12,
    simSentAgeDays: 9,
    state: 'returned',
  },
];

/** Julien asked to transfer the subscription's number with an account number the other operator does not know. */
export const FAILED_PORT_IN = { msisdn: demoDonorLines.subscription.msisdn, accountNumber: 'AC000000', ageDays: 2 } as const;

export const DONOR_LINES: {
  msisdn: string;
  operator: string;
  type: 'postpaid' | 'prepaid';
  accountNumber: string | null;
  iccid: string | null;
}[] = [
  {
    msisdn: demoDonorLines.subscription.msisdn,
    operator: 'Nova Mobile',
    type: 'postpaid',
    accountNumber: demoDonorLines.subscription.accountNumber,
    iccid: null,
  },
  { msisdn: demoDonorLines.prepaid.msisdn, operator: 'Belcell', type: 'prepaid', accountNumber: null, iccid: demoDonorLines.prepaid.iccid },
  { msisdn: '0485112233', operator: 'Nova Mobile', type: 'postpaid', accountNumber: 'ZX998877', iccid: null },
];
