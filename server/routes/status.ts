import { endpoints } from '#contract/endpoints';
import type { AppContext } from '../lib/app-context.ts';
import type { Router } from '../lib/router.ts';

export const registerStatusRoutes = (router: Router, ctx: AppContext): void => {
  // Answers even during maintenance (see plugins/maintenance.ts): the maintenance page polls it.
  router.route(endpoints.status, () => ({
    status: ctx.state.maintenance ? ('maintenance' as const) : ('ok' as const),
    version: ctx.version,
  }));
};
