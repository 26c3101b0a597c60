import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoPassword } from '#contract/fixtures/demo';
import { appContext, buildApp } from '#server/app';
import { closeDatabase, openDatabase, type Db } from '#server/db/database';
import { DEMO_IDS } from '#server/demo/data/ids';
import { writeTransaction } from '#server/db/engine';
import { countUsage, usagePage, type HistoryFilter } from '#server/lib/usage-data';
import { findLoginUser } from '#server/lib/users';
import { bearer, bearerMode, login, staticFixtureDir } from './test-app.ts';
import { closeTestDatabase, openTestDatabase, testEngine, urlOfTestDatabase } from './test-database.ts';
import { textRecord } from './usage-record.ts';

/*
 * Two instances of the API on one PostgreSQL database behave as one service (docs/product/operations.md "Several instances"):
 * each has its own connection pool (its own application_name, as two processes would), and nothing of the service
 * lives in either one's memory. Shared sessions, shared limits, one write per Idempotency-Key, each job run once, and
 * a job cut short by an instance's death finished by the other without repeating anything.
 */

type Instance = { app: FastifyInstance; db: Db; name: string };

let base: Db;
let a: Instance;
let b: Instance;

const startInstance = async (name: string): Promise<Instance> => {
  const db = await openDatabase(urlOfTestDatabase(base), { postgres: { poolSize: 5, applicationName: name } });
  const app = await buildApp({ demo: true, db, testMode: true, staticDir: staticFixtureDir });
  await app.ready();
  return { app, db, name };
};

const stopInstance = async (instance: Instance): Promise<void> => {
  await instance.app.close();
  await closeDatabase(instance.db);
};

/**
 * What the death of an instance does to the database: PostgreSQL ends its sessions (the operating system closed
 * their sockets), so its transactions roll back and its advisory locks are released. The instance itself is frozen
 * (the caller never lets its work go on), then its pool is closed.
 */
const kill = async (instance: Instance): Promise<void> => {
  await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = ${instance.name}`.execute(base);
  // The sessions end (and free their locks) a moment after they are told to.
  for (;;) {
    const left = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM pg_stat_activity WHERE application_name = ${instance.name}`.execute(
      base,
    );
    if (Number(left.rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const gate = () => {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
};

describe.skipIf(testEngine() !== 'postgres')('two instances on one PostgreSQL database', () => {
  beforeAll(async () => {
    base = await openTestDatabase();
    a = await startInstance('instance-a');
    b = await startInstance('instance-b');
  }, 120_000);
  afterAll(async () => {
    await stopInstance(a);
    await stopInstance(b);
    await closeTestDatabase(base);
  });

  it('share sessions: opened on one, used and renewed on the other, rotated once for renewals sent to both at once', async () => {
    const { token, refreshToken } = await login(a.app, 'MT00000001');
    expect((await b.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(200);
    // Two tabs renew with the same refresh token, one through each instance: both get the same successor.
    const renew = (instance: Instance) =>
      instance.app.inject({
        method: 'POST',
        url: '/api/public/users/renew-access',
        headers: bearerMode,
        payload: { refresh_token: refreshToken },
      });
    const answers = await Promise.all([renew(a), renew(b), renew(a), renew(b)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const successors = new Set(answers.map((answer) => answer.json<{ token: string }>().token));
    expect(successors.size).toBe(1);
    const [successor] = [...successors];
    expect((await a.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(successor ?? '') })).statusCode).toBe(200);
    // Logged out on one, the session is over on the other.
    await b.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(successor ?? ''), payload: {} });
    expect((await a.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(successor ?? '') })).statusCode).toBe(401);
  });

  it('share the login limits: wrong passwords counted on both instances lock the account on both', async () => {
    const attempt = (instance: Instance, password: string) =>
      instance.app.inject({
        method: 'POST',
        url: '/api/public/users/login',
        remoteAddress: '10.40.0.7',
        headers: bearerMode,
        payload: { login: 'MT00000003', password },
      });
    // Five free attempts in all (docs/product/security.md): sent at once, alternately to each instance.
    const wrong = await Promise.all([0, 1, 2, 3, 4].map((i) => attempt(i % 2 === 0 ? a : b, `Wrong!${i}pass`)));
    expect(wrong.map((answer) => answer.statusCode)).toEqual([401, 401, 401, 401, 401]);
    for (const instance of [a, b]) {
      const locked = await attempt(instance, demoPassword);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ code: 'tooManyLoginAttempts' });
    }
    await a.app.inject({ method: 'POST', url: '/api/test/rate-limits/reset' });
  });

  it('count twenty wrong passwords for one account sent at once to both: each answered 401 or 429, every one checked counted', async () => {
    const user = await findLoginUser(base, 'MT00000004');
    expect(user).toBeDefined();
    const attempt = (instance: Instance, i: number) =>
      instance.app.inject({
        method: 'POST',
        url: '/api/public/users/login',
        remoteAddress: '10.40.0.9',
        headers: bearerMode,
        payload: { login: 'MT00000004', password: `Wrong!${i}pass` },
      });
    // All twenty write the same two counter rows (the account's and the address's) in SERIALIZABLE transactions:
    // the ones that lose a round run again, none reaches the client as a 500.
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(i % 2 === 0 ? a : b, i)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(
      statuses.filter((status) => status !== 401 && status !== 429),
      answers.map((answer) => answer.body).join('\n'),
    ).toEqual([]);
    // The 429s are the lock's, not writes that gave up on their conflicts.
    const refused = answers.filter((answer) => answer.statusCode === 429).map((answer) => answer.json<{ code: string }>().code);
    expect(new Set(refused)).toEqual(new Set(['tooManyLoginAttempts']));
    // Five free attempts (docs/product/security.md): the ones checked before the lock are counted, one each, and
    // the lock turns away the rest without a check (and without counting them).
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBe(5);
    const counters = await base
      .selectFrom('login_attempts')
      .select(['key', 'count'])
      .where('key', 'in', [`account:${user?.id ?? 0}`, 'ip:10.40.0.9'])
      .orderBy('key')
      .execute();
    expect(counters).toEqual([
      { key: `account:${user?.id ?? 0}`, count: checked },
      { key: 'ip:10.40.0.9', count: checked },
    ]);
    await a.app.inject({ method: 'POST', url: '/api/test/rate-limits/reset' });
  });

  it('apply an Idempotency-Key sent to both at once once', async () => {
    const { token } = await login(a.app, 'MT00000001');
    const key = `both-instances-${Date.now()}`;
    const send = (instance: Instance) =>
      instance.app.inject({
        method: 'POST',
        url: '/api/support/ticket',
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: { subject: 'billing', subSubject: 'billing_invoice', message: 'Une seule fois, même envoyé deux fois.' },
      });
    const answers = await Promise.all([send(a), send(b), send(a), send(b)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const references = new Set(answers.map((answer) => answer.json<{ reference: string }>().reference));
    expect(references.size).toBe(1);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(3);
    const tickets = await base
      .selectFrom('support_tickets')
      .select('id')
      .where('message', '=', 'Une seule fois, même envoyé deux fois.')
      .execute();
    expect(tickets).toHaveLength(1);
  });

  it('queue changes to one line sent to both at once: none refused, each one an order, the latest one waiting', async () => {
    const { token } = await login(a.app, 'MT00000001');
    const line = DEMO_IDS.contracts.sophieMain;
    const values = ['512K', '2M', '5M', '100M', 'NONE'];
    // Forty changes of one line, alternating instances, with other lines' and customers' writes around them.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        (i % 2 === 0 ? a : b).app.inject({
          method: 'POST',
          url: `/api/customer/${DEMO_IDS.customers.sophie}/contract/${line}/settings`,
          headers: { ...bearer(token), 'idempotency-key': `hot-line-change-${i}` },
          payload: { resource: 'THROTTLING', value: values[i % values.length] },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // Queued on the line's lock, never refused as a conflict (429) or failed (5xx): 200, or 422 when the change
    // asked for what the line already waits for.
    expect(statuses.filter((status) => status !== 200 && status !== 422)).toEqual([]);
    const accepted = statuses.filter((status) => status === 200).length;
    expect(accepted).toBeGreaterThan(0);
    const rows = await sql<{
      status: string;
      n: number;
    }>`SELECT l.status, COUNT(*) AS n FROM order_lines l JOIN orders o ON o.id = l.order_id
      WHERE o.contract_id = ${line} AND l.resource_name = 'THROTTLING'
      AND o.order_ref IN (${sql.join(answers.filter((x) => x.statusCode === 200).map((x) => x.json<{ orderRef: string }>().orderRef))})
      GROUP BY l.status`.execute(base);
    const byStatus = Object.fromEntries(rows.rows.map((row) => [row.status, Number(row.n)]));
    // Each accepted change is an order of its own; each cancelled the one before it: one is left waiting.
    expect((byStatus.CANCELED ?? 0) + (byStatus.PENDING ?? 0)).toBe(accepted);
    expect(byStatus.PENDING).toBe(1);
  });

  it("follow each other's usage writes in the history: the hour index one caches is dropped when the other writes", async () => {
    const contractId = (await base.selectFrom('contracts').select('id').where('msisdn', '=', '0470000007').executeTakeFirstOrThrow()).id;
    const everything: HistoryFilter = { range: { from: Number.MIN_SAFE_INTEGER, to: Number.MAX_SAFE_INTEGER }, type: undefined };
    const before = await countUsage(a.db, contractId, everything);
    expect(await countUsage(a.db, contractId, everything)).toBe(before);
    const eventTime = Date.now() - 3 * 86_400_000;
    const { id } = await b.db
      .insertInto('usage_records')
      .values(textRecord(contractId, eventTime))
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await countUsage(a.db, contractId, everything)).toBe(before + 1);
    const newest = await usagePage(a.db, contractId, { ...everything, range: { from: eventTime, to: eventTime } }, 'desc', 25, 0);
    expect(newest.map((row) => row.id)).toContain(id);
    await b.db.deleteFrom('usage_records').where('id', '=', id).execute();
    expect(await countUsage(a.db, contractId, everything)).toBe(before);
  });

  it('run a job once when both schedulers run it at the same time', async () => {
    let runs = 0;
    const held = gate();
    const entered = gate();
    for (const instance of [a, b]) {
      appContext(instance.app).scheduler.register({
        name: 'test.once',
        everyMs: 60_000,
        run: async () => {
          runs += 1;
          entered.open();
          await held.opened;
        },
      });
    }
    const first = appContext(a.app).scheduler.runDue();
    await entered.opened;
    // While A runs it, B finds the job held; once A is done, the job is not due again for a minute, on either.
    const second = await appContext(b.app).scheduler.runDue();
    held.open();
    const outcomes = await first;
    expect(outcomes.filter((outcome) => outcome.name === 'test.once')).toEqual([{ name: 'test.once', ok: true }]);
    expect(second.filter((outcome) => outcome.name === 'test.once')).toEqual([]);
    expect((await appContext(b.app).scheduler.runDue()).filter((outcome) => outcome.name === 'test.once')).toEqual([]);
    expect(runs).toBe(1);
  });

  it('run the real jobs once: alerts announced once, orders executed once, whichever instance runs them', async () => {
    const { token } = await login(a.app, 'MT00000001');
    // Sophie's data bundle used up (she was at about 82 %): the alert engines of both instances, at once, announce it.
    const now = new Date(Date.now() + 5 * 60_000);
    for (const instance of [a, b]) appContext(instance.app).clock.set(now);
    await base
      .insertInto('usage_records')
      .values({
        contract_id: DEMO_IDS.contracts.sophieMain,
        service_cat: 'data',
        messages: 1,
        is_oob: 0,
        resource_impact: 0,
        resource_unit: 'EUR_CENT',
        service_used: 5 * 1024 ** 3,
        service_unit: 'B',
        incoming: 0,
        destination: 'national',
        event_time: now.getTime() - 1000,
      })
      .execute();
    const before = await base.selectFrom('notification_log').select('id').execute();
    await Promise.all([appContext(a.app).scheduler.runDue(), appContext(b.app).scheduler.runDue()]);
    await Promise.all([appContext(a.app).scheduler.runDue(), appContext(b.app).scheduler.runDue()]);
    const logged = await base
      .selectFrom('notification_log')
      .select(['event_key', 'channel'])
      .where('id', 'not in', before.length > 0 ? before.map((row) => row.id) : [0])
      .execute();
    expect(logged.length).toBeGreaterThan(0);
    expect(new Set(logged.map((row) => `${row.event_key}|${row.channel}`)).size).toBe(logged.length);
    // A plan change due today: queued once and executed once, whichever scheduler gets to it.
    const created = await a.app.inject({
      method: 'POST',
      url: `/api/customer/${DEMO_IDS.customers.sophie}/contract/${DEMO_IDS.contracts.sophieMain}/orders/create`,
      headers: bearer(token),
      payload: { product: DEMO_IDS.products.mobileL, options: [] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { order_id: orderRef } = created.json<{ order_id: string }>();
    await base
      .updateTable('order_lines')
      .set({ scheduled_date: '2000-01-01' })
      .where('order_id', '=', (eb) => eb.selectFrom('orders').select('id').where('order_ref', '=', orderRef))
      .execute();
    const later = new Date(now.getTime() + 10 * 60_000);
    for (const instance of [a, b]) appContext(instance.app).clock.set(later);
    await Promise.all([appContext(a.app).scheduler.runDue(), appContext(b.app).scheduler.runDue()]);
    const queued = await base
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.status', 'l.queued_at'])
      .where('o.order_ref', '=', orderRef)
      .execute();
    expect(queued.map((line) => line.status)).toEqual(['QUEUED']);
    expect(queued[0]?.queued_at).toBe(later.toISOString());
    for (const instance of [a, b]) appContext(instance.app).clock.set(null);
  });

  it('finish the job of an instance that dies halfway, repeating nothing it committed', async () => {
    const items = 'instances_job_items';
    await sql`CREATE TABLE ${sql.table(items)} (id INTEGER PRIMARY KEY, done_by TEXT, done_count INTEGER NOT NULL DEFAULT 0)`.execute(base);
    await sql`INSERT INTO ${sql.table(items)} (id) SELECT g FROM generate_series(1, 6) AS g`.execute(base);
    const frozen = gate();
    const halfway = gate();
    /** The job's way: each item in its own transaction, claimed by a conditional update, so it is done once. */
    const job = (instance: Instance) => async () => {
      for (let id = 1; id <= 6; id += 1) {
        await writeTransaction(instance.db, async (tx) => {
          await sql`UPDATE ${sql.table(items)} SET done_by = ${instance.name}, done_count = done_count + 1
                    WHERE id = ${id} AND done_by IS NULL`.execute(tx);
        });
        if (instance === dying && id === 3) {
          halfway.open();
          await frozen.opened;
        }
      }
    };
    const dying = await startInstance('instance-dying');
    appContext(dying.app).scheduler.register({ name: 'test.items', everyMs: 3_600_000, run: job(dying) });
    appContext(b.app).scheduler.register({ name: 'test.items', everyMs: 3_600_000, run: job(b) });

    const dyingRun = appContext(dying.app).scheduler.runDue();
    await halfway.opened;
    // Held by the dying instance: B leaves it alone.
    expect((await appContext(b.app).scheduler.runDue()).some((outcome) => outcome.name === 'test.items')).toBe(false);

    await kill(dying);
    // The lock died with the instance's session and the run was never recorded: B finds the job due and finishes it.
    const finished = await appContext(b.app).scheduler.runDue();
    expect(finished.filter((outcome) => outcome.name === 'test.items')).toEqual([{ name: 'test.items', ok: true }]);
    const rows = (
      await sql<{ id: number; done_by: string; done_count: number }>`SELECT id, done_by, done_count FROM ${sql.table(
        items,
      )} ORDER BY id`.execute(base)
    ).rows;
    expect(rows.map((row) => row.done_count)).toEqual([1, 1, 1, 1, 1, 1]);
    expect(rows.map((row) => row.done_by)).toEqual([
      'instance-dying',
      'instance-dying',
      'instance-dying',
      'instance-b',
      'instance-b',
      'instance-b',
    ]);
    // And the next run is an hour away, for everyone.
    expect((await appContext(b.app).scheduler.runDue()).some((outcome) => outcome.name === 'test.items')).toBe(false);

    // Were it only frozen, not dead (a long pause of its process), and went on: every item it reaches is done already,
    // and its conditional update changes nothing.
    frozen.open();
    await dyingRun;
    await stopInstance(dying);
    const after = (await sql<{ done_count: number }>`SELECT done_count FROM ${sql.table(items)} ORDER BY id`.execute(base)).rows;
    expect(after.map((row) => row.done_count)).toEqual([1, 1, 1, 1, 1, 1]);
  }, 60_000);
});
