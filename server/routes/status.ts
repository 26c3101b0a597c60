import { endpoints } from '#contract/endpoints';
import { assertDatabaseAnswers } from '../db/engine.ts';
import { ApiError } from '../lib/api-error.ts';
import type { AppContext } from '../lib/app-context.ts';
import { createRouter, type Router } from '../lib/contract-route.ts';
import { routePlugin } from '../lib/route-plugin.ts';

const registerStatusRoutes = (router: Router, ctx: AppContext): void => {
  // Answers even during maintenance (see plugins/maintenance.ts): the maintenance page polls it.
  router.route(endpoints.status, () => ({
    status: ctx.state.maintenance ? ('maintenance' as const) : ('ok' as const),
    version: ctx.version,
  }));

  // Readiness for a health check (the Dockerfile's HEALTHCHECK, an orchestrator): the process answers and the
  // database answers a query. 503 when it does not, and from Fastify itself while the server shuts down.
  // Maintenance does not make the server unready: it is up, showing the maintenance page.
  router.route(endpoints.ready, async ({ request }) => {
    try {
      await assertDatabaseAnswers(ctx.db);
    } catch (error) {
      request.log.error({ err: error }, 'not ready: the database does not answer');
      throw new ApiError(503, 'serverError', 'Database unavailable');
    }
    return { status: 'ready' as const, version: ctx.version };
  });
};

export default routePlugin((app, { ctx }) => {
  registerStatusRoutes(createRouter(app, ctx), ctx);
});
