import { formatDataSize, formatDuration, type LocaleInput, toIntlLocale } from './format.ts';

/*
 * One amount of usage in its display form (SPEC §9): data bytes as MB/GB, call seconds as a duration, SMS as a
 * count. Pure; offline-safe.
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

export const formatUsageAmount = (kind: UsageKind, value: number, locale: LocaleInput): string =>
  kind === 'data' ? formatDataSize(value, locale) : kind === 'call' ? formatDuration(value, locale) : formatCount(value, locale);

/** The API's balance types (DATA, CALL, SMS) in the worker's lower-case kinds. */
export const kindOfBalance = (type: 'DATA' | 'CALL' | 'SMS'): UsageKind => (type === 'DATA' ? 'data' : type === 'CALL' ? 'call' : 'sms');

/** ISO calendar date (YYYY-MM-DD) of a local date, for the API's from/to. */
export const isoLocalDate = (date: Date | number): string => {
  const d = typeof date === 'number' ? new Date(date) : date;
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** Local midnight of an ISO date and the last millisecond of that day. */
export const localDayStart = (iso: string): number => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1).getTime();
};
export const localDayEnd = (iso: string): number => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1, 23, 59, 59, 999).getTime();
};
