import { describe, expect, it } from 'vitest';
import { roamingTypes, type RoamingType } from '#contract/line-settings';
import {
  billingIn,
  countryZone,
  coverageIn,
  narrowestZoneFor,
  travelAdvice,
  travelCountries,
  type CountryZone,
  type Coverage,
} from '#contract/roaming-zones';

describe('countryZone: the part of the world the roaming zones count a country in', () => {
  it.each([
    ['FR', 'eu'],
    ['ES', 'eu'],
    ['NO', 'eu'], // the EEA applies the EU's roaming rules
    ['RE', 'eu'], // an outermost region with a code of its own
    ['CH', 'switzerland'],
    ['GB', 'world'],
    ['MC', 'world'],
    ['US', 'world'],
    ['MA', 'world'],
    ['TR', 'world'],
  ] as const)('%s → %s', (country, zone) => {
    expect(countryZone(country)).toBe(zone);
  });

  it('lists every destination once, in order, Belgium aside, with the EU among them', () => {
    expect(new Set(travelCountries).size).toBe(travelCountries.length);
    expect([...travelCountries].sort()).toEqual([...travelCountries]);
    // Belgium is home: no roaming there.
    expect(travelCountries).not.toContain('BE');
    expect(travelCountries.filter((country) => countryZone(country) === 'eu')).toHaveLength(26 + 7 + 3);
  });
});

describe('coverageIn: what a roaming zone allows in a part of the world (docs/product/settings.md "Roaming zone")', () => {
  const cases: [RoamingType, CountryZone, Coverage][] = [
    ['WORLD_COVERAGE', 'eu', 'full'],
    ['WORLD_COVERAGE', 'switzerland', 'full'],
    ['WORLD_COVERAGE', 'world', 'full'],
    ['EU_INCLUDE_SWISS', 'eu', 'full'],
    ['EU_INCLUDE_SWISS', 'switzerland', 'full'],
    ['EU_INCLUDE_SWISS', 'world', 'none'],
    ['EU_WITHOUT_SWISS', 'eu', 'full'],
    ['EU_WITHOUT_SWISS', 'switzerland', 'none'],
    ['EU_WITHOUT_SWISS', 'world', 'none'],
    ['CALLS_SMS_ONLY', 'eu', 'callsAndTexts'],
    ['CALLS_SMS_ONLY', 'switzerland', 'none'],
    ['CALLS_SMS_ONLY', 'world', 'none'],
    ['COVERAGE_NONE', 'eu', 'none'],
    ['COVERAGE_NONE', 'switzerland', 'none'],
    ['COVERAGE_NONE', 'world', 'none'],
  ];
  it.each(cases)('%s in %s → %s', (roaming, zone, coverage) => {
    expect(coverageIn(roaming, zone)).toBe(coverage);
  });

  it('covers every zone of the contract, and the narrowest zone for a place covers it fully', () => {
    expect(new Set(cases.map(([roaming]) => roaming))).toEqual(new Set(roamingTypes));
    for (const zone of ['eu', 'switzerland', 'world'] as const) expect(coverageIn(narrowestZoneFor(zone), zone)).toBe('full');
  });
});

describe('travelAdvice: what the guide says for a country and a line', () => {
  it.each([
    ['FR', 'EU_WITHOUT_SWISS', { zone: 'eu', coverage: 'full', billing: 'asAtHome', neededZone: null }],
    ['CH', 'EU_WITHOUT_SWISS', { zone: 'switzerland', coverage: 'none', billing: 'outOfBundle', neededZone: 'EU_INCLUDE_SWISS' }],
    ['CH', 'WORLD_COVERAGE', { zone: 'switzerland', coverage: 'full', billing: 'outOfBundle', neededZone: null }],
    ['US', 'EU_INCLUDE_SWISS', { zone: 'world', coverage: 'none', billing: 'outOfBundle', neededZone: 'WORLD_COVERAGE' }],
    ['IT', 'CALLS_SMS_ONLY', { zone: 'eu', coverage: 'callsAndTexts', billing: 'asAtHome', neededZone: 'EU_WITHOUT_SWISS' }],
    ['IS', 'COVERAGE_NONE', { zone: 'eu', coverage: 'none', billing: 'asAtHome', neededZone: 'EU_WITHOUT_SWISS' }],
  ] as const)('%s with %s', (country, roaming, advice) => {
    expect(travelAdvice(country, roaming)).toEqual(advice);
  });

  it('bills as at home in the EU only (docs/product/consumption.md "What counts against a bundle")', () => {
    expect([billingIn('eu'), billingIn('switzerland'), billingIn('world')]).toEqual(['asAtHome', 'outOfBundle', 'outOfBundle']);
  });
});
