import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

// scrypt cost. N = 2^14 (r 8, p 1) is the classic interactive-login setting and costs ~30 ms on the
// 2-core CI box, which keeps the demo seed (7 users + 2 activation codes) well under its 3 s budget.
// OWASP now suggests N = 2^17 for production; the cost is stored in every hash, so raising it later only
// affects new hashes and old ones keep verifying.
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
// scrypt needs 128 * N * r bytes; give it headroom above Node's 32 MiB default so higher N values also work.
const MAX_MEMORY = 256 * 1024 * 1024;

/** Returns `scrypt$N$r$p$saltB64$hashB64` with a fresh random salt. */
export function hashPassword(password: string): string {
  const salt = randomBytes(SALT_LENGTH);
  const hash = scryptSync(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEMORY });
  return ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Constant-time check of a password against a stored hash; false (never a throw) for a malformed hash. */
export function verifyPassword(password: string, stored: string): boolean {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [, nText, rText, pText, saltText, hashText] = parts;
  const n = Number(nText);
  const r = Number(rText);
  const p = Number(pText);
  // Reject absurd parameters from a tampered row instead of letting scrypt allocate gigabytes.
  if (!Number.isInteger(n) || n < 2 || n > 1 << 20 || (n & (n - 1)) !== 0) return false;
  if (!Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) return false;
  const salt = Buffer.from(saltText ?? '', 'base64');
  const expected = Buffer.from(hashText ?? '', 'base64');
  if (salt.length === 0 || expected.length === 0) return false;
  try {
    const actual = scryptSync(password, salt, expected.length, { N: n, r, p, maxmem: MAX_MEMORY });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
}
