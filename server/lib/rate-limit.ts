import type { Db } from '../db/database.ts';
import { writeTransaction } from '../db/engine.ts';
import { ApiError } from './api-error.ts';
import type { ErrorCode } from '#contract/errors';

/*
 * Rate limits with growing waits (ARCHITECTURE.md "Session and security decisions", SPEC §8), kept in
 * login_attempts so they survive a restart. Every failure is recorded under one or more keys (the account, the
 * caller's address, the phone number …). The `freeAttempts`-th failure locks the key for `firstLockMs`; every
 * further failure doubles the wait, up to `maxLockMs`. The count is forgotten only after `windowMs` without any
 * failure (a sliding window: a patient guesser who keeps failing never earns a fresh set of free attempts), or
 * when a success clears the key.
 */
export type RateLimitPolicy = {
  freeAttempts: number;
  windowMs: number;
  firstLockMs: number;
  maxLockMs: number;
  code: ErrorCode;
};

const MINUTE = 60_000;

/**
 * Per account: 5 free tries, then 30 s, 1, 2, 4, 8, 16 and at most 30 minutes between tries. A user who mistypes
 * a few times barely notices; a guesser gets about 50 tries a day per account instead of thousands a second.
 */
export const loginPolicy: RateLimitPolicy = {
  freeAttempts: 5,
  windowMs: 15 * MINUTE,
  firstLockMs: 30_000,
  maxLockMs: 30 * MINUTE,
  code: 'tooManyLoginAttempts',
};

/**
 * Per address, all accounts together (password, PIN, access renewal): catches one machine trying many accounts
 * (credential stuffing). Generous, because an office or a mobile carrier puts many customers behind one address.
 */
export const addressPolicy: RateLimitPolicy = {
  freeAttempts: 50,
  windowMs: 15 * MINUTE,
  firstLockMs: MINUTE,
  maxLockMs: 30 * MINUTE,
  code: 'tooManyLoginAttempts',
};

/** SMS codes and e-mailed links per recipient: 3 in a row, then blocked 30 minutes (SPEC §8, §9). */
export const codeRequestPolicy: RateLimitPolicy = {
  freeAttempts: 3,
  windowMs: 30 * MINUTE,
  firstLockMs: 30 * MINUTE,
  maxLockMs: 30 * MINUTE,
  code: 'tooManyCodeRequests',
};

/** Codes sent from one address to any recipients (stops one caller from spamming many numbers with SMS). */
export const codeRequestAddressPolicy: RateLimitPolicy = {
  freeAttempts: 20,
  windowMs: 30 * MINUTE,
  firstLockMs: 30 * MINUTE,
  maxLockMs: 30 * MINUTE,
  code: 'tooManyCodeRequests',
};

/**
 * Wrong SMS codes per phone number and purpose: the 5th wrong code burns the codes sent and blocks the number for
 * 30 minutes, so 10^6 codes cannot be walked through within their 10-minute life.
 */
export const codeAttemptPolicy: RateLimitPolicy = {
  freeAttempts: 5,
  windowMs: 30 * MINUTE,
  firstLockMs: 30 * MINUTE,
  maxLockMs: 30 * MINUTE,
  code: 'tooManyCodeRequests',
};

const findRow = (db: Db, key: string) =>
  db
    .selectFrom('login_attempts')
    .select(['key', 'count', 'window_start', 'last_at', 'locked_until'])
    .where('key', '=', key)
    .executeTakeFirst();

/** Milliseconds the key is still locked for (0 when free). */
export const lockedForMs = async (db: Db, key: string, now: Date): Promise<number> => {
  const row = await findRow(db, key);
  if (!row?.locked_until) return 0;
  return Math.max(0, new Date(row.locked_until).getTime() - now.getTime());
};

/** 429 with Retry-After while the key is locked. Called before the expensive check (scrypt) is made. */
export const assertNotLocked = async (db: Db, key: string, now: Date, policy: RateLimitPolicy): Promise<void> => {
  const waitMs = await lockedForMs(db, key, now);
  if (waitMs > 0) throw new ApiError(429, policy.code, 'Too many attempts', { retryAfter: Math.ceil(waitMs / 1000) });
};

/**
 * Records one failure (or one counted request) and returns how long the key is now locked for (0 = not locked). In
 * one write transaction: instances counting failures of one key at once all count (none overwrites another's).
 */
export const recordFailure = (db: Db, key: string, now: Date, policy: RateLimitPolicy): Promise<number> =>
  writeTransaction(db, async (tx) => {
    const row = await findRow(tx, key);
    const last = row ? new Date(row.last_at ?? row.window_start).getTime() : Number.NEGATIVE_INFINITY;
    const windowOpen = row !== undefined && now.getTime() - last < policy.windowMs;
    const count = windowOpen ? row.count + 1 : 1;
    const windowStart = windowOpen ? row.window_start : now.toISOString();
    // The failure that uses up the last free attempt starts the first lock.
    const excess = count - policy.freeAttempts + 1;
    const lockMs = excess > 0 ? Math.min(policy.maxLockMs, policy.firstLockMs * 2 ** (excess - 1)) : 0;
    const lockedUntil = lockMs > 0 ? new Date(now.getTime() + lockMs).toISOString() : null;
    const values = { count, window_start: windowStart, last_at: now.toISOString(), locked_until: lockedUntil };
    await tx
      .insertInto('login_attempts')
      .values({ key, ...values })
      .onConflict((oc) => oc.column('key').doUpdateSet(values))
      .execute();
    return lockMs;
  });

export const clearAttempts = async (db: Db, key: string): Promise<void> => {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
};

/** Forgets every counter (test mode: the browser tests share one address and one server). */
export const clearAllAttempts = async (db: Db): Promise<void> => {
  await db.deleteFrom('login_attempts').execute();
};

/** Throws the 429 of the first locked key among several (account, address …). */
export const assertNoneLocked = async (db: Db, now: Date, checks: readonly (readonly [string, RateLimitPolicy])[]): Promise<void> => {
  for (const [key, policy] of checks) await assertNotLocked(db, key, now, policy);
};

/** Takes one failure back (the attempt it was counted for succeeded): the count drops, a lock it caused goes. */
export const forgiveFailure = (db: Db, key: string, policy: RateLimitPolicy): Promise<void> =>
  writeTransaction(db, async (tx) => {
    const row = await findRow(tx, key);
    if (!row) return;
    const count = Math.max(0, row.count - 1);
    const stillLocked = count - policy.freeAttempts + 1 > 0;
    await tx
      .updateTable('login_attempts')
      .set({ count, locked_until: stillLocked ? row.locked_until : null })
      .where('key', '=', key)
      .execute();
  });

export type Attempt = { succeeded: () => Promise<void> };

/**
 * Counts an attempt as a failure before the (asynchronous) check runs, and returns how to take it back on success:
 * the first key is cleared (the account's, or the trusted browser's), the others forgiven one failure. Counting
 * after the check would let many attempts sent at once all pass the limit while their checks are in flight. The
 * lock check and the count are one write transaction, so attempts on several instances at once are all counted.
 */
export const takeAttempt = async (db: Db, now: Date, checks: readonly (readonly [string, RateLimitPolicy])[]): Promise<Attempt> => {
  await writeTransaction(db, async (tx) => {
    await assertNoneLocked(tx, now, checks);
    await recordFailures(tx, now, checks);
  });
  return {
    succeeded: () =>
      writeTransaction(db, async (tx) => {
        const [first, ...others] = checks;
        if (first) await clearAttempts(tx, first[0]);
        for (const [key, policy] of others) await forgiveFailure(tx, key, policy);
      }),
  };
};

/** Records a failure under several keys at once. */
export const recordFailures = (db: Db, now: Date, checks: readonly (readonly [string, RateLimitPolicy])[]): Promise<void> =>
  writeTransaction(db, async (tx) => {
    for (const [key, policy] of checks) await recordFailure(tx, key, now, policy);
  });

/**
 * Keys. Password logins count per account (its customer number, e-mail and energy number share one counter), and
 * per identifier only for logins that name no account (so that the limiter does not tell which accounts exist);
 * a trusted browser (device cookie) counts under its cookie's nonce.
 */
export const limitKeys = {
  login: (login: string): string => `login:${login.trim().toLowerCase()}`,
  account: (userId: number): string => `account:${userId}`,
  deviceCookie: (nonce: string): string => `device-cookie:${nonce}`,
  address: (ip: string): string => `ip:${ip}`,
  password: (userId: number): string => `password:${userId}`,
  codeRequest: (recipient: string): string => `code-request:${recipient.trim().toLowerCase()}`,
  codeRequestAddress: (ip: string): string => `code-request-ip:${ip}`,
  codeAttempt: (msisdn: string, purpose: string): string => `code-attempt:${purpose}:${msisdn}`,
} as const;
