import { staleAfterMs } from '#contract/freshness';

/*
 * The freshness rule of docs/architecture.md, as a pure decision so that it can be tested as a table. Its constant,
 * 15 minutes (docs/product/navigation.md "Freshness and offline"), is the app's too (contract/freshness.ts).
 */

export type FreshnessDecision =
  /** Younger than 15 minutes: the cached answer, no network at all (saves a roaming customer's data). */
  | 'cache'
  /** Older: the cached answer at once, and a background revalidation. */
  | 'cache-and-revalidate'
  /** Nothing usable cached: the network (and cache its answer). */
  | 'network'
  /** An explicit refresh (`Cache-Control: no-cache`): the network first, the cache only if it fails. */
  | 'network-first';

export type FreshnessInput = {
  /** When the cached answer was fetched (ms), undefined when nothing is cached or it carries no stamp. */
  fetchedAt: number | undefined;
  now: number;
  /** The request carries `Cache-Control: no-cache` (or `no-store`, or `Pragma: no-cache`). */
  noCache: boolean;
};

export const decideFreshness = ({ fetchedAt, now, noCache }: FreshnessInput): FreshnessDecision => {
  if (noCache) return 'network-first';
  // An answer without a stamp is treated as absent, never as fresh (Workbox's expiration plugin would do the opposite).
  if (fetchedAt === undefined || !Number.isFinite(fetchedAt)) return 'network';
  const age = now - fetchedAt;
  // A stamp from the future (clock moved back) cannot prove freshness either.
  if (age < 0) return 'cache-and-revalidate';
  return age < staleAfterMs ? 'cache' : 'cache-and-revalidate';
};

export const wantsNoCache = (headers: Headers): boolean => {
  const cacheControl = (headers.get('Cache-Control') ?? '').toLowerCase();
  return /\bno-cache\b|\bno-store\b|\bmax-age=0\b/.test(cacheControl) || (headers.get('Pragma') ?? '').toLowerCase() === 'no-cache';
};
