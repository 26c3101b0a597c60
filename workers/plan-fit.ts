import type { DayRollup, UsageRecordRow } from './usage-core.ts';
import { rollupCombinations, rollupWidth } from './usage-rollup.ts';

/*
 * "Which plan fits me": what each plan of the podium would have cost over the customer's last bill cycles, given
 * the usage actually recorded, against what the current plan cost; and the cheapest plan that covers the usage.
 * Pure (the usage worker feeds it the cycles' totals from the records in IndexedDB, so it works offline), tested
 * as tables of cases.
 *
 * The rules, per bill cycle:
 * - The usage to cover is every national and roaming use (in the bundle, or beyond it and billed nationally):
 *   bytes of data, seconds of calls, SMS. Incoming calls count, as the operator counts them against the bundle.
 * - Extras no plan includes (international calls, premium SMS, data outside the roaming zone: out-of-bundle records
 *   of those destinations) keep their actual cost under every plan, so the comparison stays a month's real bill.
 * - A plan's cost is its price, plus its options (price × count), plus the use beyond its bundle at its own
 *   out-of-bundle rates (per started MB, per started minute, per SMS), plus the extras. A volume of 0 is unlimited.
 * - Options the customer holds that add no data (international minutes) are kept on every plan that offers them;
 *   data options are chosen anew for each plan: the counts that make it cheapest over the cycles.
 * - A plan covers the usage when, with its options, no cycle goes beyond its bundle. The suggestion is the cheapest
 *   covering plan whose average monthly cost is below the current plan's by at least MIN_SAVING_CENTS; none when the
 *   current plan already is that cheapest plan.
 * - Judged on the last MAX_CYCLES completed cycles at most, from the first one with any recorded use (the cycles
 *   before it are before the line's history), and only with at least MIN_CYCLES of them (a shorter history is not
 *   enough to judge).
 * Promotions are left out: they are temporary, and the comparison is about the plan that fits in the long run.
 */

export const MIN_CYCLES = 3;
export const MAX_CYCLES = 6;
/** Below this, a "saving" is noise (one euro a month). */
export const MIN_SAVING_CENTS = 100;
/** Beyond this many combinations of data options, counts are chosen one option at a time (never with this catalogue). */
export const MAX_COMBINATIONS = 20_000;

const MB = 1024 * 1024;

/** One cycle's usage, as the worker measured it. */
export type CycleUsage = {
  /** Usage to cover: bytes, seconds, messages. */
  data: number;
  call: number;
  sms: number;
  /** Out-of-bundle costs of destinations no plan includes, cents. */
  extrasCents: number;
  /** Records of the cycle (0: nothing was recorded, e.g. before the history on the device starts). */
  records: number;
};

export type PlanOption = {
  id: number;
  name: string;
  priceCents: number;
  /** Data one combination adds, MB (0: an option about something else, e.g. international minutes). */
  dataMb: number;
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
  oobRates: { dataPerMb: number; callPerMinute: number; sms: number };
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

export type PlanFit =
  | { status: 'tooShort'; cycles: number; needed: number }
  | {
      status: 'ready';
      cycles: number;
      current: PlanCost;
      /** Each podium plan at its cheapest covering options (or its cheapest options when nothing can cover). */
      plans: PlanCost[];
      suggestion: PlanCost | null;
      /** current.average − suggestion.average, cents; 0 without a suggestion. */
      monthlySaving: number;
    };

const beyond = (used: number, bundle: number): number => (bundle === 0 ? 0 : Math.max(0, used - bundle));

/** A cycle's cost on a plan with these options; `covered` tells whether nothing went beyond the bundle. */
export const cycleCost = (
  product: PlanProduct,
  options: readonly OptionCount[],
  usage: CycleUsage,
): { cents: number; covered: boolean } => {
  const byId = new Map(product.options.map((option) => [option.id, option]));
  let optionsCents = 0;
  let optionDataMb = 0;
  for (const { id, count } of options) {
    const option = byId.get(id);
    if (!option || count <= 0) continue;
    optionsCents += option.priceCents * count;
    optionDataMb += option.dataMb * count;
  }
  const dataBundle = product.dataMb === 0 ? 0 : (product.dataMb + optionDataMb) * MB;
  const overData = beyond(usage.data, dataBundle);
  const overCall = beyond(usage.call, product.voiceMinutes * 60);
  const overSms = beyond(usage.sms, product.smsCount);
  const overage =
    Math.ceil(overData / MB) * product.oobRates.dataPerMb +
    Math.ceil(overCall / 60) * product.oobRates.callPerMinute +
    overSms * product.oobRates.sms;
  return {
    cents: product.priceCents + optionsCents + overage + usage.extrasCents,
    covered: overData === 0 && overCall === 0 && overSms === 0,
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
 * A plan at its best: the data-option counts that make it cheapest while covering the usage, or, when no count
 * covers it, simply cheapest. Options without data are kept at the customer's counts where the plan offers them.
 */
export const bestConfiguration = (product: PlanProduct, kept: readonly OptionCount[], usage: readonly CycleUsage[]): PlanCost => {
  const offered = new Set(product.options.map((o) => o.id));
  const keptHere = kept.filter((o) => offered.has(o.id) && o.count > 0);
  const dataOptions = product.options.filter((o) => o.dataMb > 0);
  const all = combinations(dataOptions);
  const candidates: OptionCount[][] = all
    ? all.map((counts) => counts.map((count, i) => ({ id: dataOptions[i]!.id, count })))
    : // Too many combinations: the cheapest data per MB, as many as needed, then nothing else.
      [[], ...cheapestPerMb(dataOptions)];
  let bestCovering: PlanCost | null = null;
  let cheapest: PlanCost | null = null;
  for (const counts of candidates) {
    const cost = costOf(product, [...counts, ...keptHere], usage);
    if (cost.covers && isBetter(cost, bestCovering)) bestCovering = cost;
    if (isBetter(cost, cheapest)) cheapest = cost;
  }
  return bestCovering ?? cheapest ?? costOf(product, keptHere, usage);
};

const cheapestPerMb = (options: readonly PlanOption[]): OptionCount[][] => {
  const [best] = [...options].sort((a, b) => a.priceCents / a.dataMb - b.priceCents / b.dataMb);
  if (!best) return [];
  return Array.from({ length: best.maxCombinations }, (_, i) => [{ id: best.id, count: i + 1 }]);
};

/** Compare the podium's plans with the current one over the given cycles' usage (oldest first). */
export const comparePlans = (usage: readonly CycleUsage[], catalogue: PlanCatalogue): PlanFit => {
  const recent = usage.slice(-MAX_CYCLES);
  const first = recent.findIndex((cycle) => cycle.records > 0);
  const cycles = first === -1 ? [] : recent.slice(first);
  if (cycles.length < MIN_CYCLES) return { status: 'tooShort', cycles: cycles.length, needed: MIN_CYCLES };
  const { current } = catalogue;
  const currentCost = costOf(current.product, current.options, cycles);
  const keptOptions = current.options.filter((held) => {
    const option = current.product.options.find((o) => o.id === held.id);
    return option !== undefined && option.dataMb === 0;
  });
  const plans = catalogue.products.map((product) => bestConfiguration(product, keptOptions, cycles));
  let cheapest: PlanCost | null = null;
  for (const plan of plans) if (plan.covers && isBetter(plan, cheapest)) cheapest = plan;
  const sameAsCurrent =
    cheapest !== null &&
    cheapest.productId === current.product.id &&
    sameOptions(
      cheapest.options,
      current.options.filter((o) => o.count > 0),
    );
  const saving = cheapest ? currentCost.average - cheapest.average : 0;
  const suggestion = cheapest && !sameAsCurrent && saving >= MIN_SAVING_CENTS ? cheapest : null;
  return {
    status: 'ready',
    cycles: cycles.length,
    current: currentCost,
    plans,
    suggestion,
    monthlySaving: suggestion ? saving : 0,
  };
};

const sameOptions = (a: readonly OptionCount[], b: readonly OptionCount[]): boolean => {
  const key = (list: readonly OptionCount[]) =>
    [...list]
      .sort((x, y) => x.id - y.id)
      .map((o) => `${o.id}:${o.count}`)
      .join(',');
  return key(a) === key(b);
};

// ---------------------------------------------------------------------------------------------------------------
// One cycle's usage from the records (or the per-day rollups) of the usage worker
// ---------------------------------------------------------------------------------------------------------------

/** Destination indexes of the rollup layout (usage-rollup.ts): 0 national, 1 international, 2 roaming, 3 premium. */
const NATIONAL = 0;
const ROAMING = 2;

/**
 * Sums one cycle's usage the way the rules above want it, fed like the usage worker's aggregator: records, or a
 * whole day's rollup. Out-of-bundle use of a national or roaming destination counts as usage to cover (a bigger
 * bundle would have absorbed it); out-of-bundle costs of other destinations are extras.
 */
export const createCycleUsageAccumulator = (from: number, to: number) => {
  const used = { data: 0, call: 0, sms: 0 };
  let extras = 0;
  let records = 0;
  const addOne = (type: 'data' | 'call' | 'sms', amount: number, isOob: boolean, coverable: boolean, cost: number) => {
    if (!isOob || coverable) used[type] += amount;
    else extras += cost;
  };
  const add = (rows: readonly UsageRecordRow[]): void => {
    for (const row of rows) {
      if (!(row.eventTime >= from && row.eventTime <= to)) continue;
      records += 1;
      const coverable = row.destination === 'national' || row.destination === 'roaming';
      addOne(row.serviceCat, row.serviceUsed, row.isOob, coverable, row.resourceImpact);
    }
  };
  const types = ['call', 'data', 'sms'] as const;
  const addRollup = ({ dayStart, dayEnd, sums }: DayRollup): boolean => {
    if (!(dayStart >= from && dayEnd - 1 <= to)) return false;
    for (let combo = 0; combo < rollupCombinations && combo * rollupWidth < sums.length; combo++) {
      const count = sums[combo * rollupWidth + 1]!;
      if (count === 0) continue;
      records += count;
      const destination = combo & 3;
      addOne(
        types[combo >> 4]!,
        sums[combo * rollupWidth]!,
        ((combo >> 2) & 1) === 1,
        destination === NATIONAL || destination === ROAMING,
        sums[combo * rollupWidth + 2]!,
      );
    }
    return true;
  };
  const result = (): CycleUsage => ({ data: used.data, call: used.call, sms: used.sms, extrasCents: extras, records });
  return { add, addRollup, result };
};
