// Deterministic pseudo-random numbers for the demo seed: the same seed always yields the same demo data,
// so screenshots, e2e assertions and bug reports stay reproducible. Not for anything security-related.

export type Prng = {
  /** Uniform float in [0, 1). */
  next: () => number;
  /** Uniform integer in [min, max], both inclusive. */
  int: (min: number, max: number) => number;
  /** True with probability p. */
  chance: (p: number) => boolean;
  /** One element of a non-empty list. */
  pick: <T>(items: readonly T[]) => T;
  /** A string of `length` decimal digits (leading zeros allowed). */
  digits: (length: number) => string;
  /** A version-4-shaped UUID built from the stream (stable across runs, unlike crypto.randomUUID). */
  uuid: () => string;
};

export const SEED = 20261122;

/** mulberry32: tiny, fast and good enough for test data; one 32-bit state word. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function createPrng(seed: number = SEED): Prng {
  const next = mulberry32(seed);
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const hex = (length: number): string => {
    let out = '';
    for (let i = 0; i < length; i++) out += Math.floor(next() * 16).toString(16);
    return out;
  };
  return {
    next,
    int,
    chance: (p) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      const item = items[Math.floor(next() * items.length)];
      if (item === undefined) throw new Error('pick() needs a non-empty list');
      return item;
    },
    digits: (length) => {
      let out = '';
      for (let i = 0; i < length; i++) out += String(Math.floor(next() * 10));
      return out;
    },
    uuid: () => {
      const variant = (8 + Math.floor(next() * 4)).toString(16);
      return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(12)}`;
    },
  };
}
