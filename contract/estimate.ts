/*
 * The next invoice's out-of-bundle forecast, within the line's limits (docs/product/invoices.md "Next invoice and
 * estimate"): the consumption forecast's rule (forecast.ts) bounded by the safeguards and the line's state. The server's
 * estimate uses it; a module apart from forecast.ts so that the app's screens, which only show the forecast, do not
 * load contract-state.ts with it. Pure and zod-free.
 */

import { contractBlockages, type ContractStateFacts } from './contract-state.ts';
import { forecast, MIN_FORECAST_ELAPSED_MS } from './forecast.ts';

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
    const projected = forecast({ used, limit: 0, cycleStart, cycleEnd, now, minElapsedMs: MIN_FORECAST_ELAPSED_MS }).projected;
    return projected === null ? 0 : Math.max(0, Math.round(projected) - used);
  };
  const room = (cap: number, spent: number): number => Math.max(0, cap - spent);
  const premiumFurther = Math.min(further(premium), room(spendingCap(limits.psg), premium));
  return Math.min(premiumFurther + further(credit - premium), room(spendingCap(limits.osg), credit));
};

/**
 * The forecast's share of each out-of-bundle cause so far (contract/bill-explanation-next.ts reads them): the rest of
 * the cycle at the pace of the cycle so far, so each cause in proportion to what it charged, in whole cents that add
 * up to the forecast (the largest remainders, then the first, take the cents the rounding leaves).
 */
export const forecastShares = (forecastCents: number, charged: readonly number[]): number[] => {
  const total = charged.reduce((sum, cents) => sum + Math.max(0, cents), 0);
  if (total <= 0 || forecastCents <= 0) return charged.map(() => 0);
  const exact = charged.map((cents) => (Math.max(0, cents) * forecastCents) / total);
  const shares = exact.map(Math.floor);
  let left = forecastCents - shares.reduce((sum, cents) => sum + cents, 0);
  const order = exact.map((value, i) => ({ i, rest: value - Math.floor(value) })).sort((a, b) => b.rest - a.rest || a.i - b.i);
  for (const { i } of order) {
    if (left <= 0) break;
    shares[i] = (shares[i] ?? 0) + 1;
    left -= 1;
  }
  return shares;
};
