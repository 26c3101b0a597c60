/*
 * The forecast of use at the end of a bill cycle, at the present pace: the consumption and home screens show it
 * for data, calls and SMS, and the server projects the out-of-bundle costs of the next invoice's estimate with
 * it (`outOfBundleForecast`, within the line's limits), so the app and the server share one rule. Pure and zod-free
 * (it imports only contract-state.ts, pure too): it works offline and in any layer.
 */

import { contractBlockages, type ContractStateFacts } from './contract-state.ts';

export type ForecastInput = {
  /** Amount used so far in the cycle (any unit, same as `limit`). */
  used: number;
  /** Bundle size; 0 means unlimited (docs/product/consumption.md "Bundle sizes"). */
  limit: number;
  cycleStart: Date | number;
  /** Inclusive end instant, e.g. a `BillPeriod` end (23:59:59.999). */
  cycleEnd: Date | number;
  now: Date | number;
};

export type Forecast = {
  /** Expected use at cycle end at the present pace; null before one hour into the cycle. */
  projected: number | null;
  /** The projection exceeds a finite limit. */
  willExceed: boolean;
  /** When the limit is (or, in the past, was) reached at the present pace, if within the cycle. */
  exhaustionDate: Date | null;
  /** projected / limit; null when unlimited or without projection. */
  ratio: number | null;
};

/** No projection during the first hour: a few minutes of use extrapolated over a month are noise. */
export const MIN_FORECAST_ELAPSED_MS = 3_600_000;

const epoch = (d: Date | number): number => (typeof d === 'number' ? d : d.getTime());

/**
 * Linear projection of use to the end of the cycle at the present pace.
 * - Before one hour into the cycle (or with unusable input) there is no projection: `projected` and `ratio` are null,
 *   `willExceed` false.
 * - A limit of 0 means unlimited (docs/product/consumption.md "Bundle sizes"): never exceeds, no exhaustion date,
 *   ratio null.
 * - After the cycle end the projection is simply what was used.
 */
export const forecast = ({ used, limit, cycleStart, cycleEnd, now }: ForecastInput): Forecast => {
  const start = epoch(cycleStart);
  const end = epoch(cycleEnd);
  const at = epoch(now);
  const none: Forecast = { projected: null, willExceed: false, exhaustionDate: null, ratio: null };
  if (![used, limit, start, end, at].every(Number.isFinite) || end < start) return none;

  const elapsed = Math.min(at, end + 1) - start;
  if (elapsed < MIN_FORECAST_ELAPSED_MS) return none;

  const usedSoFar = Math.max(0, used);
  const duration = end + 1 - start; // the end instant is inclusive
  const projected = (usedSoFar * duration) / elapsed;
  if (!(limit > 0)) return { projected, willExceed: false, exhaustionDate: null, ratio: null };

  const pace = usedSoFar / elapsed; // units per ms
  const reachedAt = pace > 0 ? start + limit / pace : Infinity;
  return {
    projected,
    willExceed: projected > limit,
    exhaustionDate: reachedAt <= end ? new Date(reachedAt) : null,
    ratio: projected / limit,
  };
};

// ---------------------------------------------------------------------------------------------------------------
// The next invoice's out-of-bundle forecast (docs/product/invoices.md "Next invoice and estimate")
// ---------------------------------------------------------------------------------------------------------------

/** A safeguard's limits, cents, as the usage summary and the line settings send them (contract/usage.ts `Safeguard`). */
export type SpendingLimit = { current?: number | null; default?: number | null; max?: number | null };

const isAmount = (cents: number | null | undefined): cents is number => typeof cents === 'number' && Number.isFinite(cents) && cents >= 0;

/**
 * What a safeguard lets a line spend out of bundle in the current cycle, cents (docs/product/settings.md "Out-of-bundle
 * limits and alerts": above the limit the network bars the services it covers until the next cycle): its current limit
 * (a `next` one applies from the next cycle only); a limit not set is the default one, else the line's maximum. A line
 * without the safeguard has no cap (Infinity).
 */
export const spendingCap = (limit: SpendingLimit | null | undefined): number =>
  [limit?.current, limit?.default, limit?.max].find(isAmount) ?? Infinity;

/**
 * A line that uses nothing more this cycle: suspended, or blocked (docs/product/home.md "Blockages": by fraud, by a
 * credit check or deposit, a general block, or barred for unpaid invoices by dunning), as contract-state.ts finds them.
 * Suspected fraud only bars changes (its banner: « les modifications sont bloquées »), the line still works.
 */
export const usageBarred = (line: ContractStateFacts): boolean =>
  line.status === 'SUSPENDED' || contractBlockages(line).some((blockage) => blockage !== 'suspectedFraud');

export type OutOfBundleForecastInput = {
  /** Out-of-bundle cents charged so far this cycle: in all (what the OSG limit counts), and on premium services (PSG). */
  charged: { credit: number; premium: number };
  /** The line's general (OSG) and premium (PSG) safeguards; a missing one caps nothing. */
  limits: { osg?: SpendingLimit | null; psg?: SpendingLimit | null };
  line: ContractStateFacts;
  cycleStart: Date | number;
  /** Inclusive end instant, e.g. a `BillPeriod` end (23:59:59.999). */
  cycleEnd: Date | number;
  now: Date | number;
};

/**
 * The out-of-bundle cents a line is expected to add by the end of its cycle, for the next invoice's estimate: the
 * consumption forecast's rule (`forecast`: none in the first hour) on what was charged so far, premium services and the
 * rest each at their own pace, then within what the limits still allow:
 * - premium: at most the PSG limit minus the premium charged so far;
 * - in all: at most the OSG limit minus everything charged so far;
 * - never below zero: what was charged past a limit is billed as it is, and nothing more comes;
 * - nothing on a line that uses nothing more (`usageBarred`).
 * Whole cents when the charges are.
 */
export const outOfBundleForecast = ({ charged, limits, line, cycleStart, cycleEnd, now }: OutOfBundleForecastInput): number => {
  if (usageBarred(line)) return 0;
  const credit = isAmount(charged.credit) ? charged.credit : 0;
  const premium = isAmount(charged.premium) ? Math.min(charged.premium, credit) : 0;
  const further = (used: number): number => {
    const projected = forecast({ used, limit: 0, cycleStart, cycleEnd, now }).projected;
    return projected === null ? 0 : Math.max(0, Math.round(projected) - used);
  };
  const room = (cap: number, spent: number): number => Math.max(0, cap - spent);
  const premiumFurther = Math.min(further(premium), room(spendingCap(limits.psg), premium));
  return Math.min(premiumFurther + further(credit - premium), room(spendingCap(limits.osg), credit));
};
