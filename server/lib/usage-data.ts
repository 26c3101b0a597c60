import type { BillCycle } from '#contract/bill-cycle';
import type { Safeguard, UsageBalance, UsageRecordDto, UsageSummary } from '#contract/usage';
import type { Db } from '../db/database.ts';
import type { ContractRow } from './customer-data.ts';
import { cyclePeriod, localDayRange, type CyclePeriod } from './service-calendar.ts';
import { billCycleById, rateCycle, ratingPlanOf, type TimeRange } from './rating-data.ts';
import { bool, stmt } from './sql.ts';

/*
 * Usage records → the usage calls of SPEC §7. Every query is a range on (contract_id, event_time) or, with a
 * type filter, on (contract_id, service_cat, event_time) (migration 002), so the heavy demo customer's ~200k
 * rows are never scanned outside the asked range. Statements are prepared once per SQL text (lib/sql.ts).
 */

export type UsageCategory = UsageRecordDto['service_cat'];

export type UsageRow = {
  id: number;
  service_cat: UsageCategory;
  messages: number;
  is_oob: number;
  resource_impact: number;
  resource_unit: string;
  service_used: number;
  service_unit: string;
  incoming: number;
  destination: UsageRecordDto['destination'];
  event_time: number;
};

const COLUMNS = `id, service_cat, messages, is_oob, resource_impact, resource_unit, service_used, service_unit, incoming,
  destination, event_time`;

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
export const billCycleOf = (db: Db, contract: ContractRow): BillCycle => billCycleById(db, contract.bill_cycle_id);

export const periodOf = (db: Db, contract: ContractRow, now: Date, which: 'current' | 'previous'): CyclePeriod =>
  cyclePeriod(now, billCycleOf(db, contract), which === 'current' ? 0 : 1);

// ---------------------------------------------------------------------------------------------------------------
// Summary
// ---------------------------------------------------------------------------------------------------------------

const UNITS: Record<UsageCategory, { type: UsageBalance['type']; unit: string }> = {
  data: { type: 'DATA', unit: 'B' },
  call: { type: 'CALL', unit: 's' },
  sms: { type: 'SMS', unit: 'sms' },
};

type SafeguardRow = {
  type: Safeguard['type'];
  current_cents: number;
  next_cents: number | null;
  alert_cents: number;
  default_cents: number;
  max_cents: number;
  overspent_credit_cents: number;
};

export const safeguardsOf = (db: Db, contractId: number): Safeguard[] =>
  stmt<[number], SafeguardRow>(
    db,
    `SELECT type, current_cents, next_cents, alert_cents, default_cents, max_cents, overspent_credit_cents
     FROM safeguards WHERE contract_id = ? ORDER BY CASE type WHEN 'OSG' THEN 0 WHEN 'PSG' THEN 1 ELSE 2 END`,
  )
    .all(contractId)
    .map((row) => ({
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
export const usageSummary = (db: Db, contract: ContractRow, period: CyclePeriod): UsageSummary => {
  const range = localDayRange(period.start, period.end);
  const plan = ratingPlanOf(db, contract.id);
  const rating = rateCycle(db, contract.id, range, plan);
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

  const latest = stmt<[number, number, number], UsageRow>(
    db,
    `SELECT ${COLUMNS} FROM usage_records WHERE contract_id = ? AND event_time BETWEEN ? AND ?
     ORDER BY event_time DESC, id DESC LIMIT 20`,
  ).all(contract.id, range.from, range.to);

  return {
    period,
    balances,
    cdrUsage: latest.map(toUsageRecord),
    cdrOverspent: rating.overspent,
    charges: rating.lines,
    free: rating.free,
    plan,
    safeguard: safeguardsOf(db, contract.id),
  };
};

// ---------------------------------------------------------------------------------------------------------------
// History
// ---------------------------------------------------------------------------------------------------------------

export type HistoryFilter = { range: TimeRange; type: UsageCategory | undefined };
export type SortOrder = 'asc' | 'desc';

const whereOf = (filter: HistoryFilter): string =>
  filter.type === undefined
    ? 'contract_id = ? AND event_time BETWEEN ? AND ?'
    : 'contract_id = ? AND service_cat = ? AND event_time BETWEEN ? AND ?';

const argsOf = (contractId: number, filter: HistoryFilter): (number | string)[] =>
  filter.type === undefined
    ? [contractId, filter.range.from, filter.range.to]
    : [contractId, filter.type, filter.range.from, filter.range.to];

/**
 * How many records each hour of a range holds, cumulated (ascending hours), read from the hourly rollup. Cached
 * per contract, filter and range, and valid while the database has not changed: the key includes SQLite's
 * total_changes() of this connection (the only one: one server process per DATA_DIR), which any write moves on.
 */
type HourIndex = { hours: number[]; cumulative: number[]; total: number };
const indexCache = new WeakMap<Db, Map<string, HourIndex>>();
const INDEX_CACHE_SIZE = 256;

const hourIndex = (db: Db, contractId: number, filter: HistoryFilter): HourIndex | null => {
  if (!alignedToHours(filter.range)) return null;
  const version = stmt<[], { v: number }>(db, 'SELECT total_changes() AS v').get()?.v ?? 0;
  const key = `${version}|${contractId}|${filter.type ?? ''}|${filter.range.from}|${filter.range.to}`;
  let cache = indexCache.get(db);
  if (!cache) {
    cache = new Map();
    indexCache.set(db, cache);
  }
  const known = cache.get(key);
  if (known) return known;
  const where =
    filter.type === undefined ? 'contract_id = ? AND hour BETWEEN ? AND ?' : 'contract_id = ? AND service_cat = ? AND hour BETWEEN ? AND ?';
  const rows = stmt<(number | string)[], { hour: number; count: number }>(
    db,
    `SELECT hour, SUM(count) AS count FROM usage_hourly WHERE ${where} GROUP BY hour ORDER BY hour`,
  ).all(...argsOf(contractId, filter));
  const hours: number[] = [];
  const cumulative: number[] = [];
  let total = 0;
  for (const row of rows) {
    total += row.count;
    hours.push(row.hour);
    cumulative.push(total);
  }
  if (cache.size >= INDEX_CACHE_SIZE) cache.clear();
  const index = { hours, cumulative, total };
  cache.set(key, index);
  return index;
};

/**
 * Records in the range: from the hourly rollup when the range is whole hours, which every history range is (whole
 * local days). Counting the records themselves walked ~200,000 index entries per request for the heavy customer,
 * the main cost of a history page.
 */
export const countUsage = (db: Db, contractId: number, filter: HistoryFilter): number =>
  hourIndex(db, contractId, filter)?.total ??
  stmt<(number | string)[], { total: number }>(db, `SELECT COUNT(*) AS total FROM usage_records WHERE ${whereOf(filter)}`).get(
    ...argsOf(contractId, filter),
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
export const usagePage = (
  db: Db,
  contractId: number,
  filter: HistoryFilter,
  order: SortOrder,
  limit: number,
  offset: number,
): UsageRow[] => {
  const direction = order === 'asc' ? 'ASC' : 'DESC';
  const orderBy = `ORDER BY event_time ${direction}, id ${direction}`;
  const index = hourIndex(db, contractId, filter);
  const start = index ? pageStart(index, filter.range, order, offset) : { range: filter.range, skip: offset };
  if (!start) return [];
  return stmt<(number | string)[], UsageRow>(
    db,
    `SELECT ${COLUMNS} FROM usage_records WHERE id IN (
       SELECT id FROM usage_records WHERE ${whereOf(filter)} ${orderBy} LIMIT ? OFFSET ?
     ) ${orderBy}`,
  ).all(...argsOf(contractId, { ...filter, range: start.range }), limit, start.skip);
};

/**
 * All records of a range in chronological order, in chunks read by keyset (event_time, id) — never one open
 * cursor across awaits: better-sqlite3 refuses every other statement on the connection while an iterator is
 * open, so a slow download would block the whole API.
 */
export function* usageChunks(db: Db, contractId: number, range: TimeRange, chunkSize = 5000): Generator<UsageRow[]> {
  const first = stmt<[number, number, number, number], UsageRow>(
    db,
    `SELECT ${COLUMNS} FROM usage_records WHERE contract_id = ? AND event_time BETWEEN ? AND ?
     ORDER BY event_time, id LIMIT ?`,
  );
  // A row-value comparison, which SQLite turns into a range on the (contract_id, event_time) index.
  const next = stmt<[number, number, number, number, number], UsageRow>(
    db,
    `SELECT ${COLUMNS} FROM usage_records WHERE contract_id = ? AND (event_time, id) > (?, ?) AND event_time <= ?
     ORDER BY event_time, id LIMIT ?`,
  );
  let rows = first.all(contractId, range.from, range.to, chunkSize);
  while (rows.length > 0) {
    yield rows;
    if (rows.length < chunkSize) return;
    const last = rows[rows.length - 1];
    if (!last) return;
    rows = next.all(contractId, last.event_time, last.id, range.to, chunkSize);
  }
}
