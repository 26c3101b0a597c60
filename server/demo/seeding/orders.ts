import { DAY_MS, cycleStartMs, iso, isoDate, nextCycleStartMs } from '../data/calendar.ts';
import { CONTRACTS } from '../data/contracts.ts';
import { ORDERS, type DemoOrder } from '../data/orders.ts';
import type { SeedContext } from './context.ts';
import { userGuid } from './customers.ts';

/** The orders and their lines (demo/orders.ts), numbered O-0000000001 … in list order. */
export const seedOrders = async (s: SeedContext): Promise<void> => {
  const { db, now, nowMs, daysAgo } = s;

  /** Whole days from now to the start of the line's next cycle, rounded up (the scheduled date of a pending change). */
  const scheduledDate = (order: DemoOrder): string | null => {
    if (order.scheduled !== 'next-cycle') return null;
    const startDay = CONTRACTS.find((c) => c.id === order.contractId)?.startDay;
    if (startDay === undefined) throw new Error(`order on unknown contract ${order.contractId}`);
    const days = Math.ceil((nextCycleStartMs(now, startDay) - nowMs) / DAY_MS);
    return isoDate(nowMs + days * DAY_MS);
  };

  /** When the order was placed: `ageDays` ago, or 10:00 on its day of the line's last closed cycle. */
  const createdAt = (order: DemoOrder): number => {
    if (order.lastClosedCycleDay === undefined) return daysAgo(order.ageDays);
    const startDay = CONTRACTS.find((c) => c.id === order.contractId)?.startDay;
    if (startDay === undefined) throw new Error(`order on unknown contract ${order.contractId}`);
    return cycleStartMs(now, startDay, 1) + order.lastClosedCycleDay * DAY_MS + 10 * 3_600_000;
  };

  for (const [index, order] of ORDERS.entries()) {
    const created = createdAt(order);
    const scheduled = scheduledDate(order);
    const executed = order.status === 'SUCCESS' || order.status === 'FAILED' ? iso(created + 2 * 60_000) : null;
    const initiatorRef = order.initiator.user !== undefined ? await userGuid(s, order.initiator.user) : (order.initiator.ref ?? null);
    const { id: orderId } = await db
      .insertInto('orders')
      .values({
        order_ref: `O-${String(index + 1).padStart(10, '0')}`,
        contract_id: order.contractId,
        status: order.status,
        created_at: iso(created),
        scheduled_date: scheduled,
        executed_at: executed,
        initiator_ref: initiatorRef,
        initiator_type: order.initiator.type,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const line of order.lines) {
      const lineExecuted = line.status === 'SUCCESS' || line.status === 'FAILED' ? executed : null;
      await db
        .insertInto('order_lines')
        .values({
          order_id: orderId,
          order_type: line.type,
          item_kind: line.kind,
          resource_name: line.resource,
          resource_id: line.resourceId ?? null,
          old_value: line.old,
          new_value: line.new,
          status: line.status,
          reason_error: line.reason ?? null,
          error: line.error ?? null,
          is_cancellable: line.cancellable ? 1 : 0,
          scheduled_date: scheduled,
          executed_at: lineExecuted,
          queued_at: line.status === 'QUEUED' ? iso(created + 60_000) : null,
          created_at: iso(created),
        })
        .execute();
    }
  }
};
