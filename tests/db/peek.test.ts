import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { peekDatabaseName, peekStartRows } from '#db/peek';
import { peekReads } from '#db/peek-reads';
import { createDatabase, databaseName, type DeviceRow } from '#db/schema';
import { sessionRow } from '../fixtures/session-row.ts';

/*
 * The start-up reads without Dexie (the login route ships none): they see what Dexie wrote, never create nor upgrade the database,
 * and do not stand in the way of Dexie opening it later.
 */

const session = sessionRow({
  customerId: 10,
  email: 'sophie.dubois@example.be',
  language: 'nl',
  expiresAt: 2_000_000_000_000,
  loggedInAt: 1_000,
});
const device: DeviceRow = {
  id: 'current',
  deviceId: 'd-1',
  deviceKey: 'k'.repeat(43),
  userGuid: 'u-1',
  firstName: 'Sophie',
  pinExpiresAt: 2_000_000_000_000,
  pinPromptDismissedAt: null,
  refreshExpiresAt: null,
};

let counter = 0;
const freshName = () => `peek-test-${++counter}`;

const databaseNames = async () => (await indexedDB.databases()).map((info) => info.name);

afterEach(async () => {
  for (const name of await databaseNames()) if (name) indexedDB.deleteDatabase(name);
});

describe('peekStartRows', () => {
  it('reads the database Dexie owns', () => {
    expect(peekDatabaseName).toBe(databaseName);
  });

  it('answers no rows and creates nothing when the database does not exist', async () => {
    const name = freshName();
    expect(await peekStartRows(name)).toEqual({ session: null, device: null });
    expect(await databaseNames()).not.toContain(name);
    // Dexie then creates it with its full schema.
    const db = createDatabase(name);
    await db.session.put(session);
    expect(db.verno).toBeGreaterThan(1);
    expect((await db.session.get('current'))?.userGuid).toBe('u-1');
    db.close();
  });

  it('reads the rows Dexie wrote, while Dexie keeps its connection', async () => {
    const name = freshName();
    const db = createDatabase(name);
    await db.session.put(session);
    await db.devices.put(device);
    expect(await peekStartRows(name)).toEqual({ session, device });
    await db.devices.delete('current');
    expect(await peekStartRows(name)).toEqual({ session, device: null });
    db.close();
  });

  it('answers no rows from an empty database', async () => {
    const name = freshName();
    const db = createDatabase(name);
    await db.open();
    db.close();
    expect(await peekStartRows(name)).toEqual({ session: null, device: null });
  });

  it('closes its connection, so that Dexie can upgrade the database afterwards', async () => {
    const name = freshName();
    const old = new (await import('dexie')).Dexie(name);
    old.version(1).stores({ session: 'id' });
    await old.table('session').put(session);
    old.close();
    expect((await peekStartRows(name)).session).toEqual(session);
    const db = createDatabase(name);
    await db.open();
    expect(db.tables.map((table) => table.name)).toContain('devices');
    expect(await peekStartRows(name)).toEqual({ session, device: null });
    db.close();
  });
});

describe('peekReads', () => {
  it('reads rows and index ranges in one transaction, while Dexie keeps its connection', async () => {
    const name = freshName();
    const db = createDatabase(name);
    await db.session.put(session);
    await db.prefs.bulkPut([
      { key: 'b', value: 2 },
      { key: 'a', value: 1 },
    ]);
    await db.sentNotifications.bulkPut([
      { id: 'n-2', customerId: 10 },
      { id: 'n-1', customerId: 10 },
      { id: 'n-3', customerId: 11 },
    ] as never);
    const read = await peekReads(
      ['session', 'prefs', 'sentNotifications'],
      async ({ get, getAllByIndex }) => {
        const current = (await get('session', 'current')) as typeof session | null;
        // A request issued as the one before it answers: the transaction is still active.
        const [pref, missing, sent] = await Promise.all([
          get('prefs', 'a'),
          get('prefs', 'none'),
          getAllByIndex('sentNotifications', 'customerId', current?.customerId ?? -1),
        ]);
        return { current, pref, missing, sent: (sent as { id: string }[]).map((row) => row.id) };
      },
      name,
    );
    expect(read).toEqual({ current: session, pref: { key: 'a', value: 1 }, missing: null, sent: ['n-1', 'n-2'] });
    db.close();
  });

  it('answers null, and creates nothing, when the database does not exist', async () => {
    const name = freshName();
    expect(await peekReads(['session'], async ({ get }) => get('session', 'current'), name)).toBeNull();
    expect(await databaseNames()).not.toContain(name);
  });

  it("answers null for a database below Dexie's version (Dexie upgrades it, and its rows may have an older shape)", async () => {
    const name = freshName();
    const old = new (await import('dexie')).Dexie(name);
    old.version(11).stores({ session: 'id', usageSummaries: '[contractId+period], contractId' });
    await old.table('session').put(session);
    old.close();
    expect(await peekReads(['session'], async ({ get }) => get('session', 'current'), name)).toBeNull();
    // Dexie opens and upgrades it as before.
    const db = createDatabase(name);
    await db.open();
    expect(await peekReads(['session'], async ({ get }) => get('session', 'current'), name)).toEqual(session);
    db.close();
  });

  it('answers null for a store the database does not have, and for a failing read', async () => {
    const name = freshName();
    const db = createDatabase(name);
    await db.session.put(session);
    expect(await peekReads(['session', 'nothing'], async ({ get }) => get('session', 'current'), name)).toBeNull();
    expect(await peekReads(['session'], async ({ getAllByIndex }) => getAllByIndex('session', 'nothing', 1), name)).toBeNull();
    // A read after a task: the transaction has finished by then.
    expect(
      await peekReads(
        ['session'],
        async ({ get }) => {
          await new Promise((resolve) => setTimeout(resolve, 10));
          return get('session', 'current');
        },
        name,
      ),
    ).toBeNull();
    db.close();
  });
});
