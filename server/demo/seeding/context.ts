import type { Db } from '../../db/engine.ts';
import { createPrng, SEED, type Prng } from '../prng.ts';

/** What every seeding step receives from ../seed.ts. */
export type SeedContext = {
  db: Db;
  now: Date;
  nowMs: number;
  /** `now` minus whole days, in epoch ms. */
  daysAgo: (days: number) => number;
  /**
   * The shared random stream of the first demo areas. Steps draw from it in a fixed order, so a new draw in the
   * middle would change every value after it: a new area draws from its own `rngFor(area)` instead.
   */
  rng: Prng;
  /** A random stream of one's own, seeded from the area's name: the same values whatever the other areas draw. */
  rngFor: (area: string) => Prng;
  /** Hashes computed before the write transaction (scrypt is slow and must not hold the write lock). */
  hashes: { passwordOf: (userId: number) => string | null; activationCodeOf: (orderRef: string) => string };
};

/** FNV-1a: a stable 32-bit number from an area name, mixed into the seed. */
const seedOf = (area: string): number => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < area.length; i++) hash = Math.imul(hash ^ area.charCodeAt(i), 0x01000193);
  return (hash ^ SEED) >>> 0;
};

export const createSeedContext = (db: Db, now: Date, hashes: SeedContext['hashes']): SeedContext => {
  const nowMs = now.getTime();
  return {
    db,
    now,
    nowMs,
    daysAgo: (days) => nowMs - days * 86_400_000,
    rng: createPrng(SEED),
    rngFor: (area) => createPrng(seedOf(area)),
    hashes,
  };
};
