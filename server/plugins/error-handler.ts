import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '#contract/common';
import { isTransactionConflict } from '../db/engine.ts';
import { ApiError, invalidParameters } from '../lib/api-error.ts';
import { isApiPath, pathOf } from '../lib/request-path.ts';
import { validationFields } from './zod-validation.ts';
import { appPlugin } from '../lib/route-plugin.ts';

/**
 * What the not-found handler does for a non-API GET (the SPA fallback), when static files are served. It sends the
 * answer and returns nothing: a handler that returns the reply has Fastify await it, and every wait adds listeners
 * to the response (Node warned of a leak on every page).
 */
export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => void;

// Fastify's own 4xx (body parsing) mapped to a field message the app can translate.
const fastifyFieldMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'validation:contentType',
  FST_ERR_CTP_BODY_TOO_LARGE: 'validation:tooLarge',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'validation:invalid',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation:json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation:json',
};

const isFastifyError = (error: unknown): error is FastifyError =>
  error instanceof Error && typeof (error as Partial<FastifyError>).statusCode === 'number';

const fastifyClientMessage = (status: number): string =>
  status === 413 ? 'Payload too large' : status === 415 ? 'Unsupported content type' : 'Invalid parameters';

/**
 * Every failure answers with the contract's error body (docs/product/errors.md "Error body"), so the app has exactly
 * one error shape to handle. Bad input is always a 4xx, never a 500; a 500 means a bug and is logged with its stack,
 * and its body never carries the internal message.
 *
 * Registered before any route or plugin: Fastify gives each route the error handler in force when the route is
 * registered, and `await app.register(...)` (the static plugin) registers the routes declared so far at once. Set
 * later, the handler would miss every API route whenever the built app is served, which is how production runs.
 */
export const registerErrorHandler = (app: FastifyInstance): void => {
  app.setErrorHandler((error: unknown, request, reply) => {
    // Input the route's zod schemas refused: a 400 naming every field at fault.
    const fields = isFastifyError(error) ? validationFields(error, request) : null;
    if (fields && fields.length > 0) error = invalidParameters(fields);
    if (error instanceof ApiError) {
      if (error.retryAfter !== undefined) void reply.header('Retry-After', String(error.retryAfter));
      return reply.status(error.statusCode).send(error.toBody());
    }
    if (isFastifyError(error) && error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      // Malformed JSON has no code in some Fastify versions: it is a SyntaxError with a 400 status.
      const message = fastifyFieldMessages[error.code] ?? (error instanceof SyntaxError ? 'validation:json' : 'validation:invalid');
      const body: ErrorBody = {
        statusCode: error.statusCode,
        code: 'invalidParameters',
        message: fastifyClientMessage(error.statusCode),
        fields: [{ field: 'body', message }],
      };
      return reply.status(error.statusCode).send(body);
    }
    if (isTransactionConflict(error)) {
      // Still losing to concurrent writes of the same rows after writeTransaction's retries: nothing was written, and
      // the client may send the same request again in a moment (a 429 is never stored under an Idempotency-Key).
      request.log.warn({ err: error }, 'transaction conflict after retries');
      const body: ErrorBody = { statusCode: 429, code: 'tooManyRequests', message: 'Too many concurrent changes: try again' };
      return reply.status(429).header('Retry-After', '1').send(body);
    }
    request.log.error({ err: error }, 'unhandled error');
    const body: ErrorBody = { statusCode: 500, code: 'serverError', message: 'Internal server error' };
    return reply.status(500).send(body);
  });
};

/** 404 with the error body for the API; with static files, the app shell for any other GET (the SPA fallback). */
/**
 * `notApp`: paths that are never a screen of the app (the stand-ins' own, served by a demo server only): unregistered,
 * they answer 404 like an API path, not the app's shell.
 */
export const registerNotFound = (app: FastifyInstance, spaFallback: SpaFallback | null, notApp: readonly string[] = []): void => {
  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request);
    const isApi = isApiPath(path) || notApp.some((prefix) => path.startsWith(prefix));
    if (!isApi && spaFallback && (request.method === 'GET' || request.method === 'HEAD')) {
      spaFallback(request, reply);
      return;
    }
    const body: ErrorBody = { statusCode: 404, code: 'notFound', message: 'Not found' };
    return reply.status(404).send(body);
  });
};

// First: every later plugin and route answers errors with the contract's body.
export default appPlugin('error-handler', [], (app) => registerErrorHandler(app));
