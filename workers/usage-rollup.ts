import { addDaysToDate, localDate, startOfLocalDay } from '#contract/calendar';
import type { UsageDailyRow } from '#db/schema';
import type { UsageRecordRow } from './usage-core.ts';

/*
 * Per-day usage rollups (the `usageDaily` table): the sums of a contract's records for one day of the service's
 * calendar (Europe/Brussels, whatever the device's time zone), per combination of category × direction ×
 * out-of-bundle × destination, so that every filter of the consumption screens can be answered from them. The records pull builds them in memory while it maps API pages to rows (no
 * extra IndexedDB read) and writes them once its range is complete; the usage worker adds them to its aggregator
 * instead of reading the day's records. Pure; offline-safe.
 *
 * Layout of `sums`: 48 combinations × [used, count, cost]; combination = ((type × 2 + incoming) × 2 + isOob) × 4 +
 * destination, with type 0 call, 1 data, 2 sms (the aggregator's order) and destination 0 national,
 * 1 international, 2 roaming, 3 premium.
 */

export const rollupCombinations = 48;
export const rollupWidth = 3;
export const rollupLength = rollupCombinations * rollupWidth;

/** -1 for an unknown category (the aggregator drops those rows too). */
export const typeIndexOf = (cat: string): number => {
  const c = cat.charCodeAt(0);
  return c === 99 ? 0 : c === 100 ? 1 : c === 115 ? 2 : -1;
};

/** -1 for an unknown destination. */
export const destinationIndexOf = (destination: string): number => {
  const c = destination.charCodeAt(0);
  return c === 110 ? 0 : c === 105 ? 1 : c === 114 ? 2 : c === 112 ? 3 : -1;
};

export const rollupCombination = (typeIndex: number, incoming: boolean, isOob: boolean, destinationIndex: number): number =>
  ((typeIndex * 2 + (incoming ? 1 : 0)) * 2 + (isOob ? 1 : 0)) * 4 + destinationIndex;

/** The service's midnight (Europe/Brussels) of the day of `t` and of the next day, like the aggregator's day grid. */
export const localDayOf = (t: number): { start: number; end: number } => {
  const day = localDate(t);
  return { start: startOfLocalDay(day), end: startOfLocalDay(addDaysToDate(day, 1)) };
};

export type DaySums = { dayEnd: number; sums: Float64Array; valid: boolean };

export type DayRollupBuilder = {
  /** Adds one record to the sums of its day. */
  add: (row: UsageRecordRow) => void;
  /** Sums per day start (ms); a day with a record the layout cannot hold is marked invalid. */
  days: Map<number, DaySums>;
};

/**
 * Accumulates rollups record by record. Records usually arrive sorted by time, so the day of the previous record
 * is reused and no Date is built per record.
 */
export const createDayRollupBuilder = (): DayRollupBuilder => {
  const days = new Map<number, DaySums>();
  let start = Infinity;
  let end = -Infinity;
  let current: DaySums | null = null;
  const add = (row: UsageRecordRow): void => {
    const t = row.eventTime;
    if (!Number.isFinite(t)) return; // the aggregator ignores such rows too
    if (!(t >= start && t < end)) {
      const day = localDayOf(t);
      start = day.start;
      end = day.end;
      current = days.get(start) ?? null;
      if (!current) {
        current = { dayEnd: end, sums: new Float64Array(rollupLength), valid: true };
        days.set(start, current);
      }
    }
    const sums = current!;
    const type = typeIndexOf(row.serviceCat);
    const destination = destinationIndexOf(row.destination);
    if (type < 0) return;
    if (destination < 0) {
      sums.valid = false;
      return;
    }
    const base = rollupCombination(type, row.incoming, row.isOob, destination) * rollupWidth;
    sums.sums[base]! += row.serviceUsed;
    sums.sums[base + 1]! += 1;
    sums.sums[base + 2]! += row.resourceImpact;
  };
  return { add, days };
};

/** The stored row of one day; a day without records stores no sums at all. */
export const toDailyRow = (
  contractId: number,
  dayStart: number,
  dayEnd: number,
  asOf: number,
  sums: Float64Array | null,
): UsageDailyRow => ({
  contractId,
  dayStart,
  dayEnd,
  asOf,
  sums: sums ? Array.from(sums) : [],
});
