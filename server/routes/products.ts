import { endpoints } from '#contract/endpoints';
import { requireContract } from '../lib/access.ts';
import type { AppContext } from '../lib/app-context.ts';
import { contractOptions, contractProducts } from '../lib/product-data.ts';
import type { Router } from '../lib/router.ts';
import { authOf } from '../plugins/auth.ts';

export const registerProductRoutes = (router: Router, ctx: AppContext): void => {
  const { db } = ctx;

  router.route(endpoints.contractProducts, ({ params, query, request }) => {
    const contract = requireContract(db, authOf(request), params.customerId, params.contractId);
    const ids = query.ids ? query.ids.split(',').map(Number) : null;
    return { products: contractProducts(db, contract.id, ids), options: contractOptions(db, contract.id, contract.product_id) };
  });
};
