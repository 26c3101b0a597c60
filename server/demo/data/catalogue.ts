import type { Language } from '#contract/language';
import type { AllowanceZone } from '#contract/rating';
import { DEMO_IDS } from './ids.ts';

/*
 * The catalogue of the demo: bill cycles, base products and options, promotions. Data only; the writes are in
 * ../seeding/catalogue.ts.
 */

export type Texts = Record<Language, string>;

const P = DEMO_IDS.products;
const BC = DEMO_IDS.billCycles;
const K = DEMO_IDS.contracts;

/** Every demo contract is billed monthly, on one of these start days. */
export const BILL_CYCLES: { id: number; startDay: number }[] = [
  { id: BC.day1, startDay: 1 },
  { id: BC.day5, startDay: 5 },
  { id: BC.day15, startDay: 15 },
];

/** What use beyond the bundle costs, in cents (per started MB, per started minute, per SMS); 0 where unlimited. */
type OobRates = { dataPerMb: number; callPerMinute: number; sms: number };

type DemoProduct = {
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
  /** Base products only. */
  oob?: OobRates;
  /** Where an option's volumes apply (contract/rating.ts); domestic when absent. */
  zone?: AllowanceZone;
  /**
   * Added after the first demo catalogue: its guid comes from the catalogue's own random stream instead of the
   * shared one, so that adding it does not change every random value drawn after the catalogue.
   */
  addedLater?: true;
};

const RESIDENTIAL_OPTIONS = [P.extra5Gb, P.extra1Gb, P.roamingWorld1Gb, P.international60];
const PROFESSIONAL_OPTIONS = [P.extra5Gb, P.extra1Gb, P.roamingWorld1Gb, P.international60];

// Belgian operators' usual out-of-bundle prices: 1 cent per MB (10.24 € per GB), 15 cents a minute, 10 cents an SMS.
const STANDARD_OOB: OobRates = { dataPerMb: 1, callPerMinute: 15, sms: 10 };

export const PRODUCTS: DemoProduct[] = [
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
    oob: STANDARD_OOB,
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
    oob: STANDARD_OOB,
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
    oob: STANDARD_OOB,
  },
  {
    id: P.pro10,
    name: 'Mega Pro 10',
    type: 'BASE',
    price: 1900,
    residential: false,
    professional: true,
    dataMb: 10240,
    voiceMin: 0,
    sms: 0,
    maxCombinations: 1,
    options: PROFESSIONAL_OPTIONS,
    descriptions: {
      fr: 'Abonnement professionnel : 10 Go, appels et SMS illimités, facture au nom de la société.',
      nl: 'Zakelijk abonnement: 10 GB, onbeperkt bellen en sms’en, factuur op naam van de onderneming.',
      en: 'Business plan: 10 GB, unlimited calls and texts, invoiced to the company.',
    },
    technical: { fr: '4G/5G, débit max 300 Mbit/s', nl: '4G/5G, max. 300 Mbit/s', en: '4G/5G, up to 300 Mbit/s' },
    oob: STANDARD_OOB,
    addedLater: true,
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
    oob: STANDARD_OOB,
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
    oob: STANDARD_OOB,
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
    zone: 'international',
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
    zone: 'world',
    descriptions: {
      fr: '1 Go de données hors Europe, cumulable jusqu’à 3 fois.',
      nl: '1 GB data buiten Europa, tot 3 keer combineerbaar.',
      en: '1 GB of data outside Europe, can be added up to 3 times.',
    },
    technical: { fr: 'Zone Monde, valable 30 jours', nl: 'Zone Wereld, 30 dagen geldig', en: 'World zone, valid 30 days' },
  },
];

/** The out-of-bundle rates of a base product, for the demo usage's forced scenario. */
export const oobRatesOf = (productId: number): OobRates => {
  const rates = PRODUCTS.find((p) => p.id === productId)?.oob;
  if (!rates) throw new Error(`product ${productId} has no out-of-bundle rates`);
  return rates;
};

/** Data bundle of a product in megabytes (0 = unlimited), for sizing the demo usage. */
export const dataMbOf = (productId: number): number => PRODUCTS.find((p) => p.id === productId)?.dataMb ?? 0;

type DemoPromotion = {
  /** A product promotion (anyone may get it) … */
  productId: number | null;
  /** … or one granted to a contract. */
  contractId: number | null;
  discountType: 'percentage' | 'amount';
  /** Percent, or cents. */
  amount: number;
  descriptions: Texts;
  /** The last day it applies (none: it runs on); the billing run cuts its line to it. */
  endsOn?: string;
};

export const PROMOTIONS: DemoPromotion[] = [
  {
    productId: P.mobileM,
    contractId: null,
    discountType: 'percentage',
    amount: 20,
    descriptions: { fr: '-20 % pendant 6 mois', nl: '-20 % gedurende 6 maanden', en: '20 % off for 6 months' },
  },
  {
    productId: P.mobileL,
    contractId: null,
    discountType: 'amount',
    amount: 500,
    descriptions: { fr: '5 € de réduction par mois', nl: '5 € korting per maand', en: '€5 off every month' },
  },
  {
    productId: P.pro30,
    contractId: null,
    discountType: 'percentage',
    amount: 10,
    descriptions: { fr: '-10 % pour les indépendants', nl: '-10 % voor zelfstandigen', en: '10 % off for the self-employed' },
  },
  {
    productId: null,
    contractId: K.sophieMain,
    discountType: 'amount',
    amount: 300,
    descriptions: { fr: 'Parrainage : 3 € par mois', nl: 'Peterschap: 3 € per maand', en: 'Referral: €3 a month' },
  },
  {
    productId: null,
    contractId: K.yasmine,
    discountType: 'percentage',
    amount: 10,
    descriptions: { fr: 'Bienvenue : -10 %', nl: 'Welkom: -10 %', en: 'Welcome: 10 % off' },
  },
];
