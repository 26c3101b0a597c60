import { db } from '#db/db';
import { loadMutation, requireMutation } from './registry.ts';
import { flush } from './send.ts';
import { heldByWorker, isPayload, newKey, nextCreatedAt, payloadOf } from './state.ts';
import { reconcileWithWorker } from './worker-sync.ts';

/*
 * What the user (or a new login) does about waiting changes: resume them after re-authentication, retry or discard
 * a rejected one. Offline: local writes; a retried change waits for the network like any other.
 */

/**
 * Call after any successful login, PIN login or renew-access: changes kept for re-authentication ('needs-auth')
 * are sent again, by the outbox and by the service worker's queue. Changes of another user are discarded.
 */
export const resumeAfterAuth = async (): Promise<void> => {
  const session = await db.session.get('current');
  if (!session) return;
  const waiting = await db.pendingMutations.where('state').equals('needs-auth').toArray();
  for (const row of waiting) {
    if (row.userGuid !== undefined && row.userGuid !== session.userGuid) await db.pendingMutations.delete(row.key);
    else {
      heldByWorker.delete(row.key);
      await db.pendingMutations.update(row.key, { state: 'pending', nextAttemptAt: 0 });
    }
  }
  await reconcileWithWorker();
};

/** Send a rejected change again (rebased on the latest known version), under a new key. */
export const retryMutation = async (key: string): Promise<void> => {
  const row = await db.pendingMutations.get(key);
  if (!row || row.state !== 'rejected') return;
  const mutation = await requireMutation(row.type);
  const payload = mutation.rebase ? await mutation.rebase(payloadOf(row)) : payloadOf(row);
  await db.transaction('rw', [db.pendingMutations, ...mutation.tables()], async () => {
    const previous = await mutation.apply(payload);
    await db.pendingMutations.delete(key);
    await db.pendingMutations.put({
      ...row,
      key: newKey(),
      payload,
      createdAt: nextCreatedAt(),
      state: 'pending',
      attempts: 0,
      error: null,
      rollback: previous,
      nextAttemptAt: 0,
    });
  });
  await flush();
};

/** Give a rejected change up: the server's truth stays. */
export const discardMutation = async (key: string): Promise<void> => {
  const row = await db.pendingMutations.get(key);
  if (!row) return;
  await db.pendingMutations.delete(key);
  const mutation = await loadMutation(row.type).catch(() => undefined);
  if (mutation?.refresh && isPayload(row.payload)) await mutation.refresh(row.payload).catch(() => undefined);
};
