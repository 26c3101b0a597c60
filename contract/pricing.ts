/*
 * What a line costs: the one pricing of the order summary (the app), the orders the server stores and e-mails,
 * and the billing run's invoices (contract/billing.ts). docs/product/subscription.md "Order pricing" and
 * docs/product/invoices.md "The billing run" state the rules in words; this module is their only code.
 *
 * - Money is integer cents, VAT included: Belgian consumer prices are quoted with VAT, and an invoice's total is
 *   the sum of the prices the customer was shown (its VAT is split out of that total, see `vatBreakdown`).
 * - A promotion belongs to a plan (anyone taking the plan gets it), to a line (granted to one contract, on any
 *   plan), or to both (granted to one line on one plan). It takes its percentage or its amount off the PLAN's
 *   price only, never off the options: Sophie's "−20 % for 6 months" is Mega Mobile M's and leaves with it; her
 *   "referral €3 a month" is her line's and stays on any plan. Together a plan's promotions never take more than
 *   the plan's price (a line is never paid for having a plan).
 * - Pro rata: a charge held for part of a bill cycle costs its monthly amount × days held / days of the cycle,
 *   rounded to the cent (half away from zero), each line on its own; a total is always the sum of its lines.
 *
 * Pure and import-free (types only), so the app can load it on any screen, offline.
 */

import { addDaysToDate, daysBetween } from './calendar.ts';
import type { Translated } from './common.ts';

/** A promotion as pricing needs it (the catalogue's `promotions` rows; `amount` is whole percent or cents). */
export type PromotionTerms = {
  id: number;
  productId: number | null;
  contractId: number | null;
  type: 'percentage' | 'amount';
  amount: number;
  label: Translated;
  /** The last day it applies ('YYYY-MM-DD', both included); null or absent: no end. */
  endsOn?: string | null;
};

/** A plan or an option with its monthly price (cents, VAT included). */
export type PricedProduct = { id: number; name: string; price: number };

/** A line's subscription: its plan and the count of each option it holds. */
export type Subscription = { plan: PricedProduct; options: readonly (PricedProduct & { count: number })[] };

export type PriceLineKind = 'plan' | 'option' | 'promotion';

/** One line of a price: a plan, an option (× count) or a promotion (negative). */
export type PriceLine = {
  kind: PriceLineKind;
  /** The product's id (plan, option) or the promotion's id. */
  id: number;
  label: Translated;
  quantity: number;
  amount: number;
};

/** A monthly price as the sum of its lines. */
export type MonthlyCharges = { lines: PriceLine[]; total: number };

const same = (text: string): Translated => ({ fr: text, nl: text, en: text });

/** The sum of the amounts: the only way a total is made. */
export const sumAmounts = (lines: readonly { amount: number }[]): number => lines.reduce((sum, line) => sum + line.amount, 0);

/** `numerator / denominator` rounded to the nearest integer, halves away from zero, in exact integer arithmetic. */
export const divideRounded = (numerator: number, denominator: number): number => {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || denominator <= 0) {
    throw new RangeError(`divideRounded(${numerator}, ${denominator}): integers and a positive divisor expected`);
  }
  const sign = numerator < 0 ? -1 : 1;
  const magnitude = Math.abs(numerator);
  const quotient = Math.floor(magnitude / denominator);
  const remainder = magnitude - quotient * denominator;
  const rounded = 2 * remainder >= denominator ? quotient + 1 : quotient;
  return rounded === 0 ? 0 : sign * rounded;
};

/** The promotions a line gets on a plan: the plan's own, the line's own, and those granted to the line on that plan. */
export const promotionsFor = (planId: number, contractId: number | null, promotions: readonly PromotionTerms[]): PromotionTerms[] =>
  promotions
    .filter(
      (p) =>
        (p.productId !== null || p.contractId !== null) &&
        (p.productId === null || p.productId === planId) &&
        (p.contractId === null || p.contractId === contractId),
    )
    .sort((a, b) => a.id - b.id);

/** The discount of each promotion on a plan of `planPrice` cents, in order, capped together at the price. */
export const promotionDiscounts = (planPrice: number, promotions: readonly Pick<PromotionTerms, 'type' | 'amount'>[]): number[] => {
  let left = Math.max(0, planPrice);
  return promotions.map((promotion) => {
    const wanted = promotion.type === 'percentage' ? divideRounded(planPrice * promotion.amount, 100) : promotion.amount;
    const discount = Math.max(0, Math.min(wanted, left));
    left -= discount;
    return discount;
  });
};

/**
 * A line's monthly price as lines: the plan, each option (price × count, dearest first), then each promotion the
 * line gets on that plan (negative; one that takes nothing, its plan being already free, is left out).
 */
export const monthlyCharges = (
  contractId: number | null,
  subscription: Subscription,
  promotions: readonly PromotionTerms[],
): MonthlyCharges => {
  const { plan } = subscription;
  const lines: PriceLine[] = [{ kind: 'plan', id: plan.id, label: same(plan.name), quantity: 1, amount: plan.price }];
  const options = subscription.options.filter((option) => option.count > 0).sort((a, b) => b.price - a.price || a.id - b.id);
  for (const option of options) {
    lines.push({ kind: 'option', id: option.id, label: same(option.name), quantity: option.count, amount: option.price * option.count });
  }
  const applicable = promotionsFor(plan.id, contractId, promotions);
  promotionDiscounts(plan.price, applicable).forEach((discount, i) => {
    const promotion = applicable[i];
    if (promotion && discount > 0)
      lines.push({ kind: 'promotion', id: promotion.id, label: promotion.label, quantity: 1, amount: -discount });
  });
  return { lines, total: sumAmounts(lines) };
};

/** A monthly amount for `days` of a cycle of `cycleDays` days, rounded to the cent; the whole cycle costs exactly the amount. */
export const proRata = (monthly: number, days: number, cycleDays: number): number => {
  if (!Number.isInteger(days) || !Number.isInteger(cycleDays) || days < 0 || cycleDays < 1 || days > cycleDays) {
    throw new RangeError(`proRata: ${days} days of a ${cycleDays}-day cycle`);
  }
  return days === cycleDays ? monthly : divideRounded(monthly * days, cycleDays);
};

// ---------------------------------------------------------------------------------------------------------------
// An order's price (docs/product/subscription.md "The order summary")
// ---------------------------------------------------------------------------------------------------------------

/** What a line holds, by ids: its plan and the count of each option (absent or 0: not held). */
export type Counts = { plan: number; options: Readonly<Record<number, number>> };

/** A change still waiting in another order of the line (an open PRODUCT or OPTION order line). */
export type WaitingChange = { kind: 'PRODUCT' | 'OPTION'; resourceId: number | null; newValue: string | null };

/** An order's request: the plan wanted (the line's own: no plan change) and the count wanted of the options it sets. */
export type CountsRequest = { product: number; options: readonly { id: number; combinations: number }[] };

const withOption = (counts: Counts, id: number, count: number): Counts => {
  const options = { ...counts.options };
  if (count > 0) options[id] = count;
  else delete options[id];
  return { plan: counts.plan, options };
};

const applyWaiting = (counts: Counts, change: WaitingChange): Counts => {
  if (change.resourceId === null) return counts;
  if (change.kind === 'PRODUCT') return { plan: change.resourceId, options: counts.options };
  const count = Number(change.newValue);
  return Number.isInteger(count) && count >= 0 ? withOption(counts, change.resourceId, count) : counts;
};

/**
 * What the line holds after an order (docs/product/subscription.md "Order rules"): `afterToday` once the option
 * changes that apply this month have (null when none does), and `after` once every change waiting in the line's
 * other orders and this order's have taken effect. A request naming the line's own plan changes no plan: a plan
 * change waiting in another order still happens.
 */
export const countsAfterOrder = (input: {
  current: Counts;
  waiting: readonly WaitingChange[];
  request: CountsRequest;
  optionTiming: OrderTiming;
}): { afterToday: Counts | null; after: Counts } => {
  const { current, request } = input;
  const setOptions = (counts: Counts): Counts =>
    request.options.reduce((acc, option) => withOption(acc, option.id, option.combinations), counts);
  const afterToday = input.optionTiming === 'today' && request.options.length > 0 ? setOptions(current) : null;
  let after = input.waiting.reduce(applyWaiting, current);
  if (request.product !== current.plan) after = { plan: request.product, options: after.options };
  after = setOptions(after);
  return { afterToday, after };
};

/** When the option changes of an order take effect: at the start of the next bill cycle, or today (this month's). */
export type OrderTiming = 'nextCycle' | 'today';

/** What the changes that take effect today cost for the rest of this cycle: each option's monthly difference pro rata. */
export type ProRataCharge = {
  /** The first and last day charged (today and the cycle's last day), both included. */
  from: string;
  to: string;
  days: number;
  cycleDays: number;
  lines: PriceLine[];
  total: number;
};

export type OrderPricing = {
  /** The line's monthly price now. */
  before: MonthlyCharges;
  /** Its monthly price once the order (and what else waits on the line) has taken effect, and the first day it applies. */
  after: MonthlyCharges;
  from: string;
  /** What the changes taking effect today add to (or take off) this cycle's invoice; null when none does. */
  proRata: ProRataCharge | null;
};

export type OrderPricingInput = {
  contractId: number | null;
  promotions: readonly PromotionTerms[];
  /** The line now, once this month's changes of the order have been made (null: none), and once all has. */
  current: Subscription;
  afterToday: Subscription | null;
  after: Subscription;
  /** Today and the current bill cycle, 'YYYY-MM-DD' (the service's calendar on the server, the device's in the app). */
  today: string;
  cycle: { start: string; end: string };
};

const countsOf = (subscription: Subscription): Map<number, PricedProduct & { count: number }> =>
  new Map(subscription.options.filter((o) => o.count > 0).map((o) => [o.id, o]));

const sameSubscription = (a: Subscription, b: Subscription): boolean => {
  if (a.plan.id !== b.plan.id) return false;
  const left = countsOf(a);
  const right = countsOf(b);
  return left.size === right.size && [...left].every(([id, option]) => right.get(id)?.count === option.count);
};

/**
 * The price of an order, line by line: the monthly price before and after (each the sum of its lines), the day the
 * new monthly price applies (the next cycle's first day, or today when everything the order does applies today),
 * and, for option changes that take effect today, what they cost for the rest of this cycle: each option's monthly
 * difference × the days left from today to the cycle's end / the cycle's days. The billing run bills the same: an
 * option for the days it was held (contract/billing.ts).
 */
export const orderPricing = (input: OrderPricingInput): OrderPricing => {
  const before = monthlyCharges(input.contractId, input.current, input.promotions);
  const after = monthlyCharges(input.contractId, input.after, input.promotions);
  const today = input.afterToday;
  const from = today !== null && sameSubscription(today, input.after) ? input.today : addDaysToDate(input.cycle.end, 1);
  if (today === null) return { before, after, from, proRata: null };
  const days = daysBetween(input.today, input.cycle.end);
  const cycleDays = daysBetween(input.cycle.start, input.cycle.end);
  const held = countsOf(input.current);
  const wanted = countsOf(today);
  const lines: PriceLine[] = [];
  for (const id of [...new Set([...held.keys(), ...wanted.keys()])].sort((a, b) => a - b)) {
    const option = wanted.get(id) ?? held.get(id);
    const difference = (wanted.get(id)?.count ?? 0) - (held.get(id)?.count ?? 0);
    if (!option || difference === 0) continue;
    lines.push({
      kind: 'option',
      id,
      label: same(option.name),
      quantity: difference,
      amount: proRata(option.price * difference, days, cycleDays),
    });
  }
  if (lines.length === 0) return { before, after, from, proRata: null };
  return { before, after, from, proRata: { from: input.today, to: input.cycle.end, days, cycleDays, lines, total: sumAmounts(lines) } };
};

/** A line's counts priced with the catalogue; null when a product of it is not in the catalogue given. */
export const priceCounts = (counts: Counts, productOf: (id: number) => PricedProduct | undefined): Subscription | null => {
  const plan = productOf(counts.plan);
  if (!plan) return null;
  const options: (PricedProduct & { count: number })[] = [];
  for (const [id, count] of Object.entries(counts.options)) {
    if (count <= 0) continue;
    const option = productOf(Number(id));
    if (!option) return null;
    options.push({ ...option, count });
  }
  return { plan, options };
};

// ---------------------------------------------------------------------------------------------------------------
// VAT (docs/product/invoices.md "The billing run")
// ---------------------------------------------------------------------------------------------------------------

/** Belgian VAT on telecommunication services. */
export const VAT_RATE_PERCENT = 21;

export type VatBreakdown = { excl: number; vat: number; incl: number };

/**
 * A total incl. VAT split into its part excl. VAT (rounded to the cent, half away from zero) and its VAT (the rest):
 * excl + VAT = incl to the cent, whatever the rounding.
 */
export const vatBreakdown = (incl: number): VatBreakdown => {
  const excl = divideRounded(incl * 100, 100 + VAT_RATE_PERCENT);
  return { excl, vat: incl - excl, incl };
};

/**
 * The amounts excl. VAT of lines priced incl. VAT, so that they add up exactly to the total excl. VAT of their sum:
 * each line gets its exact share rounded down, and the cents left go one each to the lines that lost the most to
 * that rounding (the largest remainders, the first line first on a tie). Every line ends within a cent of its exact
 * amount excl. VAT, and an invoice printed with these amounts adds up: lines → total excl. VAT → + VAT → total.
 */
export const allocateExclVat = (amountsIncl: readonly number[]): { lines: number[] } & VatBreakdown => {
  const totals = vatBreakdown(amountsIncl.reduce((sum, amount) => sum + amount, 0));
  const divisor = 100 + VAT_RATE_PERCENT;
  const shares = amountsIncl.map((amount, index) => {
    const numerator = amount * 100;
    const floor = Math.floor(numerator / divisor);
    return { index, floor, remainder: numerator - floor * divisor };
  });
  let left = totals.excl - shares.reduce((sum, share) => sum + share.floor, 0);
  const lines = shares.map((share) => share.floor);
  for (const share of [...shares].sort((a, b) => b.remainder - a.remainder || a.index - b.index)) {
    if (left <= 0) break;
    lines[share.index] = (lines[share.index] ?? 0) + 1;
    left -= 1;
  }
  return { lines, ...totals };
};
