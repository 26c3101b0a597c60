import { DEMO_IDS } from './ids.ts';

/*
 * The energy link and referral codes of the demo (README "Demo customers"). Data only; the writes are in
 * ../seeding/energy.ts.
 *
 * Energy accounts stand in for the sister energy service's own accounts; they all use the demo password.
 * - ME00000001 is Sophie's, linked and confirmed: she gets the one-click login, and anyone else who tries to link it
 *   meets "this energy account is already linked".
 * - ME00000003 is Marc's: his customer record knows the number but the link was never confirmed, so he can link it.
 * - ME00000005 is Yasmine's, not linked to anything yet: she can link it.
 */

const C = DEMO_IDS.customers;

export type DemoEnergyAccount = { energyId: string; firstName: string; lastName: string };

export const ENERGY_ACCOUNTS: DemoEnergyAccount[] = [
  { energyId: 'ME00000001', firstName: 'Sophie', lastName: 'Dubois' },
  { energyId: 'ME00000003', firstName: 'Marc', lastName: 'Janssens' },
  { energyId: 'ME00000005', firstName: 'Yasmine', lastName: 'El Amrani' },
];

/**
 * The code each account holder gives friends. Yasmine subscribed with Sophie's customer number (her `parrain`, the
 * older form of a referral), so Sophie has one referral.
 */
export const REFERRAL_CODES: { customerId: number; code: string }[] = [
  { customerId: C.sophie, code: 'SOPHIE-7K2P' },
  { customerId: C.marc, code: 'MARC-3M8Q' },
  { customerId: C.martinLogistics, code: 'MARTIN-5L9X' },
  { customerId: C.yasmine, code: 'YASMINE-2R6T' },
];
