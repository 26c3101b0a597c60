/**
 * Bill-cycle periods (docs/product/consumption.md "Periods"): the cycle start is the most recent occurrence of the
 * start day, the end is the start plus one unit minus one day. The one implementation of the rule, for the app, its
 * usage worker and the server: no imports (not even zod) but the import-free calendar, so the app's login-free paths
 * can load it.
 *
 * Everything is computed on calendar dates (the customer's wall calendar), never by adding multiples of 86 400 000
 * ms, so DST changes cannot shift a boundary by an hour. Internally a date is a "day number" (days since 1970-01-01
 * of the calendar date, via Date.UTC), which makes day arithmetic exact. Two faces:
 * - `cycleDates` works on 'YYYY-MM-DD' calendar dates: the server, which decides which zone's calendar a date belongs
 *   to (Europe/Brussels, server/lib/service-calendar.ts), and the seed.
 * - `cycleContaining`, `currentCycle`, `previousCycle`, `lastCycles` work on instants, on the service's calendar
 *   (contract/calendar.ts, Europe/Brussels) whatever the device's time zone: the app's bill is the server's, also for
 *   a customer roaming in New York.
 * Pure, no I/O: works offline.
 *
 * Interpretation of `startDay` and of `frequencyDuration` > 1 (docs/product/consumption.md "Periods"):
 * - MONTH: day of month 1–31. A month shorter than the start day uses its last day (31 → 28/29 Feb, 30 Apr). The next
 *   cycle starts on the start day of the following month again (so 31 Jan → 27 Feb, 28 Feb → 30 Mar): consecutive
 *   cycles always tile without gap or overlap, which is what "start + one unit − 1 day" means when the unit is a
 *   calendar month.
 * - YEAR: day of year 1–366 (366 becomes 31 Dec in a common year).
 * - WEEK: ISO weekday, 1 = Monday … 7 = Sunday (0 is accepted as Sunday too).
 * - DAY: `startDay` is ignored; each cycle is `frequencyDuration` days.
 * - `frequencyDuration` N > 1: the API gives no anchor, so cycles are aligned on a fixed grid: months whose index
 *   (year × 12 + month) is a multiple of N (N = 3 gives Jan/Apr/Jul/Oct), years divisible by N, and weeks/days
 *   counted from 1970-01-01. The rule still holds: a cycle starts on a start day and lasts N units.
 */

import { DAY_MS, localDate, startOfLocalDay } from './calendar.ts';

export type BillCycle = {
  startDay: number;
  frequencyUnit: 'MONTH' | 'WEEK' | 'DAY' | 'YEAR';
  frequencyDuration: number;
};

/** A cycle as instants: `start` at 00:00:00.000 of its first day, `end` at 23:59:59.999 of its last, Brussels time. */
export type BillPeriod = { start: Date; end: Date };

/** Epoch milliseconds, both bounds inclusive (for Dexie `between(from, to, true, true)`). */
export type EpochRange = { from: number; to: number };

export type LastCyclesOptions = {
  /** Include the cycle containing `now` (default true). Pass false for "the last n completed cycles". */
  includeCurrent?: boolean;
};

/** Floor modulo: the result has the sign of `b`, so negative day numbers (before 1970) work too. */
const mod = (a: number, b: number): number => ((a % b) + b) % b;

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** Day number of a calendar date; month may overflow (Date.UTC normalises it). */
const dayNumber = (year: number, month: number, day: number): number => {
  const d = new Date(0);
  // setUTCFullYear rather than Date.UTC(year, …) so that years 0–99 are not read as 1900–1999.
  d.setUTCFullYear(year, month, day);
  return Math.round(d.getTime() / DAY_MS);
};

/** The day number of the service's calendar date of an instant (never the device's). */
const serviceDayNumber = (date: Date): number => dayNumberOfDate(localDate(date.getTime()));

const calendarOf = (dn: number): { year: number; month: number; day: number } => {
  const d = new Date(dn * DAY_MS);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth(), day: d.getUTCDate() };
};

const assertCycle = (cycle: BillCycle): void => {
  const { startDay, frequencyUnit, frequencyDuration } = cycle;
  if (!Number.isInteger(frequencyDuration) || frequencyDuration < 1) {
    throw new RangeError(`Bill cycle frequencyDuration must be a positive integer, got ${frequencyDuration}`);
  }
  const [min, max] =
    frequencyUnit === 'MONTH' ? [1, 31] : frequencyUnit === 'YEAR' ? [1, 366] : frequencyUnit === 'WEEK' ? [0, 7] : [-Infinity, Infinity];
  if (frequencyUnit !== 'DAY' && (!Number.isInteger(startDay) || startDay < min || startDay > max)) {
    throw new RangeError(`Bill cycle startDay for ${frequencyUnit} must be an integer in ${min}–${max}, got ${startDay}`);
  }
};

const assertDate = (date: Date): void => {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
};

/** Day number on which the cycle that starts in month index `mi` (year × 12 + month) begins. */
const monthOccurrence = (startDay: number, mi: number): number => {
  const year = Math.floor(mi / 12);
  const month = mod(mi, 12);
  return dayNumber(year, month, Math.min(startDay, daysInMonth(year, month)));
};

const yearOccurrence = (startDay: number, year: number): number => dayNumber(year, 0, Math.min(startDay, isLeapYear(year) ? 366 : 365));

/** [first day, last day] (day numbers) of the cycle containing day number `dn`. */
const cycleBounds = (cycle: BillCycle, dn: number): [number, number] => {
  const n = cycle.frequencyDuration;
  switch (cycle.frequencyUnit) {
    case 'MONTH': {
      const { year, month } = calendarOf(dn);
      let mi = year * 12 + month;
      if (monthOccurrence(cycle.startDay, mi) > dn) mi -= 1;
      mi -= mod(mi, n);
      return [monthOccurrence(cycle.startDay, mi), monthOccurrence(cycle.startDay, mi + n) - 1];
    }
    case 'YEAR': {
      let { year } = calendarOf(dn);
      if (yearOccurrence(cycle.startDay, year) > dn) year -= 1;
      year -= mod(year, n);
      return [yearOccurrence(cycle.startDay, year), yearOccurrence(cycle.startDay, year + n) - 1];
    }
    case 'WEEK': {
      // Day number 0 (1970-01-01) was a Thursday, JS weekday 4.
      const weekday = mod(cycle.startDay, 7);
      const firstOccurrence = mod(weekday - 4, 7);
      const week = Math.floor((dn - firstOccurrence) / 7);
      const start = firstOccurrence + 7 * (week - mod(week, n));
      return [start, start + 7 * n - 1];
    }
    case 'DAY': {
      const start = dn - mod(dn, n);
      return [start, start + n - 1];
    }
  }
};

// The last millisecond of a day is the next day's midnight minus one: a DST day is 23 or 25 hours long.
const toPeriod = ([first, last]: [number, number]): BillPeriod => ({
  start: new Date(startOfLocalDay(dateOfDayNumber(first))),
  end: new Date(startOfLocalDay(dateOfDayNumber(last + 1)) - 1),
});

/** A calendar date, 'YYYY-MM-DD'. */
export type CalendarDate = string;

/** A cycle as calendar dates, both inclusive (what the API's bill-cycle periods carry). */
export type CycleDates = { start: CalendarDate; end: CalendarDate };

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

const dayNumberOfDate = (date: CalendarDate): number => {
  const match = CALENDAR_DATE.exec(date);
  const dn = match ? dayNumber(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  // Date.UTC normalises 2026-02-31 to 3 March: a date that does not survive the round trip does not exist.
  if (Number.isNaN(dn) || dateOfDayNumber(dn) !== date) throw new RangeError(`Invalid calendar date ${date}`);
  return dn;
};

const dateOfDayNumber = (dn: number): CalendarDate => {
  const { year, month, day } = calendarOf(dn);
  return `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** A monthly cycle on `startDay` (1–31): the usual cycle, and the only one the demo data uses. */
export const monthlyCycle = (startDay: number): BillCycle => ({ startDay, frequencyUnit: 'MONTH', frequencyDuration: 1 });

/**
 * The cycle that contains the calendar date `date`, or the one `back` cycles earlier (1 = the previous bill), as
 * calendar dates. Which zone's calendar `date` belongs to is the caller's choice.
 */
export const cycleDates = (cycle: BillCycle, date: CalendarDate, back = 0): CycleDates => {
  assertCycle(cycle);
  if (!Number.isInteger(back) || back < 0) throw new RangeError(`Cycles back must be a non-negative integer, got ${back}`);
  let bounds = cycleBounds(cycle, dayNumberOfDate(date));
  for (let i = 0; i < back; i++) bounds = cycleBounds(cycle, bounds[0] - 1);
  return { start: dateOfDayNumber(bounds[0]), end: dateOfDayNumber(bounds[1]) };
};

/** The cycle whose days (the service's calendar) include the day of `date`. */
export const cycleContaining = (cycle: BillCycle, date: Date): BillPeriod => {
  assertCycle(cycle);
  assertDate(date);
  return toPeriod(cycleBounds(cycle, serviceDayNumber(date)));
};

/**
 * The "current bill" period (docs/product/consumption.md "Periods"): starts on the most recent start day on or before
 * today.
 */
export const currentCycle = (cycle: BillCycle, now: Date): BillPeriod => cycleContaining(cycle, now);

/**
 * The "previous bill" period (docs/product/consumption.md "Periods"): the cycle that ended the day before the current
 * one started.
 */
export const previousCycle = (cycle: BillCycle, now: Date): BillPeriod => {
  assertCycle(cycle);
  assertDate(now);
  const [first] = cycleBounds(cycle, serviceDayNumber(now));
  return toPeriod(cycleBounds(cycle, first - 1));
};

/**
 * The `n` most recent cycles in chronological order (oldest first, as charts draw them). By default the
 * last one is the current, still running cycle; with `{ includeCurrent: false }` they are the `n` most
 * recent completed cycles (what an average per cycle wants).
 */
export const lastCycles = (cycle: BillCycle, now: Date, n: number, options: LastCyclesOptions = {}): BillPeriod[] => {
  assertCycle(cycle);
  assertDate(now);
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`Cycle count must be a non-negative integer, got ${n}`);
  const bounds: [number, number][] = [];
  let current = cycleBounds(cycle, serviceDayNumber(now));
  if (options.includeCurrent === false) current = cycleBounds(cycle, current[0] - 1);
  for (let i = 0; i < n; i++) {
    bounds.push(current);
    current = cycleBounds(cycle, current[0] - 1);
  }
  return bounds.reverse().map(toPeriod);
};

/**
 * Epoch-ms bounds of a period, both inclusive.
 * @internal Exported for its tests (knip --production).
 */
export const periodToRange = (period: BillPeriod): EpochRange => ({
  from: period.start.getTime(),
  to: period.end.getTime(),
});
