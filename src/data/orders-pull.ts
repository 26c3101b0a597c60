import { call } from '#api/client';
import { defaultPageSize } from '#contract/common';
import { endpoints } from '#contract/endpoints';
import type { OrderLine } from '#contract/orders';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { OrderLineRow } from '#db/schema';
import { pull, type PullResult } from '#sync/pull';
import { pullContractProducts } from './products-pull.ts';

/*
 * A line's order history (GET …/orders, docs/product/api.md "Paging") and its open order lines (`open=1`): the orders
 * screen reads the pages, the subscription screens the open lines (what is pending shapes the optimize rules), so the
 * pulls live in the shared data/. Owners and admins only: never call them for a plain user (the server answers 403).
 * Offline: the calls fail and the stored pages stay on screen with their age.
 */

export const toOrderLineRow = (line: OrderLine): OrderLineRow => ({
  id: line.id,
  orderId: line.order_id,
  orderDate: line.order_date,
  kind: line.item_kind,
  resourceName: line.resource_name,
  resourceId: line.resource_id,
  oldValue: line.old_value,
  newValue: line.new_value,
  status: line.status,
  error: line.error,
  isCancellable: line.isCancellable,
  initiatorRef: line.initiatorRef,
  initiatorType: line.initiatorType,
  scheduledDate: line.scheduled_date,
  executed: line.executed,
  created: line.created,
});

/** One page (1-based) of the history, newest first, 25 lines a page (docs/product/subscription.md "Order history"). */
export const pullOrderHistory = (customerId: number, contractId: number, page: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.orderHistory(customerId, contractId, page),
    force: options.force ?? false,
    tables: [db.orderPages],
    fetch: () =>
      call(endpoints.orderHistory, {
        params: { customerId, contractId },
        query: { 'megalist-page': page, 'megalist-batchSize': defaultPageSize, 'megalist-sortOrder': 'desc' },
        silent: true,
      }),
    write: async (data) => {
      await db.orderPages.put({
        contractId,
        page,
        lines: data.data.map(toOrderLineRow),
        total: data.pagination.total,
        lastPage: data.pagination.last_page,
        perPage: data.pagination.per_page,
      });
    },
  });

/** The line's order lines still PENDING or QUEUED (at most 100: a line never has that many waiting). */
export const pullOpenOrders = (customerId: number, contractId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.openOrders(customerId, contractId),
    force: options.force ?? false,
    tables: [db.openOrders],
    fetch: () =>
      call(endpoints.orderHistory, {
        params: { customerId, contractId },
        query: { 'megalist-page': 1, 'megalist-batchSize': 100, 'megalist-sortOrder': 'desc', open: '1' },
        silent: true,
      }),
    write: async (data) => {
      await db.openOrders.put({ contractId, lines: data.data.map(toOrderLineRow) });
    },
  });

/**
 * After an order was created, modified or cancelled: what it changed, fetched again past every cache (the history's
 * first page, the open lines, and the line's products, which the order job changes once it runs).
 */
export const refreshAfterOrder = async (customerId: number, contractId: number): Promise<void> => {
  await Promise.allSettled([
    pullOpenOrders(customerId, contractId, { force: true }),
    pullOrderHistory(customerId, contractId, 1, { force: true }),
    pullContractProducts(customerId, contractId, { force: true }),
  ]);
};
