import 'fake-indexeddb/auto';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { toFormData } from '#api/multipart';
import { appliedOnServer, freshDevice, network, startServer, stopServer, until } from './harness.ts';
import { pngBytes } from '../../server/upload-fixtures.ts';

vi.mock('#api/client', async (importOriginal) => (await import('./harness.ts')).clientThroughServer(await importOriginal()));

const { db } = await import('#db/db');
const { sendTicket, takeBackTicket } = await import('#features/support/data/ticket.mutation.ts');
const { flush } = await import('#sync/outbox');
const { setClock } = await import('#lib/clock');

/*
 * A queued change whose body is multipart (contract/endpoints.ts `multipart`): the contact form's message waits in
 * the outbox with its attachment as a Blob (IndexedDB keeps it), the form data is built when it is sent, and the
 * server applies it once however often it is sent with its Idempotency-Key.
 */

describe('toFormData (the body built at send time)', () => {
  it.each([
    [
      { a: 'x', n: 3, b: true },
      [
        ['a', 'x'],
        ['n', '3'],
        ['b', 'true'],
      ],
    ],
    [{ a: 'x', skipped: undefined, none: null }, [['a', 'x']]],
    [{}, []],
  ])('text fields of %o', (body, entries) => {
    expect([...toFormData(body).entries()]).toEqual(entries);
  });

  it('a file part keeps its name and declared type, even when the stored Blob lost its type', async () => {
    const form = toFormData({ file: { name: 'scan.png', type: 'image/png', size: 3, data: new Blob([new Uint8Array([1, 2, 3])]) } });
    const part = form.get('file');
    expect(part).toBeInstanceOf(File);
    expect((part as File).name).toBe('scan.png');
    expect((part as File).type).toBe('image/png');
    expect(new Uint8Array(await (part as File).arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('refuses a field that is neither text nor a file', () => {
    expect(() => toFormData({ nested: { a: 1 } })).toThrow(/neither text nor a file/);
  });
});

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
});

const values = { subject: 'billing' as const, subSubject: 'billing_invoice', message: 'Ma facture de mars, voir la capture.' };
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('a message with its attachment written offline', () => {
  it('waits with its file as a Blob, shown as pending, and is applied once when back online', async () => {
    network.mode = 'offline';
    const file = new File([new Uint8Array(pngBytes)], 'capture.png', { type: 'image/png' });
    const id = await sendTicket(1, values, file);
    await flush();
    expect(await db.supportTickets.get(id)).toMatchObject({ state: 'pending', attachmentName: 'capture.png', reference: null });
    const [row] = await db.pendingMutations.toArray();
    const stored = (row!.payload as { body: { attachment: { data: Blob } } }).body.attachment.data;
    expect(stored).toBeInstanceOf(Blob);
    expect(sha256(new Uint8Array(await stored.arrayBuffer()))).toBe(sha256(pngBytes));

    const before = (await appliedOnServer()).length;
    network.mode = 'online';
    clock += 60_000;
    await flush();
    await until(async () => (await db.supportTickets.get(id))?.state === 'sent');
    expect((await db.supportTickets.get(id))?.reference).toMatch(/^SR-/);
    // Sent twice with the same key (offline, then online): the server applied it once, file and all.
    expect(network.sent.filter((s) => s.key === row!.key)).toHaveLength(2);
    const applied = (await appliedOnServer()).slice(before).filter((c) => c.path === '/api/support/ticket');
    expect(applied).toHaveLength(1);
    expect(applied[0]!.body).toMatchObject({
      ...values,
      attachment: { name: 'capture.png', type: 'image/png', data: { bytes: pngBytes.length, sha256: sha256(pngBytes) } },
    });
    expect(await db.pendingMutations.count()).toBe(0);
  });

  it('a refused message is kept, and taken back into the form with its text and file', async () => {
    network.mode = 'online';
    // Declared a PNG, it is not one: the server checks the content and refuses.
    const fake = new File([new TextEncoder().encode('#!/bin/sh\necho not an image\n')], 'photo.png', { type: 'image/png' });
    const id = await sendTicket(1, values, fake);
    await until(async () => (await db.supportTickets.get(id))?.state === 'rejected');
    const [row] = await db.pendingMutations.toArray();
    expect(row?.state).toBe('rejected');
    const back = await takeBackTicket(row!.key);
    expect(back?.values).toEqual(values);
    expect(back?.file?.name).toBe('photo.png');
    expect(await back?.file?.text()).toContain('not an image');
    expect(await db.pendingMutations.count()).toBe(0);
    expect(await db.supportTickets.get(id)).toBeUndefined();
  });
});
