import { cycleDates, type BillCycle } from '#contract/bill-cycle';
import {
  addUsage,
  bundleOf,
  emptyUsageTotals,
  rateCyclePart,
  rateUsage,
  recordCharges,
  usageDestinations,
  type Bundle,
  type ChargeLine,
  type CycleRating,
  type OobRates,
  type PartCharges,
  type UsageDestination,
  type UsageKind,
  type UsageTotals,
} from '#contract/rating';
import type { Db } from '../db/engine.ts';
import type { Row } from '../db/rows.ts';
import { addDaysToDate, localDate, localDayRange } from '#contract/calendar';
import { bool } from './sql.ts';

/*
 * The rating model (contract/rating.ts) applied to a contract's stored usage: the totals of a range read from the
 * hourly rollup (migration 015: per type, direction, out-of-zone flag and destination), the line's allowances and rates
 * from the catalogue, and the charges of a bill cycle or of any range. The usage summary, the alerts, the exports and
 * the invoices all rate through here, so they show the same figures.
 */

/** Inclusive epoch-ms bounds. */
export type TimeRange = { from: number; to: number };

const HOUR = 3_600_000;

/** A range of whole UTC hours: its totals can be read from usage_hourly exactly (every range of local days is one). */
const wholeHours = (range: TimeRange): boolean => range.from % HOUR === 0 && (range.to + 1) % HOUR === 0;

type GroupRow = {
  service_cat: UsageKind;
  incoming: number;
  is_oob: number;
  destination: string;
  used: number;
  count: number;
  cost: number;
};

const isDestination = (value: string): value is UsageDestination => (usageDestinations as readonly string[]).includes(value);

/** The usage of a contract in a range, summed by what the rating tells apart. */
export const usageTotalsIn = async (db: Db, contractId: number, range: TimeRange): Promise<UsageTotals> => {
  const totals = emptyUsageTotals();
  if (range.to < range.from) return totals;
  const rows: GroupRow[] = wholeHours(range)
    ? await db
        .selectFrom('usage_hourly')
        .select((eb) => [
          'service_cat',
          'incoming',
          'is_oob',
          'destination',
          eb.fn.sum<number>('used').as('used'),
          eb.fn.sum<number>('count').as('count'),
          eb.fn.sum<number>('cost').as('cost'),
        ])
        .where('contract_id', '=', contractId)
        .where('hour', '>=', range.from)
        .where('hour', '<=', range.to)
        .groupBy(['service_cat', 'incoming', 'is_oob', 'destination'])
        // The rollup's text columns are copies of the records' (its triggers write them), which their CHECKs bound.
        .$narrowType<{ service_cat: UsageKind }>()
        .execute()
    : await db
        .selectFrom('usage_records')
        .select((eb) => [
          'service_cat',
          'incoming',
          'is_oob',
          'destination',
          eb.fn.sum<number>('service_used').as('used'),
          eb.fn.countAll<number>().as('count'),
          eb.fn.sum<number>('resource_impact').as('cost'),
        ])
        .where('contract_id', '=', contractId)
        .where('event_time', '>=', range.from)
        .where('event_time', '<=', range.to)
        .groupBy(['service_cat', 'incoming', 'is_oob', 'destination'])
        .execute();
  for (const row of rows) {
    if (!isDestination(row.destination)) continue;
    // PostgreSQL sums and counts BIGINT columns as NUMERIC/BIGINT: read as text, made numbers here.
    addUsage(
      totals,
      { kind: row.service_cat, incoming: bool(row.incoming), destination: row.destination, outsideZone: bool(row.is_oob) },
      { used: Number(row.used), count: Number(row.count), priceCents: Number(row.cost) },
    );
  }
  return totals;
};

/** A bill cycle by id; none (a contract without one) is billed monthly from the 1st. */
export const billCycleById = async (db: Db, billCycleId: number | null): Promise<BillCycle> => {
  const row =
    billCycleId === null
      ? undefined
      : await db
          .selectFrom('bill_cycles')
          .select(['start_day', 'frequency_unit', 'frequency_duration'])
          .where('id', '=', billCycleId)
          .executeTakeFirst();
  return row
    ? { startDay: row.start_day, frequencyUnit: row.frequency_unit, frequencyDuration: row.frequency_duration }
    : { startDay: 1, frequencyUnit: 'MONTH', frequencyDuration: 1 };
};

/** The bill cycle of a contract. */
export const billCycleOfContract = async (db: Db, contractId: number): Promise<BillCycle> =>
  billCycleById(
    db,
    (await db.selectFrom('contracts').select('bill_cycle_id').where('id', '=', contractId).executeTakeFirst())?.bill_cycle_id ?? null,
  );

/** What the rating needs of a line's plan: its allowances (base + options) and its out-of-bundle rates. */
export type RatingPlan = { bundle: Bundle; rates: OobRates };

/** The line's plan as it is now: its base product and the options it holds. A contract without a product has nothing. */
export const ratingPlanOf = async (db: Db, contractId: number): Promise<RatingPlan> => {
  const base = await db
    .selectFrom('contracts as c')
    .innerJoin('products as p', 'p.id', 'c.product_id')
    .select([
      'p.data_limit_mb',
      'p.voice_limit_min',
      'p.sms_limit',
      'p.oob_data_cents_per_mb',
      'p.oob_call_cents_per_min',
      'p.oob_sms_cents',
    ])
    .where('c.id', '=', contractId)
    .executeTakeFirst();
  const options = await db
    .selectFrom('contract_options as co')
    .innerJoin('products as p', 'p.id', 'co.option_id')
    .select(['p.data_limit_mb', 'p.voice_limit_min', 'p.sms_limit', 'p.allowance_zone', 'co.count'])
    .where('co.contract_id', '=', contractId)
    .execute();
  const volumes = (row: { data_limit_mb: number; voice_limit_min: number; sms_limit: number }) => ({
    dataMb: row.data_limit_mb,
    voiceMinutes: row.voice_limit_min,
    smsCount: row.sms_limit,
  });
  return {
    bundle: bundleOf(
      base ? volumes(base) : { dataMb: 0, voiceMinutes: 0, smsCount: 0 },
      options.map((option) => ({ ...volumes(option), zone: option.allowance_zone, count: option.count })),
    ),
    rates: base
      ? { dataPerMb: base.oob_data_cents_per_mb, callPerMinute: base.oob_call_cents_per_min, sms: base.oob_sms_cents }
      : { dataPerMb: 0, callPerMinute: 0, sms: 0 },
  };
};

/** A bill cycle (or its start up to now) rated as a whole, with the line's plan as it is now unless one is given. */
export const rateCycle = async (db: Db, contractId: number, cycle: TimeRange, plan?: RatingPlan): Promise<CycleRating> => {
  const rating = plan ?? (await ratingPlanOf(db, contractId));
  return rateUsage(await usageTotalsIn(db, contractId, cycle), rating.bundle, rating.rates);
};

/**
 * The out-of-bundle charges of a contract's usage over one bill cycle: the lines its invoice bills (quantity × unit
 * price, premium at its price), the same figures as the usage summary of that cycle.
 * @internal Exported for its tests (knip --production).
 */
export const cycleCharges = async (db: Db, contractId: number, cycle: TimeRange, plan?: RatingPlan): Promise<ChargeLine[]> =>
  (await rateCycle(db, contractId, cycle, plan)).lines;

/**
 * The charges of any range of local days: each bill cycle it overlaps adds what its charges grew by over the part of
 * the range inside it (contract/rating.ts `rateCyclePart`). A range that is one bill cycle gives that cycle's charges.
 */
export const rangeCharges = async (
  db: Db,
  contractId: number,
  billCycle: BillCycle,
  range: TimeRange,
  plan?: RatingPlan,
): Promise<PartCharges> => {
  const rating = plan ?? (await ratingPlanOf(db, contractId));
  const sum: PartCharges = {
    lines: [],
    overspent: { credit: 0, premium: 0, national: 0, international: 0 },
    centsByKind: { data: 0, call: 0, sms: 0 },
    totalCents: 0,
  };
  if (range.to < range.from) return sum;
  const byKey = new Map<string, ChargeLine>();
  let dates = cycleDates(billCycle, localDate(range.from));
  for (;;) {
    const cycle = localDayRange(dates.start, dates.end);
    if (cycle.from > range.to) break;
    const partFrom = Math.max(range.from, cycle.from);
    const partTo = Math.min(range.to, cycle.to);
    const before = partFrom > cycle.from ? await usageTotalsIn(db, contractId, { from: cycle.from, to: partFrom - 1 }) : emptyUsageTotals();
    const through = await usageTotalsIn(db, contractId, { from: cycle.from, to: partTo });
    const part = rateCyclePart(before, through, rating.bundle, rating.rates);
    for (const line of part.lines) {
      const key = `${line.zone}:${line.kind}`;
      const known = byKey.get(key);
      byKey.set(key, known ? { ...known, quantity: known.quantity + line.quantity, cents: known.cents + line.cents } : line);
    }
    for (const k of ['credit', 'premium', 'national', 'international'] as const) sum.overspent[k] += part.overspent[k];
    for (const k of ['data', 'call', 'sms'] as const) sum.centsByKind[k] += part.centsByKind[k];
    sum.totalCents += part.totalCents;
    dates = cycleDates(billCycle, addDaysToDate(dates.end, 1));
  }
  // The cycles' lines merged in the rating's order (zone, then data, call, sms).
  const order = ['domestic', 'international', 'world', 'premium'].flatMap((zone) =>
    ['data', 'call', 'sms'].map((kind) => `${zone}:${kind}`),
  );
  sum.lines = order.flatMap((key) => {
    const line = byKey.get(key);
    return line ? [line] : [];
  });
  return sum;
};

/** What the cost of a record is computed from. */
export type CostedRow = Pick<
  Row<'usage_records'>,
  'service_cat' | 'incoming' | 'destination' | 'is_oob' | 'service_used' | 'resource_impact' | 'event_time'
>;

/**
 * Each record's cost over a range of local days, by the rating's allocation (contract/rating.ts `recordCharges`): the
 * function returned is given every record of the range, in (event_time, id) order, and answers its cost in cents. The
 * first cycle goes on from its totals before the range; each later cycle starts afresh. So the costs of a range add up
 * to its charges (`rangeCharges`), and those of a bill cycle to its summary's and its invoice's out-of-bundle total.
 */
export const recordCosts = async (
  db: Db,
  contractId: number,
  billCycle: BillCycle,
  range: TimeRange,
  plan?: RatingPlan,
): Promise<(row: CostedRow) => number> => {
  const { bundle, rates } = plan ?? (await ratingPlanOf(db, contractId));
  let dates = cycleDates(billCycle, localDate(range.from));
  let cycle = localDayRange(dates.start, dates.end);
  const before =
    range.from > cycle.from ? await usageTotalsIn(db, contractId, { from: cycle.from, to: range.from - 1 }) : emptyUsageTotals();
  let costOf = recordCharges(bundle, rates, before);
  return (row) => {
    while (row.event_time > cycle.to) {
      dates = cycleDates(billCycle, addDaysToDate(dates.end, 1));
      cycle = localDayRange(dates.start, dates.end);
      costOf = recordCharges(bundle, rates);
    }
    return costOf({
      kind: row.service_cat,
      incoming: bool(row.incoming),
      destination: row.destination,
      outsideZone: bool(row.is_oob),
      used: row.service_used,
      priceCents: row.resource_impact,
    });
  };
};
