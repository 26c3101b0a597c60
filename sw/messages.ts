/*
 * What the app and the service worker say to each other (postMessage). Plain data, no code: imported by sw/ and
 * by src/sync/ alike. The HTTP headers they share are in contract/headers.ts.
 */

/** The API cache; logout empties it (docs/architecture.md "Session and security decisions"). */
export const API_CACHE = 'api-v1';

export type ToWorker =
  | { type: 'SKIP_WAITING' }
  /**
   * Replay the background-sync queue now (app start, back online, after re-authentication, the page's back-off).
   * With a port, the worker answers REPORT on it once the replay attempt is over.
   */
  | { type: 'REPLAY' }
  /** The page has settled these outcomes: the worker forgets them. */
  | { type: 'ACK'; keys: string[] }
  /** Logout: drop the queued changes and the API cache. Answered with CLEARED on the given port. */
  | { type: 'CLEAR' };

export type MutationResult = {
  type: 'MUTATION_RESULT';
  key: string;
  status: number;
  /** The answer's JSON body (the server's truth or its error body). */
  body: unknown;
};

/**
 * The worker's answer to REPLAY (on the message port): what it still holds, the outcomes no page acknowledged yet
 * (kept in the Cache API so that a result is not lost when no page listened), and whether replay stopped for
 * re-authentication.
 */
export type WorkerReport = {
  type: 'REPORT';
  held: string[];
  outcomes: MutationResult[];
  needsAuth: string[];
};

export type FromWorker =
  /** A background revalidation brought changed data for this URL: pages pull it again. */
  | { type: 'API_UPDATED'; url: string }
  | MutationResult
  /** A replayed change met 401/419: it stays queued until the user logs in again. */
  | { type: 'NEEDS_AUTH'; key: string }
  | { type: 'CLEARED' };
