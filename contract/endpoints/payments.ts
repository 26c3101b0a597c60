import { z } from 'zod';
import { idParamSchema, okSchema } from '../common.ts';
import {
  onlinePaymentSchema,
  paymentCheckoutSchema,
  paymentReferenceSchema,
  paymentRequestSchema,
  paymentWebhookSchema,
} from '../payments.ts';
import { define, customerParams } from './endpoint.ts';

/** Paying online (docs/product/payments.md). */
export const paymentsEndpoints = define({
  // Paying online (docs/product/payments.md): one invoice, or the open total (the debt of the invoice situation).
  // The server decides the amount; the answer is the provider's checkout, where the app sends the customer.
  payInvoice: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/invoices/:uuid/payment',
    params: z.object({ customerId: idParamSchema, uuid: z.string().uuid() }),
    body: paymentRequestSchema,
    response: paymentCheckoutSchema,
    onlineOnly: true,
  },
  payOpenTotal: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/invoices/open/payment',
    params: customerParams,
    body: paymentRequestSchema,
    response: paymentCheckoutSchema,
    onlineOnly: true,
  },
  // On return from the checkout: the payment as the provider has it now (the server asks it while it is not final).
  onlinePayment: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/payments/:reference',
    params: z.object({ customerId: idParamSchema, reference: paymentReferenceSchema }),
    response: onlinePaymentSchema,
  },
  // The provider's webhook: server to server, no session, no Origin; rate-limited per address.
  paymentWebhook: {
    method: 'POST',
    base: 'public',
    path: '/payments/webhook',
    body: paymentWebhookSchema,
    response: okSchema,
    form: true,
  },
});
