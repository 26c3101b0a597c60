import { call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import type { NewOrderLine, OrderRequest } from '#contract/orders';
import { refreshAfterOrder } from './orders-pull.ts';

/*
 * The order changes of docs/product/subscription.md "Order rules" (create, modify, cancel): online-only calls
 * (docs/architecture.md "Writing: queued mutations"), never queued. A confirmation carries an Idempotency-Key made when the customer reached
 * the confirmation, so pressing twice, or again after a lost answer, places one order. Both the subscription and the
 * orders screens use them. Offline: the screens disable them; a call that fails anyway rejects with the ApiError and
 * changes nothing here.
 */

export type OrderTarget = { customerId: number; contractId: number };

export const createOrder = async (target: OrderTarget, request: OrderRequest, idempotencyKey: string): Promise<NewOrderLine> => {
  const answer = await call(endpoints.createOrder, { params: target, body: request, idempotencyKey, silent: true });
  await refreshAfterOrder(target.customerId, target.contractId);
  return answer;
};

export const modifyOrder = async (target: OrderTarget, orderId: string, request: OrderRequest, idempotencyKey: string): Promise<NewOrderLine> => {
  const answer = await call(endpoints.modifyOrder, { params: { ...target, orderId }, body: request, idempotencyKey, silent: true });
  await refreshAfterOrder(target.customerId, target.contractId);
  return answer;
};

/** Cancels one line of an order: that change only (docs/product/subscription.md "Cancelling an order"). */
export const cancelOrderLine = async (target: OrderTarget, orderId: string, lineId: number): Promise<void> => {
  await call(endpoints.cancelOrderLine, { params: { ...target, orderId, lineId }, idempotencyKey: crypto.randomUUID(), silent: true });
  await refreshAfterOrder(target.customerId, target.contractId);
};

export const cancelOrder = async (target: OrderTarget, orderId: string): Promise<void> => {
  await call(endpoints.cancelOrder, { params: { ...target, orderId }, idempotencyKey: crypto.randomUUID(), silent: true });
  await refreshAfterOrder(target.customerId, target.contractId);
};
