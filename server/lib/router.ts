import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '#contract/endpoints';
import { createAuthenticate } from '../plugins/auth.ts';
import type { AppContext } from './app-context.ts';
import { registerEndpoint, type RouteHandler } from './route.ts';

export type Router = {
  /** A contract endpoint; `api`-base endpoints get the authentication hook, `public` ones do not. */
  route: <E extends Endpoint>(endpoint: E, handler: RouteHandler<E>) => void;
  /** A test-mode switch under /api/test (no authentication: test mode is never on in production). */
  testRoute: <E extends Endpoint>(endpoint: E, handler: RouteHandler<E>) => void;
  /** The contract endpoints registered with `route`, in order: what the OpenAPI document describes. */
  registered: () => readonly Endpoint[];
};

export const createRouter = (app: FastifyInstance, ctx: AppContext): Router => {
  const authenticate = createAuthenticate(ctx);
  const validateResponse = ctx.testMode;
  const registered: Endpoint[] = [];
  return {
    route: (endpoint, handler) => {
      registerEndpoint(app, endpoint, handler, { validateResponse, ...(endpoint.base === 'api' ? { onRequest: authenticate } : {}) });
      registered.push(endpoint);
    },
    testRoute: (endpoint, handler) => registerEndpoint(app, endpoint, handler, { validateResponse, url: `/api/test${endpoint.path}` }),
    registered: () => registered,
  };
};
