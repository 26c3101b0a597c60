import type { Table } from 'dexie';
import type { Bundle, ChargeLine, OobRates, UsageTotals } from '#contract/rating';

/*
 * Consumption: summaries, records and daily rollups (docs/product/consumption.md).
 */

/** One usage record as stored (in usageBlocks) and as the usage worker reads it. */
export type UsageRecordRow = {
  id: string;
  contractId: number;
  serviceCat: 'call' | 'data' | 'sms';
  messages: number;
  isOob: boolean;
  /** Cost in cents. */
  resourceImpact: number;
  resourceUnit: string;
  /** Bytes for data, seconds for calls, count for sms. */
  serviceUsed: number;
  serviceUnit: string;
  incoming: boolean;
  destination: 'national' | 'international' | 'roaming' | 'premium';
  /** Epoch ms. */
  eventTime: number;
  /** Roaming: the country it was used in (ISO 3166-1 alpha-2), when the server says it. */
  country?: string;
};

/** Usage summary of one contract and period (GET …/usage), stored as the contract sends it (amounts in cents). */
export type UsageSummaryRow = {
  contractId: number;
  /** The current or previous bill, or an earlier closed one by its first day (an older invoice's records). */
  period: 'current' | 'previous' | `cycle:${string}`;
  start: string;
  end: string;
  balances: {
    type: 'DATA' | 'CALL' | 'SMS';
    value: number;
    unit: string;
    balanceValue: number;
    balanceUnit: string;
    overspentValue: number;
    overspentUnit: string;
  }[];
  overspent: { credit: number; premium: number; national: number; international: number };
  /** The cycle's out-of-bundle charges as the server rated them (contract/rating.ts): what its invoice bills. */
  charges: ChargeLine[];
  /** Incoming calls and texts (and data, always 0): free, never counted. */
  free: { data: number; call: number; sms: number };
  /** The allowances and rates the cycle was rated with: the usage worker rates its totals with them. */
  plan: { bundle: Bundle; rates: OobRates };
  safeguards: {
    type: 'OSG' | 'PSG' | 'DSG';
    overSpentCredit: number;
    current: number;
    next: number | null;
    alert: number | null;
    default: number;
    max: number;
  }[];
  /** The 20 most recent records, ids only: the records themselves live in usageBlocks. */
  recentIds: string[];
};

/**
 * The usage records of one contract whose event time falls in one UTC hour, oldest first (ties by id): one
 * IndexedDB row per hour instead of one per record (ingest speed). Chromium spends ~40 µs on every
 * stored row whatever its size, so 100,000 rows take ~4 s to write, while the same records in ~700 hourly rows
 * take a fraction of that. An hour is a whole part of every local day of whole-hour time zones (Belgium), so the
 * rows of a day are never shared with another day. Written by the usage pulls (src/data/usage-pull.ts and
 * src/data/usage-records-pull.ts, merged by record id, so a record fetched twice is stored
 * once), read by the usage worker (workers/usage-blocks.ts).
 */
export type UsageBlockRow = {
  contractId: number;
  /** Epoch ms of the UTC hour (a multiple of 3,600,000). */
  blockStart: number;
  count: number;
  records: UsageRecordRow[];
};

/**
 * Per-day sums of a contract's usage records (aggregation speed): one row per contract and local calendar day,
 * written by the records pull when a fetched range is complete, so the usage worker aggregates a period from a few
 * hundred rows instead of every record. A row exists only when it equals the sum of that day's stored records;
 * the worker scans the records of the days without one.
 */
export type UsageDailyRow = {
  contractId: number;
  /** Epoch ms of the local midnight that starts the day, and of the next one (exclusive end). */
  dayStart: number;
  dayEnd: number;
  /** When the fetch that produced the sums started (ms): an older fetch never replaces a newer one's row. */
  asOf: number;
  /**
   * Flat sums per combination of category × direction × out-of-bundle × destination (see workers/usage-core.ts
   * `rollupSlot`): [used, count, cost] for each of the 48 combinations.
   */
  sums: number[];
};

/** One completed bill cycle of a line, summed by the server's rating (GET …/usage/cycles). */
export type UsageCycleRow = {
  /** The service's calendar dates (Europe/Brussels), inclusive. */
  start: string;
  end: string;
  /** Epoch ms of the first day's midnight and of the last day's last millisecond. */
  from: number;
  to: number;
  /** How many records the cycle holds (0: nothing recorded). */
  records: number;
  totals: UsageTotals;
};

/**
 * The last completed bill cycles of a line, oldest first: what the plan advisor and the tariff comparison read, so
 * neither waits for the records (issue 41 point 7). One row per contract, replaced whole by each pull.
 */
export type UsageCyclesRow = { contractId: number; customerId: number; cycles: UsageCycleRow[] };

/** The tables of this area in the app database. */
export type UsageTables = {
  usageBlocks: Table<UsageBlockRow, [number, number]>;
  usageSummaries: Table<UsageSummaryRow, [number, UsageSummaryRow['period']]>;
  usageDaily: Table<UsageDailyRow, [number, number]>;
  usageCycles: Table<UsageCyclesRow, number>;
};
