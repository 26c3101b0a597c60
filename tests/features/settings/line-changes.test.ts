import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '#db/db';
import type { LineChangeRow, LineSettingsRow } from '#db/schema';
import { addLocalChange, lineEntity, removeLocalChange, settleLocalChange } from '#features/settings/data/line-changes.ts';

/*
 * What a queued limit or setting change does to the stored line (src/features/settings/data/line-changes.ts): shown
 * at once as a pending local entry, gone when refused, replaced by the server's order line when accepted, and a
 * waiting change of the same setting that the new one supersedes shown as cancelled, as the server did. The line's
 * values themselves never change on this device: only the server applies a change (docs/product/settings.md
 * "Line changes and when they apply").
 */

const serverChange = (changes: Partial<LineChangeRow> = {}): LineChangeRow => ({
  id: 41,
  orderRef: 'O-0000000041',
  kind: 'SAFEGUARD',
  resource: 'OSG_LIMIT',
  oldValue: '5000',
  newValue: '2500',
  status: 'PENDING',
  createdAt: '2026-11-23T10:00:00.000Z',
  applyAt: '2026-11-23T10:02:00.000Z',
  executedAt: null,
  error: null,
  ...changes,
});

const line: LineSettingsRow = {
  contractId: 1,
  customerId: 1,
  settings: { premiumBarring: 'NONE', internationalBarring: false, roamingType: 'WORLD', throttling: 'NONE' },
  codes: { pin: null, puk: null },
  safeguards: [],
  changes: [],
};

const stored = async (): Promise<LineSettingsRow> => {
  const row = await db.lineSettings.get(1);
  if (!row) throw new Error('the line is gone');
  return row;
};

beforeEach(async () => {
  await db.lineSettings.clear();
  await db.lineSettings.put(line);
});

describe('a change made on this device', () => {
  it('shows at once as a pending local entry of its kind, and leaves the line’s values as they are', async () => {
    await addLocalChange(1, 'OSG_LIMIT', '2500');
    await addLocalChange(1, 'ROAMING', 'EU');
    const row = await stored();
    expect(row.changes).toMatchObject([
      { kind: 'SAFEGUARD', resource: 'OSG_LIMIT', newValue: '2500', status: 'PENDING' },
      { kind: 'SETTING', resource: 'ROAMING', newValue: 'EU', status: 'PENDING' },
    ]);
    expect(row.changes.every((change) => change.id < 0)).toBe(true);
    expect(new Set(row.changes.map((change) => change.id)).size).toBe(2);
    expect(row.settings).toEqual(line.settings);
  });

  it('is ignored for a line this device never stored', async () => {
    await addLocalChange(2, 'OSG_LIMIT', '2500');
    expect(await db.lineSettings.get(2)).toBeUndefined();
  });

  it('goes when the server refuses it, and only that one', async () => {
    await addLocalChange(1, 'OSG_LIMIT', '2500');
    await addLocalChange(1, 'OSG_LIMIT', '1000');
    await removeLocalChange(1, 'OSG_LIMIT', '2500');
    expect((await stored()).changes).toMatchObject([{ resource: 'OSG_LIMIT', newValue: '1000' }]);
  });
});

describe('the server’s answer', () => {
  it('replaces the local entry with its order line', async () => {
    await addLocalChange(1, 'OSG_LIMIT', '2500');
    await settleLocalChange(1, 'OSG_LIMIT', '2500', serverChange());
    expect((await stored()).changes).toEqual([serverChange()]);
  });

  it('cancels a waiting change of the same setting that the new one supersedes, not those of other settings or already done', async () => {
    const waiting = serverChange({ id: 30, newValue: '4000', status: 'QUEUED' });
    const done = serverChange({ id: 20, newValue: '4500', status: 'SUCCESS' });
    const roaming = serverChange({ id: 31, kind: 'SETTING', resource: 'ROAMING', newValue: 'EU', status: 'PENDING' });
    await db.lineSettings.put({ ...line, changes: [done, waiting, roaming] });
    await addLocalChange(1, 'OSG_LIMIT', '2500');
    await settleLocalChange(1, 'OSG_LIMIT', '2500', serverChange());
    expect((await stored()).changes).toEqual([done, { ...waiting, status: 'CANCELED' }, roaming, serverChange()]);
  });

  it('replayed (the same order line again) is listed once', async () => {
    await db.lineSettings.put({ ...line, changes: [serverChange()] });
    await addLocalChange(1, 'OSG_LIMIT', '2500');
    await settleLocalChange(1, 'OSG_LIMIT', '2500', serverChange());
    expect((await stored()).changes).toEqual([serverChange()]);
  });

  it('that is not an order line (422 "no update": nothing was ordered) only removes the local entry', async () => {
    await addLocalChange(1, 'OSG_LIMIT', '2500');
    await settleLocalChange(1, 'OSG_LIMIT', '2500', { message: 'noUpdate' });
    expect((await stored()).changes).toEqual([]);
  });
});

it('changes of one setting of one line go out one after the other; other settings and lines do not wait for them', () => {
  expect(lineEntity(1, 'OSG_LIMIT')).toBe(lineEntity(1, 'OSG_LIMIT'));
  expect(lineEntity(1, 'OSG_LIMIT')).not.toBe(lineEntity(1, 'ROAMING'));
  expect(lineEntity(1, 'OSG_LIMIT')).not.toBe(lineEntity(2, 'OSG_LIMIT'));
});
