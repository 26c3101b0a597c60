import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '#db/schema';
import type { UsageRecordRow } from '#workers/usage-core';
import { countRecords, putRecords } from '#workers/usage-blocks';

const row = (i: number, eventTime: number, contractId = 7): UsageRecordRow => ({
  id: `r${i}`, contractId, serviceCat: 'data', messages: 1, isOob: false, resourceImpact: 0, resourceUnit: 'EUR_CENT',
  serviceUsed: 1000, serviceUnit: 'B', incoming: false, destination: 'national', eventTime,
});

describe('Dexie version 6: records move to hourly blocks', () => {
  it('an install at version 5 keeps its data but forgets which record ranges it fetched, and drops their rollups', async () => {
    const name = 'usage-upgrade';
    // The version 5 layout, as an installed app has it.
    const old = new Dexie(name);
    old.version(5).stores({ usageRecords: 'id, [contractId+eventTime]', meta: 'resource', usageDaily: '[contractId+dayStart]', prefs: 'key' });
    await old.table('usageRecords').put(row(1, Date.UTC(2026, 0, 1)));
    await old.table('meta').bulkPut([{ resource: 'usage-records:1:7:2026-01-01:2026-01-31', fetchedAt: 1 }, { resource: 'customer:1', fetchedAt: 2 }]);
    await old.table('usageDaily').put({ contractId: 7, dayStart: 0, dayEnd: 1, asOf: 1, sums: [] });
    await old.table('prefs').put({ key: 'selectedContract', value: 7 });
    old.close();

    const db = createDatabase(name);
    await db.open();
    expect(db.tables.map((t) => t.name)).not.toContain('usageRecords');
    expect(await db.meta.toArray()).toEqual([{ resource: 'customer:1', fetchedAt: 2 }]);
    expect(await db.usageDaily.count()).toBe(0);
    expect(await db.prefs.get('selectedContract')).toEqual({ key: 'selectedContract', value: 7 });
    db.close();
  });
});

describe('dropping the oldest usage records (full disk)', () => {
  it('drops whole hours, oldest first across contracts, until enough records went, with their rollups and range marks', async () => {
    const { db } = await import('#db/db');
    const { dropOldestUsageRecords } = await import('#sync/storage');
    const hour = 3_600_000;
    const t0 = Date.UTC(2026, 0, 1);
    // Hours 0..9, 10 records each; contract 8 holds hour 0, contract 7 the rest.
    await putRecords(db, Array.from({ length: 100 }, (_, i) => row(i, t0 + Math.floor(i / 10) * hour + (i % 10), i < 10 ? 8 : 7)));
    await db.usageDaily.bulkPut([{ contractId: 7, dayStart: t0, dayEnd: t0 + 24 * hour, asOf: 1, sums: [] }, { contractId: 7, dayStart: t0 + 24 * hour, dayEnd: t0 + 48 * hour, asOf: 1, sums: [] }]);
    await db.meta.bulkPut([{ resource: 'usage-records:1:7:2026-01-01:2026-01-31', fetchedAt: 1 }, { resource: 'customer:1', fetchedAt: 1 }]);

    expect(await dropOldestUsageRecords(25)).toBe(30);
    expect(await countRecords(db)).toBe(70);
    const left = (await db.usageBlocks.toArray()).map((b) => b.blockStart);
    expect(Math.min(...left)).toBe(t0 + 3 * hour);
    expect((await db.usageDaily.toArray()).map((d) => d.dayStart)).toEqual([t0 + 24 * hour]);
    expect((await db.meta.toArray()).map((m) => m.resource)).toEqual(['customer:1']);
  });
});
