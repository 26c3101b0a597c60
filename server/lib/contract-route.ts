import type { IncomingMessage } from 'node:http';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { endpoints, endpointUrl, type Endpoint } from '#contract/endpoints';
import { createAuthenticate } from '../plugins/auth.ts';
import { ApiError } from './api-error.ts';
import type { AppContext } from './app-context.ts';
import { isMultipartRequest, readMultipartBody } from './multipart.ts';

/*
 * A contract endpoint (contract/endpoints.ts) as a plain Fastify route: method and URL from the descriptor, and its zod
 * schemas as the route's `schema`, which fastify-type-provider-zod validates (plugins/zod-validation.ts) and types, and
 * @fastify/swagger describes (plugins/openapi.ts). Routes therefore cannot drift from the contract the app parses with.
 */

/** The route's schema as Fastify reads it, from the descriptor: what the type provider infers the request from. */
type SchemaOf<E extends Endpoint> = { params: E['params']; querystring: E['query']; body: E['body'] };

/** A request as fastify-type-provider-zod types it for this endpoint: `params`, `query`, `body` are the parsed values. */
export type ContractRequest<E extends Endpoint> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  SchemaOf<E>,
  ZodTypeProvider
>;

/** Handlers return what the client will parse: the input side of the response schema. */
type Answer<S> = S extends z.ZodType ? z.input<S> : unknown;

export type RouteInput<E extends Endpoint> = {
  params: ContractRequest<E>['params'];
  query: ContractRequest<E>['query'];
  body: ContractRequest<E>['body'];
  request: ContractRequest<E>;
  reply: FastifyReply;
};

export type RouteHandler<E extends Endpoint> = (input: RouteInput<E>) => Answer<E['response']> | Promise<Answer<E['response']>>;

/** What plugins/openapi.ts reads off a route to describe it (Fastify keeps it as the route's `config.contract`). */
export type ContractRouteConfig = { endpoint: Endpoint; name: string | undefined };

declare module 'fastify' {
  // An interface: module augmentation merges declarations, which a type alias cannot.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyContextConfig {
    contract?: ContractRouteConfig;
  }
}

const names = new Map<Endpoint, string>(Object.entries(endpoints).map(([name, endpoint]) => [endpoint, name]));

const registerEndpoint = <E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  options: { url?: string; onRequest?: onRequestAsyncHookHandler },
): void => {
  const contract: ContractRouteConfig = { endpoint, name: names.get(endpoint) };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: options.url ?? endpointUrl(endpoint),
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      // Upload endpoints stream their parts in the handler (lib/uploads.ts): there is no body to validate up front.
      ...(endpoint.body && !endpoint.upload ? { body: endpoint.body } : {}),
      ...(endpoint.response ? { response: { 200: endpoint.response } } : {}),
    },
    // A form body is read only where the contract says so (plugins/form-body.ts); elsewhere it is a 415.
    config: { contract, ...(endpoint.form ? { formBody: true } : {}) },
    // Before the body is read: authentication, so an anonymous caller never gets validation details.
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    // A multipart body is read into the object the body schema describes before the Idempotency-Key plugin hashes it
    // and the type provider validates it, for the endpoints the contract marks `multipart`; `upload` endpoints stream
    // their parts in the handler instead. Every other endpoint speaks JSON and refuses one (it would otherwise reach
    // the handler as "no body").
    preValidation: async (request) => {
      if (!isMultipartRequest(request) || endpoint.upload) return;
      if (!endpoint.multipart) {
        throw new ApiError(415, 'invalidParameters', 'Unsupported content type', {
          fields: [{ field: 'body', message: 'validation:contentType' }],
        });
      }
      request.body = await readMultipartBody(request, endpoint.multipart);
    },
    handler: (request, reply) => {
      // The type provider resolves the request's types from the concrete schemas; here E is generic, so the request is
      // restated as what the provider infers for E.
      const typed = request as unknown as ContractRequest<E>;
      return handler({ params: typed.params, query: typed.query, body: typed.body, request: typed, reply });
    },
  });
};

export type Router = {
  /** A contract endpoint; `api`-base endpoints get the authentication hook, `public` ones do not. */
  route: <E extends Endpoint>(endpoint: E, handler: RouteHandler<E>) => void;
  /** A test-mode switch under /api/test (no authentication: test mode is never on in production). */
  testRoute: <E extends Endpoint>(endpoint: E, handler: RouteHandler<E>) => void;
};

/** The contract routes of one area, registered on the area's plugin (routes/*.ts). */
export const createRouter = (app: FastifyInstance, ctx: AppContext): Router => {
  const authenticate = createAuthenticate(ctx);
  return {
    route: (endpoint, handler) => registerEndpoint(app, endpoint, handler, endpoint.base === 'api' ? { onRequest: authenticate } : {}),
    testRoute: (endpoint, handler) => registerEndpoint(app, endpoint, handler, { url: `/api/test${endpoint.path}` }),
  };
};
