import { roamingTypes, type RoamingType } from './line-settings.ts';

/*
 * Where a line can be used abroad, country by country: the countries of each part of the world the roaming zones
 * name (docs/product/settings.md "Roaming zone"), what a line's zone allows in a country, and how that use is billed
 * (docs/product/consumption.md "What counts against a bundle": in the EU as at home, elsewhere out of bundle). Zod-free
 * and pure: the travel guide asks it offline, and the server may ask it too.
 *
 * The product's reading of the zones, from the narrowest: `CALLS_SMS_ONLY` allows calls and texts in the EU, without
 * mobile data (it is narrower than `EU_WITHOUT_SWISS`); the EU is the EU's roaming area, the member states with their
 * outermost regions that have a country code of their own, and the EEA states that apply the EU's roaming rules
 * (Iceland, Liechtenstein, Norway); Switzerland is the one country the zone `EU_INCLUDE_SWISS` adds; every other
 * country is the world's.
 */

/** The EU's roaming area, Belgium aside (ISO 3166-1 alpha-2). */
// prettier-ignore
const euRoamingArea = new Set([
  'AT', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL',
  'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
  // Outermost regions and Åland, with codes of their own.
  'AX', 'GF', 'GP', 'MF', 'MQ', 'RE', 'YT',
  // The EEA.
  'IS', 'LI', 'NO',
]);

/**
 * Every country or territory a customer may travel to (ISO 3166-1 alpha-2), Belgium aside, and those with no mobile
 * network to roam on (Antarctica, Bouvet, Heard and McDonald, South Georgia, the French Southern Lands, the US Minor
 * Outlying Islands).
 */
// prettier-ignore
export const travelCountries = [
  'AD', 'AE', 'AF', 'AG', 'AI', 'AL', 'AM', 'AO', 'AR', 'AS', 'AT', 'AU', 'AW', 'AX', 'AZ', 'BA', 'BB', 'BD', 'BF', 'BG',
  'BH', 'BI', 'BJ', 'BL', 'BM', 'BN', 'BO', 'BQ', 'BR', 'BS', 'BT', 'BW', 'BY', 'BZ', 'CA', 'CC', 'CD', 'CF', 'CG', 'CH',
  'CI', 'CK', 'CL', 'CM', 'CN', 'CO', 'CR', 'CU', 'CV', 'CW', 'CX', 'CY', 'CZ', 'DE', 'DJ', 'DK', 'DM', 'DO', 'DZ', 'EC',
  'EE', 'EG', 'EH', 'ER', 'ES', 'ET', 'FI', 'FJ', 'FK', 'FM', 'FO', 'FR', 'GA', 'GB', 'GD', 'GE', 'GF', 'GG', 'GH', 'GI',
  'GL', 'GM', 'GN', 'GP', 'GQ', 'GR', 'GT', 'GU', 'GW', 'GY', 'HK', 'HN', 'HR', 'HT', 'HU', 'ID', 'IE', 'IL', 'IM', 'IN',
  'IO', 'IQ', 'IR', 'IS', 'IT', 'JE', 'JM', 'JO', 'JP', 'KE', 'KG', 'KH', 'KI', 'KM', 'KN', 'KP', 'KR', 'KW', 'KY', 'KZ',
  'LA', 'LB', 'LC', 'LI', 'LK', 'LR', 'LS', 'LT', 'LU', 'LV', 'LY', 'MA', 'MC', 'MD', 'ME', 'MF', 'MG', 'MH', 'MK', 'ML',
  'MM', 'MN', 'MO', 'MP', 'MQ', 'MR', 'MS', 'MT', 'MU', 'MV', 'MW', 'MX', 'MY', 'MZ', 'NA', 'NC', 'NE', 'NF', 'NG', 'NI',
  'NL', 'NO', 'NP', 'NR', 'NU', 'NZ', 'OM', 'PA', 'PE', 'PF', 'PG', 'PH', 'PK', 'PL', 'PM', 'PN', 'PR', 'PS', 'PT', 'PW',
  'PY', 'QA', 'RE', 'RO', 'RS', 'RU', 'RW', 'SA', 'SB', 'SC', 'SD', 'SE', 'SG', 'SH', 'SI', 'SJ', 'SK', 'SL', 'SM', 'SN',
  'SO', 'SR', 'SS', 'ST', 'SV', 'SX', 'SY', 'SZ', 'TC', 'TD', 'TG', 'TH', 'TJ', 'TK', 'TL', 'TM', 'TN', 'TO', 'TR', 'TT',
  'TV', 'TW', 'TZ', 'UA', 'UG', 'US', 'UY', 'UZ', 'VA', 'VC', 'VE', 'VG', 'VI', 'VN', 'VU', 'WF', 'WS', 'YE', 'YT', 'ZA',
  'ZM', 'ZW',
] as const;

/** The part of the world a country is in, as the roaming zones count it. */
export type CountryZone = 'eu' | 'switzerland' | 'world';

export const countryZone = (country: string): CountryZone =>
  euRoamingArea.has(country) ? 'eu' : country === 'CH' ? 'switzerland' : 'world';

/** What a line may do in a country: everything (calls, texts, data), calls and texts only, or nothing. */
export type Coverage = 'full' | 'callsAndTexts' | 'none';

export const coverageIn = (roaming: RoamingType, zone: CountryZone): Coverage => {
  switch (roaming) {
    case 'WORLD_COVERAGE':
      return 'full';
    case 'EU_INCLUDE_SWISS':
      return zone === 'world' ? 'none' : 'full';
    case 'EU_WITHOUT_SWISS':
      return zone === 'eu' ? 'full' : 'none';
    case 'CALLS_SMS_ONLY':
      return zone === 'eu' ? 'callsAndTexts' : 'none';
    case 'COVERAGE_NONE':
      return 'none';
  }
};

/** The narrowest zone under which a line can do everything in a country (a wider zone raises what it may cost). */
export const narrowestZoneFor = (zone: CountryZone): RoamingType =>
  zone === 'eu' ? 'EU_WITHOUT_SWISS' : zone === 'switzerland' ? 'EU_INCLUDE_SWISS' : 'WORLD_COVERAGE';

/**
 * How use in a country is billed (docs/product/consumption.md "What counts against a bundle"): in the EU it counts
 * against the bundle as at home; elsewhere, Switzerland included, it is billed out of bundle at the plan's rates (or
 * counted against a world option, when the line has one).
 */
export type RoamingBilling = 'asAtHome' | 'outOfBundle';

export const billingIn = (zone: CountryZone): RoamingBilling => (zone === 'eu' ? 'asAtHome' : 'outOfBundle');

export const isRoamingType = (value: string): value is RoamingType => (roamingTypes as readonly string[]).includes(value);

/** What the travel guide says about a country for a line: where it is, what the line may do there, what it costs. */
export type TravelAdvice = {
  zone: CountryZone;
  coverage: Coverage;
  billing: RoamingBilling;
  /** The zone to choose when the line cannot do everything there; null when it can. */
  neededZone: RoamingType | null;
};

export const travelAdvice = (country: string, roaming: RoamingType): TravelAdvice => {
  const zone = countryZone(country);
  const coverage = coverageIn(roaming, zone);
  return { zone, coverage, billing: billingIn(zone), neededZone: coverage === 'full' ? null : narrowestZoneFor(zone) };
};
