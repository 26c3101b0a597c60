import { localDate, localDayRange, startOfLocalDay } from '#contract/calendar';
import { formatDataSize, formatMinutes, type IntlLocale, type LocaleInput, toIntlLocale } from './format.ts';

/*
 * One amount of usage in its display form (docs/product/consumption.md "How figures are written"): data bytes as
 * MB/GB, call seconds as a duration, SMS as a count with its unit. Pure; offline-safe.
 */

export type UsageKind = 'data' | 'call' | 'sms';

const smsFormat = new Map<string, Intl.NumberFormat>();

export const formatCount = (value: number, locale: LocaleInput): string => {
  const intl = toIntlLocale(locale);
  let format = smsFormat.get(intl);
  if (!format) {
    format = new Intl.NumberFormat(intl, { maximumFractionDigits: 0 });
    smsFormat.set(intl, format);
  }
  return format.format(value);
};

/** The SMS unit as each language writes it (Dutch writes the word in lower case). Intl has no unit for it. */
const smsUnit: Readonly<Record<IntlLocale, string>> = { 'fr-BE': 'SMS', 'nl-BE': 'sms', 'en-GB': 'SMS' };

/** A number of SMS with its unit ("33 SMS", "33 sms"): a bare count beside "Go" or a duration reads as nothing. */
export const formatSmsCount = (value: number, locale: LocaleInput): string =>
  `${formatCount(value, locale)}\u00a0${smsUnit[toIntlLocale(locale)]}`;

/** An amount used (or left, or forecast): call time in minutes, with hours from an hour on ("3 h 43 min"). */
export const formatUsageAmount = (kind: UsageKind, value: number, locale: LocaleInput): string =>
  kind === 'data' ? formatDataSize(value, locale) : kind === 'call' ? formatMinutes(value, locale) : formatSmsCount(value, locale);

/** A bundle's size: call time in minutes only, as plans are sold ("500 min", never "8 h 20 min"). */
export const formatBundleAmount = (kind: UsageKind, value: number, locale: LocaleInput): string =>
  kind === 'call' ? formatMinutes(value, locale, { hours: 'never' }) : formatUsageAmount(kind, value, locale);

/** One call of the details list: its exact length, seconds included ("2 min 05 s"). */
export { formatDuration as formatCallLength } from './format.ts';

/** The API's balance types (DATA, CALL, SMS) in the worker's lower-case kinds. */
export const kindOfBalance = (type: 'DATA' | 'CALL' | 'SMS'): UsageKind => (type === 'DATA' ? 'data' : type === 'CALL' ? 'call' : 'sms');

/*
 * Days are the service's calendar (contract/calendar.ts, Europe/Brussels), never the device's: the API's from/to and
 * the bill's periods are Brussels days, also for a customer roaming in another time zone.
 */

/** ISO calendar date (YYYY-MM-DD) of an instant on the service's calendar, for the API's from/to. */
export const isoLocalDate = (date: Date | number): string => localDate(typeof date === 'number' ? date : date.getTime());

/** Brussels midnight of an ISO date and the last millisecond of that day (a DST day is 23 or 25 hours). */
export const localDayStart = (iso: string): number => startOfLocalDay(iso);
export const localDayEnd = (iso: string): number => localDayRange(iso, iso).to;
