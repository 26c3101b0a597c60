import type { FastifyInstance } from 'fastify';
import type { ErrorBody } from '#contract/common';
import { normalizePath, rememberPath } from '../lib/request-path.ts';
import { appPlugin } from '../lib/route-plugin.ts';

/*
 * The first hook of every request: its path is normalized once (lib/request-path.ts) and every later rule reads that
 * spelling, so no rule can be walked around by encoding, case or dot segments (docs/product/security.md "Request
 * hygiene").
 *
 * Source maps: the build keeps writing them (dist/…/*.map: a stack trace from production can be mapped back
 * locally), but the server never hands them out: they would publish the whole source, comments included. A path
 * with any segment ending in `.map`, in any case and any encoding, answers 404 before the static files are looked at
 * (and the static plugin refuses such a file too, app.ts).
 */

/** True for a path that names a source map, in any case (`/SW.JS.MAP`) or below one (`/sw.js.map/`). */
export const namesSourceMap = (path: string): boolean =>
  path
    .toLowerCase()
    .split('/')
    .some((segment) => segment.endsWith('.map'));

export const registerPathRules = (app: FastifyInstance): void => {
  app.addHook('onRequest', async (request, reply) => {
    const path = normalizePath(request.url);
    if (path === null) {
      const body: ErrorBody = {
        statusCode: 400,
        code: 'invalidParameters',
        message: 'Invalid path',
        fields: [{ field: 'path', message: 'validation:invalid' }],
      };
      return reply.status(400).send(body);
    }
    rememberPath(request, path);
    if (!namesSourceMap(path)) return;
    const body: ErrorBody = { statusCode: 404, code: 'notFound', message: 'Not found' };
    return reply.status(404).send(body);
  });
};

// Then the one spelling of the path that every later rule reads.
export default appPlugin('path-rules', ['error-handler'], (app) => registerPathRules(app));
