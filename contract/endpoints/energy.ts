import { z } from 'zod';
import { energyLinkRequestSchema, linkStatusSchema, relogAnswerSchema } from '../energy.ts';
import { define, customerParams } from './endpoint.ts';

const emptyBody = z.object({}).optional();

/** The link with the energy account (docs/product/offers.md "Energy link"). */
export const energyEndpoints = define({
  linkStatus: { method: 'GET', base: 'api', path: '/customer/:customerId/link-status', params: customerParams, response: linkStatusSchema },
  linkEnergy: {
    method: 'POST',
    base: 'api',
    path: '/user/link',
    body: energyLinkRequestSchema,
    response: linkStatusSchema,
    onlineOnly: true,
  },
  relog: { method: 'POST', base: 'api', path: '/user/relog', body: emptyBody, response: relogAnswerSchema, onlineOnly: true },
});
