import { z } from 'zod';
import { idParamSchema, okSchema, pagedSchema } from '../common.ts';
import { newOrderLineSchema, orderHistoryQuerySchema, orderLineSchema, orderRequestSchema } from '../orders.ts';
import { define, contractParams } from './endpoint.ts';

/**
 * An order's number (docs/product/validation.md "Customer, energy and order numbers": 'O-' and 10 digits), as the
 * history's `order_id` gives it.
 */
const orderRefSchema = z.string().regex(/^O-\d{10}$/, 'validation:orderNumber');

/** Orders on a line: create, modify, cancel, history (docs/product/subscription.md). */
export const ordersEndpoints = define({
  createOrder: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/orders/create',
    params: contractParams,
    body: orderRequestSchema,
    response: newOrderLineSchema,
    onlineOnly: true,
  },
  modifyOrder: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/orders/:orderId/modify',
    params: contractParams.extend({ orderId: orderRefSchema }),
    body: orderRequestSchema,
    response: newOrderLineSchema,
    onlineOnly: true,
  },
  cancelOrder: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/orders/:orderId/cancel',
    params: contractParams.extend({ orderId: orderRefSchema }),
    response: okSchema,
    onlineOnly: true,
  },
  /**
   * Cancels one line of a pending order (docs/product/subscription.md "Cancelling an order"): that change only; the
   * order's other changes still happen. 409 when the line can no longer be cancelled.
   */
  cancelOrderLine: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/orders/:orderId/lines/:lineId/cancel',
    params: contractParams.extend({ orderId: orderRefSchema, lineId: idParamSchema }),
    response: okSchema,
    onlineOnly: true,
  },
  orderHistory: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/orders',
    params: contractParams,
    query: orderHistoryQuerySchema,
    response: pagedSchema(orderLineSchema),
  },
});
