import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { db } from '#db/db';
import type { PendingMutationRow } from '#db/schema';
import { fromLive, type LiveResult } from '#lib/live-result';
import { mutationLabel } from '#sync/outbox/registry';

/*
 * The pending-changes indicator's data: the queued changes (oldest first) with their state, and the user's
 * actions on them. Offline: everything here is local; retry waits for the network like any queued change. The
 * indicator is part of every logged-in screen's first frame: the actions load the outbox (and the API client
 * under it) when the user takes one.
 */

const outbox = () => import('#sync/outbox');

export type PendingChange = Pick<PendingMutationRow, 'key' | 'type' | 'state' | 'createdAt' | 'error'> & {
  /**
   * The translation key naming the change, declared with its type (`label` in the feature's `<type>.mutation.ts`):
   * undefined while that declaration loads, null for a type this build does not know.
   */
  label: string | null | undefined;
};

/** The labels of these types, each declaration loaded once. */
const useLabels = (types: readonly string[]): Readonly<Record<string, string | null>> => {
  const [labels, setLabels] = useState<Readonly<Record<string, string | null>>>({});
  const missing = types.filter((type) => !(type in labels)).join(',');
  useEffect(() => {
    if (missing === '') return;
    let live = true;
    void Promise.all(
      missing.split(',').map(async (type) => [type, await mutationLabel(type).catch(() => null)] as const),
    ).then((found) => {
      if (live) setLabels((known) => ({ ...known, ...Object.fromEntries(found) }));
    });
    return () => {
      live = false;
    };
  }, [missing]);
  return labels;
};

export const usePendingChanges = (): LiveResult<PendingChange[]> => {
  const rows = fromLive(
    useLiveQuery(async () => {
      const stored = await db.pendingMutations.orderBy('createdAt').toArray();
      return { data: stored.map(({ key, type, state, createdAt, error }) => ({ key, type, state, createdAt, error: error ?? null })) };
    }, []),
  );
  const labels = useLabels(rows.status === 'ready' ? [...new Set(rows.data.map((row) => row.type))] : []);
  if (rows.status === 'loading') return rows;
  return { status: 'ready', data: rows.data.map((row) => ({ ...row, label: labels[row.type] })) };
};

export const retryChange = async (key: string): Promise<void> => (await outbox()).retryMutation(key);
export const discardChange = async (key: string): Promise<void> => (await outbox()).discardMutation(key);

/** Online logout: try to send what is waiting first (docs/architecture.md), at most `timeoutMs`. */
export const flushBeforeLogout = async (timeoutMs = 5000): Promise<void> => {
  const { flush } = await outbox();
  await Promise.race([flush(), new Promise<void>((resolve) => setTimeout(resolve, timeoutMs))]);
};

/**
 * "Log in again" for changes kept for re-authentication: forget the expired session locally but keep the queue,
 * so that the same user's login resumes the replay (outbox.ts watches the session).
 */
export const prepareReauthentication = async (): Promise<void> => (await import('#sync/pull')).clearLocalData({ keepQueue: true });
