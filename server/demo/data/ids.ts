import { demoActivation, demoPassword } from '#contract/fixtures/demo';

/*
 * Fixed ids and secrets of the demo data, so the routes' tests, the e2e fixtures and the README can refer to the
 * demo people without lookups. The password and the first activation code are the contract's fixtures (what the
 * browser tests type), so there is one home for each.
 */

export const DEMO_PASSWORD = demoPassword;
/** @internal Exported for its tests (knip --production). */
export const DEMO_ACTIVATION_CODE = demoActivation.code;

export const DEMO_IDS = {
  billCycles: { day1: 1, day5: 2, day15: 3 },
  customers: { sophie: 1, marc: 3, martinLogistics: 4, yasmine: 5, newCustomer: 6 },
  users: { sophie: 1, lucas: 2, marc: 3, emma: 4, yasmine: 5, legacy: 6, jan: 7 },
  // Contract id = last digit of the msisdn 047000000N.
  contracts: { sophieMain: 1, sophieNew: 2, lucas: 3, marc: 4, emmaOrders: 5, emmaFraud: 6, yasmine: 7, newCustomer: 8 },
  products: {
    mobileS: 1,
    mobileM: 2,
    mobileL: 3,
    pro30: 4,
    proUnlimited: 5,
    pro10: 6,
    extra1Gb: 11,
    extra5Gb: 12,
    international60: 13,
    roamingWorld1Gb: 14,
  },
} as const;
