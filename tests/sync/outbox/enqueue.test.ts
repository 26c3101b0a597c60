import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { freshDevice, network, startServer, stopServer } from './harness.ts';

vi.mock('#api/client', async (importOriginal) => (await import('./harness.ts')).clientThroughServer(await importOriginal()));

const { db } = await import('#db/db');
const { pullCustomer } = await import('#data/customer-pull');
const { mutation: contact, contactEntity } = await import('#features/settings/data/contact.mutation.ts');
const { defineMutation, enqueue, flush } = await import('#sync/outbox');
const { setClock } = await import('#lib/clock');
const { recordSuperseded } = await import('#sync/outbox/version-chain');

/*
 * Recording a change (src/sync/outbox/enqueue.ts): the optimistic write and the pending row in one transaction,
 * the row as data, and a change from a screen that had not re-rendered yet put on top of the page's own changes.
 */

let userGuid = '';

beforeAll(async () => {
  ({ userGuid } = await startServer());
});
afterAll(stopServer);

beforeEach(async () => {
  await freshDevice(userGuid);
  await pullCustomer(1, { force: true });
  network.mode = 'offline';
});

describe('enqueue', () => {
  it('writes the change locally and stores it as data, with what to roll back to', async () => {
    const before = (await db.contacts.get(1))!;
    const key = await enqueue(contact, {
      entity: contactEntity(1),
      params: { customerId: 1 },
      body: { lastName: 'Queued', lastUpdate: before.lastUpdate },
    });
    await flush();
    expect(await db.contacts.get(1)).toMatchObject({ lastName: 'Queued' });
    expect(await db.pendingMutations.get(key)).toMatchObject({
      key,
      type: 'contact',
      entity: 'contact:1',
      userGuid,
      payload: { endpoint: 'patchContact', params: { customerId: 1 }, body: { lastName: 'Queued', lastUpdate: before.lastUpdate } },
      rollback: before,
    });
    // Stored as data: it survives a reload (structured clone), no function in it.
    expect(structuredClone(await db.pendingMutations.get(key))).toEqual(await db.pendingMutations.get(key));
  });

  it('writes nothing when the optimistic write fails (one transaction)', async () => {
    const broken = defineMutation({
      type: 'broken-write',
      label: 'common:pending.types.other',
      endpoint: 'patchContact',
      tables: () => [db.contacts],
      apply: async () => {
        await db.contacts.update(1, { lastName: 'Half' });
        throw new Error('boom');
      },
      rollback: () => Promise.resolve(),
    });
    await expect(enqueue(broken, { entity: 'contact:1', params: { customerId: 1 }, body: { lastName: 'Half' } })).rejects.toThrow('boom');
    expect(await db.pendingMutations.count()).toBe(0);
    expect((await db.contacts.get(1))?.lastName).not.toBe('Half');
  });

  it('keeps the order changes were made in, even within one millisecond', async () => {
    const base = (await db.contacts.get(1))!.lastUpdate;
    // A clock that does not move: a tie on createdAt would be broken by the random keys.
    setClock(() => 1_000);
    const keys: string[] = [];
    try {
      for (const name of ['One', 'Two', 'Three', 'Four', 'Five']) {
        keys.push(
          await enqueue(contact, { entity: contactEntity(1), params: { customerId: 1 }, body: { firstName: name, lastUpdate: base } }),
        );
      }
    } finally {
      setClock(() => Date.now());
    }
    expect((await db.pendingMutations.orderBy('createdAt').toArray()).map((row) => row.key)).toEqual(keys);
  });

  it('a change based on a version this page’s own applied change replaced is put on top of that change', async () => {
    const stale = (await db.contacts.get(1))!.lastUpdate;
    recordSuperseded(contactEntity(1), stale, '2030-01-01T00:00:00.000Z');
    const key = await enqueue(contact, {
      entity: contactEntity(1),
      params: { customerId: 1 },
      body: { firstName: 'On-Top', lastUpdate: stale },
    });
    expect((await db.pendingMutations.get(key))?.payload).toMatchObject({
      body: { firstName: 'On-Top', lastUpdate: '2030-01-01T00:00:00.000Z' },
    });
  });
});
