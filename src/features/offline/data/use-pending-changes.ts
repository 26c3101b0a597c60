import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '#db/db';
import type { PendingMutationRow } from '#db/schema';
import { fromLive, type LiveResult } from '#lib/live-result';
import { clearLocalData } from '#sync/pull';
import { discardMutation, flush, retryMutation } from '#sync/outbox';

/*
 * The pending-changes indicator's data: the queued changes (oldest first) with their state, and the user's
 * actions on them. Offline: everything here is local; retry waits for the network like any queued change.
 */

export type PendingChange = Pick<PendingMutationRow, 'key' | 'type' | 'state' | 'createdAt' | 'error'>;

export const usePendingChanges = (): LiveResult<PendingChange[]> =>
  fromLive(
    useLiveQuery(async () => {
      const rows = await db.pendingMutations.orderBy('createdAt').toArray();
      return { data: rows.map(({ key, type, state, createdAt, error }) => ({ key, type, state, createdAt, error: error ?? null })) };
    }, []),
  );

export const retryChange = (key: string): Promise<void> => retryMutation(key);
export const discardChange = (key: string): Promise<void> => discardMutation(key);

/** Online logout: try to send what is waiting first (ARCHITECTURE.md), at most `timeoutMs`. */
export const flushBeforeLogout = async (timeoutMs = 5000): Promise<void> => {
  await Promise.race([flush(), new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
};

/**
 * "Log in again" for changes kept for re-authentication: forget the expired session locally but keep the queue,
 * so that the same user's login resumes the replay (outbox.ts watches the session).
 */
export const prepareReauthentication = (): Promise<void> => clearLocalData({ keepQueue: true });
