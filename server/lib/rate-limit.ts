import type { Db } from '../db/database.ts';
import { ApiError } from './api-error.ts';
import type { ErrorCode } from '#contract/errors';
import { stmt } from './sql.ts';

/**
 * Rate limits with growing waits (ARCHITECTURE.md "Session and security decisions"), kept in login_attempts so
 * they survive a restart. The `freeAttempts`-th failure inside `windowMs` locks the key; every further failure
 * locks it for twice as long as the previous one, up to `maxLockMs`; a success clears the key.
 */
export type RateLimitPolicy = {
  freeAttempts: number;
  windowMs: number;
  firstLockMs: number;
  maxLockMs: number;
  code: ErrorCode;
};

/** Login: 5 free tries per 15 minutes, then 30 s, 1 min, 2 min … up to the 30 minutes of SPEC §8. */
export const loginPolicy: RateLimitPolicy = {
  freeAttempts: 5,
  windowMs: 15 * 60_000,
  firstLockMs: 30_000,
  maxLockMs: 30 * 60_000,
  code: 'tooManyLoginAttempts',
};

type AttemptRow = { key: string; count: number; window_start: string; locked_until: string | null };

/** 429 with Retry-After while the key is locked. Called before the expensive check (scrypt) is made. */
export const assertNotLocked = (db: Db, key: string, now: Date, policy: RateLimitPolicy): void => {
  const row = stmt<[string], AttemptRow>(db, 'SELECT * FROM login_attempts WHERE key = ?').get(key);
  if (!row?.locked_until) return;
  const waitMs = new Date(row.locked_until).getTime() - now.getTime();
  if (waitMs > 0) {
    throw new ApiError(429, policy.code, 'Too many attempts', { retryAfter: Math.ceil(waitMs / 1000) });
  }
};

export const recordFailure = (db: Db, key: string, now: Date, policy: RateLimitPolicy): void => {
  const row = stmt<[string], AttemptRow>(db, 'SELECT * FROM login_attempts WHERE key = ?').get(key);
  const windowOpen = row !== undefined && now.getTime() - new Date(row.window_start).getTime() < policy.windowMs;
  const count = windowOpen ? row.count + 1 : 1;
  const windowStart = windowOpen ? row.window_start : now.toISOString();
  // The failure that uses up the last free attempt starts the first lock.
  const excess = count - policy.freeAttempts + 1;
  const lockedUntil =
    excess > 0 ? new Date(now.getTime() + Math.min(policy.maxLockMs, policy.firstLockMs * 2 ** (excess - 1))).toISOString() : null;
  stmt<[string, number, string, string | null]>(
    db,
    `INSERT INTO login_attempts (key, count, window_start, locked_until) VALUES (?, ?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET count = excluded.count, window_start = excluded.window_start, locked_until = excluded.locked_until`,
  ).run(key, count, windowStart, lockedUntil);
};

export const clearAttempts = (db: Db, key: string): void => {
  stmt<[string]>(db, 'DELETE FROM login_attempts WHERE key = ?').run(key);
};
