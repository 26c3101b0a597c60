import type { Row } from '../../db/rows.ts';
import { DEMO_IDS } from './ids.ts';

type ContractRecord = Row<'contracts'>;

/*
 * The demo lines: one contract per msisdn 047000000N (id N), with its plan, its options, its settings and
 * safeguards, and the alert choices of its holder. Data only; the writes are in ../seeding/contracts.ts.
 */

const P = DEMO_IDS.products;
const K = DEMO_IDS.contracts;
const BC = DEMO_IDS.billCycles;
const C = DEMO_IDS.customers;
const U = DEMO_IDS.users;

type LineSettings = {
  premiumBarring: 'none' | 'erotic' | 'all';
  internationalBarring: boolean;
  roaming: 'WORLD_COVERAGE' | 'EU_INCLUDE_SWISS';
  throttling: 'NONE' | '100M';
};

type DemoContract = {
  id: number;
  customerId: number;
  type: 'prepaid' | 'post_simple' | 'post_complex';
  status: ContractRecord['status'];
  subStatus: NonNullable<ContractRecord['sub_status']>;
  identification: NonNullable<ContractRecord['identification_status']>;
  fraud: string;
  productId: number;
  billCycleId: number;
  startDay: number;
  ageDays: number;
  scenario: string;
  orderRef: string | null;
  dunning: boolean;
  fraudulent: boolean;
  linkedUserId: number | null;
  holderBirthDate: string;
  holderOrder: number;
  /**
   * The line's settings (docs/product/settings.md "PIN and PUK codes", "Data speed", "Roaming zone"); the PIN and PUK
   * are drawn at random.
   */
  settings: LineSettings;
};

export const CONTRACTS: DemoContract[] = [
  {
    id: K.sophieMain,
    customerId: C.sophie,
    type: 'post_simple',
    status: 'ACTIVATED',
    subStatus: 'ACTIVATED',
    identification: 'OK',
    fraud: 'OK',
    productId: P.mobileM,
    billCycleId: BC.day5,
    startDay: 5,
    ageDays: 420,
    scenario: 'new_number',
    orderRef: null,
    dunning: false,
    fraudulent: false,
    linkedUserId: null,
    holderBirthDate: '1986-04-12',
    holderOrder: 142,
    settings: { premiumBarring: 'none', internationalBarring: false, roaming: 'EU_INCLUDE_SWISS', throttling: 'NONE' },
  },
  {
    id: K.sophieNew,
    customerId: C.sophie,
    type: 'post_simple',
    status: 'IN_DELIVERY',
    subStatus: 'SIM_SENT',
    identification: 'OK',
    fraud: 'OK',
    productId: P.mobileS,
    billCycleId: BC.day5,
    startDay: 5,
    ageDays: 6,
    scenario: 'new_number',
    orderRef: 'O-0000000002',
    dunning: false,
    fraudulent: false,
    linkedUserId: null,
    holderBirthDate: '1986-04-12',
    holderOrder: 142,
    settings: { premiumBarring: 'none', internationalBarring: false, roaming: 'EU_INCLUDE_SWISS', throttling: 'NONE' },
  },
  {
    id: K.lucas,
    customerId: C.martinLogistics,
    type: 'post_complex',
    status: 'ACTIVATED',
    subStatus: 'ACTIVATED',
    identification: 'OK',
    fraud: 'OK',
    productId: P.pro30,
    billCycleId: BC.day1,
    startDay: 1,
    ageDays: 300,
    scenario: 'new_number',
    orderRef: null,
    dunning: false,
    fraudulent: false,
    linkedUserId: U.lucas,
    holderBirthDate: '1990-02-17',
    holderOrder: 88,
    settings: { premiumBarring: 'erotic', internationalBarring: false, roaming: 'EU_INCLUDE_SWISS', throttling: '100M' },
  },
  {
    id: K.marc,
    customerId: C.marc,
    type: 'post_simple',
    status: 'ACTIVATED',
    subStatus: 'ACTIVATED',
    identification: 'OK',
    fraud: 'OK',
    productId: P.mobileS,
    billCycleId: BC.day15,
    startDay: 15,
    ageDays: 610,
    scenario: 'port_in',
    orderRef: null,
    dunning: true,
    fraudulent: false,
    linkedUserId: null,
    holderBirthDate: '1979-09-30',
    holderOrder: 57,
    settings: { premiumBarring: 'all', internationalBarring: false, roaming: 'EU_INCLUDE_SWISS', throttling: 'NONE' },
  },
  {
    id: K.emmaOrders,
    customerId: C.martinLogistics,
    type: 'post_complex',
    status: 'ACTIVATED',
    subStatus: 'ACTIVATED',
    identification: 'OK',
    fraud: 'OK',
    productId: P.proUnlimited,
    billCycleId: BC.day1,
    startDay: 1,
    ageDays: 365,
    scenario: 'new_number',
    orderRef: null,
    dunning: false,
    fraudulent: false,
    linkedUserId: null,
    holderBirthDate: '1990-02-17',
    holderOrder: 88,
    settings: { premiumBarring: 'erotic', internationalBarring: false, roaming: 'EU_INCLUDE_SWISS', throttling: 'NONE' },
  },
  {
    id: K.emmaFraud,
    customerId: C.martinLogistics,
    type: 'post_complex',
    status: 'ACTIVATED',
    subStatus: 'BLOCKED_FRAUD',
    identification: 'OK',
    fraud: 'NOK',
    productId: P.pro30,
    billCycleId: BC.day1,
    startDay: 1,
    ageDays: 200,
    scenario: 'new_number',
    orderRef: null,
    dunning: false,
    fraudulent: true,
    linkedUserId: null,
    holderBirthDate: '1990-02-17',
    holderOrder: 88,
    settings: { premiumBarring: 'erotic', internationalBarring: true, roaming: 'EU_INCLUDE_SWISS', throttling: 'NONE' },
  },
  {
    id: K.yasmine,
    customerId: C.yasmine,
    type: 'post_simple',
    status: 'ACTIVATED',
    subStatus: 'ACTIVATED',
    identification: 'OK',
    fraud: 'OK',
    productId: P.mobileL,
    billCycleId: BC.day1,
    startDay: 1,
    ageDays: 250,
    scenario: 'new_number',
    orderRef: null,
    dunning: false,
    fraudulent: false,
    linkedUserId: null,
    holderBirthDate: '1995-11-03',
    holderOrder: 214,
    settings: { premiumBarring: 'none', internationalBarring: false, roaming: 'WORLD_COVERAGE', throttling: 'NONE' },
  },
  {
    id: K.newCustomer,
    customerId: C.newCustomer,
    type: 'post_simple',
    status: 'IN_DELIVERY',
    subStatus: 'SIM_SENT',
    identification: 'OK',
    fraud: 'OK',
    productId: P.mobileS,
    billCycleId: BC.day1,
    startDay: 1,
    ageDays: 4,
    scenario: 'new_number',
    orderRef: 'O-0000000001',
    dunning: false,
    fraudulent: false,
    linkedUserId: null,
    holderBirthDate: '1998-01-08',
    holderOrder: 31,
    settings: { premiumBarring: 'none', internationalBarring: false, roaming: 'EU_INCLUDE_SWISS', throttling: 'NONE' },
  },
];

/** Options on the lines: [contract, option, how many times]. Each is also an active contract product. */
export const CONTRACT_OPTIONS: (readonly [contractId: number, optionId: number, count: number])[] = [
  [K.lucas, P.extra5Gb, 2],
  [K.emmaOrders, P.extra1Gb, 1],
  [K.emmaOrders, P.international60, 1],
  [K.yasmine, P.roamingWorld1Gb, 1],
];

/** Former base products, inactive: Sophie moved from S to M, so the contract view shows both. */
export const FORMER_PRODUCTS: { contractId: number; productId: number; billCycleId: number }[] = [
  { contractId: K.sophieMain, productId: P.mobileS, billCycleId: BC.day5 },
];

export type SafeguardType = 'OSG' | 'PSG' | 'DSG';

/**
 * Out-of-subscription (OSG), premium (PSG) and data (DSG) safeguards of every line, in cents. What a line has
 * spent against them is not data: the seed sums the current cycle's out-of-bundle usage, so alerts and usage agree.
 */
export const SAFEGUARDS: { type: SafeguardType; currentCents: number; alertCents: number; defaultCents: number; maxCents: number }[] = [
  { type: 'OSG', currentCents: 5000, alertCents: 4000, defaultCents: 5000, maxCents: 15_000 },
  { type: 'PSG', currentCents: 2000, alertCents: 1500, defaultCents: 2000, maxCents: 5000 },
  { type: 'DSG', currentCents: 2500, alertCents: 2000, defaultCents: 2500, maxCents: 10_000 },
];

/** A limit change waiting for the next cycle: Yasmine raised her out-of-subscription limit to 100 €. */
export const NEXT_SAFEGUARD_CENTS: { contractId: number; type: SafeguardType; cents: number }[] = [
  { contractId: K.yasmine, type: 'OSG', cents: 10_000 },
];
