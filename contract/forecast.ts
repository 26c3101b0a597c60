/*
 * The forecast of use at the end of a bill cycle, at the present pace: the consumption and home screens show it
 * for data, calls and SMS, and the server projects the out-of-bundle costs of the next invoice's estimate with
 * it (contract/estimate.ts, within the line's limits), so the app and the server share one rule. Pure, zod-free and
 * import-free: it works offline and in any layer, and the app's start-up chunks carry nothing more for it.
 */

export type ForecastInput = {
  /** Amount used so far in the cycle (any unit, same as `limit`). */
  used: number;
  /** Bundle size; 0 means unlimited (docs/product/consumption.md "Bundle sizes"). */
  limit: number;
  cycleStart: Date | number;
  /** Inclusive end instant, e.g. a `BillPeriod` end (23:59:59.999). */
  cycleEnd: Date | number;
  now: Date | number;
  /**
   * How far into the cycle a projection starts: MIN_SHOWN_FORECAST_MS (about three days of use) for what the screens
   * show, by default; the estimate of the next invoice projects after MIN_FORECAST_ELAPSED_MS.
   */
  minElapsedMs?: number;
};

export type Forecast = {
  /** Expected use at cycle end at the present pace; null before `minElapsedMs` into the cycle. */
  projected: number | null;
  /**
   * The projection exceeds a finite limit by more than WARN_MARGIN: worth a warning. A pace a few percent over the
   * bundle is said in a neutral tone, not as a warning.
   */
  willExceed: boolean;
  /** When the limit is (or, in the past, was) reached at the present pace, if within the cycle. */
  exhaustionDate: Date | null;
  /** projected / limit; null when unlimited or without projection. */
  ratio: number | null;
};

/** No projection during the first hour: a few minutes of use extrapolated over a month are noise. */
export const MIN_FORECAST_ELAPSED_MS = 3_600_000;
/**
 * What the screens show waits for about three days of use (issue 43): a first day's pace, told to the customer as
 * "you will run out on the 9th", is mostly noise and puts a warning on nearly every card.
 */
export const MIN_SHOWN_FORECAST_MS = 3 * 24 * 3_600_000;
/** A projection over the bundle by at most this share is not a warning. */
export const WARN_MARGIN = 0.1;

const epoch = (d: Date | number): number => (typeof d === 'number' ? d : d.getTime());

/**
 * Linear projection of use to the end of the cycle at the present pace.
 * - Before `minElapsedMs` into the cycle (or with unusable input) there is no projection: `projected` and `ratio` are
 *   null, `willExceed` false.
 * - A limit of 0 means unlimited (docs/product/consumption.md "Bundle sizes"): never exceeds, no exhaustion date,
 *   ratio null.
 * - After the cycle end the projection is simply what was used.
 */
export const forecast = ({ used, limit, cycleStart, cycleEnd, now, minElapsedMs = MIN_SHOWN_FORECAST_MS }: ForecastInput): Forecast => {
  const start = epoch(cycleStart);
  const end = epoch(cycleEnd);
  const at = epoch(now);
  const none: Forecast = { projected: null, willExceed: false, exhaustionDate: null, ratio: null };
  if (![used, limit, start, end, at].every(Number.isFinite) || end < start) return none;

  const elapsed = Math.min(at, end + 1) - start;
  if (elapsed < minElapsedMs) return none;

  const usedSoFar = Math.max(0, used);
  const duration = end + 1 - start; // the end instant is inclusive
  const projected = (usedSoFar * duration) / elapsed;
  if (!(limit > 0)) return { projected, willExceed: false, exhaustionDate: null, ratio: null };

  const pace = usedSoFar / elapsed; // units per ms
  const reachedAt = pace > 0 ? start + limit / pace : Infinity;
  return {
    projected,
    willExceed: projected > limit * (1 + WARN_MARGIN),
    exhaustionDate: reachedAt <= end ? new Date(reachedAt) : null,
    ratio: projected / limit,
  };
};
