import { demoSimOrders } from '#contract/fixtures/demo';

/*
 * Every route of the app (src/app/router.tsx), as the browser tests open them: e2e/accessibility.spec.ts runs axe on
 * each at both sizes, e2e/languages.spec.ts opens each in every language. Every new screen adds its path here.
 */

/** Routes a visitor opens without signing in (the link routes with a made-up, invalid token). */
export const publicRoutes = [
  '/login',
  '/login/recover-password',
  '/login/recover-password/sms',
  '/login/recover-password/abc/def',
  '/login/create-password/abc/def',
  '/login/create-account',
  '/login/renew',
  '/login/pin',
  '/login/pin/lost',
  '/login/welcome',
  '/login/create-account?by=phone',
  '/login/recover-password?by=phone',
  '/login/abc/def',
  '/maintenance',
  '/orders/activate',
  '/account/confirm-email/abc/def',
  '/no-such-page',
] as const;

/** Routes of a signed-in customer (Sophie: an owner with a SIM to activate). */
export const privateRoutes = [
  '/',
  '/account/main',
  '/account/create-account',
  '/login/pin/setup',
  '/bills/main',
  '/consumption/main',
  '/consumption/details',
  '/consumption/overspent',
  '/settings/main',
  '/settings/limits',
  '/settings/network',
  '/settings/sim-codes',
  '/settings/privacy',
  '/settings/alerts',
  '/settings/payment',
  '/settings/contact',
  '/offers/main',
  '/offers/link-accounts',
  '/orders',
  '/orders/O-0000000004',
  // Sophie's SIM order, ready to activate: the follow-up with its choice form.
  `/orders/${demoSimOrders.sophie.uuid}`,
  '/subscription/main',
  '/subscription/optimize',
  '/subscription/order-summary',
  '/support/main',
  '/support/contact',
] as const;
