import type { AppContext } from '../lib/app-context.ts';
import { createRouter, type Router } from '../lib/contract-route.ts';
import { routePlugin } from '../lib/route-plugin.ts';
import { registerAccountRoutes } from './auth/account.ts';
import { registerLoginRoutes } from './auth/login.ts';
import { registerRecoveryRoutes } from './auth/recovery.ts';
import { registerSessionRoutes } from './auth/session.ts';

/*
 * The auth area, one file per flow under routes/auth/: logins (password, PIN, link, renewal), the open session,
 * password recovery, account creation. Their SQL lives in the repository modules of lib/ (users, sessions,
 * devices, one-time-codes, rate-limit, customer-data); the flows only decide.
 */
const registerAuthRoutes = (router: Router, ctx: AppContext): void => {
  registerLoginRoutes(router, ctx);
  registerSessionRoutes(router, ctx);
  registerRecoveryRoutes(router, ctx);
  registerAccountRoutes(router, ctx);
};

export default routePlugin((app, { ctx }) => {
  registerAuthRoutes(createRouter(app, ctx), ctx);
});
