import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contract/common';
import { endpoints } from '#contract/endpoints';
import { buildApp } from '#server/app';
import { closeTestDatabase, openTestDatabase } from './test-database.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/public/ready (health check)', () => {
  it('answers 200 with the contract shape when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public/ready' });
    expect(response.statusCode).toBe(200);
    expect(endpoints.ready.response.parse(response.json())).toEqual({ status: 'ready', version: expect.any(String) as string });
  });

  it('stays ready during maintenance, while the rest of the API answers 503', async () => {
    await t.app.inject({ method: 'POST', url: '/api/test/maintenance', payload: { on: true } });
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/public/ready' })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/user/me' })).statusCode).toBe(503);
    } finally {
      await t.app.inject({ method: 'POST', url: '/api/test/maintenance', payload: { on: false } });
    }
  });

  it('answers 503 with the error body when the database does not answer', async () => {
    // A migrated database is enough: readiness runs a query of its own.
    const db = await openTestDatabase({ seed: false });
    const app = await buildApp({ demo: true, db });
    try {
      await closeTestDatabase(db);
      const response = await app.inject({ method: 'GET', url: '/api/public/ready' });
      expect(response.statusCode).toBe(503);
      expect(errorBodySchema.parse(response.json())).toMatchObject({ statusCode: 503, code: 'serverError' });
    } finally {
      await app.close();
    }
  });
});
