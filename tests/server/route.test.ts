import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Endpoint } from '#contract/endpoints';
import type { AppContext } from '#server/lib/app-context';
import { createRouter } from '#server/lib/contract-route';
import { registerErrorHandler, registerNotFound } from '#server/plugins/error-handler';
import { registerZodValidation } from '#server/plugins/zod-validation';

// A contract route on its own, validated by fastify-type-provider-zod: no database, no authentication (a public endpoint).
const endpoint = {
  method: 'POST',
  base: 'public',
  path: '/echo/:id',
  params: z.object({ id: z.coerce.number().int().positive() }),
  query: z.object({ mode: z.enum(['good', 'bad']).default('good') }),
  body: z.object({ name: z.string().min(1, 'validation:required'), nested: z.object({ n: z.number() }).optional() }),
  response: z.object({ id: z.number(), name: z.string() }),
} as const satisfies Endpoint;

const build = async (validateResponse: boolean) => {
  const app = Fastify();
  registerErrorHandler(app);
  registerZodValidation(app, { validateResponse });
  // A public endpoint never reaches the context (only the authentication of `api` endpoints reads it).
  createRouter(app, {} as AppContext).route(endpoint, ({ params, query, body }) =>
    // The "bad" mode returns a body that drifts from the response schema.
    query.mode === 'good'
      ? { id: params.id, name: body.name }
      : ({ id: String(params.id), name: body.name } as unknown as { id: number; name: string }),
  );
  registerNotFound(app, null);
  await app.ready();
  return app;
};

describe('a contract route', () => {
  it('registers the method and URL of the descriptor and hands over parsed values', async () => {
    const app = await build(true);
    const response = await app.inject({ method: 'POST', url: '/api/public/echo/7', payload: { name: 'a' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: 7, name: 'a' });
    expect((await app.inject({ method: 'GET', url: '/api/public/echo/7' })).statusCode).toBe(404);
  });

  it('reports the issues of params, query and body together, with dotted paths', async () => {
    const app = await build(true);
    const response = await app.inject({ method: 'POST', url: '/api/public/echo/0?mode=other', payload: { name: '', nested: { n: 'x' } } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'invalidParameters',
      message: 'Invalid parameters',
      fields: [
        { field: 'id', message: 'validation:invalid' },
        { field: 'mode', message: 'validation:invalid' },
        { field: 'name', message: 'validation:required' },
        { field: 'nested.n', message: 'validation:invalid' },
      ],
    });
  });

  it('reports the missing fields of a request without a body one by one, and a body that is not an object as the body', async () => {
    const app = await build(true);
    const missing = await app.inject({ method: 'POST', url: '/api/public/echo/7' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: [{ field: 'name', message: 'validation:required' }] });
    const notObject = await app.inject({ method: 'POST', url: '/api/public/echo/7', payload: [1] });
    expect(notObject.json()).toMatchObject({ fields: [{ field: 'body', message: 'validation:invalid' }] });
  });

  it('throws on a response that drifts from the contract when validating (test mode)', async () => {
    const app = await build(true);
    const response = await app.inject({ method: 'POST', url: '/api/public/echo/7?mode=bad', payload: { name: 'a' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ statusCode: 500, code: 'serverError', message: 'Internal server error' });
  });

  it('does not pay for the response check outside test mode', async () => {
    const app = await build(false);
    const response = await app.inject({ method: 'POST', url: '/api/public/echo/7?mode=bad', payload: { name: 'a' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('registerErrorHandler', () => {
  it('answers a transaction that kept losing to concurrent writes (SQLSTATE 40001, 40P01) 429 with Retry-After, not 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/api/public/conflict/:code', (request) => {
      const { code } = request.params as { code: string };
      // What the PostgreSQL driver throws once writeTransaction has no retries left.
      throw Object.assign(new Error('could not serialize access due to concurrent update'), { code });
    });
    await app.ready();
    for (const code of ['40001', '40P01']) {
      const response = await app.inject({ method: 'GET', url: `/api/public/conflict/${code}` });
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toMatchObject({ statusCode: 429, code: 'tooManyRequests' });
    }
    // Any other database error stays a 500 (a bug, logged).
    expect((await app.inject({ method: 'GET', url: '/api/public/conflict/23505' })).statusCode).toBe(500);
    await app.close();
  });
});
