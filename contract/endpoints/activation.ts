import { z } from 'zod';
import {
  activateOrderRequestSchema,
  activationChoiceSchema,
  identificationFieldsSchema,
  identityUpload,
  newNumberRequestSchema,
  portInPatchSchema,
  resendActivationCodeRequestSchema,
  simOrderListSchema,
  simOrderSchema,
} from '../activation.ts';
import { okSchema } from '../common.ts';
import { define, contractParams, customerParams } from './endpoint.ts';

/** SIM activation, identification and number porting (docs/product/activation.md). */
export const activationEndpoints = define({
  // SIM activation without login (docs/product/api.md "Public calls"). orders/activate checks the order and its code
  // and opens an activation session (an HttpOnly cookie bound to that order) for the calls below and the order's
  // follow-up.
  activateOrder: {
    method: 'POST',
    base: 'public',
    path: '/orders/activate',
    body: activateOrderRequestSchema,
    response: simOrderSchema,
    onlineOnly: true,
  },
  resendActivationCode: {
    method: 'POST',
    base: 'public',
    path: '/orders/activate/resend',
    body: resendActivationCodeRequestSchema,
    response: okSchema,
    onlineOnly: true,
  },
  publicSimOrder: {
    method: 'GET',
    base: 'public',
    path: '/orders/:uuid',
    params: z.object({ uuid: z.uuid() }),
    response: simOrderSchema,
  },
  activateOrderDelivery: {
    method: 'POST',
    base: 'public',
    path: '/subscription/:customerId/contract/:contractId/order-delivery/activate',
    params: contractParams,
    body: activationChoiceSchema,
    response: simOrderSchema,
    onlineOnly: true,
  },
  identifyOrder: {
    method: 'POST',
    base: 'public',
    path: '/subscription/:customerId/contract/:contractId/identify',
    params: contractParams,
    upload: { fields: identificationFieldsSchema, file: identityUpload },
    response: simOrderSchema,
    onlineOnly: true,
  },
  activateSim: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/activate-sim',
    params: contractParams,
    body: newNumberRequestSchema,
    response: simOrderSchema,
    onlineOnly: true,
  },
  simOrders: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/sim-orders',
    params: customerParams,
    response: simOrderListSchema,
  },
  identify: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/identify',
    params: contractParams,
    upload: { fields: identificationFieldsSchema, file: identityUpload },
    response: simOrderSchema,
    onlineOnly: true,
  },
  portIn: {
    method: 'PATCH',
    base: 'api',
    path: '/customer/:customerId/contract/',
    params: customerParams,
    body: portInPatchSchema,
    response: simOrderSchema,
    onlineOnly: true,
  },
});
