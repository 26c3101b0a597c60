import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { contactRow, editElsewhere, freshDevice, network, serverContact, startServer, stopServer } from './harness.ts';

vi.mock('#api/client', async (importOriginal) => (await import('./harness.ts')).clientThroughServer(await importOriginal()));

const { db } = await import('#db/db');
const { pullCustomer } = await import('#data/customer-pull');
const { mutation: contact, contactEntity } = await import('#features/settings/data/contact.mutation.ts');
const { enqueue, flush, retryMutation, discardMutation } = await import('#sync/outbox');
const { settleApplied, settleRejected } = await import('#sync/outbox/settle');

/*
 * Settling (src/sync/outbox/settle.ts, user-actions.ts): a refused change rolls the local data back to the
 * server's truth with the entity's later changes re-applied on top, and waits for the user (retry under a new
 * key, rebased; or discard). An applied change hands its new version to the changes still waiting.
 */

let userGuid = '';

beforeAll(async () => {
  ({ userGuid } = await startServer());
});
afterAll(stopServer);

beforeEach(async () => {
  await freshDevice(userGuid);
  await pullCustomer(1, { force: true });
});

const localContact = async () => (await db.contacts.get(1))!;

describe('a rejected change', () => {
  it('rolls back to the state before it, re-applies the later waiting changes, and is marked with the server’s answer', async () => {
    const before = await localContact();
    // A was sent (its rollback point is the server copy); B was made on top of it and never sent.
    await db.pendingMutations.bulkPut([
      contactRow(
        'a',
        { lastName: 'Refused', lastUpdate: before.lastUpdate },
        { state: 'sending', attempts: 1, createdAt: 1, rollback: before },
      ),
      contactRow('b', { firstName: 'Kept', lastUpdate: before.lastUpdate }, { createdAt: 2 }),
    ]);
    await db.contacts.put({ ...before, lastName: 'Refused', firstName: 'Kept' });
    network.mode = 'offline'; // the refresh after the rejection fails: what stays is the rollback itself
    await settleRejected((await db.pendingMutations.get('a'))!, {
      status: 412,
      code: 'staleData',
      message: 'The data changed since it was read',
    });
    expect(await localContact()).toEqual({ ...before, firstName: 'Kept' });
    expect(await db.pendingMutations.get('a')).toMatchObject({
      state: 'rejected',
      error: { status: 412, code: 'staleData', message: 'The data changed since it was read' },
    });
    expect(await db.pendingMutations.get('b')).toMatchObject({ state: 'pending', attempts: 0 });
  });

  it('made on a version changed elsewhere: refused (412), the server’s truth is shown, nothing applied', async () => {
    const base = (await localContact()).lastUpdate;
    await editElsewhere({ lastName: 'Elsewhere' });
    await enqueue(contact, { entity: contactEntity(1), params: { customerId: 1 }, body: { firstName: 'Offline-Edit', lastUpdate: base } });
    await flush();
    const [row] = await db.pendingMutations.toArray();
    expect(row).toMatchObject({ state: 'rejected', error: { status: 412, code: 'staleData' } });
    // Rolled back, then the refresh brought the other device's change.
    expect(await localContact()).toMatchObject({ lastName: 'Elsewhere', firstName: 'Sophie' });
    expect(await serverContact()).toMatchObject({ lastName: 'Elsewhere', firstName: 'Sophie' });
  });

  it('retried: sent again under a new key, rebased on the current version, and applied', async () => {
    const base = (await localContact()).lastUpdate;
    await editElsewhere({ lastName: 'Elsewhere-2' });
    const key = await enqueue(contact, {
      entity: contactEntity(1),
      params: { customerId: 1 },
      body: { firstName: 'Again', lastUpdate: base },
    });
    await flush();
    expect(await db.pendingMutations.get(key)).toMatchObject({ state: 'rejected' });
    const current = (await localContact()).lastUpdate;
    network.sent = [];
    await retryMutation(key);
    expect(network.sent).toHaveLength(1);
    expect(network.sent[0]!.key).not.toBe(key);
    expect(network.sent[0]!.body).toEqual({ firstName: 'Again', lastUpdate: current });
    expect(await db.pendingMutations.count()).toBe(0);
    expect(await serverContact()).toMatchObject({ firstName: 'Again', lastName: 'Elsewhere-2' });
    expect(await localContact()).toMatchObject({ firstName: 'Again', lastName: 'Elsewhere-2' });
  });

  it('discarded: the row goes, the server’s truth stays and is pulled again', async () => {
    const base = (await localContact()).lastUpdate;
    await editElsewhere({ lastName: 'Elsewhere-3' });
    const key = await enqueue(contact, {
      entity: contactEntity(1),
      params: { customerId: 1 },
      body: { firstName: 'Dropped', lastUpdate: base },
    });
    await flush();
    // Meanwhile the server changed once more: the discard's refresh brings it.
    await editElsewhere({ lastName: 'Elsewhere-4' });
    await discardMutation(key);
    expect(await db.pendingMutations.count()).toBe(0);
    const server = await serverContact();
    expect(server.firstName).not.toBe('Dropped');
    expect(await localContact()).toMatchObject({ firstName: server.firstName, lastName: 'Elsewhere-4' });
  });
});

describe('an applied change', () => {
  it('with a later change waiting: the local row keeps the optimistic values and takes the new version; the later change is rebased', async () => {
    const before = await localContact();
    await db.pendingMutations.bulkPut([
      contactRow('a', { lastName: 'First', lastUpdate: before.lastUpdate }, { state: 'sending', attempts: 1, createdAt: 1 }),
      contactRow('b', { firstName: 'Second', lastUpdate: before.lastUpdate }, { createdAt: 2 }),
      contactRow('c', { firstName: 'Sent', lastUpdate: before.lastUpdate }, { createdAt: 3, state: 'queued', attempts: 1 }),
    ]);
    await db.contacts.put({ ...before, lastName: 'First', firstName: 'Sent' });
    const answer = { ...before, lastName: 'First', lastUpdate: '2030-01-01T00:00:00.000Z' };
    await settleApplied((await db.pendingMutations.get('a'))!, answer);
    expect(await db.pendingMutations.get('a')).toBeUndefined();
    expect(await localContact()).toMatchObject({ lastName: 'First', firstName: 'Sent', lastUpdate: '2030-01-01T00:00:00.000Z' });
    // Never sent: moved onto the new version. Already sent: its body is bound to its key and stays.
    expect((await db.pendingMutations.get('b'))?.payload).toMatchObject({
      body: { firstName: 'Second', lastUpdate: '2030-01-01T00:00:00.000Z' },
    });
    expect((await db.pendingMutations.get('c'))?.payload).toMatchObject({ body: { firstName: 'Sent', lastUpdate: before.lastUpdate } });
  });

  it('the last one of its entity: the server’s answer becomes the local copy, never an older one', async () => {
    const before = await localContact();
    await db.pendingMutations.put(contactRow('a', { lastName: 'Last', lastUpdate: before.lastUpdate }, { state: 'sending', attempts: 1 }));
    const { customerId: _customerId, ...dto } = { ...before, lastName: 'Last', lastUpdate: '2030-01-01T00:00:00.000Z' };
    await settleApplied((await db.pendingMutations.get('a'))!, dto);
    expect(await localContact()).toMatchObject({ lastName: 'Last', lastUpdate: '2030-01-01T00:00:00.000Z' });
    // A result that arrives late (worker replay after the page's send) never goes back to an older version.
    await db.pendingMutations.put(contactRow('old', { lastName: 'Older' }, { state: 'queued', attempts: 1 }));
    await settleApplied((await db.pendingMutations.get('old'))!, { ...dto, lastName: 'Older', lastUpdate: '2029-01-01T00:00:00.000Z' });
    expect(await localContact()).toMatchObject({ lastName: 'Last', lastUpdate: '2030-01-01T00:00:00.000Z' });
  });
});
