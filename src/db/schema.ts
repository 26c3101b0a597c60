import Dexie, { type EntityTable, type Table } from 'dexie';
import { databaseName } from './database-name.ts';
import { resourceKeys } from './resource-keys.ts';
import type { Language } from '#contract/common';
import type { Role } from '#contract/auth';
import type { ContractStatus, ContractSubStatus } from '#contract/contracts';

/*
 * The app's local database. Views read only from here (ARCHITECTURE.md "How data flows"). Rows are the
 * normalized, camelCase form of the server payloads; `pull` functions write them. The service worker and the
 * usage worker import this module too, so it holds no React and no API code.
 */

export { databaseName };

/** The non-secret session descriptor that lets the app start offline. Tokens never live here. */
export type SessionRow = {
  id: 'current';
  userId: number;
  userGuid: string;
  customerId: number | null;
  role: Role;
  scope: string;
  msisdn: string | null;
  email: string | null;
  energyRef: string | null;
  language: Language;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD when the account has one (a new PIN may not be its year); absent on sessions stored before. */
  birthDate?: string | null;
  expiresAt: number;
  loggedInAt: number;
};

export type CustomerRow = {
  id: number;
  guid: string;
  promo: string | null;
  parrain: string | null;
  mobileId: string;
  energyId: string | null;
  completed: boolean;
  confirmed: boolean;
  optinMarketing: boolean;
  optinSales: boolean;
  conditionsAccepted: boolean;
  energyLinkConfirmed: boolean;
  lastUpdate: string;
};

export type ContactRow = {
  customerId: number;
  id: number;
  guid: string;
  language: Language;
  civility: 'mr' | 'mrs' | 'mx' | null;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  nationality: string | null;
  phone: string | null;
  mobile: string | null;
  email: string | null;
  isEmailConfirmed: boolean;
  residential: boolean;
  company: { name: string; type: string | null; number: string | null; vat: string | null } | null;
  lastUpdate: string;
};

export type InvoicingRow = {
  customerId: number;
  id: number;
  address: { street: string; number: string; box: string | null; city: string; zipCode: string; country: string };
  payment: { iban: string | null; bic: string | null; mode: 'DD' | 'BT'; mandateDate: string | null };
  holder: { firstName: string; lastName: string; email: string | null };
  lastUpdate: string;
};

export type ContractRow = {
  id: number;
  customerId: number;
  contractRef: string;
  orderId: string | null;
  scenario: string | null;
  type: 'prepaid' | 'post_simple' | 'post_complex';
  msisdn: string | null;
  status: ContractStatus;
  subStatus: ContractSubStatus | null;
  identificationStatus: string | null;
  portInStatus: string | null;
  fraudStatus: string | null;
  simIccid: string | null;
  simSentDate: string | null;
  activeProductIds: number[];
  baseProductId: number | null;
  billCycle: { id: number; startDay: number; frequencyUnit: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'; frequencyDuration: number } | null;
  dunningLevelReached: boolean;
  fraudulentBehaviour: boolean;
  linkedUser: { id: number; guid: string; firstName: string; lastName: string; msisdn: string | null } | null;
  createdAt: string;
  activatedAt: string | null;
  /** Position in the server's list, so views can keep its order. */
  position: number;
};

export type ProductRow = {
  id: number;
  guid: string;
  name: string;
  type: 'BASE' | 'OPTION';
  descriptions: { fr: string; nl: string; en: string };
  priceCents: number;
  forResidential: boolean;
  forProfessional: boolean;
  sortedOptionIds: number[];
  /** Limits: data in MB, voice in minutes, SMS in count; 0 means unlimited (SPEC §3). */
  dataMb: number;
  voiceMinutes: number;
  smsCount: number;
  lastUpdate: string;
};

export type ContractOptionRow = {
  contractId: number;
  optionId: number;
  guid: string;
  name: string;
  maxCombinations: number;
  priceCents: number;
  dataMb: number;
  descriptions: { fr: string; nl: string; en: string };
  active: boolean | number;
};

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
};

/** Usage summary of one contract and period (GET …/usage), stored as the contract sends it (amounts in cents). */
export type UsageSummaryRow = {
  contractId: number;
  period: 'current' | 'previous';
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

/** Invoice situation of a customer (GET …/invoices/situation); owners and admins only. */
export type InvoiceSituationRow = {
  customerId: number;
  openInvoiceTotal: number;
  firstInvoiceDueDate: string | null;
  hasOpenInvoice: boolean;
  isInDebt: boolean;
  payUrgently: boolean;
};

/**
 * This device's credentials for PIN login and access renewal (SPEC §4). The key is a random secret the server
 * stores hashed and checks together with the PIN; the PIN itself never lives here. Kept when a session expires
 * (so the PIN still works), wiped by an explicit logout.
 */
export type DeviceRow = {
  id: 'current';
  deviceId: string;
  deviceKey: string;
  /** The user the device's PIN and refresh token belong to. */
  userGuid: string | null;
  firstName: string | null;
  /** When the PIN set on this device expires (3 months); null when none is set. */
  pinExpiresAt: number | null;
  /** "Later" on the PIN setup prompt. */
  pinPromptDismissedAt: number | null;
  /** When the refresh token (an HttpOnly cookie) expires; null once the server refused it (419/429). */
  refreshExpiresAt: number | null;
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

/** When each resource was last fetched, for the freshness rule; keys from resource-keys.ts (`customer:12` …). */
export type MetaRow = { resource: string; fetchedAt: number; etag?: string | null };

/** Small app preferences that must survive reloads (selected contract, closed alerts, consent). */
export type PrefRow = { key: string; value: unknown };

/** A queued change (ARCHITECTURE.md "Write"): data, never a closure, so that it survives a reload. */
export type PendingMutationRow = {
  key: string;
  type: string;
  payload: unknown;
  createdAt: number;
  state: 'pending' | 'sending' | 'queued' | 'needs-auth' | 'rejected' | 'applied';
  attempts: number;
  error?: { status: number; code: string; message: string } | null;
  /** The server's truth before the optimistic write, to roll back a rejected change. */
  rollback?: unknown;
  /** Who made the change: replayed only for this user (another user logging in on the device discards it). */
  userGuid?: string;
  /** What the change is about (`contact:12`, `language`): changes to one entity are sent one after the other. */
  entity?: string;
  /** Back-off: not sent again before this time (ms). */
  nextAttemptAt?: number;
};

export type AppDatabase = Dexie & {
  session: EntityTable<SessionRow, 'id'>;
  customers: EntityTable<CustomerRow, 'id'>;
  contacts: EntityTable<ContactRow, 'customerId'>;
  invoicing: EntityTable<InvoicingRow, 'customerId'>;
  contracts: EntityTable<ContractRow, 'id'>;
  products: EntityTable<ProductRow, 'id'>;
  contractOptions: EntityTable<ContractOptionRow, 'contractId'>;
  usageBlocks: Table<UsageBlockRow, [number, number]>;
  meta: EntityTable<MetaRow, 'resource'>;
  prefs: EntityTable<PrefRow, 'key'>;
  pendingMutations: EntityTable<PendingMutationRow, 'key'>;
  usageSummaries: Table<UsageSummaryRow, [number, 'current' | 'previous']>;
  invoiceSituations: EntityTable<InvoiceSituationRow, 'customerId'>;
  devices: EntityTable<DeviceRow, 'id'>;
  usageDaily: Table<UsageDailyRow, [number, number]>;
};

/** Tables that hold a customer's data; logout clears all of them. */
export const customerTables = [
  'session',
  'customers',
  'contacts',
  'invoicing',
  'contracts',
  'products',
  'contractOptions',
  'usageBlocks',
  'meta',
  'prefs',
  'pendingMutations',
  'usageSummaries',
  'invoiceSituations',
  'devices',
  'usageDaily',
] as const;

export const createDatabase = (name = databaseName): AppDatabase => {
  const db = new Dexie(name) as AppDatabase;
  // Version 1. New versions go below with their upgrade() so existing installs migrate in place.
  db.version(1).stores({
    session: 'id',
    customers: 'id',
    contacts: 'customerId',
    invoicing: 'customerId',
    contracts: 'id, customerId, msisdn',
    products: 'id',
    contractOptions: '[contractId+optionId], contractId',
    usageRecords: 'id, [contractId+eventTime]',
    meta: 'resource',
    prefs: 'key',
    pendingMutations: 'key, state, createdAt',
  });
  // Version 2 (consumption and home): usage summaries per contract and period, and the invoice situation.
  db.version(2).stores({
    usageSummaries: '[contractId+period], contractId',
    invoiceSituations: 'customerId',
  });
  // Version 4 (authentication): this device's PIN and renewal credentials.
  db.version(4).stores({ devices: 'id' });
  // Version 5 (usage performance): per-day usage rollups, rebuilt by the next records pull (no upgrade needed).
  db.version(5).stores({ usageDaily: '[contractId+dayStart]' });
  // Version 6 (usage ingest speed): records stored per contract and hour. The records of older versions are not
  // copied (they can be fetched again): their ranges are marked unfetched and their rollups dropped, so the next
  // visit of a period pulls it into the new table.
  db.version(6)
    .stores({ usageRecords: null, usageBlocks: '[contractId+blockStart]' })
    .upgrade(async (tx) => {
      await tx.table('meta').where('resource').startsWith(resourceKeys.usageRecords.prefix).delete();
      await tx.table('usageDaily').clear();
    });
  return db;
};
