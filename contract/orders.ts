import { z } from 'zod';
import { centsSchema, isoDateSchema, pagingQuerySchema, translatedSchema } from './common.ts';
import type { OrderPricing } from './pricing.ts';

export const orderResultStates = ['CANCELED', 'PENDING', 'QUEUED', 'FAILED', 'SUCCESS'] as const;
export const orderStatusSchema = z.enum(orderResultStates);
export type OrderStatus = z.infer<typeof orderStatusSchema>;
export const orderItemKinds = ['SAFEGUARD', 'SETTING', 'OPTION', 'PRODUCT', 'CONTRACT'] as const;
export type OrderItemKind = (typeof orderItemKinds)[number];
export const initiatorTypes = ['U', 'O', 'A', 'C', 'S'] as const;
export type InitiatorType = (typeof initiatorTypes)[number];
export const historyErrorTypes = ['JSON', 'HTML', 'TEXT', 'CUSTOMER_DEBT'] as const;
export type HistoryErrorType = (typeof historyErrorTypes)[number];
export const optimizeContexts = [
  'EditNewOrder',
  'EditOptimizeSubscription',
  'EditPendingOrder',
  'SeeClosedOrder',
  'CancelOptionPending',
] as const;
export type OptimizeContext = (typeof optimizeContexts)[number];

/*
 * Resource names of the order lines (docs/product/subscription.md "Order history"), agreed between the areas that
 * write them into the same `orders`/`order_lines` tables, so that the order history can say each one in words:
 * - SAFEGUARD lines (limits and alerts, values in cents): the settings area;
 * - SETTING lines (values from contract/settings.ts: roamingTypes, throttlingTiers, premiumBarrings, and 0/1 for the
 *   international barring): the settings area;
 * - CONTRACT lines: customer service (reactivate, suspend, SIM swap, terminate) and the SIM activation area
 *   (ACTIVATE);
 * - PRODUCT and OPTION lines: the subscription area. Their resource name is the product's or option's name when the
 *   order was placed (what the customer chose, even if the catalogue changes later) and `resource_id` its id; an
 *   OPTION line's values are counts ('0' → '2'), a PRODUCT line's the old and new product names.
 */
export const safeguardResources = ['OSG_LIMIT', 'OSG_ALERT', 'PSG_LIMIT', 'PSG_ALERT', 'DSG_LIMIT', 'DSG_ALERT'] as const;
export type SafeguardResource = (typeof safeguardResources)[number];
export const settingResources = ['ROAMING', 'THROTTLING', 'PREMIUM_BARRING', 'INTERNATIONAL_BARRING'] as const;
export type SettingResource = (typeof settingResources)[number];
export const contractResources = ['REACTIVATE', 'SUSPEND', 'SIM_SWAP', 'TERMINATE', 'ACTIVATE'] as const;
export type ContractResource = (typeof contractResources)[number];

/** The same names one by one, for code that writes a line (`orderResource.roaming`). */
export const orderResource = {
  osgLimit: 'OSG_LIMIT',
  osgAlert: 'OSG_ALERT',
  psgLimit: 'PSG_LIMIT',
  psgAlert: 'PSG_ALERT',
  dsgLimit: 'DSG_LIMIT',
  dsgAlert: 'DSG_ALERT',
  roaming: 'ROAMING',
  throttling: 'THROTTLING',
  premiumBarring: 'PREMIUM_BARRING',
  internationalBarring: 'INTERNATIONAL_BARRING',
  reactivate: 'REACTIVATE',
  suspend: 'SUSPEND',
  simSwap: 'SIM_SWAP',
  terminate: 'TERMINATE',
  activate: 'ACTIVATE',
} as const satisfies Record<string, SafeguardResource | SettingResource | ContractResource>;

/** `order_type` of a line of each kind (the history's lower-case type). */
export const orderTypeOfKind = {
  PRODUCT: 'product',
  OPTION: 'option',
  SAFEGUARD: 'safeguard',
  SETTING: 'setting',
  CONTRACT: 'contract',
} as const satisfies Record<OrderItemKind, string>;

/** An order line of the history (docs/product/subscription.md "Order history"). */
export const orderLineSchema = z.object({
  id: z.number().int(),
  order_id: z.string(),
  order_date: z.string(),
  order_type: z.enum(['product', 'option', 'safeguard', 'setting', 'contract']),
  item_kind: z.enum(orderItemKinds),
  resource_name: z.string(),
  /** The product or option a PRODUCT or OPTION line is about (the new product of a plan change); null for others. */
  resource_id: z.number().int().nullable(),
  old_value: z.string().nullable(),
  new_value: z.string().nullable(),
  status: orderStatusSchema,
  reason_error: z.enum(historyErrorTypes).nullable(),
  error: z.object({ type: z.enum(historyErrorTypes), message: z.string() }).nullable(),
  isCancellable: z.boolean(),
  initiatorRef: z.string().nullable(),
  initiatorType: z.enum(initiatorTypes),
  scheduled_date: z.string().nullable(),
  executed: z.string().nullable(),
  created: z.string(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/**
 * The history's query: paging (docs/product/api.md "Paging"), and `open=1` for the lines still PENDING or QUEUED
 * only.
 */
export const orderHistoryQuerySchema = pagingQuerySchema.extend({ open: z.enum(['0', '1']).optional() });

/** One line of a price (contract/pricing.ts PriceLine). */
const priceLineSchema = z.object({
  kind: z.enum(['plan', 'option', 'promotion']),
  id: z.number().int(),
  label: translatedSchema,
  quantity: z.number().int(),
  amount: centsSchema,
});
const monthlyChargesSchema = z.object({ lines: z.array(priceLineSchema), total: centsSchema });

/** An order's price as the server stored it when the order was placed, changed or cut (contract/pricing.ts). */
export const orderPricingSchema = z.object({
  before: monthlyChargesSchema,
  after: monthlyChargesSchema,
  from: isoDateSchema,
  proRata: z
    .object({
      from: isoDateSchema,
      to: isoDateSchema,
      days: z.number().int(),
      cycleDays: z.number().int(),
      lines: z.array(priceLineSchema),
      total: centsSchema,
    })
    .nullable(),
}) satisfies z.ZodType<OrderPricing>;

/**
 * A new order line (docs/product/subscription.md "Order history"), with the order's number (`order_id`, O-…) that the
 * history and the follow-up show, and the order's price line by line as stored (the same figures as the order summary
 * and the confirmation e-mail).
 */
export const newOrderLineSchema = z.object({
  id: z.number().int(),
  order_id: z.string(),
  contract_id: z.number().int(),
  scheduled_date_exec: z.string().nullable(),
  status: orderStatusSchema,
  reason_error: z.string().nullable(),
  last_error: z.string().nullable(),
  pricing: orderPricingSchema.nullable(),
});
export type NewOrderLine = z.infer<typeof newOrderLineSchema>;

/** How many times an option may be ordered at most, whatever the catalogue says (the request's bound). */
export const maxOptionCombinations = 20;

/**
 * POST …/orders/create and …/orders/{id}/modify (docs/product/subscription.md "Order rules"): the base product wanted
 * and the count wanted of each option (0 removes it). Options left out keep their current count.
 */
export const orderRequestSchema = z.object({
  product: z.number().int().positive(),
  options: z
    .array(z.object({ id: z.number().int().positive(), combinations: z.number().int().min(0).max(maxOptionCombinations) }))
    .max(50)
    .refine((options) => new Set(options.map((o) => o.id)).size === options.length, { message: 'validation:duplicateOption' }),
});
export type OrderRequest = z.infer<typeof orderRequestSchema>;

/**
 * The new-order working state (docs/product/subscription.md "The optimize screen", "Optimize contexts"): the optimize
 * screen's draft, kept on the device between steps.
 */
export const newOrderStateSchema = z.object({
  newOrder: orderRequestSchema.nullable(),
  oldOrder: orderRequestSchema.nullable(),
  historyContract: z.number().int().nullable(),
  orderPendingId: z.string().nullable(),
  isPending: z.boolean(),
  context: z.enum(optimizeContexts).default('EditNewOrder'),
});
export type NewOrderState = z.infer<typeof newOrderStateSchema>;
