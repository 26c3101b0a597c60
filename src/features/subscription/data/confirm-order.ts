import { cancelOrder, createOrder, modifyOrder } from '#data/order-actions';
import type { NewOrderLine } from '#contract/orders';
import { clearDraft, type OptimizeDraft } from './optimize-draft.ts';
import type { OrderAction } from './subscription-rules.ts';

/*
 * Confirming the optimize draft (docs/product/subscription.md "Order rules": create or modify) and cancelling a
 * pending option order from the optimize screen (docs/product/subscription.md "Optimize contexts":
 * CancelOptionPending). Online-only calls: the screens disable them offline; a refusal rejects with the server's
 * ApiError, and the draft stays as it was so nothing chosen is lost.
 */

export const confirmDraft = async (
  target: { customerId: number; contractId: number },
  draft: OptimizeDraft,
  action: Exclude<OrderAction, { kind: 'unchanged' }>,
): Promise<NewOrderLine> => {
  const answer =
    action.kind === 'modify'
      ? await modifyOrder(target, action.orderId, action.request, draft.idempotencyKey)
      : await createOrder(target, action.request, draft.idempotencyKey);
  await clearDraft(target.contractId);
  return answer;
};

export const cancelPendingOrder = (target: { customerId: number; contractId: number }, orderId: string): Promise<void> =>
  cancelOrder(target, orderId);
