import Dexie from 'dexie';
import { databaseName } from './database-name.ts';
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
  // Version 18 (why a bill is different, docs/product/invoices.md): each invoice opened, with its lines as billed.
  db.version(18).stores({ invoiceDetails: 'uuid, customerId' });
  // Version 19 (a heavy customer waits for nothing she did not ask for, issue 41): the totals of a line's last
  // completed bill cycles, for the plan advisor and the tariff comparison. A new table: nothing to move.
  db.version(19).stores({ usageCycles: 'contractId, customerId' });
  return db;
};
