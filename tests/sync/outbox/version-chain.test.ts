import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PendingMutationRow } from '#db/schema';

const { db } = await import('#db/db');
const { rebaseLaterRows, rebaseOnChain, recordSuperseded } = await import('#sync/outbox/version-chain');
const { entityOf, isUnsent, isWaiting } = await import('#sync/outbox/state');

/*
 * Rebase chains (src/sync/outbox/version-chain.ts) and the row rules the outbox's sections share (state.ts).
 */

describe('rebaseOnChain: a new change follows the versions this page’s own applied changes replaced', () => {
  // Each case on its own entity: the chain is the page's memory of what it applied.
  it.each<[string, [string, string][], unknown, unknown]>([
    ['no chain for the entity: unchanged', [], { lastUpdate: 'v1', a: 1 }, { lastUpdate: 'v1', a: 1 }],
    ['based on a replaced version: moved to the newest', [['v1', 'v2']], { lastUpdate: 'v1', a: 1 }, { lastUpdate: 'v2', a: 1 }],
    [
      'a chain of two applied changes: followed to its end',
      [
        ['v1', 'v2'],
        ['v2', 'v3'],
      ],
      { lastUpdate: 'v1' },
      { lastUpdate: 'v3' },
    ],
    ['based on the newest version already: unchanged', [['v1', 'v2']], { lastUpdate: 'v2' }, { lastUpdate: 'v2' }],
    [
      'a version nobody of ours replaced (a pull brought it): a real conflict stays one',
      [['v1', 'v2']],
      { lastUpdate: 'v9' },
      { lastUpdate: 'v9' },
    ],
    ['no version in the body: unchanged', [['v1', 'v2']], { lang: 'nl' }, { lang: 'nl' }],
    [
      'a looping chain (corrupted) ends',
      [
        ['v1', 'v2'],
        ['v2', 'v1'],
      ],
      { lastUpdate: 'v1' },
      expect.objectContaining({ lastUpdate: expect.any(String) }),
    ],
  ])('%s', (name, chain, body, expected) => {
    for (const [from, to] of chain) recordSuperseded(name, from, to);
    expect(rebaseOnChain(name, body)).toEqual(expected);
  });
});

const row = (key: string, state: PendingMutationRow['state'], attempts: number, lastUpdate: string): PendingMutationRow => ({
  key,
  type: 'contact',
  payload: { endpoint: 'patchContact', params: { customerId: 1 }, body: { firstName: key, lastUpdate } },
  createdAt: 1,
  state,
  attempts,
  entity: 'contact:1',
});

describe('rebaseLaterRows: once an earlier change is applied', () => {
  beforeEach(async () => {
    await db.pendingMutations.clear();
  });

  it('moves the never-sent rows based on the replaced version, and only those', async () => {
    const rows = [
      row('unsent', 'pending', 0, 'v1'),
      row('backing-off', 'pending', 1, 'v1'),
      row('queued', 'queued', 1, 'v1'),
      row('other-base', 'pending', 0, 'v0'),
    ];
    await db.pendingMutations.bulkPut(rows);
    await db.transaction('rw', db.pendingMutations, () => rebaseLaterRows(rows, 'v1', 'v2'));
    const versions = Object.fromEntries(
      (await db.pendingMutations.toArray()).map((r) => [r.key, (r.payload as { body: { lastUpdate: string } }).body.lastUpdate]),
    );
    // A sent body is bound to its key on the server (same key, other body: 422), so it never changes.
    expect(versions).toEqual({ unsent: 'v2', 'backing-off': 'v1', queued: 'v1', 'other-base': 'v0' });
  });
});

describe('row rules', () => {
  it.each<[PendingMutationRow['state'], number, boolean, boolean]>([
    ['pending', 0, true, true],
    ['pending', 2, false, true],
    ['sending', 1, false, true],
    ['queued', 1, false, true],
    ['needs-auth', 1, false, true],
    ['rejected', 1, false, false],
    ['applied', 1, false, false],
  ])('%s after %i attempts: unsent %s, still shaping the local data %s', (state, attempts, unsent, waiting) => {
    const r = row('k', state, attempts, 'v1');
    expect(isUnsent(r)).toBe(unsent);
    expect(isWaiting(r)).toBe(waiting);
  });

  it('a row without an entity is its own entity', () => {
    expect(entityOf(row('k', 'pending', 0, 'v1'))).toBe('contact:1');
    expect(entityOf({ ...row('k', 'pending', 0, 'v1'), entity: undefined })).toBe('k');
  });
});
