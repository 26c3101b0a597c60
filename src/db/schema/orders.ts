import type { EntityTable, Table } from 'dexie';

/*
 * A line's order history (docs/product/subscription.md "Order history").
 */

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

/** The tables of this area in the app database. */
export type OrdersTables = {
  orderPages: Table<OrderPageRow, [number, number]>;
  openOrders: EntityTable<OpenOrdersRow, 'contractId'>;
};
