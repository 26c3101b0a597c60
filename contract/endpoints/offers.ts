import { offersResponseSchema } from '../offers.ts';
import { define, customerParams } from './endpoint.ts';

/** The customer's offers (docs/product/offers.md). */
export const offersEndpoints = define({
  customerOffers: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/offers',
    params: customerParams,
    response: offersResponseSchema,
  },
});
