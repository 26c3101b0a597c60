import { randomBytes, scrypt, scryptSync, timingSafeEqual, type ScryptOptions } from 'node:crypto';

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

/** scrypt on libuv's thread pool: the event loop keeps serving other requests during the ~30–60 ms it takes. */
const scryptAsync = (password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });

const format = (salt: Buffer, hash: Buffer): string => ['scrypt', N, R, P, salt.toString('base64'), hash.toString('base64')].join('$');

/**
 * Synchronous hash, for start-up only (the demo seed runs before the server listens). Request handlers use
 * hashPasswordAsync: a synchronous scrypt blocks every other request for its whole duration.
 */
export function hashPassword(password: string): string {
  const salt = randomBytes(SALT_LENGTH);
  const hash = scryptSync(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEMORY });
  return format(salt, hash);
}

/** Returns `scrypt$N$r$p$saltB64$hashB64` with a fresh random salt, off the event loop. */
export const hashPasswordAsync = async (password: string): Promise<string> => {
  const salt = randomBytes(SALT_LENGTH);
  return format(salt, await scryptAsync(password, salt, KEY_LENGTH, { N, r: R, p: P, maxmem: MAX_MEMORY }));
};

/**
 * Constant-time check of a password against a stored hash, off the event loop; false (never a rejection) for a
 * malformed hash.
 */
export const verifyPasswordAsync = async (password: string, stored: string): Promise<boolean> => {
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
    const actual = await scryptAsync(password, salt, expected.length, { N: n, r, p, maxmem: MAX_MEMORY });
    return timingSafeEqual(actual, expected);
  } catch {
    return false;
  }
};
