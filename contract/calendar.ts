/*
 * Calendar days of the service. The API talks in calendar dates ('YYYY-MM-DD': bill-cycle periods, the from/to
 * of the usage history and downloads) while usage records carry instants. A date means a day on the customer's
 * wall calendar, which for a Belgian operator is Europe/Brussels: the app and the server must cut the same days or a
 * period's first hour would go missing. One zone for the whole service: not the server process's TZ (UTC on most
 * hosts), nor the device's (a customer roaming in New York still gets Brussels days, as on the bill).
 *
 * The one calendar module (docs/product/consumption.md "Periods"): the server, the app's pulls and the contract's rules
 * (pricing, invoice deadlines) take their date arithmetic from here. Zod-free and import-free, so that any route and
 * the service worker may load it. Bill-cycle periods are contract/bill-cycle.ts's.
 */

export const SERVICE_TIME_ZONE = 'Europe/Brussels';

/** A day of 24 hours: calendar days are counted on UTC dates, so this is exact there. */
export const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

// Made on first use: the app loads this module on routes that never need a zone (the login route).
let partsFormatter: Intl.DateTimeFormat | null = null;

// Brussels changes offset on whole UTC hours, so the offset is constant within one: cached per hour, formatting
// 200k export rows costs one Intl call per hour of data instead of one per row.
const offsetCache = new Map<number, number>();
const OFFSET_CACHE_LIMIT = 50_000;

const computeOffset = (ms: number): number => {
  const whole = Math.floor(ms / 1000) * 1000;
  const value: Record<string, number> = {};
  partsFormatter ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SERVICE_TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  for (const part of partsFormatter.formatToParts(new Date(whole))) {
    if (part.type !== 'literal') value[part.type] = Number(part.value);
  }
  const asUtc = Date.UTC(value.year ?? 1970, (value.month ?? 1) - 1, value.day ?? 1, value.hour ?? 0, value.minute ?? 0, value.second ?? 0);
  return asUtc - whole;
};

/** Local time − UTC, in ms, at the instant `ms` (3,600,000 in Brussels winter time). */
export const zoneOffsetMs = (ms: number): number => {
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetCache.get(hour);
  if (offset === undefined) {
    if (offsetCache.size >= OFFSET_CACHE_LIMIT) offsetCache.clear();
    offset = computeOffset(ms);
    offsetCache.set(hour, offset);
  }
  return offset;
};

/** The local calendar date of an instant, 'YYYY-MM-DD'. */
export const localDate = (ms: number): string => new Date(ms + zoneOffsetMs(ms)).toISOString().slice(0, 10);

/** The local wall time of an instant, 'YYYY-MM-DD HH:mm:ss' (what a spreadsheet reads as a date and time). */
export const localDateTime = (ms: number): string => {
  const text = new Date(ms + zoneOffsetMs(ms)).toISOString();
  return `${text.slice(0, 10)} ${text.slice(11, 19)}`;
};

/** 'YYYY-MM-DD' → UTC midnight of that calendar date (day arithmetic on calendar dates). */
const dateAsUtc = (date: string): number => Date.parse(`${date}T00:00:00.000Z`);

/** The calendar date `days` after (or before) `date`, both 'YYYY-MM-DD'. */
export const addDaysToDate = (date: string, days: number): string => new Date(dateAsUtc(date) + days * DAY_MS).toISOString().slice(0, 10);

/** The instant of local midnight at the start of `date`. DST changes in Brussels happen at 02:00/03:00, never at midnight. */
export const startOfLocalDay = (date: string): number => {
  const guess = dateAsUtc(date);
  const first = guess - zoneOffsetMs(guess);
  const offset = zoneOffsetMs(first);
  return guess - offset;
};

/** Epoch-ms bounds of the local days `from` … `to`, both inclusive (the last millisecond of `to`). */
export const localDayRange = (from: string, to: string): { from: number; to: number } => ({
  from: startOfLocalDay(from),
  to: startOfLocalDay(addDaysToDate(to, 1)) - 1,
});

/** Days from `from` to `to`, both included ('YYYY-MM-DD'). */
export const daysBetween = (from: string, to: string): number => Math.round((dateAsUtc(to) - dateAsUtc(from)) / DAY_MS) + 1;
