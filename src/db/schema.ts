import Dexie from 'dexie';
import { databaseName, schemaVersion } from './database-name.ts';
import { resourceKeys } from './resource-keys.ts';
import type { SessionTables } from './schema/session.ts';
import type { CustomerTables } from './schema/customer.ts';
import type { ProductsTables } from './schema/products.ts';
import type { OrdersTables } from './schema/orders.ts';
import type { UsageTables } from './schema/usage.ts';
import type { InvoicesTables } from './schema/invoices.ts';
import type { PaymentsTables } from './schema/payments.ts';
import type { ActivationTables } from './schema/activation.ts';
import type { SupportTables } from './schema/support.ts';
import type { OffersTables } from './schema/offers.ts';
import type { SettingsTables } from './schema/settings.ts';
import type { AppTables } from './schema/app.ts';

/*
 * The app's local database. Views read only from here (docs/architecture.md "How data flows"). Rows are the
 * normalized, camelCase form of the server payloads; `pull` functions write them. The service worker and the
 * usage worker import this module too, so it holds no React and no API code.
 */

export { databaseName };

export type * from './schema/session.ts';
export type * from './schema/customer.ts';
export type * from './schema/products.ts';
export type * from './schema/orders.ts';
export type * from './schema/usage.ts';
export type * from './schema/invoices.ts';
export type * from './schema/payments.ts';
export type * from './schema/activation.ts';
export type * from './schema/support.ts';
export type * from './schema/offers.ts';
export type * from './schema/settings.ts';
export type * from './schema/app.ts';

/** The app database: every area's tables (src/db/schema/<area>.ts). */
export type AppDatabase = Dexie &
  SessionTables &
  CustomerTables &
  ProductsTables &
  OrdersTables &
  UsageTables &
  InvoicesTables &
  PaymentsTables &
  ActivationTables &
  SupportTables &
  OffersTables &
  SettingsTables &
  AppTables;

export const createDatabase = (name = databaseName): AppDatabase => {
  // Dexie turns its debug mode on for a page served from localhost or 127.0.0.1: an async stack task
  // (console.createTask) for every transaction, with the stack traces it takes, and its console messages. A production
  // build served there (`npm start`, the browser tests, the benches) then ran otherwise than on the operator's
  // domain; development keeps it.
  if (!import.meta.env.DEV) Dexie.debug = false;
  const db = new Dexie(name) as AppDatabase;
  /*
   * Only the versions with an upgrade() are declared, each with the tables added since the one before it: Dexie
   * (3 and later) upgrades an install from the object stores it really has, so a version that only added tables
   * needs no declaration of its own. Every declaration costs the start-up: Dexie re-reads all the versions before it
   * at each one (fourteen versions were 100 ms of a first visit's main thread at 4× CPU). A new version goes at the
   * end with its number; one without an upgrade() folds its tables into the last declaration and raises its number.
   * The numbers, and what each step was:
   * - 1 the first tables; 2 (consumption and home) usage summaries per contract and period, the invoice situation;
   *   4 (authentication) this device's PIN and renewal credentials; 5 (usage performance) per-day usage rollups,
   *   rebuilt by the next records pull.
   * - 6 (usage ingest speed) records stored per contract and hour, below.
   * - 10 (subscription and orders), 11 (invoices and payment), below.
   * - 12 (settings, alerts, privacy) a line's settings and changes, the alert grid, the consents, the messages sent;
   *   13 (SIM activation) the follow-up of SIM orders; 14 (support, offers, energy) the FAQ per language, the
   *   messages written on this device, the customer's offers; 15 (paying online) the payments started on this
   *   device. (16 was left to an area written beside these.)
   * - 17 (rating), below.
   * - 18 (why a bill is different, docs/product/invoices.md) each invoice opened, with its lines as billed;
   *   19 (a heavy customer waits for nothing she did not ask for, issue 41) the totals of a line's last completed
   *   bill cycles, for the plan advisor and the tariff comparison.
   */
  // Versions 1 to 6. 6 (usage ingest speed): records stored per contract and hour. The records of older versions
  // are not copied (they can be fetched again): their ranges are marked unfetched and their rollups dropped, so the
  // next visit of a period pulls it into the new table.
  db.version(6)
    .stores({
      session: 'id',
      customers: 'id',
      contacts: 'customerId',
      invoicing: 'customerId',
      contracts: 'id, customerId, msisdn',
      products: 'id',
      contractOptions: '[contractId+optionId], contractId',
      usageRecords: null,
      meta: 'resource',
      prefs: 'key',
      pendingMutations: 'key, state, createdAt',
      usageSummaries: '[contractId+period], contractId',
      invoiceSituations: 'customerId',
      devices: 'id',
      usageDaily: '[contractId+dayStart]',
      usageBlocks: '[contractId+blockStart]',
    })
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
  // Versions 12 to 17. 17 (rating, contract/rating.ts): usage summaries carry their charges and the plan they were
  // rated with, options their zone and all their volumes. The stored ones lack them: dropped with their fetch times,
  // pulled again on the next visit.
  db.version(17)
    .stores({
      lineSettings: 'contractId, customerId',
      notificationSettings: 'id, customerId, contractId',
      privacySettings: 'customerId',
      sentNotifications: 'id, customerId',
      simOrders: 'uuid, customerId, contractId',
      faqEntries: '[lang+slug], lang',
      supportTickets: 'id, customerId, createdAt',
      offers: 'customerId',
      onlinePayments: 'reference, customerId',
    })
    .upgrade(async (tx) => {
      await tx.table('usageSummaries').clear();
      await tx.table('contractOptions').clear();
      await tx.table('productOptions').clear();
      for (const prefix of [resourceKeys.usageSummary.prefix, resourceKeys.products.prefix, resourceKeys.productOptions.prefix])
        await tx.table('meta').where('resource').startsWith(prefix).delete();
    });
  // Versions 18 and 19 (schemaVersion): new tables, nothing to move.
  db.version(schemaVersion).stores({ invoiceDetails: 'uuid, customerId', usageCycles: 'contractId, customerId' });
  return db;
};
