import { endpoints } from '#contract/endpoints';
import { requireContract, requireCustomer, visibleContracts } from '../lib/access.ts';
import { forbidden, notFound } from '../lib/api-error.ts';
import type { AppContext } from '../lib/app-context.ts';
import { findContact } from '../lib/customer-data.ts';
import {
  contractOptions,
  contractProducts,
  contractPromotions,
  findProduct,
  podiumProducts,
  productOptions,
  productPromotions,
  promotionTotals,
  type Segment,
} from '../lib/product-data.ts';
import { hasProfessionalRestriction } from '#contract/roles';
import { createRouter, type Router } from '../lib/contract-route.ts';
import { routePlugin } from '../lib/route-plugin.ts';
import type { ResolvedSession } from '../lib/sessions.ts';
import { authOf } from '../plugins/auth.ts';

/**
 * The user's segment for the catalogue (docs/product/roles.md "Professional restriction": it applies to an owner or
 * admin of a non-residential contact): professional products for them, residential ones for everyone else, a
 * company's plain user included.
 */
export const segmentOf = async (ctx: AppContext, auth: ResolvedSession): Promise<Segment> => {
  const customerId = auth.user.customer_id;
  if (customerId === null) throw forbidden();
  requireCustomer(auth, customerId);
  const contact = await findContact(ctx.db, customerId);
  return hasProfessionalRestriction(auth.user, contact ? { residential: contact.is_residential === 1 } : null)
    ? 'professional'
    : 'residential';
};

/**
 * The catalogue reads of docs/product/api.md "Authenticated calls": a line's products and options, the podium of the
 * customer's segment, the options and promotions of a product, and the promotions of the customer's lines. The
 * catalogue is not personal data, but every call needs a signed-in customer (the segment is the customer's).
 */
const registerProductRoutes = (router: Router, ctx: AppContext): void => {
  const { db } = ctx;

  router.route(endpoints.contractProducts, async ({ params, query, request }) => {
    const contract = await requireContract(db, authOf(request), params.customerId, params.contractId);
    const ids = query.ids ? query.ids.split(',').map(Number) : null;
    return { products: await contractProducts(db, contract.id, ids), options: await contractOptions(db, contract.id, contract.product_id) };
  });

  router.route(endpoints.podium, async ({ request }) => {
    const segment = await segmentOf(ctx, authOf(request));
    return { segment, products: await podiumProducts(db, segment) };
  });

  router.route(endpoints.productOptions, async ({ params, request }) => {
    await segmentOf(ctx, authOf(request));
    const product = await findProduct(db, params.productId);
    if (!product || product.type !== 'BASE') throw notFound('Product not found');
    return { options: await productOptions(db, product.id) };
  });

  router.route(endpoints.productPromotions, async ({ params, request }) => {
    await segmentOf(ctx, authOf(request));
    if (!(await findProduct(db, params.productId))) throw notFound('Product not found');
    return { promotions: await productPromotions(db, params.productId) };
  });

  // Only the lines the session may see (a plain user: its own); any other id is refused whole (403).
  router.route(endpoints.promotionsByContract, async ({ query, request }) => {
    const auth = authOf(request);
    const customerId = auth.user.customer_id;
    if (customerId === null) throw forbidden();
    const visible = new Map((await visibleContracts(db, auth, customerId)).map((contract) => [contract.id, contract]));
    const promotions: Record<string, Awaited<ReturnType<typeof contractPromotions>>> = {};
    const totals: Record<string, { percentage: number; amount: number }> = {};
    for (const id of new Set(query.contracts.split(',').map(Number))) {
      const contract = visible.get(id);
      if (!contract) throw forbidden();
      const list = await contractPromotions(db, contract.id, contract.product_id);
      promotions[String(id)] = list;
      totals[String(id)] = promotionTotals(list);
    }
    return { promotions, totals };
  });
};

export default routePlugin((app, { ctx }) => {
  registerProductRoutes(createRouter(app, ctx), ctx);
});
