import { DAY_MS, iso, isoDate, nextCycleStartMs } from '../demo/calendar.ts';
import { CONTRACTS } from '../demo/contracts.ts';
import { ORDERS, type DemoOrder } from '../demo/orders.ts';
import type { SeedContext } from './context.ts';
import { userGuid } from './customers.ts';

/** The orders and their lines (demo/orders.ts), numbered O-0000000001 … in list order. */
export const seedOrders = (s: SeedContext): void => {
  const { db, now, nowMs, daysAgo } = s;
  const insertOrder = db.prepare<[string, number, string, string, string | null, string | null, string | null, string]>(`INSERT INTO orders
    (order_ref, contract_id, status, created_at, scheduled_date, executed_at, initiator_ref, initiator_type) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const insertLine = db.prepare(`INSERT INTO order_lines (order_id, order_type, item_kind, resource_name, resource_id, old_value,
    new_value, status, reason_error, error, is_cancellable, scheduled_date, executed_at, queued_at, created_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);

  /** Whole days from now to the start of the line's next cycle, rounded up (the scheduled date of a pending change). */
  const scheduledDate = (order: DemoOrder): string | null => {
    if (order.scheduled !== 'next-cycle') return null;
    const startDay = CONTRACTS.find((c) => c.id === order.contractId)?.startDay;
    if (startDay === undefined) throw new Error(`order on unknown contract ${order.contractId}`);
    const days = Math.ceil((nextCycleStartMs(now, startDay) - nowMs) / DAY_MS);
    return isoDate(nowMs + days * DAY_MS);
  };

  ORDERS.forEach((order, index) => {
    const created = daysAgo(order.ageDays);
    const scheduled = scheduledDate(order);
    const executed = order.status === 'SUCCESS' || order.status === 'FAILED' ? iso(created + 2 * 60_000) : null;
    const initiatorRef = order.initiator.user !== undefined ? userGuid(s, order.initiator.user) : (order.initiator.ref ?? null);
    const orderId = Number(
      insertOrder.run(
        `O-${String(index + 1).padStart(10, '0')}`,
        order.contractId,
        order.status,
        iso(created),
        scheduled,
        executed,
        initiatorRef,
        order.initiator.type,
      ).lastInsertRowid,
    );
    for (const line of order.lines) {
      const lineExecuted = line.status === 'SUCCESS' || line.status === 'FAILED' ? executed : null;
      insertLine.run(
        orderId,
        line.type,
        line.kind,
        line.resource,
        line.resourceId ?? null,
        line.old,
        line.new,
        line.status,
        line.reason ?? null,
        line.error ?? null,
        line.cancellable ? 1 : 0,
        scheduled,
        lineExecuted,
        line.status === 'QUEUED' ? iso(created + 60_000) : null,
        iso(created),
      );
    }
  });
};
