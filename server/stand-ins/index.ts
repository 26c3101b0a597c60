import type { FastifyInstance } from 'fastify';
import type { AlertDeps } from '../lib/alert-engine.ts';
import type { AppContext } from '../lib/app-context.ts';
import { createRouter } from '../lib/contract-route.ts';
import { createPushSender, vapidKeysOf } from '../lib/push.ts';
import { registerDevOutbox } from './dev-outbox.ts';
import { registerEnergyPortalStandIn } from './energy-portal.ts';
import { registerProvisioningSimulator } from './provisioning.ts';
import { registerPspStandIn } from './psp.ts';
import { registerActivationTestRoutes } from './test-routes/activation.ts';
import { registerAppliedTestRoute } from './test-routes/applied.ts';
import { registerAuthTestRoutes } from './test-routes/auth.ts';
import { registerModeTestRoutes } from './test-routes/mode.ts';
import { registerSettingsTestRoutes } from './test-routes/settings.ts';
import { registerUsageFeed } from './usage-feed.ts';

/*
 * Stand-ins play other companies' systems, and the tests' switches, so that the demo and the tests run the whole
 * product on one machine (docs/decisions/, "stand-ins and modes"). server/app.ts registers the ones its configuration
 * asks for, and none in a server started for real customers (DEMO=off without TEST_MODE): their paths then answer 404.
 * The product's code never imports this folder (eslint.config.js).
 */

/** Where the stand-ins live: never a screen of the app, so a server without them answers 404 there. */
export const STAND_IN_PATHS = ['/psp-stand-in/', '/energy-portal/', '/dev/'] as const;

export type StandIns = {
  /** The payment provider's API and checkout at /psp-stand-in/ (demo without MOLLIE_API_KEY). */
  paymentProvider: boolean;
  /** The sister energy service's portal at /energy-portal/ (demo without ENERGY_PORTAL_URL). */
  energyPortal: boolean;
  /** The network's work on SIM orders, on the server's clock (demo). */
  provisioning: boolean;
  /** The HTML outbox of messages at /dev/outbox (demo with DEV_OUTBOX=1, or test mode). */
  outbox: boolean;
  /** A little usage on every line every 10 minutes (demo with DEV_USAGE_FEED=1). */
  usageFeed: boolean;
  /** The tests' switches under /api/test (TEST_MODE=1). */
  testRoutes: boolean;
  /** VAPID subject of the alerts the test routes evaluate. */
  vapidSubject: string;
};

/** The alerts' dependencies as the settings area builds them, for the test route that evaluates alerts at once. */
const testAlertDeps = async (ctx: AppContext, subject: string): Promise<AlertDeps> => ({
  db: ctx.db,
  mailer: ctx.mailer,
  push: createPushSender({ keys: await vapidKeysOf(ctx.db, null), subject, allowLoopback: true }),
  publicUrl: ctx.mail.publicUrl,
});

/** Registers the stand-ins named (after the product's routes: the test routes read what those set up). */
export const registerStandIns = async (app: FastifyInstance, ctx: AppContext, which: StandIns): Promise<void> => {
  if (which.paymentProvider) registerPspStandIn(app, ctx);
  if (which.energyPortal) registerEnergyPortalStandIn(app, ctx);
  if (which.provisioning) registerProvisioningSimulator(ctx);
  if (which.outbox) registerDevOutbox(app, ctx);
  if (which.usageFeed) registerUsageFeed(ctx);
  if (which.testRoutes) {
    const router = createRouter(app, ctx);
    registerModeTestRoutes(router, ctx);
    registerAppliedTestRoute(router, ctx);
    registerAuthTestRoutes(router, ctx);
    registerActivationTestRoutes(router, ctx);
    registerSettingsTestRoutes(router, ctx, await testAlertDeps(ctx, which.vapidSubject));
  }
};
