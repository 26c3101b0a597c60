import { relogTokenLifetimeMs } from '#contract/energy';
import { endpoints } from '#contract/endpoints';
import { writeTransaction } from '../db/engine.ts';
import { ApiError, forbidden } from '../lib/api-error.ts';
import { requireCustomer } from '../lib/access.ts';
import type { AppContext } from '../lib/app-context.ts';
import { confirmLink, findEnergyAccount, linkStatusOf, otherHolderOf } from '../lib/energy-data.ts';
import { issueLink } from '../lib/one-time-codes.ts';
import { hashPassword, verifyPasswordAsync } from '../lib/password.ts';
import { checkGuess, energyLinkPolicy, limitKeys } from '../lib/rate-limit.ts';
import { createRouter, type Router } from '../lib/contract-route.ts';
import { routePlugin } from '../lib/route-plugin.ts';
import { randomToken } from '../lib/tokens.ts';
import type { UserRow } from '../lib/users.ts';
import { authOf } from '../plugins/auth.ts';

/*
 * The energy link (docs/product/offers.md "Energy link", "One-click energy login"; docs/product/roles.md "Owner-only
 * rights"): its status, linking an energy account (owners only), and the owner's one-click login to the energy portal.
 * The portal itself is outside this product (ENERGY_PORTAL_URL). In the demo without one, a stand-in serves it
 * (server/stand-ins/energy-portal.ts); in production without one, the one-click login is off: no link is issued.
 */

/** docs/product/roles.md "Owner-only rights": only an owner may link accounts and log in to the portal in one click. */
const requireOwner = (user: UserRow): number => {
  if (user.role !== 'owner' || user.customer_id === null) throw forbidden();
  return user.customer_id;
};

// A login with an unknown energy number costs the same scrypt time as a wrong password: the answer time does not
// tell which energy accounts exist.
let dummyHash: string | undefined;
const timingDummy = (): string => (dummyHash ??= hashPassword(randomToken()));

// Not 401: a 401 means "your session ended" to the app, which would log the customer out for a mistyped password.
const wrongEnergyCredentials = (): ApiError =>
  new ApiError(400, 'invalidCredentials', 'Energy login or password incorrect', {
    fields: [{ field: 'password', message: 'validation:energyCredentials' }],
  });

const registerEnergyRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;
  timingDummy();

  router.route(endpoints.linkStatus, async ({ params, request }) => {
    // The holder's link: not a plain user's business (docs/product/roles.md "Plain user").
    requireCustomer(authOf(request), params.customerId, { plainUser: 'deny' });
    const status = await linkStatusOf(db, params.customerId);
    if (!status) throw new ApiError(404, 'customerNotFound', 'Customer not found');
    return status;
  });

  router.route(endpoints.linkEnergy, async ({ body, request }) => {
    const { user } = authOf(request);
    const customerId = requireOwner(user);
    const now = clock.now();
    const current = await linkStatusOf(db, customerId);
    if (!current) throw new ApiError(404, 'customerNotFound', 'Customer not found');
    // docs/product/offers.md "Energy link", both directions: this mobile account already has its energy account…
    if (current.energyLinkConfirmed && current.energyId !== body.login) {
      throw new ApiError(409, 'mobileAlreadyLinked', 'This mobile account is already linked to an energy account');
    }
    // Only failures count, once checked (lib/rate-limit.ts `checkGuess`: guesses in flight hold their places, so a
    // burst cannot pass the limit while scrypt runs, and a correct password is never refused because of them), on the
    // typist's own energy-link counter: not the account's login counter (the typist's own login stays open), not the
    // energy account's (another customer may be linking it): docs/product/offers.md "Energy link".
    const passwordOk = await checkGuess(db, now, [[limitKeys.energyLink(user.id), energyLinkPolicy]], async () => {
      const account = await findEnergyAccount(db, body.login);
      return (await verifyPasswordAsync(body.password, account?.password_hash ?? timingDummy())) && account !== undefined;
    });
    if (!passwordOk) throw wrongEnergyCredentials();
    return writeTransaction(db, async (tx) => {
      // … or the energy account is already linked to another mobile account.
      if ((await otherHolderOf(tx, body.login, customerId))?.confirmed) {
        throw new ApiError(409, 'energyAlreadyLinked', 'This energy account is already linked to another mobile account');
      }
      await confirmLink(tx, customerId, user.id, body.login, now);
      const status = await linkStatusOf(tx, customerId);
      if (!status) throw new Error('customer vanished while linking');
      return status;
    });
  });

  router.route(endpoints.relog, async ({ request }) => {
    const { user } = authOf(request);
    const customerId = requireOwner(user);
    const status = await linkStatusOf(db, customerId);
    // No confirmed link: an empty link (the magic-link call's failure answer), no token issued.
    if (!status?.energyLinkConfirmed || status.energyId === null || ctx.energyPortalUrl === null)
      return { link: '', login: '', guid: user.guid, token: '', expiresAt: null };
    const now = clock.now();
    const token = await issueLink(db, user.id, 'energyRelog', now, status.energyId, relogTokenLifetimeMs);
    return {
      link: `${ctx.energyPortalUrl}one-click`,
      login: status.energyId,
      guid: user.guid,
      token,
      expiresAt: new Date(now.getTime() + relogTokenLifetimeMs).toISOString(),
    };
  });
};

export default routePlugin((app, { ctx }) => {
  registerEnergyRoutes(createRouter(app, ctx), ctx);
});
