import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appliedOnServer, contactRow, freshDevice, network, serverContact, startServer, stopServer } from './harness.ts';
import { bearer } from '../../server/test-app.ts';

vi.mock('#api/client', async (importOriginal) => (await import('./harness.ts')).clientThroughServer(await importOriginal()));

const { db } = await import('#db/db');
const { pullCustomer } = await import('#data/customer-pull');
const { mutation: contact, contactEntity } = await import('#features/settings/data/contact.mutation.ts');
const { mutation: language } = await import('#features/auth/data/language.mutation.ts');
const { enqueue, flush } = await import('#sync/outbox');
const { setClock } = await import('#lib/clock');

/*
 * Sending (src/sync/outbox/send.ts) against the reference server: changes to one entity go out one at a time,
 * oldest first, each later one rebased on the version the earlier one produced; an entity that waits never holds
 * up another one; rows that are not this user's, or of a type this build does not know, are never sent.
 */

let userGuid = '';
let clock = Date.now();

beforeAll(async () => {
  ({ userGuid } = await startServer());
  setClock(() => clock);
});
afterAll(stopServer);

beforeEach(async () => {
  clock = Date.now();
  await freshDevice(userGuid);
  await pullCustomer(1, { force: true });
});

const localContact = async () => (await db.contacts.get(1))!;

describe('changes to one entity', () => {
  it('go out oldest first; the later one is rebased on the version the earlier one produced', async () => {
    const base = (await localContact()).lastUpdate;
    network.mode = 'offline';
    await enqueue(contact, { entity: contactEntity(1), params: { customerId: 1 }, body: { lastName: 'Dubois-A', lastUpdate: base } });
    // Made from the same screen before it re-rendered: the same base version.
    await enqueue(contact, { entity: contactEntity(1), params: { customerId: 1 }, body: { firstName: 'Sophie-B', lastUpdate: base } });
    await flush();
    // Offline: the first one failed and backs off; the second was never tried.
    expect(network.sent.map((s) => s.body)).toEqual([{ lastName: 'Dubois-A', lastUpdate: base }]);
    const [first, second] = await db.pendingMutations.orderBy('createdAt').toArray();
    expect(first).toMatchObject({ state: 'pending', attempts: 1 });
    expect(second).toMatchObject({ state: 'pending', attempts: 0 });
    // Both are shown at once.
    expect(await localContact()).toMatchObject({ firstName: 'Sophie-B', lastName: 'Dubois-A', lastUpdate: base });

    network.mode = 'online';
    clock += 60_000;
    await flush();
    expect(network.sent.map((s) => s.key)).toEqual([first!.key, first!.key, second!.key]);
    // The version the first change produced: the server's stored answer to its key (a replay is answered with it).
    const replay = await network.server!.app.inject({
      method: 'PATCH',
      url: '/api/customer/1/contact',
      headers: { ...bearer(network.token), 'idempotency-key': first!.key },
      payload: { lastName: 'Dubois-A', lastUpdate: base },
    });
    const produced = replay.json<{ lastUpdate: string }>().lastUpdate;
    expect(produced).not.toBe(base);
    expect(network.sent[2]!.body).toEqual({ firstName: 'Sophie-B', lastUpdate: produced });
    const ours = new Set([first!.key, second!.key]);
    expect((await appliedOnServer()).map((change) => change.key).filter((key) => ours.has(key))).toEqual([first!.key, second!.key]);
    expect(await db.pendingMutations.count()).toBe(0);
    // The server's answer to the last change is the local copy.
    const server = await serverContact();
    expect(server).toMatchObject({ firstName: 'Sophie-B', lastName: 'Dubois-A' });
    expect(await localContact()).toMatchObject({ firstName: 'Sophie-B', lastName: 'Dubois-A', lastUpdate: server.lastUpdate });
  });

  it('a change kept by the service worker holds up the later ones of its entity, not those of another entity', async () => {
    const base = (await localContact()).lastUpdate;
    network.mode = 'queued';
    await enqueue(contact, { entity: contactEntity(1), params: { customerId: 1 }, body: { lastName: 'Held', lastUpdate: base } });
    await flush();
    await enqueue(contact, { entity: contactEntity(1), params: { customerId: 1 }, body: { firstName: 'Waits', lastUpdate: base } });
    network.mode = 'online';
    await enqueue(language, { entity: 'language', body: { lang: 'nl' } });
    await flush();
    expect(network.sent.map((s) => s.path)).toEqual(['/customer/:customerId/contact', '/user/language']);
    const states = (await db.pendingMutations.orderBy('createdAt').toArray()).map((row) => [row.type, row.state]);
    expect(states).toEqual([
      ['contact', 'queued'],
      ['contact', 'pending'],
    ]);
  });
});

describe('rows this page never sends', () => {
  it.each([
    ['another user’s change on a shared device is dropped', { userGuid: 'someone-else' }, 0],
    ['a change of a type this build does not know stays for the build that knows it', { type: 'from-a-newer-build' }, 1],
    ['a rejected change waits for the user', { state: 'rejected' as const }, 1],
  ])('%s', async (_name, extra, left) => {
    await db.pendingMutations.put(contactRow('row-1', { lastName: 'Never' }, extra));
    await flush();
    expect(network.sent).toEqual([]);
    expect(await db.pendingMutations.count()).toBe(left);
  });

  it('nothing goes out while a change waits for re-authentication', async () => {
    await db.pendingMutations.bulkPut([
      contactRow('auth-1', { lastName: 'A' }, { state: 'needs-auth', createdAt: 1 }),
      {
        ...contactRow('lang-1', { lang: 'nl' }, { type: 'language', entity: 'language', createdAt: 2 }),
        payload: { endpoint: 'setLanguage', params: {}, body: { lang: 'nl' } },
      },
    ]);
    await flush();
    expect(network.sent).toEqual([]);
  });
});

describe('answers', () => {
  it('"no update made" (422 noUpdate) counts as applied: the server already holds what the user wanted', async () => {
    const current = await localContact();
    await enqueue(contact, {
      entity: contactEntity(1),
      params: { customerId: 1 },
      body: { lastName: current.lastName, lastUpdate: current.lastUpdate },
    });
    await flush();
    expect(network.sent).toHaveLength(1);
    expect(await db.pendingMutations.count()).toBe(0);
    expect(await appliedOnServer()).not.toContainEqual(expect.objectContaining({ key: network.sent[0]!.key }));
  });
});
