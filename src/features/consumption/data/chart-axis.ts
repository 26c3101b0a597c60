import { BYTES_PER_GB, BYTES_PER_MB, GB_THRESHOLD_BYTES, toIntlLocale, type LocaleInput } from '#lib/format';
import type { UsageKind } from '#lib/usage-format';

/*
 * The y-axis of the usage-per-day chart: round steps in one unit for the whole axis (so zero reads "0 Go" beside
 * "1 Go", never "0,00 Mo"), and a top at or above the largest day (the tallest bar never leaves the axis). Pure.
 */

export type ChartAxis = {
  /** The axis' top, in the chart's raw unit (bytes, seconds, SMS): ≥ the largest value. */
  top: number;
  /** Tick values from 0 to `top`, in the raw unit, evenly spaced by a round step. */
  ticks: number[];
  /** A tick's label, in the axis' one unit. */
  label: (value: number) => string;
};

type Unit = { size: number; intl: 'gigabyte' | 'megabyte' | 'hour' | 'minute' | 'second' | null; steps: readonly number[] | null };

/** Round steps: 1, 2, 5 times a power of ten (and 2.5 for decimal data amounts). */
const decimalStep = (raw: number, multiples: readonly number[] = [1, 2, 2.5, 5, 10]): number => {
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  return (multiples.find((m) => m * magnitude >= raw - 1e-12) ?? 10) * magnitude;
};

const unitOf = (kind: UsageKind, max: number): Unit => {
  if (kind === 'data')
    return max >= GB_THRESHOLD_BYTES ? { size: BYTES_PER_GB, intl: 'gigabyte', steps: null } : { size: BYTES_PER_MB, intl: 'megabyte', steps: null };
  if (kind === 'call') {
    // Durations step by what a clock shows: seconds and minutes by 1, 2, 5, 10, 15, 30; hours decimally.
    if (max < 120) return { size: 1, intl: 'second', steps: [1, 2, 5, 10, 15, 30, 60] };
    if (max < 2 * 3600) return { size: 60, intl: 'minute', steps: [1, 2, 5, 10, 15, 30, 60] };
    return { size: 3600, intl: 'hour', steps: null };
  }
  return { size: 1, intl: null, steps: null };
};

const decimalsOf = (step: number): number => {
  for (let d = 0; d < 4; d++) if (Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) < 1e-9) return d;
  return 4;
};

/** The axis for values up to `max` (raw unit) with about `tickCount` steps, labelled in `locale`. */
export const usageAxis = (kind: UsageKind, max: number, locale: LocaleInput, tickCount = 4): ChartAxis => {
  const unit = unitOf(kind, max);
  const inUnit = Math.max(0, max) / unit.size;
  const raw = inUnit > 0 ? inUnit / tickCount : 1;
  let step = unit.steps ? (unit.steps.find((s) => s >= raw) ?? decimalStep(raw)) : decimalStep(raw);
  // SMS and seconds are whole numbers: no step under one.
  if (unit.intl === null || unit.intl === 'second') step = Math.max(1, Math.round(step));
  const top = Math.max(step, Math.ceil(inUnit / step - 1e-9) * step);
  const count = Math.round(top / step);
  const ticks = Array.from({ length: count + 1 }, (_, i) => Number((i * step * unit.size).toFixed(6)));
  const decimals = decimalsOf(step);
  const format = new Intl.NumberFormat(toIntlLocale(locale), {
    ...(unit.intl ? { style: 'unit', unit: unit.intl, unitDisplay: 'short' } : {}),
    minimumFractionDigits: 0,
    maximumFractionDigits: decimals,
  });
  return { top: top * unit.size, ticks, label: (value) => format.format(value / unit.size) };
};

/** Room for one day's label on the time axis, CSS px. */
const LABEL_PX = 64;
const WEEK = 7;

/**
 * The days of the chart's time axis that get a label: one a week from the period's first day (each day of a period of
 * a week or less), fewer when the chart is too narrow for them; never one day twice.
 */
export const dayTicks = (days: readonly number[], width: number): number[] => {
  const fit = Math.max(1, Math.ceil((days.length * LABEL_PX) / Math.max(width, LABEL_PX)));
  const step = days.length <= WEEK ? fit : Math.ceil(Math.max(fit, WEEK) / WEEK) * WEEK;
  return days.filter((_, i) => i % step === 0);
};
