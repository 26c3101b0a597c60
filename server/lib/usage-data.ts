import type { BillCycle } from '#contract/bill-cycle';
import {
  usageCyclesCount,
  type Safeguard,
  type UsageBalance,
  type UsageCycles,
  type UsageRecordDto,
  type UsageSummary,
} from '#contract/usage';
import { sql } from 'kysely';
import type { Db } from '../db/engine.ts';
import type { Row } from '../db/rows.ts';
import type { ContractRecord } from './customer-data.ts';
import { localDayRange } from '#contract/calendar';
import { cyclePeriod, type CyclePeriod } from './service-calendar.ts';
import { billCycleById, rateCycle, ratingPlanOf, usageTotalsIn, type RatingPlan, type TimeRange } from './rating-data.ts';
import { bool } from './sql.ts';

/*
 * Usage records → the usage calls of docs/product/api.md "Authenticated calls". Every query is a range on (contract_id,
 * event_time) or, with a type filter, on (contract_id, service_cat, event_time) (migration 002), so the heavy demo
 * customer's ~200k rows are never scanned outside the asked range.
 */

export type UsageCategory = UsageRecordDto['service_cat'];

export type UsageRow = Pick<
  Row<'usage_records'>,
  | 'id'
  | 'service_cat'
  | 'messages'
  | 'is_oob'
  | 'resource_impact'
  | 'resource_unit'
  | 'service_used'
  | 'service_unit'
  | 'incoming'
  | 'destination'
  | 'event_time'
  | 'country'
>;

const COLUMNS = [
  'id',
  'service_cat',
  'messages',
  'is_oob',
  'resource_impact',
  'resource_unit',
  'service_used',
  'service_unit',
  'incoming',
  'destination',
  'event_time',
  'country',
] as const;

export const toUsageRecord = (row: UsageRow): UsageRecordDto => ({
  id: String(row.id),
  service_cat: row.service_cat,
  messages: row.messages,
  is_oob: bool(row.is_oob),
  resource_impact: row.resource_impact,
  resource_unit: row.resource_unit,
  service_used: row.service_used,
  service_unit: row.service_unit,
  incoming: bool(row.incoming),
  destination: row.destination,
  event_time: new Date(row.event_time).toISOString(),
  ...(row.country === null ? {} : { country: row.country }),
});

export type { TimeRange };

/** No bound at all (the history without from/to): every record of the contract. */
const OPEN_RANGE: TimeRange = { from: Number.MIN_SAFE_INTEGER, to: Number.MAX_SAFE_INTEGER };

const HOUR = 3_600_000;

/**
 * A range made of whole UTC hours (open ends count as aligned): its totals can be read from usage_hourly (migration
 * 006), exactly. Every range of local days is one, Brussels being a whole number of hours from UTC.
 */
export const alignedToHours = (range: TimeRange): boolean =>
  (range.from === OPEN_RANGE.from || range.from % HOUR === 0) && (range.to === OPEN_RANGE.to || (range.to + 1) % HOUR === 0);

/** from/to local dates (either may be absent) → instants; an absent side is open. */
export const rangeOfDates = (from: string | undefined, to: string | undefined): TimeRange => ({
  from: from === undefined ? OPEN_RANGE.from : localDayRange(from, from).from,
  to: to === undefined ? OPEN_RANGE.to : localDayRange(to, to).to,
});

/** The contract's bill cycle; a contract without one is billed monthly from the 1st. */
export const billCycleOf = (db: Db, contract: ContractRecord): Promise<BillCycle> => billCycleById(db, contract.bill_cycle_id);

export const periodOf = async (db: Db, contract: ContractRecord, now: Date, which: 'current' | 'previous'): Promise<CyclePeriod> =>
  cyclePeriod(now, await billCycleOf(db, contract), which === 'current' ? 0 : 1);

// ---------------------------------------------------------------------------------------------------------------
// Summary
// ---------------------------------------------------------------------------------------------------------------

const UNITS: Record<UsageCategory, { type: UsageBalance['type']; unit: string }> = {
  data: { type: 'DATA', unit: 'B' },
  call: { type: 'CALL', unit: 's' },
  sms: { type: 'SMS', unit: 'sms' },
};

export const safeguardsOf = async (db: Db, contractId: number): Promise<Safeguard[]> =>
  (
    await db
      .selectFrom('safeguards')
      .select(['type', 'current_cents', 'next_cents', 'alert_cents', 'default_cents', 'max_cents', 'overspent_credit_cents'])
      .where('contract_id', '=', contractId)
      .orderBy(sql`CASE type WHEN 'OSG' THEN 0 WHEN 'PSG' THEN 1 ELSE 2 END`)
      .execute()
  ).map((row) => ({
    type: row.type,
    overSpent: { credit: row.overspent_credit_cents },
    current: row.current_cents,
    next: row.next_cents,
    alert: row.alert_cents,
    default: row.default_cents,
    max: row.max_cents,
  }));

/**
 * GET …/usage: the cycle rated by the rating model (contract/rating.ts): per type what counts against the bundle
 * (outgoing national and EU-roaming use, never incoming calls and texts) and the bundle, the out-of-bundle cost per
 * type and per destination class, the charge lines, the incoming use (free), the 20 latest records and the safeguards.
 */
export const usageSummary = async (db: Db, contract: ContractRecord, period: CyclePeriod, rated?: RatingPlan): Promise<UsageSummary> => {
  const range = localDayRange(period.start, period.end);
  const plan = rated ?? (await ratingPlanOf(db, contract.id));
  const rating = await rateCycle(db, contract.id, range, plan);
  const balances = (['data', 'call', 'sms'] as const).map((cat): UsageBalance => {
    const use = rating.zones.domestic[cat];
    return {
      type: UNITS[cat].type,
      value: use.used,
      unit: UNITS[cat].unit,
      // docs/product/consumption.md "Bundle sizes": a balance of 0 means unlimited.
      balanceValue: use.allowance ?? 0,
      balanceUnit: UNITS[cat].unit,
      overspentValue: rating.centsByKind[cat],
      overspentUnit: 'EUR_CENT',
    };
  });

  const latest = await db
    .selectFrom('usage_records')
    .select(COLUMNS)
    .where('contract_id', '=', contract.id)
    .where('event_time', '>=', range.from)
    .where('event_time', '<=', range.to)
    .orderBy('event_time', 'desc')
    .orderBy('id', 'desc')
    .limit(20)
    .execute();

  return {
    period,
    balances,
    cdrUsage: latest.map(toUsageRecord),
    cdrOverspent: rating.overspent,
    charges: rating.lines,
    free: rating.free,
    plan,
    safeguard: await safeguardsOf(db, contract.id),
  };
};

/**
 * GET …/usage/cycles: each of the last completed bill cycles (oldest first) summed by the rating model from the hourly
 * rollup (rating-data.ts `usageTotalsIn`, what the summary and the invoices rate), and its number of records. The plan
 * advisor and the tariff comparison price and average these totals; the records stay on the server.
 */
export const usageCycles = async (db: Db, contract: ContractRecord, now: Date): Promise<UsageCycles> => {
  const billCycle = await billCycleOf(db, contract);
  const cycles: UsageCycles['cycles'] = [];
  for (let back = usageCyclesCount; back >= 1; back--) {
    const period = cyclePeriod(now, billCycle, back);
    const totals = await usageTotalsIn(db, contract.id, localDayRange(period.start, period.end));
    const records = Object.values(totals).reduce((n, kinds) => n + kinds.data.count + kinds.call.count + kinds.sms.count, 0);
    cycles.push({ start: period.start, end: period.end, records, totals });
  }
  return { cycles };
};

// ---------------------------------------------------------------------------------------------------------------
// History
// ---------------------------------------------------------------------------------------------------------------

export type HistoryFilter = { range: TimeRange; type: UsageCategory | undefined };
export type SortOrder = 'asc' | 'desc';

/** The records of a contract in a range (and of a type), on the (contract_id[, service_cat], event_time) indexes. */
const historyRecords = (db: Db, contractId: number, filter: HistoryFilter) => {
  let query = db.selectFrom('usage_records').where('contract_id', '=', contractId);
  if (filter.type !== undefined) query = query.where('service_cat', '=', filter.type);
  return query.where('event_time', '>=', filter.range.from).where('event_time', '<=', filter.range.to);
};

/**
 * How many records each hour of a range holds, cumulated (ascending hours), read from the hourly rollup. Cached
 * per contract, filter and range, under the contract's usage version (migration 070: a number the database moves
 * in the transaction of every change to the contract's records, whichever instance made it). A page then costs a
 * primary-key read, not the rollup's rows of the whole range (for the heavy customer, some 37,000 rows per page on
 * PostgreSQL, which kept no cache before, as nothing told an instance what the others wrote).
 */
type HourIndex = { hours: number[]; cumulative: number[]; total: number };
const indexCache = new Map<string, HourIndex>();
const INDEX_CACHE_SIZE = 256;
const cacheIds = new WeakMap<object, number>();
let lastCacheId = 0;

/**
 * A number per database (its adapter, shared by its transactions), so that two databases of one process (tests)
 * never share cached indexes.
 */
const databaseId = (db: Db): number => {
  const { adapter } = db.getExecutor();
  let id = cacheIds.get(adapter);
  if (id === undefined) {
    id = lastCacheId += 1;
    cacheIds.set(adapter, id);
  }
  return id;
};

const hourIndex = async (db: Db, contractId: number, filter: HistoryFilter): Promise<HourIndex | null> => {
  if (!alignedToHours(filter.range)) return null;
  const version =
    (await db.selectFrom('usage_versions').select('version').where('contract_id', '=', contractId).executeTakeFirst())?.version ?? 0;
  const key = `${databaseId(db)}|${version}|${contractId}|${filter.type ?? ''}|${filter.range.from}|${filter.range.to}`;
  const known = indexCache.get(key);
  if (known) return known;
  let query = db.selectFrom('usage_hourly').where('contract_id', '=', contractId);
  if (filter.type !== undefined) query = query.where('service_cat', '=', filter.type);
  const rows = await query
    .where('hour', '>=', filter.range.from)
    .where('hour', '<=', filter.range.to)
    .select((eb) => ['hour', eb.fn.sum<number>('count').as('count')])
    .groupBy('hour')
    .orderBy('hour')
    .execute();
  const hours: number[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const row of rows) {
    total += row.count;
    hours.push(row.hour);
    cumulative.push(total);
  }
  if (indexCache.size >= INDEX_CACHE_SIZE) indexCache.clear();
  const index = { hours, cumulative, total };
  indexCache.set(key, index);
  return index;
};

/**
 * Records in the range: from the hourly rollup when the range is whole hours, which every history range is (whole
 * local days). Counting the records themselves walked ~200,000 index entries per request for the heavy customer,
 * the main cost of a history page.
 */
export const countUsage = async (db: Db, contractId: number, filter: HistoryFilter): Promise<number> =>
  (await hourIndex(db, contractId, filter))?.total ??
  (
    await historyRecords(db, contractId, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst()
  )?.total ??
  0;

/** First index i with cumulative[i] > n (cumulative is ascending). */
const firstAbove = (cumulative: readonly number[], n: number): number => {
  let low = 0;
  let high = cumulative.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((cumulative[mid] ?? 0) > n) high = mid;
    else low = mid + 1;
  }
  return low;
};

/**
 * Where a page starts: the hour that holds its first record, found in the hour index, and the few records of that
 * hour to skip. A deep page then costs a jump, not an OFFSET over every newer (or older) record.
 */
const pageStart = (index: HourIndex, range: TimeRange, order: SortOrder, offset: number): { range: TimeRange; skip: number } | null => {
  if (offset >= index.total) return null;
  if (order === 'asc') {
    const i = firstAbove(index.cumulative, offset);
    const before = i > 0 ? (index.cumulative[i - 1] ?? 0) : 0;
    return { range: { from: Math.max(range.from, index.hours[i] ?? range.from), to: range.to }, skip: offset - before };
  }
  // Newest first: the offset counts from the end.
  const i = firstAbove(index.cumulative, index.total - 1 - offset);
  const after = index.total - (index.cumulative[i] ?? index.total);
  const hourEnd = (index.hours[i] ?? range.to) + HOUR - 1;
  return { range: { from: range.from, to: Math.min(range.to, hourEnd) }, skip: offset - after };
};

/**
 * One page in (event_time, id) order. With the hour index, the query starts at the hour of the page's first record
 * and skips only within that hour; without it, the inner query walks only the index (the rowid is in every index
 * entry) and only the page's own rows are then fetched from the table.
 */
export const usagePage = async (
  db: Db,
  contractId: number,
  filter: HistoryFilter,
  order: SortOrder,
  limit: number,
  offset: number,
): Promise<UsageRow[]> => {
  const index = await hourIndex(db, contractId, filter);
  const start = index ? pageStart(index, filter.range, order, offset) : { range: filter.range, skip: offset };
  if (!start) return [];
  const page = historyRecords(db, contractId, { ...filter, range: start.range })
    .select('id')
    .orderBy('event_time', order)
    .orderBy('id', order)
    .limit(limit)
    .offset(start.skip);
  return db.selectFrom('usage_records').select(COLUMNS).where('id', 'in', page).orderBy('event_time', order).orderBy('id', order).execute();
};

/**
 * All records of a range in chronological order, in chunks read by keyset (event_time, id) — never one open
 * cursor across awaits: SQLite's one connection would be held (every other query of the API waiting) and
 * PostgreSQL's pooled connection kept for as long as the slowest download.
 */
export async function* usageChunks(db: Db, contractId: number, range: TimeRange, chunkSize = 5000): AsyncGenerator<UsageRow[]> {
  const records = () =>
    db.selectFrom('usage_records').select(COLUMNS).where('contract_id', '=', contractId).where('event_time', '<=', range.to);
  let rows = await records().where('event_time', '>=', range.from).orderBy('event_time').orderBy('id').limit(chunkSize).execute();
  while (rows.length > 0) {
    yield rows;
    if (rows.length < chunkSize) return;
    const last = rows[rows.length - 1];
    if (!last) return;
    // A row-value comparison, which both engines turn into a range on the (contract_id, event_time) index.
    rows = await records()
      .where((eb) => eb(eb.refTuple('event_time', 'id'), '>', eb.tuple(last.event_time, last.id)))
      .orderBy('event_time')
      .orderBy('id')
      .limit(chunkSize)
      .execute();
  }
}
