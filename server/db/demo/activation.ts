import { DEMO_ACTIVATION_CODE, DEMO_IDS, DEMO_SECOND_ACTIVATION_CODE } from './ids.ts';

/*
 * Activation codes of the SIMs waiting for activation (the orders O-0000000001 and O-0000000002 of orders.ts),
 * valid ACTIVATION_CODE_VALID_DAYS from the seed. Data only; written (hashed) by ../seeding/activation.ts.
 */

const K = DEMO_IDS.contracts;

export const ACTIVATION_CODE_VALID_DAYS = 30;

export const ACTIVATION_CODES: { orderRef: string; contractId: number; code: string; ageDays: number }[] = [
  { orderRef: 'O-0000000001', contractId: K.newCustomer, code: DEMO_ACTIVATION_CODE, ageDays: 4 },
  { orderRef: 'O-0000000002', contractId: K.sophieNew, code: DEMO_SECOND_ACTIVATION_CODE, ageDays: 6 },
];
