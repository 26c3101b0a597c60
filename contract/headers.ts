/*
 * HTTP headers that the app, the service worker and the server agree on. Names only, no code: the service worker
 * bundles this module without the contract's schemas.
 */

/** Sent with every queued change: the server applies one key once, however often it is sent (docs/architecture.md "Writing: queued mutations"). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/**
 * Set by the app's API client on a request to a cached read (contract/endpoints.ts `isCachedRead`): the service
 * worker answers exactly these requests with the 15-minute rule, so the contract decides what is cached.
 */
export const CACHED_READ_HEADER = 'X-Sw-Cached-Read';

/** Set by the service worker on every answer of a cached read: when that answer was fetched from the server (ms). */
export const FETCHED_AT_HEADER = 'X-Sw-Fetched-At';

/** How the service worker answered a cached read: `fresh` (cache, no network), `stale` (cache, revalidating), `network`. */
export const CACHE_STATUS_HEADER = 'X-Sw-Cache';

/** Set on the service worker's 202 answer when it kept a change for background sync. */
export const QUEUED_HEADER = 'X-Sw-Queued';
