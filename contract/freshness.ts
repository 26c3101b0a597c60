/*
 * The freshness rule (docs/product/navigation.md "Freshness and offline": reload data older than 15 minutes), the one
 * constant for the app's pulls and freshness notes, the service worker's API cache and the server. No imports: the
 * service worker bundles it without the contract's schemas.
 */

/** Data fetched this long ago or longer is stale: reloaded by the app, revalidated by the service worker. */
export const staleAfterMs = 15 * 60 * 1000;

/** Age of data fetched at `fetchedAt` (ms); a stamp from the future (clock moved back) counts as just fetched. */
export const ageMs = (fetchedAt: number, now: number): number => Math.max(0, now - fetchedAt);

/** Never fetched, or fetched `maxAgeMs` ago or longer. */
export const isStale = (fetchedAt: number | undefined, now: number, maxAgeMs = staleAfterMs): boolean =>
  fetchedAt === undefined || ageMs(fetchedAt, now) >= maxAgeMs;
