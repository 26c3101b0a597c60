import { cycleDates, monthlyCycle } from '#contract/bill-cycle';

/*
 * Time in the demo data. Every date is relative to the `now` the seed is given, so the current bill cycle always
 * holds usage whatever the day. The seed reads the calendar in UTC (a cycle starts at UTC midnight of its first
 * day); the bill-cycle rule itself is the contract's, the same as the app's and the routes'.
 */

export const DAY_MS = 86_400_000;
export const MB = 1024 * 1024;

export const iso = (ms: number): string => new Date(ms).toISOString();
export const isoDate = (ms: number): string => iso(ms).slice(0, 10);

const utcMidnight = (date: string): number => Date.parse(`${date}T00:00:00.000Z`);

/** UTC midnight starting the monthly cycle on `startDay` that contains `now`, or the one `back` cycles earlier. */
export const cycleStartMs = (now: Date, startDay: number, back = 0): number =>
  utcMidnight(cycleDates(monthlyCycle(startDay), isoDate(now.getTime()), back).start);

/** UTC midnight of the first day after the monthly cycle that contains `now` (when the next cycle starts). */
export const nextCycleStartMs = (now: Date, startDay: number): number =>
  utcMidnight(cycleDates(monthlyCycle(startDay), isoDate(now.getTime())).end) + DAY_MS;
