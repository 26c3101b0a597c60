import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PendingMutationRow } from '#db/schema';
import { bearer, createTestApp, login, type TestApp } from '../server/test-app.ts';

const callMock = vi.hoisted(() => vi.fn());
vi.mock('#api/client', async (importOriginal) => ({ ...(await importOriginal<Record<string, unknown>>()), call: callMock }));

const { db } = await import('#db/db');
const { pullCustomer } = await import('#data/customer-pull');
const { contactEntity } = await import('#features/settings/data/contact.mutation.ts');

/*
 * A refresh of the customer while the user's contact changes wait for the server (offline, or queued in the
 * service worker) must keep showing what the user typed, over the fresh server copy.
 */

let t: TestApp;
let full: unknown;
const customerId = 1;

beforeAll(async () => {
  t = await createTestApp();
  const { token } = await login(t.app, 'MT00000001');
  full = (await t.app.inject({ method: 'GET', url: `/api/customer/${customerId}/full?withContracts=1&withLinkedUser=1`, headers: bearer(token) })).json();
});
afterAll(async () => {
  await t.close();
});

beforeEach(async () => {
  callMock.mockReset();
  await Promise.all(db.tables.map((table) => table.clear()));
});

const pending = (key: string, state: PendingMutationRow['state'], body: Record<string, unknown>, createdAt: number): PendingMutationRow => ({
  key, type: 'contact', state, attempts: 0, createdAt, entity: contactEntity(customerId), rollback: null,
  payload: { endpoint: 'patchContact', params: { customerId }, body },
});

describe('a customer pull while contact changes wait', () => {
  it.each([
    ['no change waits: the server copy', [], 'Sophie', null],
    ['a queued change: its values over the fresh copy', [pending('a', 'queued', { firstName: 'Sofie' }, 1)], 'Sofie', null],
    ['two waiting changes: applied oldest first', [pending('a', 'pending', { firstName: 'Sofie', mobile: '0470000099' }, 1), pending('b', 'sending', { firstName: 'Sofia' }, 2)], 'Sofia', '0470000099'],
    ['a rejected change: not shown', [pending('a', 'rejected', { firstName: 'Sofie' }, 1)], 'Sophie', null],
  ] as const)('%s', async (_name, rows, firstName, mobile) => {
    await db.pendingMutations.bulkPut(rows.map((r) => ({ ...r })));
    callMock.mockResolvedValue(structuredClone(full));
    await pullCustomer(customerId, { force: true });
    const contact = await db.contacts.get(customerId);
    expect(contact?.firstName).toBe(firstName);
    if (mobile) expect(contact?.mobile).toBe(mobile);
  });

  it('the fresh copy becomes the rollback point of the oldest waiting change', async () => {
    await db.pendingMutations.put(pending('a', 'queued', { firstName: 'Sofie' }, 1));
    callMock.mockResolvedValue(structuredClone(full));
    await pullCustomer(customerId, { force: true });
    const row = await db.pendingMutations.get('a');
    expect(row?.rollback).toMatchObject({ customerId, firstName: 'Sophie' });
  });
});
