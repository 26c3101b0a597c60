import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { FieldError } from '#contract/common';
import { appPlugin } from '../lib/route-plugin.ts';

/*
 * Requests are validated by fastify-type-provider-zod against the zod schemas of each route (lib/contract-route.ts).
 * Two rules of the API are kept on top of it:
 * - a POST without a body (or with an empty JSON object) means "no fields": missing required fields are then reported
 *   one by one instead of as one opaque "body is not an object";
 * - a 400 names every field at fault in params, query and body together (docs/product/errors.md "Error body"), where
 *   Fastify stops at the first part that fails (validationFields below).
 * Answers are checked against their response schema in test mode only (it costs a parse per call).
 */

export const registerZodValidation = (app: FastifyInstance, options: { validateResponse: boolean }): void => {
  app.setValidatorCompiler((route) => {
    // Every route's parts are zod schemas (lib/contract-route.ts).
    const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
    // Fastify hands a missing body over as null.
    return route.httpPart === 'body' ? (data) => validate(data ?? {}) : validate;
  });
  // Answers stay plain JSON: handlers return the wire form (the input side of the schema), which the type provider's
  // own serializer would try to encode back through every transform.
  app.setSerializerCompiler(({ schema, method, url }) => {
    const response = schema as z.ZodType;
    if (!options.validateResponse) return (data) => JSON.stringify(data);
    return (data) => {
      const checked = response.safeParse(data);
      if (!checked.success) {
        throw new Error(`Response of ${method} ${url} does not match the contract: ${JSON.stringify(checked.error.issues)}`);
      }
      return JSON.stringify(data);
    };
  });
};

type InputSource = 'params' | 'query' | 'body';

/**
 * zod issues → the contract's `fields`. The contract writes its messages as translation keys (`validation:…`); zod's
 * own English defaults (a missing key, a wrong type) are mapped to keys too, so the app can always translate what it
 * gets. Issues at the root (e.g. a body that is not an object) name the source instead.
 */
const issuesToFields = (issues: readonly z.core.$ZodIssue[], source: InputSource): FieldError[] =>
  issues.map((issue) => ({
    field: issue.path.length > 0 ? issue.path.map(String).join('.') : source,
    message: issue.message.startsWith('validation:') ? issue.message : fallbackKey(issue),
  }));

// Needs `reportInput: true` on the parse so that `input` is present on the issue.
const fallbackKey = (issue: z.core.$ZodIssue): string =>
  issue.code === 'invalid_type' && issue.input === undefined ? 'validation:required' : 'validation:invalid';

// The order in which Fastify validates the parts of a request, and stops at the first that fails.
const FASTIFY_ORDER = ['params', 'body', 'querystring'] as const;
const SOURCE: Record<(typeof FASTIFY_ORDER)[number], InputSource> = { params: 'params', body: 'body', querystring: 'query' };

/**
 * The fields at fault of a request the type provider refused, or null for any other error. The parts Fastify validated
 * before the one that failed passed (and now hold parsed values); the failing one and those after it still hold what
 * the client sent, and are parsed again with their input reported, in the order params, query, body.
 */
export const validationFields = (error: FastifyError, request: FastifyRequest): FieldError[] | null => {
  if (!hasZodFastifySchemaValidationErrors(error)) return null;
  const schema = request.routeOptions.schema;
  const failed = FASTIFY_ORDER.indexOf(error.validationContext as (typeof FASTIFY_ORDER)[number]);
  const fields: Partial<Record<InputSource, FieldError[]>> = {};
  FASTIFY_ORDER.forEach((part, index) => {
    const partSchema = schema?.[part] as z.ZodType | undefined;
    if (!partSchema || index < failed) return;
    const raw: unknown = part === 'body' ? (request.body ?? {}) : part === 'params' ? request.params : request.query;
    const result = partSchema.safeParse(raw, { reportInput: true });
    if (!result.success) fields[SOURCE[part]] = issuesToFields(result.error.issues, SOURCE[part]);
  });
  return [...(fields.params ?? []), ...(fields.query ?? []), ...(fields.body ?? [])];
};

// Responses are checked against the contract in test mode only.
export default appPlugin('zod-validation', ['idempotency'], (app, { ctx }) =>
  registerZodValidation(app, { validateResponse: ctx.testMode }),
);
