import Dexie, { type EntityTable, type Table } from 'dexie';
import { databaseName } from './database-name.ts';
import { resourceKeys } from './resource-keys.ts';
import type { TicketStatus } from '#contract/support';
import type { Language } from '#contract/common';
import type { Role } from '#contract/auth';
import type { ContractStatus, ContractSubStatus } from '#contract/contracts';
import type { SimOrder } from '#contract/activation';
import type { AllowanceZone, Bundle, ChargeLine, OobRates } from '#contract/rating';

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
  technicalDescriptions: { fr: string; nl: string; en: string };
  priceCents: number;
  forResidential: boolean;
  forProfessional: boolean;
  sortedOptionIds: number[];
  /**
   * Limits: data in MB, voice in minutes, SMS in count; 0 means unlimited (docs/product/consumption.md
   * "Bundle sizes").
   */
  dataMb: number;
  voiceMinutes: number;
  smsCount: number;
  /** Out-of-bundle prices in cents: per started MB, per started minute, per SMS. */
  oobRates: { dataPerMb: number; callPerMinute: number; sms: number };
  lastUpdate: string;
};

export type ContractOptionRow = {
  contractId: number;
  optionId: number;
  guid: string;
  name: string;
  maxCombinations: number;
  priceCents: number;
  /** What one combination adds (MB, minutes, texts) and where it applies (contract/rating.ts). */
  dataMb: number;
  voiceMinutes: number;
  smsCount: number;
  zone: AllowanceZone;
  descriptions: { fr: string; nl: string; en: string };
  active: boolean | number;
};

/** An option that can be added to a base product (GET /products/{id}/options), for a plan the line does not have yet. */
export type ProductOptionRow = Omit<ContractOptionRow, 'contractId' | 'active'> & { productId: number };

/** The base products offered to a customer's segment (GET /products/podium), cheapest first. */
export type PodiumRow = { customerId: number; segment: 'residential' | 'professional'; productIds: number[] };

/** A promotion (discountAmount: whole percent, or cents). */
export type PromotionRow = {
  id: number;
  productId: number | null;
  contractId: number | null;
  discountType: 'percentage' | 'amount';
  discountAmount: number;
  descriptions: { fr: string; nl: string; en: string };
};

/** What a line gets now (GET /promotions/by-contract): its promotions' ids and their totals (percent, cents). */
export type ContractPromotionsRow = { contractId: number; promotionIds: number[]; percentage: number; amount: number };

/** One line of a contract's order history (docs/product/subscription.md "Order history"), camelCase. */
export type OrderLineRow = {
  id: number;
  orderId: string;
  orderDate: string;
  kind: 'SAFEGUARD' | 'SETTING' | 'OPTION' | 'PRODUCT' | 'CONTRACT';
  resourceName: string;
  resourceId: number | null;
  oldValue: string | null;
  newValue: string | null;
  status: 'CANCELED' | 'PENDING' | 'QUEUED' | 'FAILED' | 'SUCCESS';
  error: { type: 'JSON' | 'HTML' | 'TEXT' | 'CUSTOMER_DEBT'; message: string } | null;
  isCancellable: boolean;
  initiatorRef: string | null;
  initiatorType: 'U' | 'O' | 'A' | 'C' | 'S';
  scheduledDate: string | null;
  executed: string | null;
  created: string;
};

/**
 * One page of a contract's order history as the server paged it (docs/product/api.md "Paging", 25 a page by default).
 */
export type OrderPageRow = { contractId: number; page: number; lines: OrderLineRow[]; total: number; lastPage: number; perPage: number };

/** The lines of a contract still PENDING or QUEUED (GET …/orders?open=1): what the optimize rules look at. */
export type OpenOrdersRow = { contractId: number; lines: OrderLineRow[] };

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

/** Invoice situation of a customer (GET …/invoices/situation); owners and admins only. */
export type InvoiceSituationRow = {
  customerId: number;
  openInvoiceTotal: number;
  firstInvoiceDueDate: string | null;
  hasOpenInvoice: boolean;
  isInDebt: boolean;
  payUrgently: boolean;
  firstInvoiceIssueDate: string | null;
  nextInvoiceDate: string | null;
  nextInvoiceDueDate: string | null;
  /** Partial payments received per open invoice (uuid → cents). */
  partialPayments: Record<string, number>;
  /** The structured communication to pay the open balance with; null when nothing is owed. */
  paymentReference: string | null;
};

/** One invoice or credit note as the bills screen lists it (amounts in cents, dates as the server sends them). */
export type InvoiceRow = {
  uuid: string;
  generatedAt: string;
  dueDate: string;
  paidAt: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  totalInclVat: number;
  structuredCommunication: string;
  piece: string;
  paymentMode: 'DD' | 'BT';
  documentType: 'invoice' | 'credit_note';
  costCenterId: number | null;
};

/**
 * One list of invoices as fetched: the open ones (`open:<costCenter>`), or one page of the paid ones
 * (`paid:<costCenter>:<page>`, with the server's pagination), for a cost centre or `all`. Pages are small (25),
 * so a list is one row.
 */
export type InvoiceListRow = {
  key: string;
  customerId: number;
  invoices: InvoiceRow[];
  pagination: { currentPage: number; lastPage: number; total: number; perPage: number } | null;
};

/** A cost centre of a professional customer (GET …/cost-centers). */
export type CostCenterRow = { id: number; customerId: number; name: string; contractIds: number[]; lastUpdate: string };

/** The next invoice's estimate (GET …/invoices/estimate), stored as the server sends it. */
export type InvoiceEstimateRow = {
  customerId: number;
  nextInvoiceDate: string | null;
  contracts: {
    contractId: number;
    msisdn: string | null;
    period: { start: string; end: string };
    lines: {
      kind: 'plan' | 'option' | 'promotion' | 'usage' | 'fee' | 'forecast';
      label: { fr: string; nl: string; en: string } | null;
      quantity: number;
      amount: number;
    }[];
    total: number;
  }[];
  total: number;
  computedAt: string;
};

/** Who customers pay (GET /invoices/creditor): one row. */
export type PaymentCreditorRow = { id: 'current'; name: string; iban: string; bic: string; identifier: string };

/**
 * An online payment the customer started (docs/product/payments.md), as the server last told it: written on return
 * from the checkout, so that an offline return shows "being confirmed" and the next pull settles it.
 */
export type OnlinePaymentRow = {
  reference: string;
  customerId: number;
  status: 'open' | 'pending' | 'authorized' | 'paid' | 'failed' | 'canceled' | 'expired';
  amount: number;
  scope: 'invoice' | 'open_total';
  /** The pieces of the invoices it pays. */
  invoices: string[];
  createdAt: string;
  settledAt: string | null;
};

/**
 * An invoice PDF once opened, kept so that it opens again offline: the few most recent ones only (the app keeps
 * the cache small), wiped at logout with every customer table.
 */
export type InvoicePdfRow = { uuid: string; customerId: number; piece: string; bytes: ArrayBuffer; storedAt: number };

/**
 * This device's credentials for PIN login and access renewal (docs/product/auth.md "The device PIN";
 * docs/product/security.md "The PIN's device binding"). The key is a random secret the server stores hashed and
 * checks together with the PIN; the PIN itself never lives here. Kept when a session expires (so the PIN still
 * works), wiped by an explicit logout.
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

/**
 * The follow-up of a SIM order (GET …/sim-orders for the holder, or GET /public/orders/{uuid} with the activation
 * session), stored as the contract sends it: the states reached with their times, and the next step expected.
 */
export type SimOrderRow = SimOrder;
/** One question of the FAQ in one language (GET /faq?lang=), kept for help offline. */
export type FaqEntryRow = {
  lang: Language;
  slug: string;
  topic: 'usage' | 'billing' | 'abroad' | 'sim' | 'account' | 'offers';
  question: string;
  answer: string;
  position: number;
};

/**
 * A message of the contact form written on this device: `pending` while it waits in the outbox (offline, or on its
 * way), `sent` once the server answered with its reference, `rejected` when the server refused it (its pending
 * change keeps the text and file for a retry). The message itself travels in the pending change.
 */
export type SupportTicketRow = {
  /** The local id (also the queued change's entity). */
  id: string;
  customerId: number;
  subject: string;
  subSubject: string;
  message: string;
  attachmentName: string | null;
  createdAt: number;
  state: 'pending' | 'sent' | 'rejected';
  reference: string | null;
  sentAt: string | null;
  /** Where a sent message stands at customer service, once the server listed it (GET /support/tickets). */
  status?: TicketStatus;
};

/** GET /customer/{id}/offers: the offers and advantages that apply to the customer, and its referral code. */
export type OffersRow = {
  customerId: number;
  promo: string | null;
  offers: {
    id: number;
    discount: { type: 'percentage' | 'amount'; amount: number };
    descriptions: { fr: string; nl: string; en: string };
    scope: 'line' | 'catalogue';
    msisdn: string | null;
    productName: string | null;
  }[];
  referral: {
    code: string;
    referrerReward: { type: 'percentage' | 'amount'; amount: number };
    friendReward: { type: 'percentage' | 'amount'; amount: number };
    referredCount: number;
    referredBy: string | null;
  } | null;
};

/** A change of a line's settings as its order line says it (contract/settings.ts `LineChange`). */
export type LineChangeRow = {
  /** The order line's id; negative for a change made on this device that the server has not answered yet. */
  id: number;
  orderRef: string;
  kind: 'SAFEGUARD' | 'SETTING';
  resource: string;
  oldValue: string | null;
  newValue: string;
  status: 'CANCELED' | 'PENDING' | 'QUEUED' | 'FAILED' | 'SUCCESS';
  createdAt: string;
  /** When the server applies it (ISO instant); '' while the server has not answered. */
  applyAt: string;
  executedAt: string | null;
  error: string | null;
};

/** A line's settings, PIN and PUK, safeguards (cents) and recent changes (GET …/contract/{id}/settings). */
export type LineSettingsRow = {
  contractId: number;
  customerId: number;
  settings: { premiumBarring: string; internationalBarring: boolean; roamingType: string; throttling: string };
  codes: { pin: string | null; puk: string | null };
  safeguards: UsageSummaryRow['safeguards'];
  changes: LineChangeRow[];
};

/** One cell of the alert grid: a line's choice for one alert type on one channel. */
export type NotificationSettingRow = {
  id: number;
  customerId: number;
  contractId: number;
  type: '80PC' | '100PC' | 'OOB' | 'INV' | 'OTHER';
  channel: 'SMS' | 'EMAIL' | 'PUSH';
  active: boolean;
};

/** The holder's sales and marketing consents, and whether this user may change them. */
export type PrivacyRow = { customerId: number; sales: boolean; marketing: boolean; editable: boolean };

/** One message the server sent the customer (the list of the last notifications). */
export type SentNotificationRow = {
  id: number;
  customerId: number;
  contractId: number | null;
  msisdn: string | null;
  type: NotificationSettingRow['type'];
  channel: NotificationSettingRow['channel'];
  title: string;
  status: 'sent' | 'failed' | 'noRecipient';
  sentAt: string;
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
  error?: { status: number; code: string; message: string; fields?: { field: string; message: string }[] } | null;
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
  simOrders: EntityTable<SimOrderRow, 'uuid'>;
  faqEntries: Table<FaqEntryRow, [Language, string]>;
  supportTickets: EntityTable<SupportTicketRow, 'id'>;
  offers: EntityTable<OffersRow, 'customerId'>;
  lineSettings: EntityTable<LineSettingsRow, 'contractId'>;
  notificationSettings: EntityTable<NotificationSettingRow, 'id'>;
  privacySettings: EntityTable<PrivacyRow, 'customerId'>;
  sentNotifications: EntityTable<SentNotificationRow, 'id'>;
  invoiceLists: EntityTable<InvoiceListRow, 'key'>;
  costCenters: EntityTable<CostCenterRow, 'id'>;
  invoiceEstimates: EntityTable<InvoiceEstimateRow, 'customerId'>;
  paymentCreditor: EntityTable<PaymentCreditorRow, 'id'>;
  invoicePdfs: EntityTable<InvoicePdfRow, 'uuid'>;
  productOptions: Table<ProductOptionRow, [number, number]>;
  podiums: EntityTable<PodiumRow, 'customerId'>;
  promotions: EntityTable<PromotionRow, 'id'>;
  contractPromotions: EntityTable<ContractPromotionsRow, 'contractId'>;
  orderPages: Table<OrderPageRow, [number, number]>;
  openOrders: EntityTable<OpenOrdersRow, 'contractId'>;
  onlinePayments: EntityTable<OnlinePaymentRow, 'reference'>;
};

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
  // Version 10 (subscription and orders): the catalogue of other plans (podium, a product's options), promotions,
  // and the order history. Products now carry their technical descriptions and out-of-bundle rates: the stored
  // ones lack them, so they are dropped with their fetch times and pulled again on the next visit.
  db.version(10)
    .stores({
      productOptions: '[productId+optionId], productId',
      podiums: 'customerId',
      promotions: 'id, productId, contractId',
      contractPromotions: 'contractId',
      orderPages: '[contractId+page], contractId',
      openOrders: 'contractId',
    })
    .upgrade(async (tx) => {
      await tx.table('products').clear();
      await tx.table('contractOptions').clear();
      await tx.table('meta').where('resource').startsWith(resourceKeys.products.prefix).delete();
    });
  // Version 11 (invoices and payment): invoice lists, cost centres, the next invoice's estimate, the creditor, and
  // the PDFs kept for offline use. The invoice situation gained fields: the stored copies are dropped so that the
  // next visit fetches them whole.
  db.version(11)
    .stores({
      invoiceLists: 'key, customerId',
      costCenters: 'id, customerId',
      invoiceEstimates: 'customerId',
      paymentCreditor: 'id',
      invoicePdfs: 'uuid, customerId, storedAt',
    })
    .upgrade(async (tx) => {
      await tx.table('invoiceSituations').clear();
      await tx.table('meta').where('resource').startsWith(resourceKeys.invoiceSituation.prefix).delete();
    });
  // Version 12 (settings, alerts, privacy): a line's settings and changes, the alert grid, the consents, the
  // messages sent.
  db.version(12).stores({
    lineSettings: 'contractId, customerId',
    notificationSettings: 'id, customerId, contractId',
    privacySettings: 'customerId',
    sentNotifications: 'id, customerId',
  });
  // Version 13 (SIM activation): the follow-up of SIM orders, by their uuid.
  db.version(13).stores({ simOrders: 'uuid, customerId, contractId' });
  // Version 14 (support, offers, energy): the FAQ per language for help offline, the messages written on this
  // device, and the customer's offers.
  db.version(14).stores({ faqEntries: '[lang+slug], lang', supportTickets: 'id, customerId, createdAt', offers: 'customerId' });
  // Version 15 (paying online): the payments started on this device, as the server last told them.
  db.version(15).stores({ onlinePayments: 'reference, customerId' });
  // Version 17 (rating, contract/rating.ts): usage summaries carry their charges and the plan they were rated with,
  // options their zone and all their volumes. The stored ones lack them: dropped with their fetch times, pulled again
  // on the next visit. (15 and 16 are left to the areas being written beside this one.)
  db.version(17)
    .stores({})
    .upgrade(async (tx) => {
      await tx.table('usageSummaries').clear();
      await tx.table('contractOptions').clear();
      await tx.table('productOptions').clear();
      for (const prefix of [resourceKeys.usageSummary.prefix, resourceKeys.products.prefix, resourceKeys.productOptions.prefix])
        await tx.table('meta').where('resource').startsWith(prefix).delete();
    });
  return db;
};
