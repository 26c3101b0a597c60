import { z } from 'zod';
import { idParamSchema } from '../common.ts';
import {
  contractProductsQuerySchema,
  contractProductsResponseSchema,
  optionSchema,
  productSchema,
  promotionSchema,
  promotionsByContractQuerySchema,
  promotionsByContractResponseSchema,
} from '../products.ts';
import { define, contractParams } from './endpoint.ts';

/** The catalogue: a line's products, the podium, options and promotions (docs/product/subscription.md). */
export const productsEndpoints = define({
  contractProducts: {
    method: 'GET',
    base: 'api',
    path: '/customer/:customerId/contract/:contractId/products',
    params: contractParams,
    query: contractProductsQuerySchema,
    response: contractProductsResponseSchema,
  },
  // The base products offered to the signed-in customer's segment (docs/product/subscription.md
  // "The catalogue a customer is offered": residential or professional), cheapest first.
  podium: {
    method: 'GET',
    base: 'api',
    path: '/products/podium',
    response: z.object({ segment: z.enum(['residential', 'professional']), products: z.array(productSchema) }),
  },
  // The options that can be added to a base product (`active` is false or 0: no contract here).
  productOptions: {
    method: 'GET',
    base: 'api',
    path: '/products/:productId/options',
    params: z.object({ productId: idParamSchema }),
    response: z.object({ options: z.array(optionSchema) }),
  },
  productPromotions: {
    method: 'GET',
    base: 'api',
    path: '/products/:productId/promotions',
    params: z.object({ productId: idParamSchema }),
    response: z.object({ promotions: z.array(promotionSchema) }),
  },
  promotionsByContract: {
    method: 'GET',
    base: 'api',
    path: '/promotions/by-contract',
    query: promotionsByContractQuerySchema,
    response: promotionsByContractResponseSchema,
  },
});
