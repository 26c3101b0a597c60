import { describe, it, expect } from 'vitest';
import {
  maskIban,
  productNameIn,
  dataSizeParts,
  formatDataSize,
  formatDate,
  formatDateTime,
  formatDuration,
  formatMoneyCents,
  formatMinutes,
  formatPhoneNumber,
  formatRelativeMinutes,
  toIntlLocale,
  type AppLanguage,
} from '#lib/format';

// Intl puts narrow no-break spaces (U+202F) and no-break spaces (U+00A0) in French and Dutch output.
const norm = (s: string): string => s.replace(/[\u202f\u00a0]/g, ' ');

const MB = 1024 ** 2;
const GB = 1024 ** 3;

describe('toIntlLocale', () => {
  it.each([
    ['fr', 'fr-BE'],
    ['nl', 'nl-BE'],
    ['en', 'en-GB'],
    ['nl-NL', 'nl-BE'],
    ['EN_us', 'en-GB'],
    ['de', 'fr-BE'],
    ['', 'fr-BE'],
  ])('%j → %s', (lang, expected) => {
    expect(toIntlLocale(lang)).toBe(expected);
  });
});

describe('dataSizeParts', () => {
  it.each([
    [0, 0, 'MB'],
    [5 * MB, 5, 'MB'],
    [104_857_599, 104_857_599 / MB, 'MB'],
    [104_857_600, 100 / 1024, 'GB'],
    [1.5 * GB, 1.5, 'GB'],
  ])('%i bytes → %d %s', (bytes, value, unit) => {
    expect(dataSizeParts(bytes)).toEqual({ value, unit });
  });
});

describe('formatDataSize', () => {
  it.each<[number, AppLanguage, string]>([
    [0, 'fr', '0,00 Mo'],
    [5 * MB, 'fr', '5,00 Mo'],
    [5 * MB, 'nl', '5,00 MB'],
    [5 * MB, 'en', '5.00 MB'],
    // Just under the threshold still shows megabytes, rounded.
    [104_857_599, 'fr', '100,00 Mo'],
    [104_857_600, 'fr', '0,10 Go'],
    [104_857_600, 'nl', '0,10 GB'],
    [104_857_600, 'en', '0.10 GB'],
    [1.5 * GB, 'fr', '1,50 Go'],
    [1.5 * GB, 'nl', '1,50 GB'],
    [1.5 * GB, 'en', '1.50 GB'],
    [1234 * GB, 'fr', '1 234,00 Go'],
    [1234 * GB, 'nl', '1.234,00 GB'],
    [1234 * GB, 'en', '1,234.00 GB'],
    [2.345 * MB, 'en', '2.35 MB'],
  ])('%i bytes in %s → %s', (bytes, lang, expected) => {
    expect(norm(formatDataSize(bytes, lang))).toBe(expected);
  });
});

describe('formatMoneyCents', () => {
  it.each<[number, AppLanguage, string]>([
    [123_456, 'fr', '1 234,56 €'],
    [123_456, 'nl', '€ 1.234,56'],
    [123_456, 'en', '€1,234.56'],
    [0, 'fr', '0,00 €'],
    [5, 'fr', '0,05 €'],
    [5, 'nl', '€ 0,05'],
    [1999, 'en', '€19.99'],
    [-500, 'fr', '-5,00 €'],
    [-500, 'nl', '€ -5,00'],
    [-500, 'en', '-€5.00'],
  ])('%i cents in %s → %s', (cents, lang, expected) => {
    expect(norm(formatMoneyCents(cents, lang))).toBe(expected);
  });
});

describe('formatDuration', () => {
  it.each<[number, AppLanguage, string]>([
    [725, 'fr', '12 min 05 s'],
    [725, 'nl', '12 min, 05 sec'],
    [725, 'en', '12 mins 05 secs'],
    [45, 'fr', '45 s'],
    [0, 'fr', '0 s'],
    [60, 'fr', '1 min 00 s'],
    [3725, 'fr', '1 h 02 min 05 s'],
    [3600, 'en', '1 hr 00 mins 00 secs'],
    [59.6, 'fr', '1 min 00 s'],
    [-3, 'fr', '0 s'],
  ])('%d s in %s → %s', (seconds, lang, expected) => {
    expect(norm(formatDuration(seconds, lang))).toBe(expected);
  });
});

describe('formatRelativeMinutes', () => {
  const now = new Date(2026, 10, 22, 12, 0, 0);
  const ago = (ms: number): Date => new Date(now.getTime() - ms);
  it.each<[number, AppLanguage, string]>([
    [3 * 60_000, 'fr', 'il y a 3 minutes'],
    [3 * 60_000, 'nl', '3 minuten geleden'],
    [3 * 60_000, 'en', '3 minutes ago'],
    [3 * 60_000 + 59_999, 'en', '3 minutes ago'],
    [60_000, 'fr', 'il y a 1 minute'],
    [16 * 60_000, 'en', '16 minutes ago'],
    [0, 'en', 'this minute'],
    [-120_000, 'en', 'this minute'],
    [90 * 60_000, 'fr', 'il y a 1 heure'],
    [2 * 86_400_000, 'nl', 'eergisteren'],
    [3 * 86_400_000, 'en', '3 days ago'],
  ])('%i ms ago in %s → %s', (ms, lang, expected) => {
    expect(norm(formatRelativeMinutes(ago(ms), now, lang))).toBe(expected);
  });

  it('accepts epoch numbers', () => {
    expect(formatRelativeMinutes(now.getTime() - 5 * 60_000, now.getTime(), 'en')).toBe('5 minutes ago');
  });
});

describe('formatDate and formatDateTime', () => {
  // 14:03 in Brussels (winter time), whatever the runner's TZ.
  const date = new Date('2026-01-05T13:03:00Z');
  it.each<[AppLanguage, string, string]>([
    ['fr', '5 janv. 2026', '5 janv. 2026, 14:03'],
    ['nl', '5 jan 2026', '5 jan 2026, 14:03'],
    ['en', '5 Jan 2026', '5 Jan 2026, 14:03'],
  ])('%s', (lang, expectedDate, expectedDateTime) => {
    expect(norm(formatDate(date, lang))).toBe(expectedDate);
    expect(norm(formatDate(date.getTime(), lang))).toBe(expectedDate);
    expect(norm(formatDateTime(date, lang))).toBe(expectedDateTime);
  });
});

describe('formatPhoneNumber', () => {
  it.each([
    ['0470000001', '0470 00 00 01'],
    ['32470123456', '0470 12 34 56'],
    ['+32 470 12 34 56', '0470 12 34 56'],
    ['0032470123456', '0470 12 34 56'],
    ['047012345', '04 701 23 45'],
    ['080012345', '0800 12 345'],
    ['090212345', '0902 12 345'],
    ['021234567', '02 123 45 67'],
    ['32 2 123 45 67', '02 123 45 67'],
    ['010123456', '010 12 34 56'],
    ['078051234', '078 05 12 34'],
    ['MT00000001', 'MT00000001'],
    ['0470', '0470'],
  ])("%s → %s (the Belgian plan's grouping; anything else as given)", (msisdn, shown) => {
    expect(formatPhoneNumber(msisdn)).toBe(shown);
  });
});

describe('formatDate: "1er" before a French month name', () => {
  // Noon in Brussels.
  const first = new Date('2026-12-01T11:00:00Z');
  const second = new Date('2026-12-02T11:00:00Z');
  const dayMonth: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long' };
  it.each<[AppLanguage, Date, Intl.DateTimeFormatOptions | undefined, string]>([
    ['fr', first, dayMonth, '1er décembre'],
    ['fr', second, dayMonth, '2 décembre'],
    ['fr', first, undefined, '1er déc. 2026'],
    ['fr', first, { dateStyle: 'long' }, '1er décembre 2026'],
    ['fr', first, { dateStyle: 'short' }, '1/12/26'],
    ['fr', new Date('2026-12-11T11:00:00Z'), dayMonth, '11 décembre'],
    ['fr', new Date('2026-12-21T11:00:00Z'), dayMonth, '21 décembre'],
    ['nl', first, dayMonth, '1 december'],
    ['en', first, dayMonth, '1 December'],
  ])('%s %s %j → %s', (lang, date, options, expected) => {
    expect(norm(formatDate(date, lang, options))).toBe(expected);
  });
});

describe('formatMinutes: bundles and usage in minutes, never seconds', () => {
  it.each<[number, AppLanguage, 'split' | 'never', string]>([
    [30_000, 'fr', 'never', '500 min'],
    [30_000, 'fr', 'split', '8 h 20 min'],
    [13_380, 'fr', 'split', '3 h 43 min'],
    [13_380, 'nl', 'split', '3 uur, 43 min'],
    [13_380, 'en', 'split', '3 hrs 43 mins'],
    [7_200, 'fr', 'split', '2 h'],
    [2_580, 'fr', 'split', '43 min'],
    [20, 'fr', 'split', '1 min'],
    [0, 'fr', 'split', '0 min'],
    [89, 'fr', 'never', '1 min'],
    [90, 'fr', 'never', '2 min'],
  ])('%d s in %s (%s) → %s', (seconds, lang, hours, expected) => {
    const shown = norm(formatMinutes(seconds, lang, { hours }));
    expect(shown).toBe(expected);
    expect(shown).not.toMatch(/\bs\b|sec/);
  });
});

describe("formatDate and formatDateTime show the service's calendar (Europe/Brussels), whatever the device's time zone", () => {
  it.each<[string, AppLanguage, Intl.DateTimeFormatOptions | undefined, string]>([
    ['2026-01-31T23:30:00Z', 'fr', undefined, '1er févr. 2026'],
    ['2026-02-01T22:30:00Z', 'fr', undefined, '1er févr. 2026'],
    ['2026-03-28T23:30:00Z', 'nl', { day: 'numeric', month: 'long' }, '29 maart'],
    ['2026-10-25T22:30:00Z', 'en', { dateStyle: 'long' }, '25 October 2026'],
  ])('formatDate(%s, %s, %j) → %s', (at, lang, options, expected) => {
    expect(norm(formatDate(Date.parse(at), lang, options))).toBe(expected);
  });

  it.each<[string, AppLanguage, string]>([
    ['2026-01-31T23:30:00Z', 'fr', '1er févr. 2026, 00:30'],
    ['2026-03-29T01:30:00Z', 'en', '29 Mar 2026, 03:30'],
    ['2026-10-25T00:30:00Z', 'nl', '25 okt 2026, 02:30'],
    ['2026-10-25T01:30:00Z', 'nl', '25 okt 2026, 02:30'],
  ])('formatDateTime(%s, %s) → %s', (at, lang, expected) => {
    expect(norm(formatDateTime(Date.parse(at), lang))).toBe(expected);
  });
});

// Issue 43 point 14: one unit per column, and the catalogue's names in the customer's units.
describe('formatDataSize in a given unit, productNameIn', () => {
  it.each([
    [850 * 1024 * 1024, 'fr', 'GB', '0,83 Go'],
    [1.2 * 1024 ** 3, 'fr', 'GB', '1,20 Go'],
    [50 * 1024 * 1024, 'nl', 'MB', '50,00 MB'],
  ] as const)('%d bytes in %s as %s → %s', (bytes, lang, unit, expected) => {
    expect(norm(formatDataSize(bytes, lang, unit))).toBe(expected);
  });
  it.each([
    ['Extra 5 GB', 'fr', 'Extra 5 Go'],
    ['Roaming World 1 GB', 'fr', 'Roaming World 1 Go'],
    ['Extra 5 GB', 'nl', 'Extra 5 GB'],
    ['Extra 5 GB', 'en', 'Extra 5 GB'],
    ['International 60', 'fr', 'International 60'],
    ['Mega Pro 30', 'fr', 'Mega Pro 30'],
  ] as const)('%s in %s → %s', (name, lang, expected) => {
    expect(productNameIn(name, lang)).toBe(expected);
  });
});

// Issue 43 point 14: "Le 1 déc." beside "1er déc.": the date with its time writes French's first day as the date does.
describe('formatDateTime writes the first day as formatDate does', () => {
  it.each([
    ['2026-12-01T09:00:00Z', 'fr', '1er déc. 2026, 10:00'],
    ['2026-12-02T09:00:00Z', 'fr', '2 déc. 2026, 10:00'],
    ['2026-12-01T09:00:00Z', 'nl', '1 dec 2026, 10:00'],
  ] as const)('%s in %s → %s', (iso, lang, expected) => {
    expect(norm(formatDateTime(Date.parse(iso), lang))).toBe(expected);
  });
});

// Issue 43 point 7: the IBAN masked, the phone grouped.
describe('maskIban, formatPhoneNumber', () => {
  it.each([
    ['BE68539007547034', 'BE68 •••• •••• 7034'],
    ['be68 5390 0754 7034', 'BE68 •••• •••• 7034'],
    ['NL91ABNA0417164300', 'NL91 •••• •••• •••• 00'],
  ])('%s → %s', (iban, expected) => {
    expect(maskIban(iban)).toBe(expected);
  });
  it('0470000001 → 0470 00 00 01', () => {
    expect(formatPhoneNumber('0470000001')).toBe('0470 00 00 01');
  });
});
