import type { EntityTable } from 'dexie';

/*
 * The app's own bookkeeping: fetch times, preferences and the outbox (docs/architecture.md "Writing: queued mutations").
 */

/** When each resource was last fetched, for the freshness rule; keys from resource-keys.ts (`customer:12` …). */
export type MetaRow = { resource: string; fetchedAt: number; etag?: string | null };

/** Small app preferences that must survive reloads (selected contract, closed alerts, consent). */
export type PrefRow = { key: string; value: unknown };

/** A queued change (docs/architecture.md "Writing: queued mutations"): data, never a closure, so that it survives a reload. */
export type PendingMutationRow = {
  key: string;
  type: string;
  payload: unknown;
  createdAt: number;
  state: 'pending' | 'sending' | 'queued' | 'needs-auth' | 'rejected' | 'applied';
  attempts: number;
  error?: { status: number; code: string; message: string; fields?: { field: string; message: string }[] } | null;
  /** The server's truth before the optimistic write, to roll back a rejected change. */
  rollback?: unknown;
  /** Who made the change: replayed only for this user (another user logging in on the device discards it). */
  userGuid?: string;
  /** What the change is about (`contact:12`, `language`): changes to one entity are sent one after the other. */
  entity?: string;
  /** Back-off: not sent again before this time (ms). */
  nextAttemptAt?: number;
};

/** The tables of this area in the app database. */
export type AppTables = {
  meta: EntityTable<MetaRow, 'resource'>;
  prefs: EntityTable<PrefRow, 'key'>;
  pendingMutations: EntityTable<PendingMutationRow, 'key'>;
};
