import { bundleOf, rateUsage, type AllowanceZone, type OobRates, type UsageTotals } from '#contract/rating';

/*
 * "Which plan fits me": what each plan of the podium would have cost over the customer's last bill cycles, given
 * the usage actually recorded, against what the current plan cost; whether each covers the usage; and one piece of
 * advice that follows from those two figures. Pure (the usage worker feeds it each cycle's totals from the records in
 * IndexedDB, so it works offline), tested as tables of cases. Built on the rating model (contract/rating.ts), the one
 * that rates the usage summary and the invoices, so "covers" and "costs" mean here what they mean on the bill.
 *
 * The rules, per bill cycle:
 * - A plan's cost is its price, plus its options (price × count), plus the cycle's charges as the rating computes them
 *   with the plan's allowances (base + options) and rates: use beyond the bundle, calls abroad beyond an international
 *   option, roaming outside the EU beyond a world option, premium services at their price. A volume of 0 is unlimited.
 * - A plan covers the usage when, in every cycle, the use that counts against its bundle (outgoing national and
 *   EU-roaming calls, texts and data; never incoming calls and texts) stays within it. Calls abroad and premium
 *   services are priced, not covered: no plan includes them.
 * - Each plan is priced with the options that make it cheapest while covering (or simply cheapest when no count
 *   covers): every option is chosen anew, an international option where it costs less than the minutes it saves.
 * - Judged on the last MAX_CYCLES completed cycles at most, from the first one with any recorded use (the cycles
 *   before it are before the line's history), and only with at least MIN_CYCLES of them.
 * - The advice, from those figures only: "keep" when the current plan covers and no covering plan costs
 *   MIN_SAVING_CENTS a month less; "switch" to the cheapest covering plan when it costs less than the current one
 *   (by MIN_SAVING_CENTS when the current plan covers too); "cover" when the current plan does not cover and the
 *   cheapest plan that does costs more; "noneCovers" when no plan covers.
 * Promotions are left out: they are temporary, and the comparison is about the plan that fits in the long run.
 */

export const MIN_CYCLES = 3;
export const MAX_CYCLES = 6;
/** Below this, a "saving" is noise (one euro a month). */
export const MIN_SAVING_CENTS = 100;
/** Beyond this many combinations of data options, counts are chosen one option at a time (never with this catalogue). */
export const MAX_COMBINATIONS = 20_000;

/** One cycle's usage, as the worker measured it (contract/rating.ts totals). */
export type CycleUsage = {
  usage: UsageTotals;
  /** Records of the cycle (0: nothing was recorded, e.g. before the history on the device starts). */
  records: number;
};

export type PlanOption = {
  id: number;
  name: string;
  priceCents: number;
  /** What one combination adds: MB, minutes, texts, in its zone. */
  dataMb: number;
  voiceMinutes: number;
  smsCount: number;
  zone: AllowanceZone;
  maxCombinations: number;
};

export type PlanProduct = {
  id: number;
  name: string;
  priceCents: number;
  /** Bundle: MB, minutes, SMS; 0 is unlimited. */
  dataMb: number;
  voiceMinutes: number;
  smsCount: number;
  oobRates: OobRates;
  /** The options that can be added to it. */
  options: readonly PlanOption[];
};

export type OptionCount = { id: number; count: number };

export type PlanCatalogue = {
  /** The podium: the plans to compare. */
  products: PlanProduct[];
  /** The line's plan as it is (its product may have left the podium). */
  current: { product: PlanProduct; options: OptionCount[] };
};

export type PlanCost = {
  productId: number;
  name: string;
  /** The options priced with the plan (count > 0 only). */
  options: OptionCount[];
  /** Cost of each cycle, oldest first, cents. */
  perCycle: number[];
  /** Average monthly cost, cents (rounded). */
  average: number;
  covers: boolean;
};

/** What the comparison advises (see the rules above). */
export type PlanAdvice =
  | { kind: 'keep' }
  | { kind: 'switch'; plan: PlanCost; /** current.average − plan.average, cents (≥ 0). */ saving: number }
  | { kind: 'cover'; plan: PlanCost; /** plan.average − current.average, cents (> 0). */ extra: number }
  | { kind: 'noneCovers' };

export type PlanFit =
  | { status: 'tooShort'; cycles: number; needed: number }
  | {
      status: 'ready';
      cycles: number;
      current: PlanCost;
      /** Each podium plan at its cheapest covering options (or its cheapest options when nothing can cover). */
      plans: PlanCost[];
      advice: PlanAdvice;
    };

/** A cycle's cost on a plan with these options (the rating's charges included); `covered`: nothing beyond its bundle. */
export const cycleCost = (
  product: PlanProduct,
  options: readonly OptionCount[],
  cycle: CycleUsage,
): { cents: number; covered: boolean } => {
  const byId = new Map(product.options.map((option) => [option.id, option]));
  let optionsCents = 0;
  const held = [];
  for (const { id, count } of options) {
    const option = byId.get(id);
    if (!option || count <= 0) continue;
    optionsCents += option.priceCents * count;
    held.push({ dataMb: option.dataMb, voiceMinutes: option.voiceMinutes, smsCount: option.smsCount, zone: option.zone, count });
  }
  const rating = rateUsage(cycle.usage, bundleOf(product, held), product.oobRates);
  const domestic = rating.zones.domestic;
  return {
    cents: product.priceCents + optionsCents + rating.totalCents,
    covered: domestic.data.beyond === 0 && domestic.call.beyond === 0 && domestic.sms.beyond === 0,
  };
};

const costOf = (product: PlanProduct, options: OptionCount[], usage: readonly CycleUsage[]): PlanCost => {
  const cycles = usage.map((u) => cycleCost(product, options, u));
  const perCycle = cycles.map((c) => c.cents);
  const total = perCycle.reduce((sum, cents) => sum + cents, 0);
  return {
    productId: product.id,
    name: product.name,
    options: options.filter((o) => o.count > 0),
    perCycle,
    average: usage.length === 0 ? 0 : Math.round(total / usage.length),
    covers: cycles.every((c) => c.covered),
  };
};

/** Every combination of counts of the given options (each 0 … its max), or null when there are too many. */
const combinations = (options: readonly PlanOption[]): number[][] | null => {
  const size = options.reduce((n, option) => n * (option.maxCombinations + 1), 1);
  if (size > MAX_COMBINATIONS) return null;
  let result: number[][] = [[]];
  for (const option of options) {
    const next: number[][] = [];
    for (const partial of result) for (let count = 0; count <= option.maxCombinations; count++) next.push([...partial, count]);
    result = next;
  }
  return result;
};

const isBetter = (a: PlanCost, b: PlanCost | null): boolean => {
  if (!b) return true;
  if (a.average !== b.average) return a.average < b.average;
  // Same cost: fewer options is simpler.
  return a.options.reduce((n, o) => n + o.count, 0) < b.options.reduce((n, o) => n + o.count, 0);
};

/**
 * A plan at its best: the option counts that make it cheapest while covering the usage, or, when no count covers it,
 * simply cheapest.
 */
export const bestConfiguration = (product: PlanProduct, usage: readonly CycleUsage[]): PlanCost => {
  const all = combinations(product.options);
  const dataOptions = product.options.filter((o) => o.zone === 'domestic' && o.dataMb > 0);
  const candidates: OptionCount[][] = all
    ? all.map((counts) => counts.map((count, i) => ({ id: product.options[i]!.id, count })))
    : // Too many combinations: the cheapest domestic data per MB, as many as needed, then nothing else.
      [[], ...cheapestPerMb(dataOptions)];
  let bestCovering: PlanCost | null = null;
  let cheapest: PlanCost | null = null;
  for (const counts of candidates) {
    const cost = costOf(product, counts, usage);
    if (cost.covers && isBetter(cost, bestCovering)) bestCovering = cost;
    if (isBetter(cost, cheapest)) cheapest = cost;
  }
  return bestCovering ?? cheapest ?? costOf(product, [], usage);
};

const cheapestPerMb = (options: readonly PlanOption[]): OptionCount[][] => {
  const [best] = [...options].sort((a, b) => a.priceCents / a.dataMb - b.priceCents / b.dataMb);
  if (!best) return [];
  return Array.from({ length: best.maxCombinations }, (_, i) => [{ id: best.id, count: i + 1 }]);
};

/** The advice that follows from the figures: the current plan's cost and cover, and the plans' (see the rules above). */
export const advise = (current: PlanCost, plans: readonly PlanCost[]): PlanAdvice => {
  let cheapest: PlanCost | null = null;
  for (const plan of plans) if (plan.covers && isBetter(plan, cheapest)) cheapest = plan;
  if (!cheapest) return current.covers ? { kind: 'keep' } : { kind: 'noneCovers' };
  const same = cheapest.productId === current.productId && sameOptions(cheapest.options, current.options);
  const saving = current.average - cheapest.average;
  if (current.covers) return !same && saving >= MIN_SAVING_CENTS ? { kind: 'switch', plan: cheapest, saving } : { kind: 'keep' };
  return saving >= 0 ? { kind: 'switch', plan: cheapest, saving } : { kind: 'cover', plan: cheapest, extra: -saving };
};

/** Compare the podium's plans with the current one over the given cycles' usage (oldest first). */
export const comparePlans = (usage: readonly CycleUsage[], catalogue: PlanCatalogue): PlanFit => {
  const recent = usage.slice(-MAX_CYCLES);
  const first = recent.findIndex((cycle) => cycle.records > 0);
  const cycles = first === -1 ? [] : recent.slice(first);
  if (cycles.length < MIN_CYCLES) return { status: 'tooShort', cycles: cycles.length, needed: MIN_CYCLES };
  const { current } = catalogue;
  const currentCost = costOf(current.product, current.options, cycles);
  const plans = catalogue.products.map((product) => bestConfiguration(product, cycles));
  return { status: 'ready', cycles: cycles.length, current: currentCost, plans, advice: advise(currentCost, plans) };
};

const sameOptions = (a: readonly OptionCount[], b: readonly OptionCount[]): boolean => {
  const key = (list: readonly OptionCount[]) =>
    [...list]
      .sort((x, y) => x.id - y.id)
      .map((o) => `${o.id}:${o.count}`)
      .join(',');
  return key(a) === key(b);
};
