import type { Db } from './database.ts';
import { createPrng, SEED, type Prng } from './prng.ts';
import { hashPassword } from '../lib/password.ts';

// Deterministic demo data. Everything random comes from one mulberry32 stream with a fixed seed and every date
// is relative to `now`, so two seeds with the same `now` give the same rows (except salted hashes) and the
// current bill cycle always holds usage. All calendar arithmetic is in UTC.

export const DEMO_PASSWORD = 'Demo!2026';
export const DEMO_ACTIVATION_CODE = '123456';
/** Code for Sophie's second line (0470000002), usable through the public activation screen. */
export const DEMO_SECOND_ACTIVATION_CODE = '246810';

/** Fixed ids, so the routes, e2e fixtures and tests can refer to the demo people without lookups. */
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
    extra1Gb: 11,
    extra5Gb: 12,
    international60: 13,
    roamingWorld1Gb: 14,
  },
} as const;

const DAY_MS = 86_400_000;
const MB = 1024 * 1024;

// ---------------------------------------------------------------------------------------------------------------
// Calendar helpers (exported: the routes and tests need the same cycle rule as the seed)
// ---------------------------------------------------------------------------------------------------------------

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

function startInMonth(year: number, month: number, startDay: number): Date {
  // Month overflow (month -1, 12) is normalised by Date.UTC; a start day of 31 falls on the month's last day.
  const normalised = new Date(Date.UTC(year, month, 1));
  const y = normalised.getUTCFullYear();
  const m = normalised.getUTCMonth();
  return new Date(Date.UTC(y, m, Math.min(startDay, daysInMonth(y, m))));
}

/**
 * Start (UTC midnight) of the bill cycle containing `now`, or of the cycle `cyclesBack` cycles earlier.
 * SPEC §3: the cycle start is the most recent occurrence of the start day; on the start day itself it is today.
 */
export function billCycleStart(now: Date, startDay: number, cyclesBack = 0): Date {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const thisMonth = startInMonth(year, month, startDay);
  const currentMonthIndex = now.getTime() >= thisMonth.getTime() ? month : month - 1;
  return startInMonth(year, currentMonthIndex - cyclesBack, startDay);
}

/** Last day (inclusive, UTC midnight) of the cycle that starts at `start`: start + 1 month - 1 day (SPEC §3). */
export function billCycleEnd(start: Date, startDay: number): Date {
  const next = startInMonth(start.getUTCFullYear(), start.getUTCMonth() + 1, startDay);
  return new Date(next.getTime() - DAY_MS);
}

const iso = (ms: number): string => new Date(ms).toISOString();
const isoDate = (ms: number): string => iso(ms).slice(0, 10);

// ---------------------------------------------------------------------------------------------------------------
// Belgian check digits, so the demo data passes the contract's validators (SPEC §5)
// ---------------------------------------------------------------------------------------------------------------

/** '+++ddd/dddd/ddddd+++': 10 digits then (those digits mod 97), 97 when the remainder is 0. */
export function structuredCommunication(base: number): string {
  const head = String(base % 10_000_000_000).padStart(10, '0');
  const check = Number(head) % 97 || 97;
  const digits = head + String(check).padStart(2, '0');
  return `+++${digits.slice(0, 3)}/${digits.slice(3, 7)}/${digits.slice(7)}+++`;
}

export function isValidStructuredCommunication(value: string): boolean {
  const match = /^\+\+\+(\d{3})\/(\d{4})\/(\d{5})\+\+\+$/.exec(value);
  if (!match) return false;
  const digits = match.slice(1).join('');
  return (Number(digits.slice(0, 10)) % 97 || 97) === Number(digits.slice(10));
}

function luhnCheckDigit(payload: string): string {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let digit = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
}

/** 19-digit Belgian ICCID (89 telecom, 32 Belgium) with its Luhn digit. */
function iccid(rng: Prng): string {
  const payload = `8932${rng.digits(14)}`;
  return payload + luhnCheckDigit(payload);
}

/** National register number: YYMMDD + 3-digit order (odd men, even women) + 97-complement check. */
function nationalRegisterNumber(birthDate: string, order: number): string {
  const [year = '', month = '', day = ''] = birthDate.split('-');
  const head = `${year.slice(2)}${month}${day}${String(order).padStart(3, '0')}`;
  // People born from 2000 on get a leading 2 in the checksum base.
  const base = Number(year) >= 2000 ? Number(`2${head}`) : Number(head);
  return head + String(97 - (base % 97)).padStart(2, '0');
}

/** Belgian eID card number: 10 digits + (mod 97, 97 when 0). */
function idCardNumber(rng: Prng): string {
  const head = `59${rng.digits(8)}`;
  return head + String(Number(head) % 97 || 97).padStart(2, '0');
}

// ---------------------------------------------------------------------------------------------------------------
// Static demo data
// ---------------------------------------------------------------------------------------------------------------

type Lang = 'fr' | 'nl' | 'en';
type Texts = Record<Lang, string>;

type ProductSeed = {
  id: number;
  name: string;
  type: 'BASE' | 'OPTION';
  price: number;
  residential: boolean;
  professional: boolean;
  dataMb: number;
  voiceMin: number;
  sms: number;
  maxCombinations: number;
  options: number[];
  descriptions: Texts;
  technical: Texts;
};

const P = DEMO_IDS.products;
const RESIDENTIAL_OPTIONS = [P.extra5Gb, P.extra1Gb, P.roamingWorld1Gb, P.international60];
const PROFESSIONAL_OPTIONS = [P.extra5Gb, P.extra1Gb, P.roamingWorld1Gb, P.international60];

const PRODUCTS: ProductSeed[] = [
  {
    id: P.mobileS,
    name: 'Mega Mobile S',
    type: 'BASE',
    price: 1000,
    residential: true,
    professional: false,
    dataMb: 5120,
    voiceMin: 150,
    sms: 0,
    maxCombinations: 1,
    options: RESIDENTIAL_OPTIONS,
    descriptions: {
      fr: '5 Go de données, 150 minutes d’appel et SMS illimités en Belgique et en Europe.',
      nl: '5 GB data, 150 belminuten en onbeperkt sms’en in België en Europa.',
      en: '5 GB of data, 150 call minutes and unlimited texts in Belgium and Europe.',
    },
    technical: { fr: '4G/5G, débit max 300 Mbit/s', nl: '4G/5G, max. 300 Mbit/s', en: '4G/5G, up to 300 Mbit/s' },
  },
  {
    id: P.mobileM,
    name: 'Mega Mobile M',
    type: 'BASE',
    price: 2000,
    residential: true,
    professional: false,
    dataMb: 20480,
    voiceMin: 500,
    sms: 0,
    maxCombinations: 1,
    options: RESIDENTIAL_OPTIONS,
    descriptions: {
      fr: '20 Go de données, 500 minutes d’appel et SMS illimités en Belgique et en Europe.',
      nl: '20 GB data, 500 belminuten en onbeperkt sms’en in België en Europa.',
      en: '20 GB of data, 500 call minutes and unlimited texts in Belgium and Europe.',
    },
    technical: { fr: '4G/5G, débit max 1 Gbit/s', nl: '4G/5G, max. 1 Gbit/s', en: '4G/5G, up to 1 Gbit/s' },
  },
  {
    id: P.mobileL,
    name: 'Mega Mobile L',
    type: 'BASE',
    price: 3500,
    residential: true,
    professional: false,
    dataMb: 102400,
    voiceMin: 0,
    sms: 0,
    maxCombinations: 1,
    options: RESIDENTIAL_OPTIONS,
    descriptions: {
      fr: '100 Go de données, appels et SMS illimités en Belgique et en Europe.',
      nl: '100 GB data, onbeperkt bellen en sms’en in België en Europa.',
      en: '100 GB of data, unlimited calls and texts in Belgium and Europe.',
    },
    technical: { fr: '4G/5G, débit max 1 Gbit/s', nl: '4G/5G, max. 1 Gbit/s', en: '4G/5G, up to 1 Gbit/s' },
  },
  {
    id: P.pro30,
    name: 'Mega Pro 30',
    type: 'BASE',
    price: 2900,
    residential: false,
    professional: true,
    dataMb: 30720,
    voiceMin: 0,
    sms: 0,
    maxCombinations: 1,
    options: PROFESSIONAL_OPTIONS,
    descriptions: {
      fr: 'Abonnement professionnel : 30 Go, appels et SMS illimités, facture au nom de la société.',
      nl: 'Zakelijk abonnement: 30 GB, onbeperkt bellen en sms’en, factuur op naam van de onderneming.',
      en: 'Business plan: 30 GB, unlimited calls and texts, invoiced to the company.',
    },
    technical: { fr: '4G/5G, priorité réseau', nl: '4G/5G, netwerkprioriteit', en: '4G/5G, network priority' },
  },
  {
    id: P.proUnlimited,
    name: 'Mega Pro Unlimited',
    type: 'BASE',
    price: 4500,
    residential: false,
    professional: true,
    dataMb: 0,
    voiceMin: 0,
    sms: 0,
    maxCombinations: 1,
    options: PROFESSIONAL_OPTIONS,
    descriptions: {
      fr: 'Abonnement professionnel : données, appels et SMS illimités.',
      nl: 'Zakelijk abonnement: onbeperkt data, bellen en sms’en.',
      en: 'Business plan: unlimited data, calls and texts.',
    },
    technical: {
      fr: '4G/5G, priorité réseau, fair use 500 Go',
      nl: '4G/5G, netwerkprioriteit, fair use 500 GB',
      en: '4G/5G, network priority, 500 GB fair use',
    },
  },
  {
    id: P.extra1Gb,
    name: 'Extra 1 GB',
    type: 'OPTION',
    price: 300,
    residential: true,
    professional: true,
    dataMb: 1024,
    voiceMin: 0,
    sms: 0,
    maxCombinations: 10,
    options: [],
    descriptions: {
      fr: '1 Go de données supplémentaire, cumulable jusqu’à 10 fois.',
      nl: '1 GB extra data, tot 10 keer combineerbaar.',
      en: '1 GB of extra data, can be added up to 10 times.',
    },
    technical: { fr: 'Valable pendant le cycle de facturation', nl: 'Geldig tijdens de factuurperiode', en: 'Valid for the bill cycle' },
  },
  {
    id: P.extra5Gb,
    name: 'Extra 5 GB',
    type: 'OPTION',
    price: 1000,
    residential: true,
    professional: true,
    dataMb: 5120,
    voiceMin: 0,
    sms: 0,
    maxCombinations: 4,
    options: [],
    descriptions: {
      fr: '5 Go de données supplémentaires, cumulable jusqu’à 4 fois.',
      nl: '5 GB extra data, tot 4 keer combineerbaar.',
      en: '5 GB of extra data, can be added up to 4 times.',
    },
    technical: { fr: 'Valable pendant le cycle de facturation', nl: 'Geldig tijdens de factuurperiode', en: 'Valid for the bill cycle' },
  },
  {
    id: P.international60,
    name: 'International 60',
    type: 'OPTION',
    price: 500,
    residential: true,
    professional: true,
    dataMb: 0,
    voiceMin: 60,
    sms: 0,
    maxCombinations: 1,
    options: [],
    descriptions: {
      fr: '60 minutes d’appel de la Belgique vers l’étranger.',
      nl: '60 belminuten van België naar het buitenland.',
      en: '60 minutes of calls from Belgium to other countries.',
    },
    technical: { fr: 'Zones 1 et 2', nl: 'Zones 1 en 2', en: 'Zones 1 and 2' },
  },
  {
    id: P.roamingWorld1Gb,
    name: 'Roaming World 1 GB',
    type: 'OPTION',
    price: 1500,
    residential: true,
    professional: true,
    dataMb: 1024,
    voiceMin: 0,
    sms: 0,
    maxCombinations: 3,
    options: [],
    descriptions: {
      fr: '1 Go de données hors Europe, cumulable jusqu’à 3 fois.',
      nl: '1 GB data buiten Europa, tot 3 keer combineerbaar.',
      en: '1 GB of data outside Europe, can be added up to 3 times.',
    },
    technical: { fr: 'Zone Monde, valable 30 jours', nl: 'Zone Wereld, 30 dagen geldig', en: 'World zone, valid 30 days' },
  },
];

type Address = { street: string; number: string; box: string | null; city: string; zip: string; country: string };

type PersonSeed = {
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
  language: Lang;
  company: { name: string; type: string; number: string; vat: string } | null;
  address: Address;
  paymentMode: 'DD' | 'BT';
  iban: string | null;
  bic: string | null;
};

const C = DEMO_IDS.customers;

const PEOPLE: PersonSeed[] = [
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

type UserSeed = {
  id: number;
  customerId: number | null;
  scope: 'LEGACY' | 'TEMP' | 'DEFAULT';
  role: 'owner' | 'admin' | 'user' | 'none';
  email: string | null;
  msisdn: string | null;
  energyRef: string | null;
  language: Lang;
  firstName: string;
  lastName: string;
  birthDate: string | null;
};

const U = DEMO_IDS.users;

// Owners have no msisdn: they log in with customer number, energy number or e-mail; only plain users use a phone.
const USERS: UserSeed[] = [
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

type ContractSeed = {
  id: number;
  customerId: number;
  type: 'prepaid' | 'post_simple' | 'post_complex';
  status: string;
  subStatus: string;
  identification: string;
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
};

const K = DEMO_IDS.contracts;
const BC = DEMO_IDS.billCycles;

const CONTRACTS: ContractSeed[] = [
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
  },
];

type FaqText = { question: string; answer: string };

// Real answers that match the product's rules (SPEC §4, §9), so the support page is useful in the demo.
const FAQ_ENTRIES: Record<Lang, FaqText>[] = [
  {
    fr: {
      question: 'Comment suivre ma consommation ?',
      answer:
        'Dans « Consommation », vous voyez vos données, appels et SMS du cycle de facturation en cours, avec ce qu’il reste dans votre forfait. Vous pouvez aussi consulter la facture précédente ou choisir une période. Les chiffres peuvent avoir quelques heures de retard.',
    },
    nl: {
      question: 'Hoe volg ik mijn verbruik op?',
      answer:
        'Onder ‘Verbruik’ ziet u uw data, gesprekken en sms’en van de lopende factuurperiode en wat er nog in uw bundel zit. U kunt ook de vorige factuur of een zelfgekozen periode bekijken. De cijfers kunnen enkele uren achterlopen.',
    },
    en: {
      question: 'How do I follow my usage?',
      answer:
        'Under “Consumption” you see the data, calls and texts of the current bill cycle and what is left in your bundle. You can also look at the previous bill or pick a period. Figures may lag a few hours behind.',
    },
  },
  {
    fr: {
      question: 'Que sont les coûts hors forfait et comment les limiter ?',
      answer:
        'Ce sont les appels internationaux, services premium et données hors zone qui ne sont pas inclus dans votre abonnement. Dans « Paramètres », fixez une limite hors forfait et une alerte : une nouvelle limite est active en 2 minutes. Vous pouvez aussi bloquer les services premium.',
    },
    nl: {
      question: 'Wat zijn kosten buiten bundel en hoe beperk ik ze?',
      answer:
        'Dat zijn internationale gesprekken, premiumdiensten en data buiten uw zone die niet in uw abonnement zitten. Stel onder ‘Instellingen’ een limiet en een waarschuwing in: een nieuwe limiet is binnen 2 minuten actief. U kunt premiumdiensten ook blokkeren.',
    },
    en: {
      question: 'What are out-of-bundle costs and how do I cap them?',
      answer:
        'They are international calls, premium services and data outside your zone that your plan does not include. Set an out-of-bundle limit and an alert under “Settings”: a new limit is active within 2 minutes. You can also block premium services.',
    },
  },
  {
    fr: {
      question: 'Quand et comment payer ma facture ?',
      answer:
        'Votre facture est émise au début de chaque cycle et doit être payée dans les 15 jours. Par virement, utilisez toujours la communication structurée (+++…+++) indiquée sur la facture. Avec la domiciliation, le montant est prélevé automatiquement à l’échéance.',
    },
    nl: {
      question: 'Wanneer en hoe betaal ik mijn factuur?',
      answer:
        'Uw factuur wordt aan het begin van elke periode opgemaakt en moet binnen 15 dagen betaald worden. Gebruik bij een overschrijving altijd de gestructureerde mededeling (+++…+++) op de factuur. Met domiciliëring wordt het bedrag automatisch op de vervaldag afgehouden.',
    },
    en: {
      question: 'When and how do I pay my invoice?',
      answer:
        'Your invoice is issued at the start of each cycle and is due within 15 days. When paying by bank transfer, always use the structured communication (+++…+++) printed on the invoice. With direct debit the amount is collected automatically on the due date.',
    },
  },
  {
    fr: {
      question: 'Comment activer la domiciliation ?',
      answer:
        'Dans « Paramètres › Paiement », choisissez la domiciliation, saisissez l’IBAN et le BIC d’un compte européen et acceptez le mandat. La domiciliation s’applique à la prochaine facture ; un crédit éventuel est remboursé sous 14 jours.',
    },
    nl: {
      question: 'Hoe activeer ik domiciliëring?',
      answer:
        'Kies onder ‘Instellingen › Betaling’ voor domiciliëring, vul de IBAN en BIC van een Europese rekening in en aanvaard het mandaat. De domiciliëring geldt vanaf de volgende factuur; een eventueel tegoed wordt binnen 14 dagen terugbetaald.',
    },
    en: {
      question: 'How do I set up direct debit?',
      answer:
        'Under “Settings › Payment”, choose direct debit, enter the IBAN and BIC of a European account and accept the mandate. It applies from the next invoice; any credit is refunded within 14 days.',
    },
  },
  {
    fr: {
      question: 'Puis-je utiliser mon abonnement à l’étranger ?',
      answer:
        'Dans l’Union européenne, vous utilisez votre forfait comme en Belgique. Choisissez votre zone de roaming (monde, UE avec ou sans la Suisse, appels et SMS seulement, aucune) dans « Paramètres ». Un changement de zone peut prendre jusqu’à 4 heures : faites-le avant de partir.',
    },
    nl: {
      question: 'Kan ik mijn abonnement in het buitenland gebruiken?',
      answer:
        'In de Europese Unie gebruikt u uw bundel zoals in België. Kies uw roamingzone (wereld, EU met of zonder Zwitserland, enkel bellen en sms, geen) onder ‘Instellingen’. Een zonewijziging kan tot 4 uur duren: doe het vóór vertrek.',
    },
    en: {
      question: 'Can I use my plan abroad?',
      answer:
        'In the European Union you use your bundle as you do in Belgium. Choose your roaming zone (world, EU with or without Switzerland, calls and texts only, none) under “Settings”. A zone change can take up to 4 hours, so do it before you leave.',
    },
  },
  {
    fr: {
      question: 'Comment activer ma carte SIM ?',
      answer:
        'Allez sur « Activer ma SIM », saisissez votre numéro de client, de commande (O-…) ou de téléphone et le code à 6 chiffres reçu par e-mail. Un nouveau numéro est actif en 2 heures maximum (souvent 5 minutes) ; un transfert de numéro depuis un autre opérateur prend jusqu’à 48 heures.',
    },
    nl: {
      question: 'Hoe activeer ik mijn simkaart?',
      answer:
        'Ga naar ‘Mijn simkaart activeren’ en vul uw klantnummer, bestelnummer (O-…) of telefoonnummer in, samen met de 6-cijferige code uit uw e-mail. Een nieuw nummer is binnen maximaal 2 uur actief (meestal 5 minuten); een nummeroverdracht van een andere operator duurt tot 48 uur.',
    },
    en: {
      question: 'How do I activate my SIM card?',
      answer:
        'Go to “Activate my SIM” and enter your customer number, order number (O-…) or phone number with the 6-digit code you received by e-mail. A new number works within 2 hours (usually 5 minutes); moving your number from another operator takes up to 48 hours.',
    },
  },
  {
    fr: {
      question: 'À quoi sert le code PIN de l’application ?',
      answer:
        'Sur chaque appareil, vous choisissez un code à 4 chiffres pour ouvrir l’application sans mot de passe. Il est valable 3 mois. Après trop d’essais erronés, ou si vous l’avez oublié, reconnectez-vous avec votre mot de passe pour en créer un nouveau.',
    },
    nl: {
      question: 'Waarvoor dient de pincode van de app?',
      answer:
        'Op elk toestel kiest u een code van 4 cijfers om de app zonder wachtwoord te openen. Ze is 3 maanden geldig. Na te veel foute pogingen of als u ze vergeten bent, meldt u zich opnieuw aan met uw wachtwoord en kiest u een nieuwe.',
    },
    en: {
      question: 'What is the app PIN for?',
      answer:
        'On each device you choose a 4-digit code to open the app without your password. It is valid for 3 months. After too many wrong attempts, or if you forgot it, log in again with your password and set a new one.',
    },
  },
  {
    fr: {
      question: 'Ma carte SIM est bloquée : où trouver le code PUK ?',
      answer:
        'Après trois codes PIN de la SIM erronés, le téléphone demande le code PUK. Vous le trouvez dans « Abonnement », avec le code PIN de votre carte SIM. Après dix PUK erronés, la carte est définitivement bloquée et doit être remplacée.',
    },
    nl: {
      question: 'Mijn simkaart is geblokkeerd: waar vind ik de PUK-code?',
      answer:
        'Na drie foute pincodes van de simkaart vraagt uw toestel de PUK-code. U vindt die onder ‘Abonnement’, samen met de pincode van uw simkaart. Na tien foute PUK-codes is de kaart definitief geblokkeerd en moet ze vervangen worden.',
    },
    en: {
      question: 'My SIM is blocked: where is my PUK code?',
      answer:
        'After three wrong SIM PINs your phone asks for the PUK code. You find it under “Subscription”, together with your SIM PIN. After ten wrong PUK codes the card is blocked for good and must be replaced.',
    },
  },
];

// ---------------------------------------------------------------------------------------------------------------
// Usage generation
// ---------------------------------------------------------------------------------------------------------------

type UsagePlan = {
  contractId: number;
  startDay: number;
  /** Bytes that the in-bundle data records of a cycle are a share of (the bundle, or a nominal size if unlimited). */
  dataBasisBytes: number;
  /** Exact share of dataBasisBytes used in the current cycle. */
  currentShare: number;
  pastShare: readonly [number, number];
  /** In-bundle records per cycle. */
  perCycle: { data: number; call: number; sms: number };
  roamingShare: number;
  /** Out-of-bundle events per cycle (international calls, premium SMS, data outside the roaming zone). */
  oob: { call: number; sms: number; data: number };
  /** Forces the exact out-of-bundle total of the current cycle (overspent scenario). */
  currentOobCents?: number;
};

type UsageRow = [
  contractId: number,
  serviceCat: 'call' | 'data' | 'sms',
  messages: number,
  isOob: 0 | 1,
  impact: number,
  used: number,
  unit: 'B' | 's' | 'sms',
  incoming: 0 | 1,
  destination: 'national' | 'international' | 'roaming' | 'premium',
  eventTime: number,
];

const CYCLES = 6;

function generateUsage(rng: Prng, now: Date, plan: UsagePlan, insert: (row: UsageRow) => void): void {
  const nowMs = now.getTime();
  for (let back = CYCLES - 1; back >= 0; back--) {
    const from = billCycleStart(now, plan.startDay, back).getTime();
    // The current cycle only has records up to now; past cycles end the millisecond before the next start.
    const to = back === 0 ? nowMs : billCycleStart(now, plan.startDay, back - 1).getTime() - 1;
    const at = (): number => from + Math.floor(rng.next() * (to - from + 1));
    const rows: UsageRow[] = [];
    const id = plan.contractId;

    // Data volumes: random weights scaled so the cycle total hits its share exactly (the last record takes the rest).
    const share = back === 0 ? plan.currentShare : plan.pastShare[0] + rng.next() * (plan.pastShare[1] - plan.pastShare[0]);
    const totalBytes = Math.floor(plan.dataBasisBytes * share);
    const weights = Array.from({ length: plan.perCycle.data }, () => 0.2 + rng.next());
    const weightSum = weights.reduce((a, b) => a + b, 0);
    let allotted = 0;
    weights.forEach((weight, i) => {
      const bytes = i === weights.length - 1 ? totalBytes - allotted : Math.floor((totalBytes * weight) / weightSum);
      allotted += bytes;
      rows.push([id, 'data', 1, 0, 0, bytes, 'B', 0, rng.chance(plan.roamingShare) ? 'roaming' : 'national', at()]);
    });

    for (let i = 0; i < plan.perCycle.call; i++) {
      const incoming = rng.chance(0.4) ? 1 : 0;
      const destination = rng.chance(plan.roamingShare) ? 'roaming' : rng.chance(0.05) ? 'international' : 'national';
      rows.push([id, 'call', 1, 0, 0, rng.int(8, 900), 's', incoming, destination, at()]);
    }
    for (let i = 0; i < plan.perCycle.sms; i++) {
      const incoming = rng.chance(0.35) ? 1 : 0;
      rows.push([
        id,
        'sms',
        rng.chance(0.1) ? 2 : 1,
        0,
        0,
        1,
        'sms',
        incoming,
        rng.chance(plan.roamingShare) ? 'roaming' : 'national',
        at(),
      ]);
    }

    // Out-of-bundle costs in cents; in the forced scenario they are rescaled to the exact target afterwards.
    const oob: UsageRow[] = [];
    for (let i = 0; i < plan.oob.call; i++) {
      const seconds = rng.int(60, 900);
      oob.push([id, 'call', 1, 1, Math.ceil(seconds / 60) * 49, seconds, 's', 0, 'international', at()]);
    }
    for (let i = 0; i < plan.oob.sms; i++) oob.push([id, 'sms', 1, 1, rng.pick([150, 200, 300]), 1, 'sms', 0, 'premium', at()]);
    for (let i = 0; i < plan.oob.data; i++) {
      const bytes = rng.int(1, 20) * MB;
      oob.push([id, 'data', 1, 1, Math.round((bytes / MB) * 25), bytes, 'B', 0, 'roaming', at()]);
    }
    if (back === 0 && plan.currentOobCents !== undefined && oob.length > 0) {
      const target = plan.currentOobCents;
      const sum = oob.reduce((total, row) => total + row[4], 0);
      let given = 0;
      oob.forEach((row, i) => {
        row[4] = i === oob.length - 1 ? target - given : Math.max(1, Math.floor((row[4] * target) / sum));
        given += row[4];
      });
    }
    rows.push(...oob);

    // Chronological ids per contract, so "id DESC" pagination is also newest first.
    rows.sort((a, b) => a[9] - b[9]);
    for (const row of rows) insert(row);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The seed
// ---------------------------------------------------------------------------------------------------------------

/** Fills an empty, migrated database with the demo customers. Runs in one transaction. */
export function seed(db: Db, now: Date): void {
  const rng = createPrng(SEED);
  const nowMs = now.getTime();
  const daysAgo = (days: number): number => nowMs - days * DAY_MS;

  // Hashing is the slow part (scrypt); done before the transaction so the write lock is held briefly.
  const passwordHashes = new Map(USERS.map((user) => [user.id, hashPassword(DEMO_PASSWORD)]));
  const activationHashes = { first: hashPassword(DEMO_ACTIVATION_CODE), second: hashPassword(DEMO_SECOND_ACTIVATION_CODE) };

  db.transaction(() => {
    // -- bill cycles and catalogue ------------------------------------------------------------------------------
    const insertCycle = db.prepare("INSERT INTO bill_cycles (id, start_day, frequency_unit, frequency_duration) VALUES (?, ?, 'MONTH', 1)");
    insertCycle.run(BC.day1, 1);
    insertCycle.run(BC.day5, 5);
    insertCycle.run(BC.day15, 15);

    const insertProduct = db.prepare(`INSERT INTO products (id, guid, name, type, descriptions_json, technical_descriptions_json,
      price_cents, for_residential, for_professional, data_limit_mb, voice_limit_min, sms_limit, max_combinations,
      sorted_option_ids_json, last_update) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const insertProductOption = db.prepare('INSERT INTO product_options (product_id, option_id) VALUES (?, ?)');
    for (const product of PRODUCTS) {
      insertProduct.run(
        product.id,
        rng.uuid(),
        product.name,
        product.type,
        JSON.stringify(product.descriptions),
        JSON.stringify(product.technical),
        product.price,
        product.residential ? 1 : 0,
        product.professional ? 1 : 0,
        product.dataMb,
        product.voiceMin,
        product.sms,
        product.maxCombinations,
        JSON.stringify(product.options),
        iso(daysAgo(90)),
      );
    }
    for (const product of PRODUCTS) for (const optionId of product.options) insertProductOption.run(product.id, optionId);

    // -- customers, contacts, invoicing -------------------------------------------------------------------------
    const insertCustomer = db.prepare(`INSERT INTO customers (id, guid, promo, parrain, mobile_id, energy_id, is_complete,
      is_confirmed, optin_marketing, optin_sales, accept_conditions, energy_link_confirmed, privacy_locked, last_update)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const insertContact = db.prepare(`INSERT INTO contacts (id, guid, customer_id, civility, first_name, last_name, birth_date,
      nationality, phone, mobile, email, is_email_confirmed, language, is_residential, company_name, company_type,
      company_number, company_vat, last_update) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const insertInvoicing = db.prepare(`INSERT INTO invoicing (id, customer_id, street, number, box, city, zip_code, country,
      iban, bic, payment_mode, mandate_date, holder_first_name, holder_last_name, holder_email, last_update)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const person of PEOPLE) {
      const complete = person.complete ? 1 : 0;
      insertCustomer.run(
        person.customerId,
        rng.uuid(),
        person.promo,
        person.parrain,
        person.mobileId,
        person.energyId,
        complete,
        complete,
        person.optinMarketing ? 1 : 0,
        person.optinSales ? 1 : 0,
        complete,
        person.energyLinkConfirmed ? 1 : 0,
        person.privacyLocked ? 1 : 0,
        iso(daysAgo(rng.int(5, 60))),
      );
      insertContact.run(
        person.customerId,
        rng.uuid(),
        person.customerId,
        person.civility,
        person.firstName,
        person.lastName,
        person.birthDate,
        person.nationality,
        null,
        person.mobile,
        person.email,
        person.complete ? 1 : 0,
        person.language,
        person.company ? 0 : 1,
        person.company?.name ?? null,
        person.company?.type ?? null,
        person.company?.number ?? null,
        person.company?.vat ?? null,
        iso(daysAgo(rng.int(5, 60))),
      );
      const a = person.address;
      insertInvoicing.run(
        person.customerId,
        person.customerId,
        a.street,
        a.number,
        a.box,
        a.city,
        a.zip,
        a.country,
        person.iban,
        person.bic,
        person.paymentMode,
        person.paymentMode === 'DD' ? isoDate(daysAgo(400)) : null,
        person.firstName,
        person.lastName,
        person.email,
        iso(daysAgo(rng.int(5, 60))),
      );
    }

    // -- users ----------------------------------------------------------------------------------------------------
    const insertUser = db.prepare(`INSERT INTO users (id, guid, customer_id, scope, role, email, msisdn, energy_ref, language,
      first_name, last_name, birth_date, password_hash, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const user of USERS) {
      insertUser.run(
        user.id,
        rng.uuid(),
        user.customerId,
        user.scope,
        user.role,
        user.email,
        user.msisdn,
        user.energyRef,
        user.language,
        user.firstName,
        user.lastName,
        user.birthDate,
        passwordHashes.get(user.id) ?? null,
        iso(daysAgo(rng.int(100, 700))),
      );
    }

    // -- contracts and their products, options, settings, safeguards, notifications ------------------------------
    const insertContract = db.prepare(`INSERT INTO contracts (id, customer_id, contract_ref, order_id, scenario, type, msisdn,
      status, sub_status, id_card_number, national_register_number, sim_iccid, other_iccid, sim_sent_date, street, number,
      box, city, zip_code, country, dunning_level_reached, fraudulent_behaviour, lead, linked_user_id,
      identification_status, port_in_status, fraud_status, created_at, updated_at, activated_at, port_in_type,
      other_account_number, partner_code, bill_cycle_id, product_id)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    const insertContractProduct = db.prepare(
      'INSERT INTO contract_products (contract_id, product_id, is_base, active, bill_cycle_id) VALUES (?, ?, ?, ?, ?)',
    );
    const insertSetting = db.prepare(`INSERT INTO contract_settings (contract_id, premium_barring, international_barring,
      roaming_type, throttling, pin, puk) VALUES (?, ?, ?, ?, ?, ?, ?)`);
    const insertNotification = db.prepare(
      'INSERT INTO notification_settings (customer_id, contract_id, type, channel, active) VALUES (?, ?, ?, ?, ?)',
    );

    const peopleById = new Map(PEOPLE.map((person) => [person.customerId, person]));
    for (const contract of CONTRACTS) {
      const person = peopleById.get(contract.customerId);
      if (!person) throw new Error(`contract ${contract.id} has no customer`);
      const a = person.address;
      const created = daysAgo(contract.ageDays);
      const activated = contract.status === 'ACTIVATED';
      const portIn = contract.scenario === 'port_in';
      insertContract.run(
        contract.id,
        contract.customerId,
        `C-${String(contract.id).padStart(6, '0')}`,
        contract.orderRef,
        contract.scenario,
        contract.type,
        `047000000${contract.id}`,
        contract.status,
        contract.subStatus,
        idCardNumber(rng),
        nationalRegisterNumber(contract.holderBirthDate, contract.holderOrder),
        iccid(rng),
        portIn ? iccid(rng) : null,
        isoDate(activated ? created + 2 * DAY_MS : daysAgo(3)),
        a.street,
        a.number,
        a.box,
        a.city,
        a.zip,
        a.country,
        contract.dunning ? 1 : 0,
        contract.fraudulent ? 1 : 0,
        activated ? 'web' : 'webshop',
        contract.linkedUserId,
        contract.identification,
        portIn ? 'PORT_IN_EXECUTED' : null,
        contract.fraud,
        iso(created),
        iso(activated ? daysAgo(rng.int(1, 30)) : daysAgo(3)),
        activated ? iso(created + 3 * DAY_MS) : null,
        portIn ? 'postpaid' : null,
        portIn ? `32${rng.digits(8)}` : null,
        contract.type === 'post_complex' ? 'PRO-BE' : null,
        contract.billCycleId,
        contract.productId,
      );
      insertContractProduct.run(contract.id, contract.productId, 1, 1, contract.billCycleId);

      const yasmine = contract.id === K.yasmine;
      insertSetting.run(
        contract.id,
        contract.id === K.marc ? 'all' : contract.customerId === C.martinLogistics ? 'erotic' : 'none',
        contract.id === K.emmaFraud ? 1 : 0,
        yasmine ? 'WORLD_COVERAGE' : 'EU_INCLUDE_SWISS',
        contract.id === K.lucas ? '100M' : 'NONE',
        rng.digits(4),
        rng.digits(8),
      );

      // All types × channels, so the alerts screen always has a full grid to toggle.
      for (const type of ['80PC', '100PC', 'OOB', 'INV', 'OTHER'] as const) {
        for (const channel of ['SMS', 'EMAIL', 'PUSH'] as const) {
          const active = channel === 'SMS' ? ['80PC', '100PC', 'OOB'].includes(type) : channel === 'EMAIL' ? type !== '80PC' : false;
          insertNotification.run(contract.customerId, contract.id, type, channel, active ? 1 : 0);
        }
      }
    }
    // Sophie moved from S to M: an inactive former base product shows in the contract view.
    insertContractProduct.run(K.sophieMain, P.mobileS, 1, 0, BC.day5);

    const insertContractOption = db.prepare('INSERT INTO contract_options (contract_id, option_id, count) VALUES (?, ?, ?)');
    for (const [contractId, optionId, count] of [
      [K.lucas, P.extra5Gb, 2],
      [K.emmaOrders, P.extra1Gb, 1],
      [K.emmaOrders, P.international60, 1],
      [K.yasmine, P.roamingWorld1Gb, 1],
    ] as const) {
      insertContractOption.run(contractId, optionId, count);
      insertContractProduct.run(contractId, optionId, 0, 1, CONTRACTS.find((c) => c.id === contractId)?.billCycleId ?? BC.day1);
    }

    // -- promotions -------------------------------------------------------------------------------------------------
    const insertPromotion = db.prepare(
      'INSERT INTO promotions (product_id, contract_id, discount_type, discount_amount, descriptions_json) VALUES (?, ?, ?, ?, ?)',
    );
    insertPromotion.run(
      P.mobileM,
      null,
      'percentage',
      20,
      JSON.stringify({ fr: '-20 % pendant 6 mois', nl: '-20 % gedurende 6 maanden', en: '20 % off for 6 months' }),
    );
    insertPromotion.run(
      P.mobileL,
      null,
      'amount',
      500,
      JSON.stringify({ fr: '5 € de réduction par mois', nl: '5 € korting per maand', en: '€5 off every month' }),
    );
    insertPromotion.run(
      P.pro30,
      null,
      'percentage',
      10,
      JSON.stringify({ fr: '-10 % pour les indépendants', nl: '-10 % voor zelfstandigen', en: '10 % off for the self-employed' }),
    );
    insertPromotion.run(
      null,
      K.sophieMain,
      'amount',
      300,
      JSON.stringify({ fr: 'Parrainage : 3 € par mois', nl: 'Peterschap: 3 € per maand', en: 'Referral: €3 a month' }),
    );
    insertPromotion.run(
      null,
      K.yasmine,
      'percentage',
      10,
      JSON.stringify({ fr: 'Bienvenue : -10 %', nl: 'Welkom: -10 %', en: 'Welcome: 10 % off' }),
    );

    // -- usage ------------------------------------------------------------------------------------------------------
    // One prepared statement in the surrounding transaction: ~200k rows in well under a second.
    const insertUsage = db.prepare(`INSERT INTO usage_records (contract_id, service_cat, messages, is_oob, resource_impact,
      resource_unit, service_used, service_unit, incoming, destination, event_time) VALUES (?, ?, ?, ?, ?, 'EUR_CENT', ?, ?, ?, ?, ?)`);
    const insert = (row: UsageRow): void => {
      insertUsage.run(...row);
    };
    const mb = (id: number): number => (PRODUCTS.find((p) => p.id === id)?.dataMb ?? 0) * MB;
    const plans: UsagePlan[] = [
      // Sophie: exactly 82 % of her 20 GB in the current cycle, a few international calls and premium SMS.
      {
        contractId: K.sophieMain,
        startDay: 5,
        dataBasisBytes: mb(P.mobileM),
        currentShare: 0.82,
        pastShare: [0.45, 0.95],
        perCycle: { data: 60, call: 30, sms: 20 },
        roamingShare: 0.05,
        oob: { call: 2, sms: 1, data: 0 },
      },
      // Lucas: 30 GB + 2 × 5 GB options.
      {
        contractId: K.lucas,
        startDay: 1,
        dataBasisBytes: mb(P.pro30) + 2 * mb(P.extra5Gb),
        currentShare: 0.4,
        pastShare: [0.3, 0.8],
        perCycle: { data: 40, call: 40, sms: 10 },
        roamingShare: 0.1,
        oob: { call: 0, sms: 0, data: 0 },
      },
      // Marc: over his 50 € out-of-subscription limit (5230 cents against 5000).
      {
        contractId: K.marc,
        startDay: 15,
        dataBasisBytes: mb(P.mobileS),
        currentShare: 0.6,
        pastShare: [0.5, 1],
        perCycle: { data: 30, call: 25, sms: 20 },
        roamingShare: 0,
        oob: { call: 4, sms: 1, data: 0 },
        currentOobCents: 5230,
      },
      // Emma's unlimited line: a nominal 50 GB basis just to size the records.
      {
        contractId: K.emmaOrders,
        startDay: 1,
        dataBasisBytes: 50 * 1024 * MB,
        currentShare: 0.3,
        pastShare: [0.2, 0.6],
        perCycle: { data: 30, call: 30, sms: 10 },
        roamingShare: 0.1,
        oob: { call: 0, sms: 0, data: 0 },
      },
      {
        contractId: K.emmaFraud,
        startDay: 1,
        dataBasisBytes: mb(P.pro30),
        currentShare: 0.05,
        pastShare: [0.1, 0.3],
        perCycle: { data: 10, call: 10, sms: 5 },
        roamingShare: 0,
        oob: { call: 1, sms: 1, data: 0 },
      },
      // Yasmine: the volume test, ~34k records a cycle, including roaming data and calls.
      {
        contractId: K.yasmine,
        startDay: 1,
        dataBasisBytes: mb(P.mobileL) + mb(P.roamingWorld1Gb),
        currentShare: 0.35,
        pastShare: [0.4, 0.9],
        perCycle: { data: 18_000, call: 9_000, sms: 7_000 },
        roamingShare: 0.15,
        oob: { call: 2, sms: 1, data: 2 },
      },
    ];
    for (const plan of plans) generateUsage(rng, now, plan, insert);

    // -- safeguards: overspent = the current cycle's out-of-bundle total, so alerts and usage agree -------------------
    const oobSince = db.prepare<[number, number], { total: number; premium: number; data: number }>(`SELECT
        COALESCE(SUM(resource_impact), 0) AS total,
        COALESCE(SUM(CASE WHEN destination = 'premium' THEN resource_impact ELSE 0 END), 0) AS premium,
        COALESCE(SUM(CASE WHEN service_cat = 'data' THEN resource_impact ELSE 0 END), 0) AS data
      FROM usage_records WHERE contract_id = ? AND is_oob = 1 AND event_time >= ?`);
    const insertSafeguard = db.prepare(`INSERT INTO safeguards (contract_id, type, current_cents, next_cents, alert_cents,
      default_cents, max_cents, overspent_credit_cents) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    for (const contract of CONTRACTS) {
      const spent = oobSince.get(contract.id, billCycleStart(now, contract.startDay).getTime()) ?? { total: 0, premium: 0, data: 0 };
      const osgNext = contract.id === K.yasmine ? 10_000 : null;
      insertSafeguard.run(contract.id, 'OSG', 5000, osgNext, 4000, 5000, 15_000, spent.total);
      insertSafeguard.run(contract.id, 'PSG', 2000, null, 1500, 2000, 5000, spent.premium);
      insertSafeguard.run(contract.id, 'DSG', 2500, null, 2000, 2500, 10_000, spent.data);
    }

    // -- invoices: one a cycle for the last 6 cycles, issued at the cycle start, due 15 days later ---------------------
    const insertInvoice = db.prepare(`INSERT INTO invoices (uuid, customer_id, contract_id, generated_at, due_date,
      total_incl_vat_cents, structured_communication, piece_id, payment_mode, paid, paid_at, partial_paid_cents)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    let invoiceNumber = 0;
    const billed: { customerId: number; startDay: number; contracts: number[]; single: number | null }[] = [
      { customerId: C.sophie, startDay: 5, contracts: [K.sophieMain], single: K.sophieMain },
      { customerId: C.marc, startDay: 15, contracts: [K.marc], single: K.marc },
      { customerId: C.martinLogistics, startDay: 1, contracts: [K.lucas, K.emmaOrders, K.emmaFraud], single: null },
      { customerId: C.yasmine, startDay: 1, contracts: [K.yasmine], single: K.yasmine },
    ];
    for (const account of billed) {
      const person = peopleById.get(account.customerId);
      if (!person) continue;
      const subscription = account.contracts.reduce((sum, contractId) => {
        const productId = CONTRACTS.find((c) => c.id === contractId)?.productId;
        return sum + (PRODUCTS.find((p) => p.id === productId)?.price ?? 0);
      }, 0);
      for (let back = CYCLES; back >= 1; back--) {
        invoiceNumber += 1;
        const generated = billCycleStart(now, account.startDay, back).getTime();
        const due = generated + 15 * DAY_MS;
        // Marc's latest invoice stays open (bank transfer, overdue by ≥ 13 days): dunning and the debt alert.
        const open = account.customerId === C.marc && back === 1;
        const paidAt = person.paymentMode === 'DD' ? due : due - rng.int(1, 5) * DAY_MS;
        insertInvoice.run(
          rng.uuid(),
          account.customerId,
          account.single,
          iso(generated + 6 * 3_600_000),
          isoDate(due),
          subscription + rng.int(0, 900),
          structuredCommunication(1_000_000_000 + account.customerId * 10_000_000 + invoiceNumber * 7919),
          `F${new Date(generated).getUTCFullYear()}-${String(invoiceNumber).padStart(6, '0')}`,
          person.paymentMode,
          open ? 0 : 1,
          open ? null : iso(paidAt),
          0,
        );
      }
    }

    // -- orders -------------------------------------------------------------------------------------------------------
    const insertOrder = db.prepare<
      [string, number, string, string, string | null, string | null, string | null, string]
    >(`INSERT INTO orders
      (order_ref, contract_id, status, created_at, scheduled_date, executed_at, initiator_ref, initiator_type) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
    const insertLine = db.prepare(`INSERT INTO order_lines (order_id, order_type, item_kind, resource_name, old_value, new_value,
      status, reason_error, error, is_cancellable, scheduled_date, executed_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
    type Line = {
      type: 'product' | 'option' | 'safeguard' | 'setting' | 'contract';
      kind: 'SAFEGUARD' | 'SETTING' | 'OPTION' | 'PRODUCT' | 'CONTRACT';
      resource: string;
      old: string | null;
      new: string | null;
      status: 'CANCELED' | 'PENDING' | 'QUEUED' | 'FAILED' | 'SUCCESS';
      reason?: 'JSON' | 'HTML' | 'TEXT' | 'CUSTOMER_DEBT';
      error?: string;
      cancellable?: boolean;
    };
    let orderNumber = 0;
    const addOrder = (
      contractId: number,
      ageDays: number,
      initiator: { type: 'U' | 'O' | 'A' | 'C' | 'S'; ref: string | null },
      status: Line['status'],
      lines: Line[],
      scheduledInDays: number | null = null,
    ): void => {
      orderNumber += 1;
      const created = daysAgo(ageDays);
      const scheduled = scheduledInDays === null ? null : isoDate(nowMs + scheduledInDays * DAY_MS);
      const executed = status === 'SUCCESS' || status === 'FAILED' ? iso(created + 2 * 60_000) : null;
      const orderId = Number(
        insertOrder.run(
          `O-${String(orderNumber).padStart(10, '0')}`,
          contractId,
          status,
          iso(created),
          scheduled,
          executed,
          initiator.ref,
          initiator.type,
        ).lastInsertRowid,
      );
      for (const line of lines) {
        const lineExecuted = line.status === 'SUCCESS' || line.status === 'FAILED' ? executed : null;
        insertLine.run(
          orderId,
          line.type,
          line.kind,
          line.resource,
          line.old,
          line.new,
          line.status,
          line.reason ?? null,
          line.error ?? null,
          line.cancellable ? 1 : 0,
          scheduled,
          lineExecuted,
          iso(created),
        );
      }
    };
    const userGuid = (id: number): string =>
      String(db.prepare<[number], { guid: string }>('SELECT guid FROM users WHERE id = ?').get(id)?.guid);

    // O-0000000001 and O-0000000002: the SIM sales waiting for activation.
    addOrder(K.newCustomer, 4, { type: 'S', ref: null }, 'PENDING', [
      { type: 'contract', kind: 'CONTRACT', resource: 'activation', old: null, new: 'Mega Mobile S', status: 'PENDING' },
    ]);
    addOrder(K.sophieNew, 6, { type: 'O', ref: userGuid(U.sophie) }, 'PENDING', [
      { type: 'contract', kind: 'CONTRACT', resource: 'activation', old: null, new: 'Mega Mobile S', status: 'PENDING' },
    ]);
    // Sophie's plan change that left Mega Mobile S inactive.
    addOrder(K.sophieMain, 95, { type: 'O', ref: userGuid(U.sophie) }, 'SUCCESS', [
      { type: 'product', kind: 'PRODUCT', resource: 'Mega Mobile M', old: 'Mega Mobile S', new: 'Mega Mobile M', status: 'SUCCESS' },
    ]);
    // Contract 0470000005: history covering every status and every initiator type.
    addOrder(K.emmaOrders, 150, { type: 'S', ref: null }, 'SUCCESS', [
      { type: 'safeguard', kind: 'SAFEGUARD', resource: 'OSG_LIMIT', old: null, new: '5000', status: 'SUCCESS' },
      { type: 'setting', kind: 'SETTING', resource: 'roaming_type', old: null, new: 'EU_INCLUDE_SWISS', status: 'SUCCESS' },
    ]);
    addOrder(K.emmaOrders, 120, { type: 'O', ref: userGuid(U.emma) }, 'SUCCESS', [
      { type: 'option', kind: 'OPTION', resource: 'Extra 1 GB', old: '0', new: '1', status: 'SUCCESS' },
      { type: 'option', kind: 'OPTION', resource: 'International 60', old: '0', new: '1', status: 'SUCCESS' },
    ]);
    addOrder(K.emmaOrders, 75, { type: 'C', ref: 'CS-0042' }, 'FAILED', [
      {
        type: 'safeguard',
        kind: 'SAFEGUARD',
        resource: 'OSG_LIMIT',
        old: '5000',
        new: '20000',
        status: 'FAILED',
        reason: 'TEXT',
        error: 'Requested limit exceeds the maximum of 150 EUR.',
      },
    ]);
    addOrder(K.emmaOrders, 60, { type: 'A', ref: userGuid(U.jan) }, 'CANCELED', [
      { type: 'setting', kind: 'SETTING', resource: 'roaming_type', old: 'EU_INCLUDE_SWISS', new: 'WORLD_COVERAGE', status: 'CANCELED' },
    ]);
    addOrder(K.emmaOrders, 30, { type: 'A', ref: userGuid(U.jan) }, 'FAILED', [
      {
        type: 'product',
        kind: 'PRODUCT',
        resource: 'Mega Pro 30',
        old: 'Mega Pro Unlimited',
        new: 'Mega Pro 30',
        status: 'FAILED',
        reason: 'CUSTOMER_DEBT',
        error: 'Open balance on the customer account.',
      },
    ]);
    addOrder(K.emmaOrders, 20, { type: 'C', ref: 'CS-0042' }, 'SUCCESS', [
      { type: 'contract', kind: 'CONTRACT', resource: 'sim_swap', old: null, new: null, status: 'SUCCESS' },
    ]);
    addOrder(K.emmaOrders, 1, { type: 'U', ref: null }, 'QUEUED', [
      { type: 'setting', kind: 'SETTING', resource: 'throttling', old: 'NONE', new: '5M', status: 'QUEUED' },
    ]);
    // The pending option order: takes effect at the next cycle and can still be cancelled.
    const nextCycleDays = Math.ceil((billCycleEnd(billCycleStart(now, 1), 1).getTime() + DAY_MS - nowMs) / DAY_MS);
    addOrder(
      K.emmaOrders,
      2,
      { type: 'O', ref: userGuid(U.emma) },
      'PENDING',
      [
        { type: 'option', kind: 'OPTION', resource: 'Extra 5 GB', old: '0', new: '2', status: 'PENDING', cancellable: true },
        { type: 'option', kind: 'OPTION', resource: 'Extra 1 GB', old: '1', new: '0', status: 'PENDING', cancellable: true },
      ],
      nextCycleDays,
    );
    // The blocked line: its last request failed on the fraud check.
    addOrder(K.emmaFraud, 10, { type: 'S', ref: null }, 'FAILED', [
      {
        type: 'option',
        kind: 'OPTION',
        resource: 'Roaming World 1 GB',
        old: '0',
        new: '1',
        status: 'FAILED',
        reason: 'JSON',
        error: '{"code":"BLOCKED_FRAUD"}',
      },
    ]);

    // -- activation codes -----------------------------------------------------------------------------------------
    const insertCode = db.prepare(
      'INSERT INTO activation_codes (order_ref, contract_id, code_hash, attempts, expires_at, used_at, created_at) VALUES (?, ?, ?, 0, ?, NULL, ?)',
    );
    insertCode.run('O-0000000001', K.newCustomer, activationHashes.first, iso(nowMs + 30 * DAY_MS), iso(daysAgo(4)));
    insertCode.run('O-0000000002', K.sophieNew, activationHashes.second, iso(nowMs + 30 * DAY_MS), iso(daysAgo(6)));

    // -- FAQ --------------------------------------------------------------------------------------------------------
    const insertFaq = db.prepare('INSERT INTO faq (lang, question, answer, position) VALUES (?, ?, ?, ?)');
    for (const lang of ['fr', 'nl', 'en'] as const) {
      FAQ_ENTRIES.forEach((entry, index) => insertFaq.run(lang, entry[lang].question, entry[lang].answer, index + 1));
    }
  })();
}
