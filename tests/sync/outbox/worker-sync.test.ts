import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MutationResult, ToWorker, WorkerReport } from '#sw/messages';
import { bearer } from '../../server/test-app.ts';
import { appliedOnServer, freshDevice, network, startServer, stopServer } from './harness.ts';

vi.mock('#api/client', async (importOriginal) => (await import('./harness.ts')).clientThroughServer(await importOriginal()));

/*
 * The service worker's side, played by this test: it controls the page, keeps what the page hands it (the
 * harness answers 202 "queued"), replays it to the real server when the test says so, and reports on REPLAY.
 */
const worker = vi.hoisted(() => ({ report: null as WorkerReport | null, posted: [] as ToWorker[] }));
vi.mock('#sync/sw-bridge', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  isControlled: () => true,
  requestWorkerReport: () => Promise.resolve(worker.report),
  postToWorker: (message: ToWorker) => {
    worker.posted.push(message);
    return true;
  },
}));

const { db } = await import('#db/db');
const { pullCustomer } = await import('#data/customer-pull');
const { mutation: contact, contactEntity } = await import('#features/settings/data/contact.mutation.ts');
const { enqueue, flush } = await import('#sync/outbox');
const { handleWorkerMessage, reconcileWithWorker } = await import('#sync/outbox/worker-sync');

let userGuid = '';

beforeAll(async () => {
  ({ userGuid } = await startServer());
});
afterAll(stopServer);

beforeEach(async () => {
  // The page's own back-off timers (ask the worker again in 2 s …) only run when a test moves the clock.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  await freshDevice(userGuid);
  await pullCustomer(1, { force: true });
  worker.report = null;
  worker.posted = [];
});
afterEach(() => {
  vi.useRealTimers();
});

const report = (parts: Partial<WorkerReport>): WorkerReport => ({ type: 'REPORT', held: [], outcomes: [], needsAuth: [], ...parts });

/** A change made offline: the page hands it to the worker, which keeps it. */
const queuedChange = async (body: Record<string, unknown>): Promise<string> => {
  const base = (await db.contacts.get(1))!.lastUpdate;
  network.mode = 'queued';
  const key = await enqueue(contact, { entity: contactEntity(1), params: { customerId: 1 }, body: { ...body, lastUpdate: base } });
  await flush();
  network.mode = 'online';
  expect(await db.pendingMutations.get(key)).toMatchObject({ state: 'queued' });
  return key;
};

/** The worker replays a kept change to the server: what it would report. */
const replayByWorker = async (key: string): Promise<MutationResult> => {
  const row = (await db.pendingMutations.get(key))!;
  const { body } = row.payload as { body: Record<string, unknown> };
  const response = await network.server!.app.inject({
    method: 'PATCH',
    url: '/api/customer/1/contact',
    headers: { ...bearer(network.token), 'idempotency-key': key },
    payload: body,
  });
  return { type: 'MUTATION_RESULT', key, status: response.statusCode, body: response.json() };
};

const acked = () => worker.posted.flatMap((message) => (message.type === 'ACK' ? message.keys : []));

describe('reconciling with the worker’s report', () => {
  it('an outcome it reports is settled and acknowledged; nothing is sent again', async () => {
    const key = await queuedChange({ lastName: 'Replayed' });
    const result = await replayByWorker(key);
    worker.report = report({ outcomes: [result] });
    await reconcileWithWorker();
    expect(await db.pendingMutations.count()).toBe(0);
    expect(await db.contacts.get(1)).toMatchObject({
      lastName: 'Replayed',
      lastUpdate: (result.body as { lastUpdate: string }).lastUpdate,
    });
    expect(acked()).toEqual([key]);
    expect(network.sent.filter((s) => s.key === key)).toHaveLength(1);
  });

  it('a change it still holds stays with it, and the page asks again after its back-off', async () => {
    const key = await queuedChange({ lastName: 'Still-Held' });
    worker.report = report({ held: [key] });
    await reconcileWithWorker();
    expect(await db.pendingMutations.get(key)).toMatchObject({ state: 'queued' });
    expect(network.sent.filter((s) => s.key === key)).toHaveLength(1);
    // 2 s later the worker has replayed it.
    worker.report = report({ outcomes: [await replayByWorker(key)] });
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(async () => expect(await db.pendingMutations.count()).toBe(0));
  });

  it('a change it neither holds nor answered is sent again with the same key, and applied once', async () => {
    const key = await queuedChange({ lastName: 'Lost-Outcome' });
    // The worker delivered it, but the outcome was lost (the worker restarted before keeping it).
    await replayByWorker(key);
    worker.report = report({});
    await reconcileWithWorker();
    expect(network.sent.filter((s) => s.key === key)).toHaveLength(2);
    expect(await db.pendingMutations.count()).toBe(0);
    expect((await appliedOnServer()).filter((change) => change.key === key)).toHaveLength(1);
    expect(await db.contacts.get(1)).toMatchObject({ lastName: 'Lost-Outcome' });
  });

  it('a change it stopped for re-authentication waits for the next login, marked for the pending-changes list', async () => {
    const key = await queuedChange({ lastName: 'Needs-Login' });
    worker.report = report({ held: [key], needsAuth: [key] });
    await reconcileWithWorker();
    expect(await db.pendingMutations.get(key)).toMatchObject({ state: 'needs-auth' });
  });

  it('a refusal it reports rolls the change back and shows the server’s message', async () => {
    const before = (await db.contacts.get(1))!;
    const key = await queuedChange({ lastName: 'Refused' });
    worker.report = report({
      outcomes: [{ type: 'MUTATION_RESULT', key, status: 412, body: { code: 'staleData', message: 'The data changed since it was read' } }],
    });
    await reconcileWithWorker();
    expect(await db.pendingMutations.get(key)).toMatchObject({ state: 'rejected', error: { status: 412, code: 'staleData' } });
    expect((await db.contacts.get(1))?.lastName).toBe(before.lastName);
  });
});

describe('results as messages', () => {
  it('the same outcome heard twice (message, then report) is settled once', async () => {
    const key = await queuedChange({ lastName: 'Twice' });
    const result = await replayByWorker(key);
    await handleWorkerMessage(result);
    expect(await db.pendingMutations.count()).toBe(0);
    // A later change of the contact, then the report repeats the old outcome: the newer local state stays.
    const newer = await enqueue(contact, {
      entity: contactEntity(1),
      params: { customerId: 1 },
      body: { firstName: 'Newer', lastUpdate: (result.body as { lastUpdate: string }).lastUpdate },
    });
    await flush();
    worker.report = report({ outcomes: [result] });
    await reconcileWithWorker();
    expect(await db.pendingMutations.get(newer)).toBeUndefined();
    expect(await db.contacts.get(1)).toMatchObject({ firstName: 'Newer', lastName: 'Twice' });
    expect(acked()).toEqual([key, key]);
  });

  it('NEEDS_AUTH stops the change for re-authentication', async () => {
    const key = await queuedChange({ lastName: 'Expired' });
    await handleWorkerMessage({ type: 'NEEDS_AUTH', key });
    expect(await db.pendingMutations.get(key)).toMatchObject({ state: 'needs-auth' });
  });
});
