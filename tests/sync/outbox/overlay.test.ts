import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PendingMutationRow } from '#db/schema';
import { sessionRow } from '../../fixtures/session-row.ts';

const { db } = await import('#db/db');
const { pull } = await import('#sync/pull');
const { OverlayNotReady, overlayTables, reapplyPending } = await import('#sync/outbox/overlay');
const { loadedMutation } = await import('#sync/outbox/registry');

/*
 * Pulls keep the user's waiting changes on top (src/sync/outbox/overlay.ts): every waiting change whose type
 * declares a table the pull writes is applied again over the fresh copy, in the pull's transaction. The change
 * types load on demand; none is imported by this file, so the first test sees them unloaded.
 */

const session = sessionRow();

const languageChange = (key: string, lang: string, state: PendingMutationRow['state'] = 'queued', createdAt = 1): PendingMutationRow => ({
  key,
  type: 'language',
  payload: { endpoint: 'setLanguage', params: {}, body: { lang } },
  createdAt,
  state,
  attempts: 1,
  entity: 'language',
  rollback: null,
});

/** A pull of the session row, standing for any pull that writes a table a change type declares. */
const pullSession = (language: 'fr' | 'nl' | 'en') =>
  pull({
    resource: 'test-session',
    force: true,
    tables: [db.session],
    fetch: () => Promise.resolve(language),
    write: async (lang) => {
      await db.session.put({ ...session, language: lang });
    },
  });

beforeEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  await db.session.put(session);
});

describe('re-applying waiting changes over a pull', () => {
  it('inside a transaction, a waiting change of a type not loaded yet stops the write (its code cannot load there)', async () => {
    expect(loadedMutation('language')).toBeUndefined();
    await db.pendingMutations.put(languageChange('a', 'nl'));
    const scope = [db.session, db.pendingMutations];
    await expect(db.transaction('rw', scope, () => reapplyPending([db.session], scope))).rejects.toBeInstanceOf(OverlayNotReady);
  });

  it('before its transaction, a pull loads the types of the waiting changes and locks their tables', async () => {
    await db.pendingMutations.put(languageChange('a', 'nl'));
    expect((await overlayTables([db.session])).map((table) => table.name).sort()).toEqual(['pendingMutations', 'session']);
    // A pull of other tables does not take the session's lock.
    expect((await overlayTables([db.contacts])).map((table) => table.name)).toEqual(['pendingMutations']);
  });

  it.each<[string, PendingMutationRow[], string, unknown]>([
    ['nothing waits: the server copy', [], 'en', undefined],
    ['a queued change: on top of the fresh copy, which becomes its rollback point', [languageChange('a', 'nl')], 'nl', 'en'],
    [
      'two waiting changes: applied oldest first',
      [languageChange('a', 'nl', 'pending', 1), languageChange('b', 'fr', 'sending', 2)],
      'fr',
      'en',
    ],
    ['a rejected change: not shown', [languageChange('a', 'nl', 'rejected')], 'en', null],
    ['a change of a type this build does not know: left alone', [{ ...languageChange('a', 'nl'), type: 'from-a-newer-build' }], 'en', null],
  ])('%s', async (_name, rows, shown, rollbackOfFirst) => {
    await db.pendingMutations.bulkPut(rows);
    await pullSession('en');
    expect((await db.session.get('current'))?.language).toBe(shown);
    if (rows[0]) expect((await db.pendingMutations.get(rows[0].key))?.rollback).toBe(rollbackOfFirst);
  });
});
