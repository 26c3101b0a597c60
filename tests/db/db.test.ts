import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as Schema from '../../src/db/schema.ts';

/*
 * The page's database (src/db/db.ts) is declared on first use, not when its module loads: home's first frame reads
 * without Dexie (db/peek-reads.ts), and an offline start no longer declares the schema before the app takes over.
 */

afterEach(() => {
  vi.doUnmock('../../src/db/schema.ts');
  vi.resetModules();
});

const withCountedDeclarations = async () => {
  vi.resetModules();
  const declared = vi.fn();
  vi.doMock('../../src/db/schema.ts', async (original) => {
    const schema = await original<typeof Schema>();
    return {
      ...schema,
      createDatabase: (...args: Parameters<typeof schema.createDatabase>) => {
        declared();
        return schema.createDatabase(...args);
      },
    };
  });
  const { db } = await import('../../src/db/db.ts');
  return { db, declared };
};

describe('the page’s database', () => {
  it('is not declared by loading its module, and is declared once, on first use', async () => {
    const { db, declared } = await withCountedDeclarations();
    expect(declared).not.toHaveBeenCalled();
    await db.prefs.put({ key: 'probe', value: 1 });
    expect(await db.prefs.get('probe')).toEqual({ key: 'probe', value: 1 });
    expect(db.tables.map((table) => table.name)).toContain('usageSummaries');
    expect(declared).toHaveBeenCalledTimes(1);
    await db.delete();
  });

  it('is one Dexie instance: its tables belong to it, in a transaction as outside one', async () => {
    const { db } = await withCountedDeclarations();
    await db.transaction('rw', db.prefs, db.meta, async () => {
      await db.prefs.put({ key: 'inside', value: 2 });
      await db.meta.put({ resource: 'probe', fetchedAt: 1 });
    });
    expect(db.prefs.db).toBe(db.meta.db);
    expect(await db.prefs.get('inside')).toEqual({ key: 'inside', value: 2 });
    await db.delete();
  });

  it('takes a spy on a method as the instance would', async () => {
    const { db } = await withCountedDeclarations();
    const spy = vi.spyOn(db, 'transaction');
    await db.transaction('r', db.prefs, () => db.prefs.count());
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
    await db.delete();
  });
});
