/**
 * Locale-aware formatting of data sizes, money, durations and dates (docs/product/consumption.md
 * "How figures are written").
 *
 * Pure and React-free so that the app, the usage worker and the tests share it. Works offline: it only uses the
 * runtime's built-in Intl data.
 *
 * Formatters are cached per locale and options because constructing an Intl formatter costs far more than using one,
 * and these functions run once per table row.
 */

import { SERVICE_TIME_ZONE } from '#contract/calendar';

export type AppLanguage = 'fr' | 'nl' | 'en';

/** The BCP 47 tags actually handed to Intl. */
export type IntlLocale = 'fr-BE' | 'nl-BE' | 'en-GB';

/**
 * Anything that names a language: an `AppLanguage`, or a raw tag such as i18next's `i18n.language`
 * ('fr-FR', 'nl'). The `string & {}` keeps editor completion for the three app languages.
 */
export type LocaleInput = AppLanguage | (string & {});

export type DataSizeUnit = 'GB' | 'MB';

export type DataSizeParts = { value: number; unit: DataSizeUnit };

/**
 * docs/product/consumption.md "How figures are written": gigabytes at or above 100 MB (104857600 bytes), else
 * megabytes.
 */
export const GB_THRESHOLD_BYTES = 104_857_600;
/** docs/product/consumption.md "Bundle sizes": data is converted with a factor of 1024. */
export const BYTES_PER_MB = 1024 ** 2;
export const BYTES_PER_GB = 1024 ** 3;

const DEFAULT_LANGUAGE: AppLanguage = 'fr';

/*
 * English uses en-GB rather than en-BE: with ICU 78 (Node 20/22, current Chrome) en-BE formats plain
 * numbers as "1.234,50" but currency as "€1,234.50", so one screen would mix two decimal separators.
 * en-GB is internally consistent and uses the day-month-year order Belgian customers expect.
 */
const INTL_LOCALES: Readonly<Record<AppLanguage, IntlLocale>> = {
  fr: 'fr-BE',
  nl: 'nl-BE',
  en: 'en-GB',
};

export const isAppLanguage = (value: unknown): value is AppLanguage => value === 'fr' || value === 'nl' || value === 'en';

/**
 * Maps an app language (or any tag whose primary subtag is fr, nl or en) to the Intl locale.
 * Unknown languages fall back to French, the app's default and fallback language (docs/product/settings.md "Language").
 */
export const toIntlLocale = (lang: LocaleInput): IntlLocale => {
  const primary = lang.trim().toLowerCase().split(/[-_]/, 1)[0];
  return INTL_LOCALES[isAppLanguage(primary) ? primary : DEFAULT_LANGUAGE];
};

// ---------------------------------------------------------------------------------------------------
// Formatter cache

const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.ListFormat>();

const cached = <T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.ListFormat>(
  key: string,
  create: () => T,
): T => {
  const hit = cache.get(key);
  if (hit !== undefined) return hit as T;
  const made = create();
  cache.set(key, made);
  return made;
};

const numberFormat = (locale: IntlLocale, options: Intl.NumberFormatOptions): Intl.NumberFormat =>
  cached(`n|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

const dateFormat = (locale: IntlLocale, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat =>
  cached(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

// ---------------------------------------------------------------------------------------------------
// Data sizes

/**
 * Splits a byte count into the display value and unit of docs/product/consumption.md "How figures are written".
 * `value` is not rounded, so charts can use it as is; `formatDataSize` rounds to 2 decimals.
 */
export const dataSizeParts = (bytes: number): DataSizeParts =>
  Math.abs(bytes) >= GB_THRESHOLD_BYTES ? { value: bytes / BYTES_PER_GB, unit: 'GB' } : { value: bytes / BYTES_PER_MB, unit: 'MB' };

/**
 * "1,50 Go" (fr), "1,50 GB" (nl), "1.50 GB" (en). Always 2 decimals. The unit label comes from Intl so
 * French gets its own "Go"/"Mo".
 */
export const formatDataSize = (bytes: number, locale: LocaleInput, inUnit?: DataSizeUnit): string => {
  // `inUnit`: one unit for a column of figures (a table per day), that of its largest one (issue 43 point 14).
  const { value, unit } =
    inUnit === undefined ? dataSizeParts(bytes) : { value: bytes / (inUnit === 'GB' ? BYTES_PER_GB : BYTES_PER_MB), unit: inUnit };
  return numberFormat(toIntlLocale(locale), {
    style: 'unit',
    unit: unit === 'GB' ? 'gigabyte' : 'megabyte',
    unitDisplay: 'short',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value);
};

/**
 * A catalogue name in the customer's units (issue 43 point 14): the catalogue writes "Extra 5 GB" in every language,
 * and French says "Go" ("Extra 5 Go" beside "3,60 Go restants"). Only a number followed by GB or MB changes.
 */
export const productNameIn = (name: string, locale: LocaleInput): string => {
  const intl = toIntlLocale(locale);
  const unitLabel = (unit: 'gigabyte' | 'megabyte') =>
    numberFormat(intl, { style: 'unit', unit, unitDisplay: 'short' })
      .formatToParts(1)
      .find((part) => part.type === 'unit')?.value ?? (unit === 'gigabyte' ? 'GB' : 'MB');
  return name.replace(
    /(\d+(?:[.,]\d+)?)(\s?)(GB|MB)\b/g,
    (_all, amount: string, space: string, unit: string) => `${amount}${space}${unitLabel(unit === 'GB' ? 'gigabyte' : 'megabyte')}`,
  );
};

/**
 * An account number as a customer recognises it without showing it whole (issue 43 point 7): grouped by four, the
 * country and check digits and the last four kept, "BE68 •••• •••• 7034". Anything shorter than a Belgian IBAN is
 * only grouped.
 */
export const maskIban = (iban: string): string => {
  const compact = iban.replace(/\s+/g, '').toUpperCase();
  if (compact.length < 12) return compact.replace(/(.{4})(?=.)/g, '$1 ');
  const groups = compact.match(/.{1,4}/g) ?? [];
  return groups.map((group, i) => (i === 0 || i === groups.length - 1 ? group : '••••')).join(' ');
};

// ---------------------------------------------------------------------------------------------------
// Money

/**
 * Amounts arrive in cents (docs/product/consumption.md "How figures are written"): 123456 → "1 234,56 €" (fr),
 * "€ 1.234,56" (nl), "€1,234.56" (en).
 */
export const formatMoneyCents = (cents: number, locale: LocaleInput): string =>
  numberFormat(toIntlLocale(locale), { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** An amount about which only whole euros matter ("about € 12"): 1234 → "12 €" (fr), "€ 12" (nl), "€12" (en). */
export const formatMoneyRounded = (cents: number, locale: LocaleInput): string =>
  numberFormat(toIntlLocale(locale), { style: 'currency', currency: 'EUR', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(
    Math.round(cents / 100),
  );

/** A difference, its sign always written: +3,87 € / −63,91 € (fr). */
export const formatMoneyDifference = (cents: number, locale: LocaleInput): string =>
  `${cents > 0 ? '+' : cents < 0 ? '−' : ''}${formatMoneyCents(Math.abs(cents), locale)}`;

// ---------------------------------------------------------------------------------------------------
// Durations

/**
 * Call time: 725 → "12 min 05 s" (fr), "12 min, 05 sec" (nl), "12 mins 05 secs" (en); hours appear from
 * one hour on ("1 h 02 min 05 s"). Seconds are rounded, and padded to 2 digits after a larger unit.
 *
 * Built from Intl unit formats and Intl.ListFormat rather than Intl.DurationFormat because the latter
 * is missing from Node 20 and older Safari/Firefox, and the output must not differ between the test
 * runner and the customer's browser.
 */
export const formatDuration = (seconds: number, locale: LocaleInput): string => {
  const intl = toIntlLocale(locale);
  const total = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const unit = (u: 'hour' | 'minute' | 'second', v: number, pad: boolean): string =>
    numberFormat(intl, {
      style: 'unit',
      unit: u,
      unitDisplay: 'short',
      ...(pad ? { minimumIntegerDigits: 2 } : {}),
    }).format(v);

  const parts: string[] = [];
  if (h > 0) parts.push(unit('hour', h, false));
  if (h > 0 || m > 0) parts.push(unit('minute', m, h > 0));
  parts.push(unit('second', s, h > 0 || m > 0));
  return cached(`l|${intl}`, () => new Intl.ListFormat(intl, { type: 'unit', style: 'narrow' })).format(parts);
};

/**
 * Call time as a bundle and a usage total read (docs/product/consumption.md "Bundle sizes"): in minutes, never seconds.
 * Under an hour "43 min"; from an hour on "3 h 43 min" (`hours: 'split'`, usage), or "500 min" whatever the size
 * (`hours: 'never'`, a bundle: plans are sold in minutes). Rounded to the nearest minute; any call time under a
 * minute shows as "1 min", never "0 min" beside a call that happened.
 */
export const formatMinutes = (seconds: number, locale: LocaleInput, { hours = 'split' }: { hours?: 'split' | 'never' } = {}): string => {
  const intl = toIntlLocale(locale);
  const safe = Math.max(0, Number.isFinite(seconds) ? seconds : 0);
  const total = safe > 0 ? Math.max(1, Math.round(safe / 60)) : 0;
  const unit = (u: 'hour' | 'minute', v: number): string => numberFormat(intl, { style: 'unit', unit: u, unitDisplay: 'short' }).format(v);
  if (hours === 'never' || total < 60) return unit('minute', total);
  const h = Math.floor(total / 60);
  const m = total % 60;
  const list = cached(`l|${intl}`, () => new Intl.ListFormat(intl, { type: 'unit', style: 'narrow' }));
  return m === 0 ? unit('hour', h) : list.format([unit('hour', h), unit('minute', m)]);
};

// ---------------------------------------------------------------------------------------------------
// Dates

type DateInput = Date | number;

const toDate = (d: DateInput): Date => (typeof d === 'number' ? new Date(d) : d);

const ordinalRules = new Map<IntlLocale, Intl.PluralRules>();

/**
 * The day of the month as the language writes it before a month's name: French writes the first day as an ordinal
 * ("1er décembre", "1er déc. 2026"), every other day as a number; Dutch and English write numbers. Intl gives the
 * ordinal category (fr: "one" for 1 only) but no suffix; the suffix is this language's, here.
 */
const dayText = (locale: IntlLocale, day: string): string => {
  if (locale !== 'fr-BE') return day;
  let rules = ordinalRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale, { type: 'ordinal' });
    ordinalRules.set(locale, rules);
  }
  return rules.select(Number(day)) === 'one' ? `${day}er` : day;
};

/*
 * Dates and times are shown on the service's calendar (Europe/Brussels), not the device's: the days a customer
 * roaming in New York sees are those of the bill and of the periods the app computes (contract/calendar.ts).
 */
const inServiceZone = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormatOptions => ({ timeZone: SERVICE_TIME_ZONE, ...options });

/**
 * "5 janv. 2026" (fr), "5 jan 2026" (nl), "5 Jan 2026" (en); "1er déc. 2026", "1er décembre" in French wherever
 * the month is written as a word. In Brussels time.
 */
export const formatDate = (date: DateInput, locale: LocaleInput, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string =>
  withFrenchOrdinal(toIntlLocale(locale), options, date);

/** The date written by Intl, with French's "1er" before a month's name (dates, and dates with their time alike). */
const withFrenchOrdinal = (intl: IntlLocale, options: Intl.DateTimeFormatOptions, date: DateInput): string => {
  const format = dateFormat(intl, inServiceZone(options));
  if (intl !== 'fr-BE') return format.format(toDate(date));
  const parts = format.formatToParts(toDate(date));
  // A numeric month ("01/12/2026") keeps its numeric day: the ordinal goes only before a month's name.
  const wordMonth = parts.some((p) => p.type === 'month' && /\p{L}/u.test(p.value));
  return parts.map((p) => (p.type === 'day' && wordMonth ? dayText(intl, p.value) : p.value)).join('');
};

/**
 * Medium date and short time, e.g. "5 janv. 2026, 14:03", "1er déc. 2026, 10:00" (the same French first day as
 * formatDate's: issue 43 point 14); Brussels time.
 */
export const formatDateTime = (date: DateInput, locale: LocaleInput): string =>
  withFrenchOrdinal(toIntlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }, date);

/**
 * "il y a 3 minutes" for the "updated N minutes ago" label of every data screen (docs/product/navigation.md
 * "Freshness and offline": staleness 15 minutes). Whole minutes, rounded down. A timestamp in the future (clock skew
 * between server and device) reads as "now" rather than "in 2 minutes". Past an hour it switches to hours, past a day
 * to days, because an offline device can show data that is days old and "il y a 4320 minutes" reads badly.
 */
export const formatRelativeMinutes = (fetchedAt: DateInput, now: DateInput, locale: LocaleInput): string => {
  const intl = toIntlLocale(locale);
  const rtf = cached(`r|${intl}`, () => new Intl.RelativeTimeFormat(intl, { numeric: 'auto' }));
  const minutes = Math.max(0, Math.floor((toDate(now).getTime() - toDate(fetchedAt).getTime()) / 60_000));
  if (minutes < 60) return rtf.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return rtf.format(-hours, 'hour');
  return rtf.format(-Math.floor(hours / 24), 'day');
};

// ---------------------------------------------------------------------------------------------------
// Phone numbers

/**
 * Phone numbers are shown with their leading 0, grouped as the Belgian plan groups them ("0470 12 34 56",
 * "02 123 45 67", "0800 12 345"); 32… becomes 0… (contract/phone.ts, shared with the server's e-mails).
 */
export { formatBelgianPhone as formatPhoneNumber } from '#contract/phone';

/**
 * The size of a file the customer chose: "850 ko" under a megabyte, "1,2 Mo" above (1024-based, as
 * docs/product/consumption.md "How figures are written" counts data).
 */
export const formatFileSize = (bytes: number, locale: LocaleInput): string => {
  const megabytes = bytes / BYTES_PER_MB;
  const [value, unit] = megabytes >= 1 ? [megabytes, 'megabyte'] : [Math.max(1, Math.round(bytes / 1024)), 'kilobyte'];
  return new Intl.NumberFormat(toIntlLocale(locale), { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(value);
};

/**
 * A country's name in the language ('CH' → "Suisse", "Zwitserland", "Switzerland"), by the browser's own list
 * (Intl.DisplayNames): no table of names to keep. An unknown code stays as it is.
 */
export const formatCountry = (code: string, locale: LocaleInput): string => {
  try {
    return new Intl.DisplayNames([toIntlLocale(locale)], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
};
