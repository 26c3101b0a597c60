import { call } from '#api/client';
import type { SimOrder } from '#contract/activation';
import { endpoints } from '#contract/endpoints';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import { pull, type PullResult } from '#sync/pull';
import type { PullCallOptions } from '#lib/use-pull';

/*
 * The follow-up of SIM orders, from the API into Dexie. Offline: the fetch fails, nothing is written, and the
 * screens keep showing the stored follow-up with its age.
 */

/** The holder's SIM orders: the customer's rows are replaced by the answer (an order gone from it is gone here). */
export const pullSimOrders = (customerId: number, options: PullCallOptions = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.simOrders(customerId),
    force: options.force ?? false,
    tables: [db.simOrders],
    fetch: () => call(endpoints.simOrders, { params: { customerId }, silent: true }),
    write: async ({ orders }) => {
      const kept = new Set(orders.map((order) => order.uuid));
      const stored = await db.simOrders.where('customerId').equals(customerId).primaryKeys();
      await db.simOrders.bulkDelete(stored.filter((uuid) => !kept.has(uuid)));
      await db.simOrders.bulkPut(orders);
    },
  });

/** One order followed without login: the activation session (an HttpOnly cookie) opens it. */
export const pullPublicSimOrder = (uuid: string, options: PullCallOptions = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.publicSimOrder(uuid),
    force: options.force ?? false,
    tables: [db.simOrders],
    fetch: () => call(endpoints.publicSimOrder, { params: { uuid }, silent: true }),
    write: async (order) => {
      await db.simOrders.put(order);
    },
  });

/** An answer of an activation call is the order's new follow-up: stored at once, with its fetch time. */
export const storeSimOrder = async (order: SimOrder, resource: string): Promise<void> => {
  await db.transaction('rw', [db.simOrders, db.meta], async () => {
    await db.simOrders.put(order);
    await db.meta.put({ resource, fetchedAt: Date.now() });
  });
};
