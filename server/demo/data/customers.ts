import type { Language } from '#contract/language';
import { DEMO_IDS } from './ids.ts';

/*
 * The demo customers (README "Demo customers"): the account holders with their contact and invoicing details,
 * and the users who log in. Data only; the writes are in ../seeding/customers.ts.
 */

const C = DEMO_IDS.customers;
const U = DEMO_IDS.users;

type Address = { street: string; number: string; box: string | null; city: string; zip: string; country: string };

type DemoPerson = {
  customerId: number;
  mobileId: string;
  energyId: string | null;
  energyLinkConfirmed: boolean;
  promo: string | null;
  parrain: string | null;
  complete: boolean;
  optinMarketing: boolean;
  optinSales: boolean;
  privacyLocked: boolean;
  civility: 'MR' | 'MRS';
  firstName: string;
  lastName: string;
  birthDate: string;
  nationality: string;
  email: string;
  mobile: string;
  language: Language;
  company: { name: string; type: string; number: string; vat: string } | null;
  address: Address;
  paymentMode: 'DD' | 'BT';
  iban: string | null;
  bic: string | null;
};

export const PEOPLE: DemoPerson[] = [
  {
    customerId: C.sophie,
    mobileId: 'MT00000001',
    energyId: 'ME00000001',
    energyLinkConfirmed: true,
    promo: 'WELCOME2026',
    parrain: null,
    complete: true,
    optinMarketing: true,
    optinSales: false,
    privacyLocked: false,
    civility: 'MRS',
    firstName: 'Sophie',
    lastName: 'Dubois',
    birthDate: '1986-04-12',
    nationality: 'BE',
    email: 'sophie.dubois@example.be',
    mobile: '0470000001',
    language: 'fr',
    company: null,
    address: { street: 'Rue des Tanneurs', number: '12', box: null, city: 'Bruxelles', zip: '1000', country: 'BE' },
    paymentMode: 'DD',
    iban: 'BE68539007547034',
    bic: 'BBRUBEBB',
  },
  {
    customerId: C.marc,
    mobileId: 'MT00000003',
    energyId: 'ME00000003',
    energyLinkConfirmed: false,
    promo: null,
    parrain: null,
    // Locked privacy settings: the profile screen must show 'Vous ne pouvez pas modifier ce paramètre.'
    complete: true,
    optinMarketing: false,
    optinSales: false,
    privacyLocked: true,
    civility: 'MR',
    firstName: 'Marc',
    lastName: 'Janssens',
    birthDate: '1979-09-30',
    nationality: 'BE',
    email: 'marc.janssens@example.be',
    mobile: '0470000004',
    language: 'nl',
    company: null,
    address: { street: 'Kerkstraat', number: '45', box: null, city: 'Antwerpen', zip: '2000', country: 'BE' },
    paymentMode: 'BT',
    iban: 'BE71096123456769',
    bic: 'GKCCBEBB',
  },
  {
    customerId: C.martinLogistics,
    mobileId: 'MT00000004',
    energyId: null,
    energyLinkConfirmed: false,
    promo: null,
    parrain: null,
    complete: true,
    optinMarketing: false,
    optinSales: true,
    privacyLocked: false,
    civility: 'MRS',
    firstName: 'Emma',
    lastName: 'Martin',
    birthDate: '1990-02-17',
    nationality: 'FR',
    email: 'emma@martin-logistics.example.be',
    mobile: '0470000005',
    language: 'en',
    company: { name: 'Martin Logistics BV', type: 'BV', number: '0123.456.749', vat: 'BE0123456749' },
    address: { street: 'Havenlaan', number: '86C', box: '204', city: 'Brussel', zip: '1000', country: 'BE' },
    paymentMode: 'BT',
    iban: 'BE62510007547061',
    bic: 'BBRUBEBB',
  },
  {
    customerId: C.yasmine,
    mobileId: 'MT00000005',
    energyId: null,
    energyLinkConfirmed: false,
    promo: null,
    parrain: 'MT00000001',
    complete: true,
    optinMarketing: true,
    optinSales: true,
    privacyLocked: false,
    civility: 'MRS',
    firstName: 'Yasmine',
    lastName: 'El Amrani',
    birthDate: '1995-11-03',
    nationality: 'BE',
    email: 'yasmine.elamrani@example.be',
    mobile: '0470000007',
    language: 'fr',
    company: null,
    address: { street: 'Rue Saint-Gilles', number: '27', box: null, city: 'Liège', zip: '4000', country: 'BE' },
    paymentMode: 'DD',
    iban: 'BE43068999999501',
    bic: 'GKCCBEBB',
  },
  {
    // Bought a SIM online, never created an account: activates with O-0000000001 + 123456.
    customerId: C.newCustomer,
    mobileId: 'MT00000006',
    energyId: null,
    energyLinkConfirmed: false,
    promo: null,
    parrain: null,
    complete: false,
    optinMarketing: false,
    optinSales: false,
    privacyLocked: false,
    civility: 'MR',
    firstName: 'Thomas',
    lastName: 'Lambert',
    birthDate: '1998-01-08',
    nationality: 'BE',
    email: 'thomas.lambert@example.be',
    mobile: '0470000008',
    language: 'fr',
    company: null,
    address: { street: 'Chaussée de Namur', number: '101', box: null, city: 'Namur', zip: '5000', country: 'BE' },
    paymentMode: 'BT',
    iban: null,
    bic: null,
  },
];

type DemoUser = {
  id: number;
  customerId: number | null;
  scope: 'LEGACY' | 'TEMP' | 'DEFAULT';
  role: 'owner' | 'admin' | 'user' | 'none';
  email: string | null;
  msisdn: string | null;
  energyRef: string | null;
  language: Language;
  firstName: string;
  lastName: string;
  birthDate: string | null;
};

// Owners have no msisdn: they log in with customer number, energy number or e-mail; only plain users use a phone.
export const USERS: DemoUser[] = [
  {
    id: U.sophie,
    customerId: C.sophie,
    scope: 'DEFAULT',
    role: 'owner',
    email: 'sophie.dubois@example.be',
    msisdn: null,
    energyRef: 'ME00000001',
    language: 'fr',
    firstName: 'Sophie',
    lastName: 'Dubois',
    birthDate: '1986-04-12',
  },
  {
    id: U.lucas,
    customerId: C.martinLogistics,
    scope: 'DEFAULT',
    role: 'user',
    email: 'lucas.peeters@example.be',
    msisdn: '0470000003',
    energyRef: null,
    language: 'nl',
    firstName: 'Lucas',
    lastName: 'Peeters',
    birthDate: '2001-06-21',
  },
  {
    id: U.marc,
    customerId: C.marc,
    scope: 'DEFAULT',
    role: 'owner',
    email: 'marc.janssens@example.be',
    msisdn: null,
    energyRef: null,
    language: 'nl',
    firstName: 'Marc',
    lastName: 'Janssens',
    birthDate: '1979-09-30',
  },
  {
    id: U.emma,
    customerId: C.martinLogistics,
    scope: 'DEFAULT',
    role: 'owner',
    email: 'emma@martin-logistics.example.be',
    msisdn: null,
    energyRef: null,
    language: 'en',
    firstName: 'Emma',
    lastName: 'Martin',
    birthDate: '1990-02-17',
  },
  {
    id: U.yasmine,
    customerId: C.yasmine,
    scope: 'DEFAULT',
    role: 'owner',
    email: 'yasmine.elamrani@example.be',
    msisdn: null,
    energyRef: null,
    language: 'fr',
    firstName: 'Yasmine',
    lastName: 'El Amrani',
    birthDate: '1995-11-03',
  },
  {
    id: U.legacy,
    customerId: null,
    scope: 'LEGACY',
    role: 'none',
    email: 'legacy@example.be',
    msisdn: null,
    energyRef: null,
    language: 'fr',
    firstName: 'Luc',
    lastName: 'Legrand',
    birthDate: null,
  },
  // Admin of the professional customer: exercises the professional restriction for a non-owner.
  {
    id: U.jan,
    customerId: C.martinLogistics,
    scope: 'DEFAULT',
    role: 'admin',
    email: 'jan.claes@martin-logistics.example.be',
    msisdn: null,
    energyRef: null,
    language: 'nl',
    firstName: 'Jan',
    lastName: 'Claes',
    birthDate: '1984-08-09',
  },
];
