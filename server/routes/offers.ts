import { endpoints } from '#contract/endpoints';
import { isPlainUser, visibleContracts } from '../lib/access.ts';
import type { AppContext } from '../lib/app-context.ts';
import { findContact } from '../lib/customer-data.ts';
import { offersFor, promoOf, referralOf } from '../lib/offers-data.ts';
import { createRouter, type Router } from '../lib/contract-route.ts';
import { routePlugin } from '../lib/route-plugin.ts';
import { authOf } from '../plugins/auth.ts';

/*
 * GET /customer/{id}/offers (docs/product/offers.md "The offers page"): the promotions that apply to this customer and
 * its referral code. A plain user sees the advantages of its own line and the catalogue's offers, not the holder's
 * codes (docs/product/roles.md "Plain user").
 */
const registerOfferRoutes = (router: Router, ctx: AppContext): void => {
  const { db } = ctx;

  router.route(endpoints.customerOffers, async ({ params, request }) => {
    const auth = authOf(request);
    const contracts = await visibleContracts(db, auth, params.customerId);
    const residential = (await findContact(db, params.customerId))?.is_residential !== 0;
    const plain = isPlainUser(auth.user);
    return {
      promo: plain ? null : await promoOf(db, params.customerId),
      offers: await offersFor(
        db,
        contracts.map((contract) => contract.id),
        residential,
        ctx.clock.now(),
      ),
      referral: plain ? null : await referralOf(db, params.customerId),
    };
  });
};

export default routePlugin((app, { ctx }) => {
  registerOfferRoutes(createRouter(app, ctx), ctx);
});
