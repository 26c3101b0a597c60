import { z } from 'zod';
import { errorBodySchema } from '#contract/common';
import { endpoints, type Endpoint } from '#contract/endpoints';
import { ACCESS_COOKIE } from '../plugins/auth.ts';
import { basePath } from './route.ts';

/*
 * The OpenAPI 3.1 description of the API, generated from the contract's endpoint descriptors (contract/
 * endpoints.ts) that the server registered: the same zod schemas validate the requests, so the document cannot
 * drift from what the server accepts. OpenAPI 3.1 schemas are JSON Schema 2020-12, which is what zod's
 * toJSONSchema writes. Schemas describe the wire: the input side of each schema (what a client sends, and what
 * the server sends before the app parses it).
 */

type JsonSchema = Record<string, unknown>;

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required: boolean; description?: string; schema: JsonSchema };

type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, { schema: JsonSchema; encoding?: Record<string, { contentType: string }> }> };
  responses: Record<string, unknown>;
  'x-queued'?: true;
  'x-online-only'?: true;
};

export type OpenApiDocument = {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};

const toSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
};

/** `/customer/:customerId/full` → `/customer/{customerId}/full`. */
const openApiPath = (fastifyPath: string): string => fastifyPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const names = new Map<Endpoint, string>(Object.entries(endpoints).map(([name, endpoint]) => [endpoint, name]));

/** The contract's name of an endpoint descriptor (`login`, `customerFull` …). */
const endpointName = (endpoint: Endpoint): string | undefined => names.get(endpoint);

/** "customerFull" → "Customer full". */
const summaryOf = (name: string): string => {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const parametersOf = (schema: z.ZodType | undefined, location: 'path' | 'query'): Parameter[] => {
  if (!schema) return [];
  const json = toSchema(schema);
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
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

const MUTATING = new Set<Endpoint['method']>(['POST', 'PATCH', 'PUT', 'DELETE']);

const idempotencyParameter: Parameter = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'A key of 8–100 letters, digits, - or _, created once per change: a change sent again with the same key is applied once and answered with the first answer (Idempotent-Replayed: true); the same key with another request is refused (422). Keys are kept at least 7 days.',
  schema: { type: 'string', pattern: '^[A-Za-z0-9_-]{8,100}$' },
};

const operationOf = (endpoint: Endpoint, name: string): Operation => {
  const parameters = [...parametersOf(endpoint.params, 'path'), ...parametersOf(endpoint.query, 'query')];
  if (MUTATING.has(endpoint.method)) parameters.push(idempotencyParameter);
  const success = endpoint.response
    ? { description: 'Success', content: { 'application/json': { schema: toSchema(endpoint.response) } } }
    : {
        description: 'The file',
        // A file is not JSON: OpenAPI 3.1 describes binary content by its media type alone.
        content: Object.fromEntries((endpoint.download ?? ['application/octet-stream']).map((type) => [type, {}])),
      };
  const operation: Operation = {
    operationId: name,
    summary: summaryOf(name),
    tags: [endpoint.base === 'public' ? 'Public' : 'Signed in'],
    // Public calls need no session; the others take the session cookie (browsers) or a bearer token.
    security: endpoint.base === 'public' ? [] : [{ sessionCookie: [] }, { bearerToken: [] }],
    responses: {
      '200': success,
      '4XX': { $ref: '#/components/responses/Error' },
      '5XX': { $ref: '#/components/responses/Error' },
    },
  };
  if (parameters.length > 0) operation.parameters = parameters;
  if (endpoint.body) {
    // The server reads a missing body as {}: the body is required only when {} is not a valid one.
    const required = !endpoint.body.safeParse({}).success;
    operation.requestBody = endpoint.multipart
      ? { required, content: { 'multipart/form-data': { schema: multipartSchema(toSchema(endpoint.body)) } } }
      : endpoint.form
        ? { required, content: { 'application/x-www-form-urlencoded': { schema: toSchema(endpoint.body) } } }
        : { required, content: { 'application/json': { schema: toSchema(endpoint.body) } } };
  }
  if (endpoint.upload) {
    // Text fields and files in one multipart/form-data body; files are checked by their content, not their name.
    const { fields, file } = endpoint.upload;
    const fieldSchema = toSchema(fields);
    const properties = (fieldSchema.properties ?? {}) as Record<string, JsonSchema>;
    operation.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              ...properties,
              [file.field]: {
                type: 'array',
                minItems: file.minCount,
                maxItems: file.maxCount,
                items: { type: 'string', contentMediaType: 'application/octet-stream', description: `at most ${file.maxBytes} bytes each` },
              },
            },
            required: [...((fieldSchema.required ?? []) as string[]), file.field],
          },
          encoding: { [file.field]: { contentType: file.types.join(', ') } },
        },
      },
    };
  }
  if (endpoint.queued) operation['x-queued'] = true;
  if (endpoint.onlineOnly) operation['x-online-only'] = true;
  return operation;
};

/** The document for the given contract endpoints (the ones the server registered), in their order. */
export const buildOpenApiDocument = (registered: readonly Endpoint[], version: string): OpenApiDocument => {
  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of registered) {
    const name = endpointName(endpoint);
    if (!name) throw new Error(`${endpoint.method} ${endpoint.path} is not an endpoint of contract/endpoints.ts`);
    const path = openApiPath(`${basePath(endpoint.base)}${endpoint.path}`);
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operationOf(endpoint, name) };
  }
  return {
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
    paths,
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
      responses: {
        Error: {
          description:
            'An error (docs/product/errors.md "Error body"): 400 invalid input with the fields at fault, 401, 403, 404, 409, 412, 422, 429 …',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
        },
      },
    },
  };
};
