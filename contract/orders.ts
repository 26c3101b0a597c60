import { z } from 'zod';

export const orderResultStates = ['CANCELED', 'PENDING', 'QUEUED', 'FAILED', 'SUCCESS'] as const;
export const orderStatusSchema = z.enum(orderResultStates);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const orderItemKinds = ['SAFEGUARD', 'SETTING', 'OPTION', 'PRODUCT', 'CONTRACT'] as const;
export const initiatorTypes = ['U', 'O', 'A', 'C', 'S'] as const;
export const historyErrorTypes = ['JSON', 'HTML', 'TEXT', 'CUSTOMER_DEBT'] as const;
export const optimizeContexts = [
  'EditNewOrder',
  'EditOptimizeSubscription',
  'EditPendingOrder',
  'SeeClosedOrder',
  'CancelOptionPending',
] as const;

/** SPEC §3 "Order line (history)". */
export const orderLineSchema = z.object({
  id: z.number().int(),
  order_id: z.string(),
  order_date: z.string(),
  order_type: z.enum(['product', 'option', 'safeguard', 'setting', 'contract']),
  item_kind: z.enum(orderItemKinds),
  resource_name: z.string(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  status: orderStatusSchema,
  reason_error: z.string().nullable(),
  error: z.object({ type: z.enum(historyErrorTypes), message: z.string() }).nullable(),
  isCancellable: z.boolean(),
  initiatorRef: z.string().nullable(),
  initiatorType: z.enum(initiatorTypes),
  scheduled_date: z.string().nullable(),
  executed: z.string().nullable(),
  created: z.string(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

export const newOrderLineSchema = z.object({
  id: z.number().int(),
  contract_id: z.number().int(),
  scheduled_date_exec: z.string().nullable(),
  status: orderStatusSchema,
  reason_error: z.string().nullable(),
  last_error: z.string().nullable(),
});

export const orderRequestSchema = z.object({
  product: z.number().int().positive(),
  options: z.array(z.object({ id: z.number().int().positive(), combinations: z.number().int().min(0).max(20) })).max(50),
});
export type OrderRequest = z.infer<typeof orderRequestSchema>;

/** SPEC §3 "New-order working state": the optimize screen's draft, kept on the device between steps. */
export const newOrderStateSchema = z.object({
  newOrder: orderRequestSchema.nullable(),
  oldOrder: orderRequestSchema.nullable(),
  historyContract: z.number().int().nullable(),
  orderPendingId: z.string().nullable(),
  isPending: z.boolean(),
  context: z.enum(optimizeContexts).default('EditNewOrder'),
});
export type NewOrderState = z.infer<typeof newOrderStateSchema>;
