import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '#contract/common';

/*
 * The build keeps writing source maps (dist/…/*.map files: a stack trace from production can be mapped back locally),
 * but the server never hands them out: they would publish the whole source, comments included. Any path ending in
 * .map answers 404, before the static files are looked at.
 */
export const registerNoSourceMaps = (app: FastifyInstance): void => {
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.toLowerCase().endsWith('.map')) return;
    const body: ErrorBody = { statusCode: 404, code: 'notFound', message: 'Not found' };
    return reply.status(404).send(body);
  });
};
