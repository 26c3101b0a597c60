import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { peekDatabaseName, peekStartRows } from '#db/peek';
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
