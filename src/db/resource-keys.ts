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
  /** GET …/usage?period= (or ?cycle=): a contract's usage summary of the current, previous or an earlier bill. */
  usageSummary: resource<[customerId: number, contractId: number, period: 'current' | 'previous' | `cycle:${string}`]>('usage'),
  /** GET …/usage/history for a date range (ISO dates, inclusive): the range's records are stored. */
  usageRecords: resource<[customerId: number, contractId: number, from: string, to: string]>('usage-records'),
  /** GET …/usage/cycles: the totals of a contract's last completed bill cycles. */
  usageCycles: resource<[customerId: number, contractId: number]>('usage-cycles'),
  /** Not a fetch: bumped whenever records of a contract are written, so the usage worker drops its cache. */
  usageRevision: resource<[contractId: number]>('usage-rev'),
  /** GET …/invoices/situation: open invoices, debt and urgency for the home alerts. */
  invoiceSituation: resource<[customerId: number]>('invoice-situation'),
  /** GET /customer/{id}/sim-orders: the follow-up of the holder's SIM orders. */
  simOrders: resource<[customerId: number]>('sim-orders'),
  /** GET /public/orders/{uuid}: one SIM order followed without login (activation session). */
  publicSimOrder: resource<[uuid: string]>('sim-order'),
  /** GET /faq?lang=: the FAQ of one language. */
  faq: resource<[lang: string]>('faq'),
  /** GET /support/tickets: the messages the user wrote, from every device. */
  supportTickets: resource<[userGuid: string]>('supportTickets'),
  /** GET /customer/{id}/offers: the offers, advantages and referral code of a customer. */
  offers: resource<[customerId: number]>('offers'),
  /** GET /customer/{id}/link-status: the energy link, written onto the customer row. */
  linkStatus: resource<[customerId: number]>('link-status'),
  /** GET …/contract/{id}/settings: a line's settings, safeguards and recent changes. */
  lineSettings: resource<[customerId: number, contractId: number]>('line-settings'),
  /** GET …/notifications: the alert grid of the customer's visible lines. */
  notifications: resource<[customerId: number]>('notifications'),
  /** GET …/notifications/sent: the last messages sent. */
  sentNotifications: resource<[customerId: number]>('notifications-sent'),
  /** GET …/privacy: the holder's consents. */
  privacy: resource<[customerId: number]>('privacy'),
  /** GET …/invoices/open for a cost centre (or `all`). */
  invoicesOpen: resource<[customerId: number, costCenter: number | 'all']>('invoices-open'),
  /** GET …/invoices/paid: one page for a cost centre (or `all`). */
  invoicesPaid: resource<[customerId: number, costCenter: number | 'all', page: number]>('invoices-paid'),
  /** GET …/cost-centers. */
  costCenters: resource<[customerId: number]>('cost-centers'),
  /** GET …/invoices/{uuid}: one invoice with its lines. */
  invoiceDetail: resource<[customerId: number, uuid: string]>('invoice-detail'),
  /** GET …/invoices/estimate: the next invoice's estimate. */
  invoiceEstimate: resource<[customerId: number]>('invoice-estimate'),
  /** GET /invoices/creditor: who customers pay (not a customer's data: one copy). */
  paymentCreditor: resource<[]>('payment-creditor'),
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
  /** GET …/payments/{reference}: an online payment, read on return from the checkout. */
  onlinePayment: resource<[customerId: number, reference: string]>('online-payment'),
};
