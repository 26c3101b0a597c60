import { cycleDates, monthlyCycle } from '#contract/bill-cycle';
import { addDaysToDate, localDate, startOfLocalDay } from '#contract/calendar';

/*
 * Time in the demo data. Every date is relative to the `now` the seed is given, so the demo holds whatever the day.
 * The seed reads the calendar as the service does, in Brussels (contract/calendar.ts): a cycle starts at Brussels
 * midnight of its first day, which is 23:00 or 22:00 UTC the day before, and the day of `now` is Brussels' day (its
 * New Year comes an hour before UTC's). The bill-cycle rule itself is the contract's, the same as the app's and the
 * routes'.
 */

export const DAY_MS = 86_400_000;
export const MB = 1024 * 1024;

export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoDate = (ms: number): string => iso(ms).slice(0, 10);

/** Brussels midnight starting the monthly cycle on `startDay` that contains `now`, or the one `back` cycles earlier. */
export const cycleStartMs = (now: Date, startDay: number, back = 0): number =>
  startOfLocalDay(cycleDates(monthlyCycle(startDay), localDate(now.getTime()), back).start);

/** Brussels midnight of the first day after the monthly cycle that contains `now` (when the next cycle starts). */
export const nextCycleStartMs = (now: Date, startDay: number): number =>
  startOfLocalDay(addDaysToDate(cycleDates(monthlyCycle(startDay), localDate(now.getTime())).end, 1));
