/*
 * The keys of the meta table (`MetaRow.resource`: when each resource was last fetched, for the freshness rule),
 * made by one factory: `<name>:<part>:<part>…`. Pulls, screens, the usage worker, storage recovery and the schema's
 * upgrades all take their keys from here, so a key is never spelled twice. A key's format is part of the stored
 * schema: changing one leaves the old rows behind (an upgrade in schema.ts then deletes them by `prefix`).
 * No imports: the usage worker and the start-up code may load it.
 */

type Part = string | number;

/** A resource's key builder, with the `prefix` shared by all its keys. */
export type ResourceKey<P extends readonly Part[]> = ((...parts: P) => string) & { readonly prefix: string };

/** The one factory: the key of a resource of this name for the given parts. */
const resource = <P extends readonly Part[]>(name: string): ResourceKey<P> =>
  Object.assign((...parts: P) => [name, ...parts].join(':'), { prefix: `${name}:` });

export const resourceKeys = {
  /** GET /customer/{id}/full: the customer, its contact, invoicing and contracts. */
  customer: resource<[customerId: number]>('customer'),
  /** GET …/contract/{id}/products: the products and options of a contract. */
  products: resource<[customerId: number, contractId: number]>('products'),
  /** GET …/usage?period=: a contract's usage summary of the current or previous bill. */
  usageSummary: resource<[customerId: number, contractId: number, period: 'current' | 'previous']>('usage'),
  /** GET …/usage/history for a date range (ISO dates, inclusive): the range's records are stored. */
  usageRecords: resource<[customerId: number, contractId: number, from: string, to: string]>('usage-records'),
  /** Not a fetch: bumped whenever records of a contract are written, so the usage worker drops its cache. */
  usageRevision: resource<[contractId: number]>('usage-rev'),
  /** GET …/invoices/situation: open invoices, debt and urgency for the home alerts. */
  invoiceSituation: resource<[customerId: number]>('invoice-situation'),
  /** GET /products/podium: the base products of the customer's segment. */
  podium: resource<[customerId: number]>('podium'),
  /** GET /products/{id}/options: the options of a base product. */
  productOptions: resource<[productId: number]>('product-options'),
  /** GET /products/{id}/promotions: what anyone taking a product gets. */
  productPromotions: resource<[productId: number]>('product-promotions'),
  /** GET /promotions/by-contract for one line: its promotions and their totals. */
  contractPromotions: resource<[customerId: number, contractId: number]>('contract-promotions'),
  /** GET …/orders, one page of a line's order history. */
  orderHistory: resource<[customerId: number, contractId: number, page: number]>('order-history'),
  /** GET …/orders?open=1: a line's order lines still PENDING or QUEUED. */
  openOrders: resource<[customerId: number, contractId: number]>('open-orders'),
};
