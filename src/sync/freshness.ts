/**
 * The one freshness rule of the app (SPEC §7: reload when older than 15 minutes). The service worker applies the
 * same constant to its API cache.
 */
export const staleAfterMs = 15 * 60 * 1000;

export const ageMs = (fetchedAt: number, now: number): number => Math.max(0, now - fetchedAt);

export const isStale = (fetchedAt: number | undefined, now: number, maxAgeMs = staleAfterMs): boolean =>
  fetchedAt === undefined || ageMs(fetchedAt, now) >= maxAgeMs;
