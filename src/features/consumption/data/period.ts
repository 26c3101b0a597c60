import { daysBetween } from '#contract/calendar';
import { currentCycle, cycleDates, lastCycles, monthlyCycle, previousCycle, type BillCycle } from '#contract/bill-cycle';
import { isoLocalDate, localDayEnd, localDayStart } from '#lib/usage-format';
import { MAX_RANGE_DAYS } from '#workers/usage-core';

/*
 * The period filter of the consumption screens (docs/product/consumption.md "Periods"): current bill, previous bill,
 * or a chosen date range, computed with the bill-cycle rule of the same heading. Pure; offline-safe.
 */

export type PeriodChoice = { kind: 'current' } | { kind: 'previous' } | { kind: 'range'; from: string; to: string };

export type ResolvedPeriod = {
  /** ISO dates, inclusive, for the API. */
  from: string;
  to: string;
  /** Epoch ms, inclusive, for the worker. */
  fromMs: number;
  toMs: number;
};

export type PeriodError = 'rangeInvalid' | 'rangeOrder' | 'rangeTooLong';

/** Without a bill cycle on the contract, bills follow calendar months. */
export const defaultCycle: BillCycle = monthlyCycle(1);

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

const validIso = (value: string): boolean => {
  if (!isoDate.test(value)) return false;
  const d = new Date(localDayStart(value));
  return isoLocalDate(d) === value;
};

export const checkRange = (from: string, to: string): PeriodError | null => {
  if (!validIso(from) || !validIso(to)) return 'rangeInvalid';
  if (from > to) return 'rangeOrder';
  if (daysBetween(from, to) - 1 >= MAX_RANGE_DAYS) return 'rangeTooLong';
  return null;
};

export const resolvePeriod = (choice: PeriodChoice, cycle: BillCycle | null, now: Date): ResolvedPeriod | PeriodError => {
  if (choice.kind === 'range') {
    const error = checkRange(choice.from, choice.to);
    if (error) return error;
    return { from: choice.from, to: choice.to, fromMs: localDayStart(choice.from), toMs: localDayEnd(choice.to) };
  }
  const period = choice.kind === 'current' ? currentCycle(cycle ?? defaultCycle, now) : previousCycle(cycle ?? defaultCycle, now);
  return { from: isoLocalDate(period.start), to: isoLocalDate(period.end), fromMs: period.start.getTime(), toMs: period.end.getTime() };
};

/**
 * The first day of the earlier closed bill a range is exactly (neither the current nor the previous one, which the
 * screens choose by name), or null: such a range is rated with the plan the line held when it was billed.
 */
export const earlierBillOf = (range: { from: string; to: string }, cycle: BillCycle | null, now: Date): string | null => {
  if (!validIso(range.from) || !validIso(range.to)) return null;
  const dates = cycleDates(cycle ?? defaultCycle, range.from);
  const previous = previousCycle(cycle ?? defaultCycle, now);
  return dates.start === range.from && dates.end === range.to && localDayEnd(range.to) < previous.start.getTime() ? range.from : null;
};

/** The last `n` completed bills (for the average, docs/product/consumption.md "Average use": divisor 6). */
export const completedCycles = (cycle: BillCycle | null, now: Date, n = 6) =>
  lastCycles(cycle ?? defaultCycle, now, n, { includeCurrent: false }).map((p) => ({ from: p.start.getTime(), to: p.end.getTime() }));

/** Reads the period from the page's search params (?period=current|previous|range&from=&to=). */
export const periodFromSearch = (params: URLSearchParams): PeriodChoice => {
  const kind = params.get('period');
  if (kind === 'previous') return { kind: 'previous' };
  if (kind === 'range') return { kind: 'range', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  return { kind: 'current' };
};
