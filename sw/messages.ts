/*
 * What the app and the service worker say to each other (postMessage), and the headers they share. Plain
 * data, no code: imported by sw/ and by src/sync/ alike.
 */

/** Set on every API GET answer that went through the worker: when that answer was fetched from the server (ms). */
export const FETCHED_AT_HEADER = 'X-Sw-Fetched-At';
/** How the worker answered an API GET: `fresh` (cache, no network), `stale` (cache, revalidating), `network`. */
export const CACHE_STATUS_HEADER = 'X-Sw-Cache';
/** Set on the worker's 202 answer when it kept a change for background sync. */
export const QUEUED_HEADER = 'X-Sw-Queued';
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** The API cache; logout empties it (ARCHITECTURE.md "Session and security"). */
export const API_CACHE = 'api-v1';

export type ToWorker =
  | { type: 'SKIP_WAITING' }
  /** Replay the background-sync queue now (app start, back online, after re-authentication). */
  | { type: 'REPLAY' }
  /** Logout: drop the queued changes and the API cache. Answered with CLEARED on the given port. */
  | { type: 'CLEAR' };

export type MutationResult = {
  type: 'MUTATION_RESULT';
  key: string;
  status: number;
  /** The answer's JSON body (the server's truth or its error body). */
  body: unknown;
};

export type FromWorker =
  /** A background revalidation brought changed data for this URL: pages pull it again. */
  | { type: 'API_UPDATED'; url: string }
  | MutationResult
  /** A replayed change met 401/419: it stays queued until the user logs in again. */
  | { type: 'NEEDS_AUTH'; key: string }
  | { type: 'CLEARED' };
