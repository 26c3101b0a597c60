import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '#contract/common';
import type { AppContext } from '../lib/app-context.ts';
import { pathOf } from '../lib/request-path.ts';
import { appPlugin } from '../lib/route-plugin.ts';

/**
 * While maintenance is on, every API call answers 503 (docs/product/navigation.md "Maintenance": the app then shows the
 * maintenance page). Exempt: the test-mode switches (to turn it off again), GET status, which the maintenance page
 * polls to learn when the API is back, and GET ready, the health check (a server in maintenance is up and must not be
 * restarted).
 */
export const registerMaintenance = (app: FastifyInstance, ctx: AppContext): void => {
  app.addHook('onRequest', async (request, reply) => {
    if (!ctx.state.maintenance) return;
    const path = pathOf(request);
    if (!path.startsWith('/api/') || path.startsWith('/api/test/') || path === '/api/public/status' || path === '/api/public/ready') return;
    const body: ErrorBody = { statusCode: 503, code: 'maintenance', message: 'Service under maintenance' };
    return reply.status(503).header('Retry-After', '60').send(body);
  });
};

export default appPlugin('maintenance', ['security-headers'], (app, { ctx }) => registerMaintenance(app, ctx));
