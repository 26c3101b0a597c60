import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '#contract/endpoints';
import type { FieldError } from '#contract/common';
import { ApiError, invalidParameters } from './api-error.ts';
import { isMultipartRequest, readMultipartBody } from './multipart.ts';
import { issuesToFields, type InputSource } from './validation.ts';

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
/** Handlers return what the client will parse: the input side of the response schema. */
type Answer<S> = S extends z.ZodType ? z.input<S> : unknown;

export type RouteInput<E extends Endpoint> = {
  params: Out<E['params']>;
  query: Out<E['query']>;
  body: Out<E['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type RouteHandler<E extends Endpoint> = (input: RouteInput<E>) => Answer<E['response']> | Promise<Answer<E['response']>>;

export type RouteOptions = {
  /** Runs before the body is read: authentication, so an anonymous caller never gets validation details. */
  onRequest?: onRequestAsyncHookHandler;
  /** Parse every answer with the response schema and throw on drift (test mode only: it costs a parse per call). */
  validateResponse: boolean;
  /** Overrides the `/api` or `/api/public` prefix (test-mode routes live under `/api/test`). */
  url?: string;
};

export const basePath = (base: Endpoint['base']): string => (base === 'public' ? '/api/public' : '/api');

const isMultipart = (request: FastifyRequest): boolean => /^multipart\//i.test(request.headers['content-type'] ?? '');

/**
 * Registers one contract endpoint: method and URL from the descriptor, params/query/body validated with its
 * zod schemas (all three reported together as one 400), and the answer checked against its response schema in
 * test mode. Routes therefore cannot drift from the contract the app parses with.
 */
export const registerEndpoint = <E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: RouteHandler<E>,
  options: RouteOptions,
): void => {
  app.route({
    method: endpoint.method,
    url: options.url ?? `${basePath(endpoint.base)}${endpoint.path}`,
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    // A form body is read only where the contract says so (plugins/form-body.ts); elsewhere it is a 415.
    ...(endpoint.form ? { config: { formBody: true } } : {}),
    // A multipart body is read into the object the body schema describes before the Idempotency-Key plugin hashes it
    // and the handler validates it, for the endpoints the contract marks `multipart`; `upload` endpoints stream their
    // parts in the handler instead. Every other endpoint refuses one.
    preValidation: async (request) => {
      if (!isMultipartRequest(request) || endpoint.upload) return;
      if (!endpoint.multipart) {
        throw new ApiError(415, 'invalidParameters', 'Unsupported content type', {
          fields: [{ field: 'body', message: 'validation:contentType' }],
        });
      }
      request.body = await readMultipartBody(request, endpoint.multipart);
    },
    handler: async (request, reply) => {
      const fields: FieldError[] = [];
      const parse = (schema: z.ZodType | undefined, value: unknown, source: InputSource): unknown => {
        if (!schema) return undefined;
        const result = schema.safeParse(value, { reportInput: true });
        if (result.success) return result.data;
        fields.push(...issuesToFields(result.error.issues, source));
        return undefined;
      };
      // Only upload endpoints (their handler reads the parts as they stream in) and multipart endpoints (read above)
      // take multipart/form-data; every other endpoint speaks JSON, and a multipart body would reach it as "no body".
      if (!endpoint.upload && !endpoint.multipart && isMultipart(request)) {
        throw invalidParameters([{ field: 'body', message: 'validation:contentType' }], 'Unsupported content type', 415);
      }
      // A POST without a body (or with an empty JSON object) means "no fields": missing required fields are
      // then reported one by one instead of as one opaque "body is not an object".
      const params = parse(endpoint.params, request.params, 'params');
      const query = parse(endpoint.query, request.query, 'query');
      const body = endpoint.upload ? undefined : parse(endpoint.body, request.body ?? {}, 'body');
      if (fields.length > 0) throw invalidParameters(fields);

      // The casts restate what the parse above just established: each value conforms to its schema.
      const answer = await handler({
        params: params as Out<E['params']>,
        query: query as Out<E['query']>,
        body: body as Out<E['body']>,
        request,
        reply,
      });
      if (options.validateResponse && endpoint.response && !reply.sent) {
        const checked = endpoint.response.safeParse(answer);
        if (!checked.success) {
          throw new Error(
            `Response of ${endpoint.method} ${endpoint.path} does not match the contract: ${JSON.stringify(checked.error.issues)}`,
          );
        }
      }
      return answer;
    },
  });
};
