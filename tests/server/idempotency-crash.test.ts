import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { closeDatabase, openDatabase, type Db } from '#server/db/database';
import { DEMO_IDS } from '#server/demo/data/ids';
import { bearer, login, staticFixtureDir } from './test-app.ts';
import { closeTestDatabase, openTestDatabase, sqlRow, sqlRows, testEngine, urlOfTestDatabase } from './test-database.ts';

/*
 * Exactly once across crashes (issue 42, docs/decisions/0013-idempotent-answer-in-the-transaction.md), on the engine
 * the run uses. Two instances of the API on one database: the first one "dies" at the worst moment, after its change
 * committed and before its answer left (its request is frozen there and never finishes); the client's retry reaches
 * the other instance. And an instance thought dead, whose key another took over, cannot commit its change any more.
 */

const FREEZE_HEADER = 'x-test-freeze-after-commit';
const STEAL_HEADER = 'x-test-key-taken-over';

type Instance = { app: FastifyInstance; db: Db | null };

let base: Db;
let first: Instance;
let second: Instance;
let auth: { authorization: string };

/** An instance on the test database; `first` freezes or loses its key when a request asks it to (test headers). */
const startInstance = async (withFaults: boolean): Promise<Instance> => {
  // PostgreSQL: a pool of its own, as another process has. SQLite: the same connection (one process per DATA_DIR).
  const db = testEngine() === 'postgres' ? await openDatabase(urlOfTestDatabase(base), { postgres: { poolSize: 5 } }) : null;
  const app = await buildApp({ demo: true, db: db ?? base, testMode: true, staticDir: staticFixtureDir });
  if (withFaults) {
    // After the handler returned (its transaction committed), before the answer is serialized and sent: frozen.
    app.addHook('preSerialization', async (request, _reply, payload) => {
      if (request.headers[FREEZE_HEADER]) await new Promise(() => undefined);
      return payload;
    });
    // Another request took the key over while this one ran (its lease lapsed as if this instance had died).
    app.addHook('preHandler', async (request) => {
      const key = request.headers['idempotency-key'];
      if (request.headers[STEAL_HEADER] && typeof key === 'string') {
        await sqlRows(base, "UPDATE idempotency_keys SET holder = 'another-instance' WHERE key = ?", key);
      }
    });
  }
  await app.ready();
  return { app, db };
};

const settingsUrl = `/api/customer/${DEMO_IDS.customers.sophie}/contract/${DEMO_IDS.contracts.sophieMain}/settings`;
const change = (instance: Instance, key: string, value: string, extra: Record<string, string> = {}) =>
  instance.app.inject({
    method: 'POST',
    url: settingsUrl,
    payload: { resource: 'THROTTLING', value },
    headers: { ...auth, 'idempotency-key': key, ...extra },
  });

const ordersOfValue = async (value: string): Promise<number> =>
  Number(
    (
      await sqlRow<{ n: number }>(
        base,
        "SELECT COUNT(*) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id WHERE o.contract_id = ? AND l.resource_name = 'THROTTLING' AND l.new_value = ?",
        DEMO_IDS.contracts.sophieMain,
        value,
      )
    ).n,
  );

describe(`an Idempotency-Key across a crash (${testEngine()})`, () => {
  beforeAll(async () => {
    base = await openTestDatabase();
    first = await startInstance(true);
    second = await startInstance(false);
    auth = bearer((await login(second.app, 'MT00000001')).token);
  }, 120_000);
  afterAll(async () => {
    // The frozen request never ends: the first instance is left as a dead process is.
    await second.app.close();
    for (const instance of [first, second]) if (instance.db) await closeDatabase(instance.db);
    await closeTestDatabase(base);
  });

  it('answers the retry of a change committed by an instance that died before answering, as a replay, applying it once', async () => {
    void change(first, 'crash-after-commit-0001', '2M', { [FREEZE_HEADER]: '1' });
    // The change commits, then the instance freezes: the answer is on the key's row, committed with the change.
    await expect.poll(() => ordersOfValue('2M'), { timeout: 10_000 }).toBe(1);
    const row = await sqlRow<{ status_code: number; response_body: string }>(
      base,
      'SELECT status_code, response_body FROM idempotency_keys WHERE key = ?',
      'crash-after-commit-0001',
    );
    expect(row.status_code).toBe(200);

    const retry = await change(second, 'crash-after-commit-0001', '2M');
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body).toBe(row.response_body);
    expect(retry.json<{ newValue: string; orderRef: string }>()).toMatchObject({
      newValue: '2M',
      orderRef: expect.stringMatching(/^O-\d{10}$/),
    });
    expect(await ordersOfValue('2M')).toBe(1);
  });

  it('refuses to commit the change of a request whose key was taken over (409), and leaves nothing of it', async () => {
    const refused = await change(first, 'taken-over-key-0001', '5M', { [STEAL_HEADER]: '1' });
    expect(refused.statusCode).toBe(409);
    expect(await ordersOfValue('5M')).toBe(0);
  });
});
