import { addDaysToDate, DAY_MS, localDate, startOfLocalDay } from '#contract/calendar';
import {
  addUsage,
  emptyUsageTotals,
  classify,
  outOfBundleByNature,
  usageDestinations,
  type UsageDestination as RatedDestination,
  type UsageTotals,
  type RatingClass,
} from '#contract/rating';
import type { UsageRecordRow } from '#db/schema';

/**
 * Pure usage aggregation for the usage worker (ARCHITECTURE "Heavy computation").
 *
 * No Comlink and no Dexie here: the worker reads records from IndexedDB in pages of 1,000–5,000 rows
 * and feeds each page to an `Aggregator`, so only the small result ever crosses `postMessage`. Being
 * plain functions over arrays, everything works offline and is tested as an ordinary module.
 *
 * Performance: `Aggregator.add` is the hot path (a year of CDRs can be a million rows). Per row it does
 * no allocation, no `Date`, no string building: categories are told apart by their first character,
 * sums go into typed arrays, and the day index comes from integer arithmetic on a precomputed list of
 * day boundaries.
 *
 * Days and DST: a "day" is a day of the service's calendar (contract/calendar.ts, Europe/Brussels), whatever the
 * device's time zone, so that the days and totals are the bill's. The boundaries (epoch ms of each Brussels
 * midnight in the range, plus the end of the last day) are computed once by the calendar, so each boundary
 * carries the UTC offset valid at that midnight; a DST day is simply 23 or 25 hours long. A row's day is first
 * estimated as ⌊(t − firstMidnight) / 24 h⌋, which is off by at most one day because midnights never drift more
 * than the DST shift from the 24 h grid, and then corrected against the boundary list.
 */

export type { UsageRecordRow };
export type UsageType = UsageRecordRow['serviceCat'];
export type UsageDirection = 'all' | 'in' | 'out';
/** @internal Exported for its tests (knip --production). */
export type UsageDestination = UsageRecordRow['destination'];

export type UsageFilter = {
  /** Epoch ms, inclusive. */
  from: number;
  /** Epoch ms, inclusive (a `BillPeriod` end is 23:59:59.999). */
  to: number;
  /** Categories to keep; omitted or empty keeps all. */
  types?: readonly UsageType[];
  direction?: UsageDirection;
  /** Keep only rows outside every bundle by their nature (contract/rating.ts `outOfBundleByNature`). */
  oobOnly?: boolean;
  /**
   * Keep only rows the rating puts in this class (contract/rating.ts `classify`): an invoice's out-of-bundle cause
   * opens its records (docs/product/invoices.md "Why this bill is different"). Omitted: every class.
   */
  ratingClass?: RatingClass;
};

export type AggregatorOptions = UsageFilter & {
  /**
   * Fixed UTC offset for day boundaries, in minutes with the sign of `Date#getTimezoneOffset()`
   * (UTC − local: −60 for Brussels in winter). Omit it (the normal case) for the service's days
   * (Europe/Brussels with its DST changes); give it to reproduce another zone's days, e.g. in tests.
   */
  timeZoneOffset?: number;
};

export type DayBucket = {
  /** The service's calendar date (Europe/Brussels), 'YYYY-MM-DD'. */
  day: string;
  /** Bytes. */
  data: number;
  /** Seconds. */
  call: number;
  /** Messages. */
  sms: number;
};

export type TypeTotals = {
  /** Sum of `serviceUsed`: bytes, seconds or messages. */
  used: number;
  /** Number of records. */
  count: number;
};

export type AggregateResult = {
  days: DayBucket[];
  /** Every matching row, per type (incoming included). */
  totals: Record<UsageType, TypeTotals>;
  /**
   * The matching rows as the rating model sums them (contract/rating.ts): what counts against which allowance, what is
   * free, what is premium. `rateUsage(usage, bundle, rates)` turns a bill cycle's into its charges.
   */
  usage: UsageTotals;
  /** Rows that passed the filter. */
  matched: number;
  /** Rows fed in. */
  scanned: number;
};

/** One day's sums, as in the `usageDaily` table (layout in usage-rollup.ts). */
export type DayRollup = { dayStart: number; dayEnd: number; sums: readonly number[] };

export type Aggregator = {
  add: (rows: readonly UsageRecordRow[]) => void;
  /**
   * Adds a whole day's sums instead of its records. Returns false, adding nothing, when the day is not exactly one
   * of the grid's days inside [from, to] (e.g. an edge day cut by the range, or a rollup written in another time
   * zone): the caller then reads that day's records.
   */
  addRollup: (day: DayRollup) => boolean;
  /** A snapshot; can be called after every page for progressive display, and `add` may continue. */
  result: () => AggregateResult;
};

/** docs/product/consumption.md "Average use": the average consumption divisor. */
export const AVERAGE_DIVISOR = 6;

/** Guards against a bad range (seconds for milliseconds, `from: 0`) allocating decades of buckets. */
export const MAX_RANGE_DAYS = 3_660;

const MS_PER_MINUTE = 60_000;

// First character codes: cheaper than string equality on strings that come out of structured clone,
// which V8 does not intern.
const C = 99; // 'c'all
const D = 100; // 'd'ata
const S = 115; // 's'ms
const I = 105; // 'i'nternational
const R = 114; // 'r'oaming
const P = 112; // 'p'remium
const N = 110; // 'n'ational

/*
 * Rows are summed per combination of what the rating looks at: type × incoming × out-of-zone flag × destination, the
 * layout of the per-day rollups (usage-rollup.ts): combination = ((type × 2 + incoming) × 2 + isOob) × 4 + destination,
 * type 0 call, 1 data, 2 sms, destination 0 national, 1 international, 2 roaming, 3 premium. The rating model decides,
 * once per combination and never per row, what each one is.
 */
const COMBINATIONS = 48;
const TYPE_NAMES: readonly UsageType[] = ['call', 'data', 'sms'];
const DESTINATION_NAMES: readonly RatedDestination[] = ['national', 'international', 'roaming', 'premium'];
const factsOf = (combo: number) => ({
  kind: TYPE_NAMES[combo >> 4]!,
  incoming: ((combo >> 3) & 1) === 1,
  outsideZone: ((combo >> 2) & 1) === 1,
  destination: DESTINATION_NAMES[combo & 3]!,
});
/** 1 where the combination is outside every bundle by its nature (the "out-of-bundle only" filter). */
const OUTSIDE = Uint8Array.from({ length: COMBINATIONS }, (_, combo) => (outOfBundleByNature(factsOf(combo)) ? 1 : 0));
/** The rating class of each combination (the zone filter). */
const CLASS_OF: readonly RatingClass[] = Array.from({ length: COMBINATIONS }, (_, combo) => classify(factsOf(combo)));
// The rollup layout and the rating's destinations must stay in step.
if (usageDestinations.some((d, i) => DESTINATION_NAMES[i] !== d)) throw new Error('usage-core: destinations out of step with the rating');

const destinationIndex = (destination: string): number => {
  const c = destination.charCodeAt(0);
  return c === N ? 0 : c === I ? 1 : c === R ? 2 : c === P ? 3 : -1;
};

const TYPE_BIT: Record<UsageType, number> = { call: 1, data: 2, sms: 4 };
const ALL_TYPES = 7;

const typeMask = (types: readonly UsageType[] | undefined): number =>
  types === undefined || types.length === 0 ? ALL_TYPES : types.reduce((m, t) => m | TYPE_BIT[t], 0);

/** Whether one record passes a filter; the same rule the Aggregator applies inline. */
export const matchesFilter = (row: UsageRecordRow, filter: UsageFilter): boolean => {
  if (!(row.eventTime >= filter.from && row.eventTime <= filter.to)) return false;
  if ((typeMask(filter.types) & (TYPE_BIT[row.serviceCat] ?? 0)) === 0) return false;
  const direction = filter.direction ?? 'all';
  if (direction === 'in' && !row.incoming) return false;
  if (direction === 'out' && row.incoming) return false;
  if (
    filter.oobOnly === true &&
    !outOfBundleByNature({ kind: row.serviceCat, incoming: row.incoming, destination: row.destination, outsideZone: row.isOob })
  )
    return false;
  if (
    filter.ratingClass !== undefined &&
    classify({ kind: row.serviceCat, incoming: row.incoming, destination: row.destination, outsideZone: row.isOob }) !== filter.ratingClass
  )
    return false;
  return true;
};

const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);

const isoDay = (year: number, month: number, day: number): string => `${String(year).padStart(4, '0')}-${pad2(month + 1)}-${pad2(day)}`;

type DayGrid = { bounds: Float64Array; labels: string[] };

/** The service's midnights (Europe/Brussels) from the day of `from` to the day after the day of `to`. */
const serviceDayGrid = (from: number, to: number): DayGrid => {
  const first = localDate(from);
  const bounds: number[] = [];
  const labels: string[] = [];
  for (let k = 0; ; k++) {
    const day = addDaysToDate(first, k);
    const t = startOfLocalDay(day);
    bounds.push(t);
    if (t > to) break;
    if (k >= MAX_RANGE_DAYS) throw new RangeError(`Usage range longer than ${MAX_RANGE_DAYS} days`);
    labels.push(day);
  }
  return { bounds: Float64Array.from(bounds), labels };
};

/** Same grid for a fixed offset: every day is exactly 24 h. */
const fixedOffsetDayGrid = (from: number, to: number, offsetMinutes: number): DayGrid => {
  const shift = offsetMinutes * MS_PER_MINUTE; // local = UTC − offset
  const firstDay = Math.floor((from - shift) / DAY_MS);
  const lastDay = Math.floor((to - shift) / DAY_MS);
  const count = lastDay - firstDay + 1;
  if (count > MAX_RANGE_DAYS) throw new RangeError(`Usage range longer than ${MAX_RANGE_DAYS} days`);
  const bounds = new Float64Array(count + 1);
  const labels: string[] = [];
  for (let k = 0; k <= count; k++) {
    bounds[k] = (firstDay + k) * DAY_MS + shift;
    if (k < count) {
      const u = new Date((firstDay + k) * DAY_MS);
      labels.push(isoDay(u.getUTCFullYear(), u.getUTCMonth(), u.getUTCDate()));
    }
  }
  return { bounds, labels };
};

export const createAggregator = (options: AggregatorOptions): Aggregator => {
  const { from, to } = options;
  if (!Number.isFinite(from) || !Number.isFinite(to) || to < from) {
    throw new RangeError(`Invalid usage range ${from}–${to}`);
  }
  if (options.timeZoneOffset !== undefined && !Number.isFinite(options.timeZoneOffset)) {
    throw new RangeError(`Invalid time-zone offset ${options.timeZoneOffset}`);
  }
  const { bounds, labels } =
    options.timeZoneOffset === undefined ? serviceDayGrid(from, to) : fixedOffsetDayGrid(from, to, options.timeZoneOffset);
  const dayCount = labels.length;
  const base = bounds[0] ?? from;

  const mask = typeMask(options.types);
  const direction = options.direction ?? 'all';
  // -1: keep all; 1: keep incoming only; 0: keep outgoing only.
  const wantIncoming = direction === 'all' ? -1 : direction === 'in' ? 1 : 0;
  const oobOnly = options.oobOnly === true;
  const ratingClass = options.ratingClass;

  // Float64 because byte sums pass 2^31 quickly; integer sums stay exact up to 2^53.
  const dayData = new Float64Array(dayCount);
  const dayCall = new Float64Array(dayCount);
  const daySms = new Float64Array(dayCount);
  // Per combination (see COMBINATIONS): used, records, prices carried.
  const comboUsed = new Float64Array(COMBINATIONS);
  const comboCount = new Float64Array(COMBINATIONS);
  const comboPrice = new Float64Array(COMBINATIONS);
  let matched = 0;
  let scanned = 0;

  const add = (rows: readonly UsageRecordRow[]): void => {
    const len = rows.length;
    scanned += len;
    for (let i = 0; i < len; i++) {
      const row = rows[i]!;
      const t = row.eventTime;
      if (!(t >= from && t <= to)) continue; // also drops NaN
      const cat = row.serviceCat.charCodeAt(0);
      const typeIndex = cat === C ? 0 : cat === D ? 1 : cat === S ? 2 : -1;
      if (typeIndex < 0 || (mask & (1 << typeIndex)) === 0) continue;
      if (wantIncoming !== -1 && (row.incoming ? 1 : 0) !== wantIncoming) continue;
      const dest = destinationIndex(row.destination);
      if (dest < 0) continue;
      const combo = ((typeIndex * 2 + (row.incoming ? 1 : 0)) * 2 + (row.isOob ? 1 : 0)) * 4 + dest;
      if (oobOnly && OUTSIDE[combo] === 0) continue;
      if (ratingClass !== undefined && CLASS_OF[combo] !== ratingClass) continue;

      let day = Math.floor((t - base) / DAY_MS);
      if (day >= dayCount) day = dayCount - 1;
      while (day > 0 && t < bounds[day]!) day--;
      while (day < dayCount - 1 && t >= bounds[day + 1]!) day++;

      const amount = row.serviceUsed;
      matched++;
      comboUsed[combo]! += amount;
      comboCount[combo]! += 1;
      comboPrice[combo]! += row.resourceImpact;
      if (typeIndex === 0) dayCall[day]! += amount;
      else if (typeIndex === 1) dayData[day]! += amount;
      else daySms[day]! += amount;
    }
  };

  const addRollup = ({ dayStart, dayEnd, sums }: DayRollup): boolean => {
    if (!(dayStart >= from && dayEnd - 1 <= to)) return false;
    // A day without records stores no sums; any other length is a layout this version does not know.
    if (sums.length !== 0 && sums.length !== COMBINATIONS * 3) return false;
    let day = Math.floor((dayStart - base) / DAY_MS);
    if (day >= dayCount) day = dayCount - 1;
    if (day < 0) day = 0;
    while (day > 0 && dayStart < bounds[day]!) day--;
    while (day < dayCount - 1 && dayStart >= bounds[day + 1]!) day++;
    if (bounds[day] !== dayStart || bounds[day + 1] !== dayEnd) return false;
    for (let combo = 0; combo < COMBINATIONS && combo * 3 < sums.length; combo++) {
      const n = sums[combo * 3 + 1]!;
      scanned += n;
      if (n === 0) continue;
      const typeIndex = combo >> 4;
      if ((mask & (1 << typeIndex)) === 0) continue;
      if (wantIncoming !== -1 && ((combo >> 3) & 1) !== wantIncoming) continue;
      if (oobOnly && OUTSIDE[combo] === 0) continue;
      if (ratingClass !== undefined && CLASS_OF[combo] !== ratingClass) continue;
      const amount = sums[combo * 3]!;
      matched += n;
      comboUsed[combo]! += amount;
      comboCount[combo]! += n;
      comboPrice[combo]! += sums[combo * 3 + 2]!;
      if (typeIndex === 0) dayCall[day]! += amount;
      else if (typeIndex === 1) dayData[day]! += amount;
      else daySms[day]! += amount;
    }
    return true;
  };

  const result = (): AggregateResult => {
    const days: DayBucket[] = new Array<DayBucket>(dayCount);
    for (let k = 0; k < dayCount; k++) days[k] = { day: labels[k]!, data: dayData[k]!, call: dayCall[k]!, sms: daySms[k]! };
    const totals: Record<UsageType, TypeTotals> = { call: { used: 0, count: 0 }, data: { used: 0, count: 0 }, sms: { used: 0, count: 0 } };
    const usage = emptyUsageTotals();
    for (let combo = 0; combo < COMBINATIONS; combo++) {
      const count = comboCount[combo]!;
      if (count === 0) continue;
      const facts = factsOf(combo);
      totals[facts.kind].used += comboUsed[combo]!;
      totals[facts.kind].count += count;
      addUsage(usage, facts, { used: comboUsed[combo]!, count, priceCents: comboPrice[combo]! });
    }
    return { days, totals, usage, matched, scanned };
  };

  return { add, addRollup, result };
};

/**
 * Convenience for a single in-memory array (tests, small sets).
 * @internal Exported for its tests (knip --production).
 */
export const aggregate = (rows: readonly UsageRecordRow[], options: AggregatorOptions): AggregateResult => {
  const aggregator = createAggregator(options);
  aggregator.add(rows);
  return aggregator.result();
};

/**
 * docs/product/consumption.md "Average use" (the divisor is 6): the sum of the given per-cycle totals divided by
 * the divisor, not by the number of entries. That is the product's rule: a customer with two
 * months of history gets a third of their real monthly average. Pass the totals of the cycles to
 * average (normally the last 6 completed ones, see `lastCycles(…, { includeCurrent: false })`).
 */
export const averagePerCycle = (totalsPerCycle: readonly number[], divisor: number = AVERAGE_DIVISOR): number => {
  if (!(divisor > 0) || !Number.isFinite(divisor)) throw new RangeError(`Average divisor must be positive, got ${divisor}`);
  let sum = 0;
  for (const total of totalsPerCycle) sum += total;
  return sum / divisor;
};

/** The forecast rule lives in the contract: the server projects the next invoice's out-of-bundle costs with it. */
export { forecast, type Forecast } from '#contract/forecast';
