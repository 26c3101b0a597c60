import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '#contract/common';
import { endpoints, type Endpoint } from '#contract/endpoints';
import { ACCESS_COOKIE } from './auth.ts';
import { appPlugin } from '../lib/route-plugin.ts';

/*
 * The API described for integrators: GET /api/openapi.json (OpenAPI 3.1) by @fastify/swagger from the routes as Fastify
 * registered them, and GET /api/docs, its interactive reference by @fastify/swagger-ui (served from the package, never
 * a CDN; its start-up is a file, so the strict Content-Security-Policy of plugins/security-headers.ts holds on the
 * page). Each contract route carries its zod schemas (lib/contract-route.ts), turned into JSON Schema by
 * fastify-type-provider-zod: the document cannot drift from what the server accepts. Schemas describe the wire: the
 * input side of each schema (what a client sends, and what the server sends before the app parses it).
 */

export const OPENAPI_URL = '/api/openapi.json';
const DOCS_URL = '/api/docs';

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown> & { requestBody?: { required: boolean; content: Record<string, JsonSchema> } };

/** Not part of the described API: test-mode switches, the description itself, and everything outside /api. */
const undocumented = (url: string): boolean =>
  !url.startsWith('/api/') || url.startsWith('/api/test/') || url === OPENAPI_URL || url === DOCS_URL || url.startsWith(`${DOCS_URL}/`);

const toSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
};

/** "customerFull" → "Customer full". */
const summaryOf = (name: string): string => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const MUTATING = new Set<Endpoint['method']>(['POST', 'PATCH', 'PUT', 'DELETE']);

const idempotencyHeader: JsonSchema = {
  type: 'object',
  properties: {
    'Idempotency-Key': {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]{8,100}$',
      description:
        'A key of 8–100 letters, digits, - or _, created once per change: a change sent again with the same key is applied once and answered with the first answer (Idempotent-Replayed: true); the same key with another request is refused (422). Keys are kept at least 7 days.',
    },
  },
};

const errorResponse = {
  description:
    'An error (docs/product/errors.md "Error body"): 400 invalid input with the fields at fault, 401, 403, 404, 409, 412, 422, 429 …',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
};

/**
 * A multipart body (contract `multipart`): text fields as they are, and each uploaded-file field (an object with its
 * bytes in `data`) as a binary part; its name, type and size come from the part itself.
 */
const multipartSchema = (json: JsonSchema): JsonSchema => {
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const parts = Object.fromEntries(
    Object.entries(properties).map(([name, property]) => {
      const isFile = typeof property.properties === 'object' && property.properties !== null && 'data' in property.properties;
      return [name, isFile ? { type: 'string', format: 'binary', description: 'A file part' } : property];
    }),
  );
  return { ...json, properties: parts };
};

/** Text fields and files in one multipart/form-data body; files are checked by their content, not their name. */
const uploadBody = (upload: NonNullable<Endpoint['upload']>): JsonSchema => {
  const { fields, file } = upload;
  const fieldSchema = toSchema(fields);
  return {
    type: 'object',
    properties: {
      ...((fieldSchema.properties ?? {}) as Record<string, JsonSchema>),
      [file.field]: {
        type: 'array',
        minItems: file.minCount,
        maxItems: file.maxCount,
        items: { type: 'string', contentMediaType: 'application/octet-stream', description: `at most ${file.maxBytes} bytes each` },
      },
    },
    required: [...((fieldSchema.required ?? []) as string[]), file.field],
  };
};

/**
 * One route → its operation. Parameters and bodies go through the type provider's transform (the input side of the
 * schemas); the success answer is described by its input side too, which the transform (output side) would not do.
 */
const transform: NonNullable<FastifyDynamicSwaggerOptions['transform']> = (document) => {
  const { schema, url, route } = document;
  if (undocumented(url)) return { schema: { hide: true }, url };
  const contract = route.config?.contract;
  // A route outside the contract is described bare (no operationId): the OpenAPI test catches it.
  if (!contract?.name) return { schema, url };
  const { endpoint, name } = contract;
  const { response: _response, ...requestSchema } = (schema ?? {}) as Record<string, unknown>;
  const described = jsonSchemaTransform({ ...document, schema: requestSchema }).schema as Record<string, unknown>;
  const success = endpoint.response
    ? { description: 'Success', content: { 'application/json': { schema: toSchema(endpoint.response) } } }
    : // A file is not JSON: OpenAPI 3.1 describes binary content by its media type (completed in transformObject).
      {
        description: 'The file',
        content: Object.fromEntries((endpoint.download ?? ['application/octet-stream']).map((type) => [type, { schema: {} }])),
      };
  return {
    url,
    schema: {
      ...described,
      ...(endpoint.multipart && described.body
        ? { body: multipartSchema(described.body as JsonSchema), consumes: ['multipart/form-data'] }
        : {}),
      ...(endpoint.form ? { consumes: ['application/x-www-form-urlencoded'] } : {}),
      ...(endpoint.upload ? { body: uploadBody(endpoint.upload), consumes: ['multipart/form-data'] } : {}),
      ...(MUTATING.has(endpoint.method) ? { headers: idempotencyHeader } : {}),
      operationId: name,
      summary: summaryOf(name),
      tags: [endpoint.base === 'public' ? 'Public' : 'Signed in'],
      // Public calls need no session; the others take the session cookie (browsers) or a bearer token.
      security: endpoint.base === 'public' ? [] : [{ sessionCookie: [] }, { bearerToken: [] }],
      response: { 200: success, '4XX': errorResponse, '5XX': errorResponse },
      ...(endpoint.queued ? { 'x-queued': true } : {}),
      ...(endpoint.onlineOnly ? { 'x-online-only': true } : {}),
    },
  };
};

/**
 * What @fastify/swagger cannot say per route: a body that may be left out (the server reads a missing body as {}, so it
 * is required only when {} is not a valid one), the part types of an upload, a file answer without a schema, and the
 * shared error answer by reference.
 */
const completeOperation = (operation: Operation, endpoint: Endpoint): void => {
  if (operation.requestBody && endpoint.body && !endpoint.upload) operation.requestBody.required = !endpoint.body.safeParse({}).success;
  if (endpoint.upload) {
    const part = operation.requestBody?.content['multipart/form-data'];
    if (part) part.encoding = { [endpoint.upload.file.field]: { contentType: endpoint.upload.file.types.join(', ') } };
  }
  const responses = operation.responses as Record<string, JsonSchema & { content?: Record<string, JsonSchema> }>;
  const success = responses['200'];
  if (!endpoint.response && success?.content) success.content = Object.fromEntries(Object.keys(success.content).map((type) => [type, {}]));
  responses['4XX'] = { $ref: '#/components/responses/Error' };
  responses['5XX'] = { $ref: '#/components/responses/Error' };
};

const byName: Record<string, Endpoint | undefined> = endpoints;

export const registerOpenApi = async (app: FastifyInstance, version: string): Promise<void> => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Mon espace mobile — reference API',
        version,
        description: [
          'The API of the customer self-service app of a Belgian mobile operator, generated from the contract the app and the server share (contract/endpoints.ts).',
          'Errors (4xx, 5xx) always answer with the ErrorBody schema: `code` is a stable key (docs/product/errors.md "Error catalogue"), `fields` lists the fields at fault of a 400.',
          'Operations marked `x-queued` are changes the app queues offline and replays with an Idempotency-Key; `x-online-only` ones are refused by the app while offline.',
        ].join('\n\n'),
      },
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: ACCESS_COOKIE,
            description: 'The HttpOnly session cookie set by the login calls (browsers).',
          },
          bearerToken: {
            type: 'http',
            scheme: 'bearer',
            description: 'The access token of the login answer, for clients that are not browsers.',
          },
        },
        schemas: { ErrorBody: toSchema(errorBodySchema) },
        responses: { Error: errorResponse },
      },
    },
    // JSON Schema 2020-12 has `const`; Swagger UI shows it.
    convertConstToEnum: false,
    transform,
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      const { openapiObject } = document;
      for (const item of Object.values(openapiObject.paths ?? {})) {
        for (const operation of Object.values(item as Record<string, Operation>)) {
          const endpoint = typeof operation.operationId === 'string' ? byName[operation.operationId] : undefined;
          if (endpoint) completeOperation(operation, endpoint);
        }
      }
      return openapiObject;
    },
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_URL,
    // validatorUrl null: Swagger UI would otherwise load a badge from an external validator (and break the CSP).
    validatorUrl: false,
    uiConfig: { defaultModelsExpandDepth: 0 },
    theme: { title: 'Mon espace mobile — API reference' },
  });
  app.get(OPENAPI_URL, { schema: { hide: true } }, (_request, reply) => reply.header('Cache-Control', 'no-cache').send(app.swagger()));
};

// Before the routes: @fastify/swagger collects them as they are declared.
export default appPlugin('openapi', ['mail-flush'], (app, { ctx }) => registerOpenApi(app, ctx.version));
