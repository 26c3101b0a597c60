import type { Translated } from '#contract/common';
import type { ChargeLine } from '#contract/rating';

/*
 * The words of an out-of-bundle charge (contract/rating.ts `ChargeLine`) in the three languages, for what the server
 * writes itself: the consumption statement (PDF) and the invoice's usage lines. A line says what it is and how it is
 * made (quantity × unit price), so the customer can rebuild its amount.
 */

const WHAT: Record<ChargeLine['zone'], Record<ChargeLine['kind'], Translated>> = {
  domestic: {
    data: { fr: 'Données au-delà du forfait', nl: 'Data boven de bundel', en: 'Data beyond the bundle' },
    call: { fr: 'Appels au-delà du forfait', nl: 'Gesprekken boven de bundel', en: 'Calls beyond the bundle' },
    sms: { fr: 'SMS au-delà du forfait', nl: 'Sms’en boven de bundel', en: 'Texts beyond the bundle' },
  },
  international: {
    data: { fr: 'Données internationales', nl: 'Internationale data', en: 'International data' },
    call: { fr: 'Appels vers l’étranger', nl: 'Gesprekken naar het buitenland', en: 'Calls abroad' },
    sms: { fr: 'SMS vers l’étranger', nl: 'Sms’en naar het buitenland', en: 'Texts abroad' },
  },
  world: {
    data: { fr: 'Données hors Europe', nl: 'Data buiten Europa', en: 'Data outside Europe' },
    call: { fr: 'Appels hors Europe', nl: 'Gesprekken buiten Europa', en: 'Calls outside Europe' },
    sms: { fr: 'SMS hors Europe', nl: 'Sms’en buiten Europa', en: 'Texts outside Europe' },
  },
  premium: {
    data: { fr: 'Services premium (données)', nl: 'Premiumdiensten (data)', en: 'Premium services (data)' },
    call: { fr: 'Numéros premium', nl: 'Premiumnummers', en: 'Premium numbers' },
    sms: { fr: 'SMS premium', nl: 'Premium-sms’en', en: 'Premium texts' },
  },
};

const LOCALES = { fr: 'fr-BE', nl: 'nl-BE', en: 'en-IE' } as const;
type Words = { one: Translated; other: Translated };
const UNIT_WORDS: Record<ChargeLine['unit'], Words> = {
  MB: { one: { fr: 'Mo', nl: 'MB', en: 'MB' }, other: { fr: 'Mo', nl: 'MB', en: 'MB' } },
  minute: { one: { fr: 'min', nl: 'min', en: 'min' }, other: { fr: 'min', nl: 'min', en: 'min' } },
  sms: { one: { fr: 'SMS', nl: 'sms', en: 'text' }, other: { fr: 'SMS', nl: 'sms’en', en: 'texts' } },
  item: { one: { fr: 'achat', nl: 'aankoop', en: 'purchase' }, other: { fr: 'achats', nl: 'aankopen', en: 'purchases' } },
};
const unitWord = (line: ChargeLine, lang: keyof Translated): string => UNIT_WORDS[line.unit][line.quantity === 1 ? 'one' : 'other'][lang];

const money = (cents: number, lang: keyof Translated): string =>
  new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency: 'EUR' }).format(cents / 100);
const count = (n: number, lang: keyof Translated): string => new Intl.NumberFormat(LOCALES[lang]).format(n);

/** "Calls abroad: 23 min × €0.15" — or, premium, "Premium texts: 2 purchase(s)". */
export const chargeLineLabel = (line: ChargeLine): Translated => {
  const label = (lang: keyof Translated): string => {
    const what = WHAT[line.zone][line.kind][lang];
    const colon = lang === 'fr' ? ' : ' : ': ';
    if (line.unitCents === null) return `${what}${colon}${count(line.quantity, lang)} ${unitWord(line, lang)}`;
    return `${what}${colon}${count(line.quantity, lang)} ${unitWord(line, lang)} × ${money(line.unitCents, lang)}`;
  };
  return { fr: label('fr'), nl: label('nl'), en: label('en') };
};
