/*
 * The rating model: which usage counts against which allowance, and what the rest costs. The one home of the rule
 * (docs/product/consumption.md "What counts against a bundle"), used by the server (the usage summary's balances and
 * out-of-bundle detail, the alerts, the consumption exports, the invoice's out-of-bundle lines), the usage worker
 * (totals, averages, the plan advisor) and the screens. Zod-free and dependency-free, so the worker and the start-up
 * can load it; pure, so it works offline and in any layer.
 *
 * The rules:
 * - Incoming calls and texts never count and are never billed (free in Belgium and the EU). Data has no direction.
 * - Outgoing national use, and roaming inside the EU zone (roam like at home), counts against the plan's bundle:
 *   the base product's volumes plus its domestic options (× their count). A base volume of 0 is unlimited.
 * - International calls and texts (from Belgium to abroad) count against international allowances (an option such as
 *   International 60), and roaming outside the EU zone (the network flags such a record with `is_oob`) against world
 *   allowances (Roaming World 1 GB); a line without such an option has none.
 * - Premium services are never in a bundle: each record carries the price its provider set, billed as it is.
 * - Use beyond an allowance is billed at the plan's out-of-bundle rates, per started MB, per started minute and per
 *   text of the cycle's total beyond the allowance: a customer rebuilds every line as quantity × unit price.
 * A bill cycle is rated as a whole: its charges depend on its totals only, never on the order of the records, so every
 * view that sums the same records (SQL, the worker's typed arrays, the per-day rollups) gets the same figures.
 * A record's own cost (the exports' cost column) is its share of those charges (`recordCharges`, below): what its
 * group's charge grew by with it, in event-time order, so that the records' costs add up to the cycle's, to the cent.
 */

export const usageKinds = ['data', 'call', 'sms'] as const;
export type UsageKind = (typeof usageKinds)[number];

export const usageDestinations = ['national', 'international', 'roaming', 'premium'] as const;
export type UsageDestination = (typeof usageDestinations)[number];

/** Where an allowance applies: an option's zone, and the zones a record is rated in. */
export const allowanceZones = ['domestic', 'international', 'world'] as const;
export type AllowanceZone = (typeof allowanceZones)[number];

/** How a record is rated: free, against one zone's allowance, or at the premium provider's price. */
export const ratingClasses = ['free', 'domestic', 'international', 'world', 'premium'] as const;
export type RatingClass = (typeof ratingClasses)[number];

/** What the rating needs to know of a record (the API's `service_cat`, `incoming`, `destination`, `is_oob`). */
export type UsageFacts = {
  kind: UsageKind;
  incoming: boolean;
  destination: UsageDestination;
  /** The network's out-of-zone flag (`is_oob`): on a roaming record, outside the EU roaming zone. */
  outsideZone: boolean;
};

/** The class of a record: see the rules above. */
export const classify = ({ kind, incoming, destination, outsideZone }: UsageFacts): RatingClass => {
  if (incoming && kind !== 'data') return 'free';
  if (destination === 'premium') return 'premium';
  if (destination === 'international') return 'international';
  if (destination === 'roaming' && outsideZone) return 'world';
  return 'domestic';
};

/** Whether a record is outside every bundle by its nature (the "out-of-bundle only" filter, the record's label). */
export const outOfBundleByNature = (facts: UsageFacts): boolean => {
  const c = classify(facts);
  return c === 'international' || c === 'world' || c === 'premium';
};

// ---------------------------------------------------------------------------------------------------------------
// Totals: what the views sum
// ---------------------------------------------------------------------------------------------------------------

/** Sums of records: `used` in bytes, seconds or texts (`service_used`), `priceCents` the prices records carry. */
export type UsageAmount = { used: number; count: number; priceCents: number };
export type UsageTotals = Record<RatingClass, Record<UsageKind, UsageAmount>>;

const zeroAmount = (): UsageAmount => ({ used: 0, count: 0, priceCents: 0 });
const perKind = <T>(make: (kind: UsageKind) => T): Record<UsageKind, T> => ({ data: make('data'), call: make('call'), sms: make('sms') });

export const emptyUsageTotals = (): UsageTotals => ({
  free: perKind(zeroAmount),
  domestic: perKind(zeroAmount),
  international: perKind(zeroAmount),
  world: perKind(zeroAmount),
  premium: perKind(zeroAmount),
});

/** Adds records (one, or a group's sums) to totals, in place. */
export const addUsage = (totals: UsageTotals, facts: UsageFacts, amount: UsageAmount): void => {
  const into = totals[classify(facts)][facts.kind];
  into.used += amount.used;
  into.count += amount.count;
  into.priceCents += amount.priceCents;
};

/** One record as the rating reads it. */
export type RatableRecord = UsageFacts & { used: number; priceCents: number };

/** @internal Exported for its tests (knip --production). */
export const usageTotalsOf = (records: Iterable<RatableRecord>): UsageTotals => {
  const totals = emptyUsageTotals();
  for (const record of records) addUsage(totals, record, { used: record.used, count: 1, priceCents: record.priceCents });
  return totals;
};

/**
 * a + b, as new totals (two cycles, two halves of a range).
 * @internal Exported for its tests (knip --production).
 */
export const sumUsageTotals = (a: UsageTotals, b: UsageTotals): UsageTotals => {
  const sum = emptyUsageTotals();
  for (const c of ratingClasses) {
    for (const k of usageKinds) {
      sum[c][k] = {
        used: a[c][k].used + b[c][k].used,
        count: a[c][k].count + b[c][k].count,
        priceCents: a[c][k].priceCents + b[c][k].priceCents,
      };
    }
  }
  return sum;
};

// ---------------------------------------------------------------------------------------------------------------
// Allowances: base + options
// ---------------------------------------------------------------------------------------------------------------

export const BYTES_PER_MB = 1024 * 1024;

/** Volumes as the catalogue states them: MB, minutes, texts. On a base product 0 is unlimited. */
export type CatalogueVolumes = { dataMb: number; voiceMinutes: number; smsCount: number };
export type RatingOption = CatalogueVolumes & { zone: AllowanceZone; count: number };

/** One zone's allowance in the records' units (bytes, seconds, texts); null is unlimited. */
export type Allowance = Record<UsageKind, number | null>;
export type Bundle = Record<AllowanceZone, Allowance>;

const toUnits = (kind: UsageKind, amount: number): number =>
  kind === 'data' ? amount * BYTES_PER_MB : kind === 'call' ? amount * 60 : amount;
const volumeOf = (volumes: CatalogueVolumes, kind: UsageKind): number =>
  kind === 'data' ? volumes.dataMb : kind === 'call' ? volumes.voiceMinutes : volumes.smsCount;

/**
 * The allowances of a plan with its options (docs/product/subscription.md "Products and options": the total volume is
 * the base plus the options): the domestic bundle is the base product's volume plus its domestic options' (an
 * unlimited base stays unlimited); international and world allowances come from options only (none without one).
 */
export const bundleOf = (base: CatalogueVolumes, options: readonly RatingOption[]): Bundle => {
  const fromOptions = (zone: AllowanceZone, kind: UsageKind): number =>
    options.reduce((sum, option) => (option.zone === zone && option.count > 0 ? sum + volumeOf(option, kind) * option.count : sum), 0);
  return {
    domestic: perKind((kind) => (volumeOf(base, kind) === 0 ? null : toUnits(kind, volumeOf(base, kind) + fromOptions('domestic', kind)))),
    international: perKind((kind) => toUnits(kind, fromOptions('international', kind))),
    world: perKind((kind) => toUnits(kind, fromOptions('world', kind))),
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Rating a cycle
// ---------------------------------------------------------------------------------------------------------------

/** A plan's out-of-bundle rates, cents: per started MB, per started minute, per text. */
export type OobRates = { dataPerMb: number; callPerMinute: number; sms: number };

export const chargeUnits = { data: 'MB', call: 'minute', sms: 'sms' } as const satisfies Record<UsageKind, string>;

/** One out-of-bundle charge of a cycle: quantity × unit price = cents, except premium (each record its own price). */
export type ChargeLine =
  | { zone: AllowanceZone; kind: UsageKind; quantity: number; unit: (typeof chargeUnits)[UsageKind]; unitCents: number; cents: number }
  | { zone: 'premium'; kind: UsageKind; quantity: number; unit: 'item'; unitCents: null; cents: number };

/** One zone and kind of a cycle: what counted, the allowance, what went beyond it and what that costs. */
export type ZoneUse = { used: number; allowance: number | null; beyond: number; cents: number };

/**
 * The out-of-bundle categories (docs/product/consumption.md "Out-of-bundle costs"), cents: international includes
 * roaming.
 */
export type Overspent = { credit: number; premium: number; national: number; international: number };

export type CycleRating = {
  /** Per zone and kind. `domestic` is the bundle the balances show. */
  zones: Record<AllowanceZone, Record<UsageKind, ZoneUse>>;
  /** Incoming calls and texts: shown, never counted. */
  free: Record<UsageKind, number>;
  premium: Record<UsageKind, { count: number; cents: number }>;
  /** The cycle's out-of-bundle charges, in a fixed order (zone, then data, call, sms); only those above zero. */
  lines: ChargeLine[];
  overspent: Overspent;
  /** Out-of-bundle cents per kind of use (a balance's `overspentValue`; data's is the data safeguard's spending). */
  centsByKind: Record<UsageKind, number>;
  /** Sum of the lines, cents. */
  totalCents: number;
};

const unitSize = { data: BYTES_PER_MB, call: 60, sms: 1 } as const satisfies Record<UsageKind, number>;
const rateOf = (rates: OobRates, kind: UsageKind): number =>
  kind === 'data' ? rates.dataPerMb : kind === 'call' ? rates.callPerMinute : rates.sms;

/** Started units beyond an allowance: 1 byte beyond is 1 MB billed, 1 second beyond is a minute. */
export const billedUnits = (kind: UsageKind, beyond: number): number => (beyond <= 0 ? 0 : Math.ceil(beyond / unitSize[kind]));

/**
 * What a zone's use of one kind costs over a cycle, from its total: the started units beyond the allowance at the
 * plan's rate. The one price of zone use: the cycle's lines and each record's share are both made with it.
 */
const zoneCharge = (zone: AllowanceZone, kind: UsageKind, used: number, bundle: Bundle, rates: OobRates) => {
  const allowance = bundle[zone][kind];
  const beyond = allowance === null ? 0 : Math.max(0, used - allowance);
  const quantity = billedUnits(kind, beyond);
  const unitCents = rateOf(rates, kind);
  return { allowance, beyond, quantity, unitCents, cents: quantity * unitCents };
};

/** What a cycle's premium use of one kind costs, from the sum of its records' prices. */
const premiumCharge = (priceCents: number): number => Math.max(0, priceCents);

/** Rates one bill cycle's totals against the line's allowances at the plan's rates. */
export const rateUsage = (totals: UsageTotals, bundle: Bundle, rates: OobRates): CycleRating => {
  const lines: ChargeLine[] = [];
  const centsByKind = perKind(() => 0);
  const overspent: Overspent = { credit: 0, premium: 0, national: 0, international: 0 };
  const zoneUse = (zone: AllowanceZone) =>
    perKind((kind): ZoneUse => {
      const used = totals[zone][kind].used;
      const { allowance, beyond, quantity, unitCents, cents } = zoneCharge(zone, kind, used, bundle, rates);
      if (cents > 0) {
        lines.push({ zone, kind, quantity, unit: chargeUnits[kind], unitCents, cents });
        centsByKind[kind] += cents;
        if (zone === 'domestic') overspent.national += cents;
        else overspent.international += cents;
      }
      return { used, allowance, beyond, cents };
    });
  const zones = { domestic: zoneUse('domestic'), international: zoneUse('international'), world: zoneUse('world') };
  const premium = perKind((kind) => {
    const { count, priceCents } = totals.premium[kind];
    const cents = premiumCharge(priceCents);
    if (cents > 0) {
      lines.push({ zone: 'premium', kind, quantity: count, unit: 'item', unitCents: null, cents });
      centsByKind[kind] += cents;
      overspent.premium += cents;
    }
    return { count, cents: priceCents };
  });
  overspent.credit = overspent.national + overspent.international + overspent.premium;
  return {
    zones,
    free: perKind((kind) => totals.free[kind].used),
    premium,
    lines,
    overspent,
    centsByKind,
    totalCents: overspent.credit,
  };
};

/**
 * The out-of-bundle charges of one bill cycle of a line (what the invoice bills): the lines of `rateUsage`, so the
 * invoice, the usage summary and the exports show the same numbers.
 * @internal Exported for its tests (knip --production).
 */
export const outOfBundleCharges = (totals: UsageTotals, bundle: Bundle, rates: OobRates): ChargeLine[] =>
  rateUsage(totals, bundle, rates).lines;

/** What a part of a bill cycle adds to the cycle's charges. */
export type PartCharges = Pick<CycleRating, 'lines' | 'overspent' | 'centsByKind' | 'totalCents'>;

const lineKey = (line: ChargeLine): string => `${line.zone}:${line.kind}`;

/**
 * The charges of a part of a bill cycle: the cycle's charges through the part's end (`through`: the totals from the
 * cycle's start to the part's end) minus those before the part's start (`before`). A cycle cut in parts costs the sum
 * of its parts, so a statement of any range agrees with the invoices of the cycles it covers.
 */
export const rateCyclePart = (before: UsageTotals, through: UsageTotals, bundle: Bundle, rates: OobRates): PartCharges => {
  const earlier = rateUsage(before, bundle, rates);
  const later = rateUsage(through, bundle, rates);
  const previous = new Map(earlier.lines.map((line) => [lineKey(line), line]));
  const lines: ChargeLine[] = [];
  for (const line of later.lines) {
    const was = previous.get(lineKey(line));
    const cents = line.cents - (was?.cents ?? 0);
    if (cents > 0) lines.push({ ...line, quantity: line.quantity - (was?.quantity ?? 0), cents });
  }
  const minus = (a: number, b: number): number => a - b;
  return {
    lines,
    overspent: {
      credit: minus(later.overspent.credit, earlier.overspent.credit),
      premium: minus(later.overspent.premium, earlier.overspent.premium),
      national: minus(later.overspent.national, earlier.overspent.national),
      international: minus(later.overspent.international, earlier.overspent.international),
    },
    centsByKind: perKind((kind) => later.centsByKind[kind] - earlier.centsByKind[kind]),
    totalCents: later.totalCents - earlier.totalCents,
  };
};

// ---------------------------------------------------------------------------------------------------------------
// Each record's share of the charges
// ---------------------------------------------------------------------------------------------------------------

/** The cost of the next record of a cycle, in cents; records are given one by one, in event-time order. */
export type RecordCharges = (record: RatableRecord) => number;

/**
 * Each record's share of its bill cycle's charges, for a list of records (the exports' cost column). The cycle is
 * billed on its totals (per started unit of the total beyond an allowance), so a record has no price of its own; the
 * rule: walking the cycle's records in event-time order (then by id), a record costs what the charge of its group (its
 * zone and kind, or premium of its kind) is after it minus what it was before it. So:
 * - the records' costs add up to the cycle's charges exactly, group by group (a telescoping sum: no rounding to spread);
 * - a record costs nothing while its group is within its allowance, and the record that goes beyond it pays the units it
 *   starts (the 61st second of a call abroad starts a minute: that record pays it, the next 59 seconds are free);
 * - free records cost nothing, a premium record its provider's price;
 * - no cost is negative (a record's use and price never are, and a group's charge never falls as its total grows).
 * `before` holds the cycle's totals before the first record given (a list that starts inside a cycle); a new cycle
 * starts a new allocation. The charges are `zoneCharge` and `premiumCharge`, the prices of `rateUsage`: one pricing.
 */
export const recordCharges = (bundle: Bundle, rates: OobRates, before: UsageTotals = emptyUsageTotals()): RecordCharges => {
  const running: Record<Exclude<RatingClass, 'free'>, Record<UsageKind, number>> = {
    domestic: perKind((kind) => before.domestic[kind].used),
    international: perKind((kind) => before.international[kind].used),
    world: perKind((kind) => before.world[kind].used),
    premium: perKind((kind) => before.premium[kind].priceCents),
  };
  return (record) => {
    const rated = classify(record);
    if (rated === 'free') return 0;
    const was = running[rated][record.kind];
    const now = was + (rated === 'premium' ? record.priceCents : record.used);
    running[rated][record.kind] = now;
    if (rated === 'premium') return premiumCharge(now) - premiumCharge(was);
    return zoneCharge(rated, record.kind, now, bundle, rates).cents - zoneCharge(rated, record.kind, was, bundle, rates).cents;
  };
};
