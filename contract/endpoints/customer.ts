import { z } from 'zod';
import { idParamSchema } from '../common.ts';
import {
  contactPatchSchema,
  contactSchema,
  customerFullQuerySchema,
  customerFullSchema,
  invoicingPatchSchema,
  invoicingSchema,
} from '../customer.ts';
import { define, customerParams } from './endpoint.ts';

/** The customer: profile, contact and invoicing preferences (docs/product/settings.md). */
export const customerEndpoints = define({
  publicCustomer: {
    method: 'GET',
    base: 'public',
    path: '/customer/:customerId/:token',
    params: z.object({ customerId: idParamSchema, token: z.string().min(1).max(200) }),
    response: z.object({ customer_ref: z.string(), first_name: z.string() }),
  },
  customerFull: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/full',
    params: customerParams,
    query: customerFullQuerySchema,
    response: customerFullSchema,
  },
  patchContact: {
    method: 'PATCH',
    base: 'api',
    path: '/customer/:customerId/contact',
    params: customerParams,
    body: contactPatchSchema,
    response: contactSchema,
    queued: true,
  },
  // The contact's new e-mail address awaits its confirmation link: send it again (throttled per address).
  resendEmailConfirmation: {
    method: 'POST',
    base: 'api',
    path: '/customer/:customerId/contact/confirm-email',
    params: customerParams,
    response: z.object({ success: z.literal(true), email: z.string() }),
    onlineOnly: true,
  },
  patchInvoicing: {
    method: 'PATCH',
    base: 'api',
    path: '/customer/:customerId/invoicing',
    params: customerParams,
    body: invoicingPatchSchema,
    response: invoicingSchema,
    queued: true,
  },
});
