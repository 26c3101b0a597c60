import { randomBytes } from 'node:crypto';
import { setTimeout as pause } from 'node:timers/promises';
import { normalizeIP } from '@fastify/rate-limit';
import { type Db, writeTransaction } from '../db/engine.ts';
import { ApiError } from './api-error.ts';
import type { ErrorCode } from '#contract/errors';

/*
 * Guess limits (docs/product/security.md "Rate limits and lockouts", docs/architecture.md "Session and security decisions"), kept in
 * login_attempts, in the database, so that they survive a restart and every instance counts the same. Every failure
 * is recorded under one or more keys (the account, the caller's address, the phone number …).
 *
 * Two limits per key:
 * - Growing waits: the `freeAttempts`-th failure locks the key for `firstLockMs`; every further failure doubles the
 *   wait, up to `maxLockMs`. The count is forgotten only after `windowMs` without a failure, counted from the end of
 *   the last lock (counted from the failure, a lock longer than the window, 16 minutes against 15, gave a patient
 *   guesser a fresh set of free attempts after every lock: 460 guesses a day instead of the 50 promised).
 * - A daily budget (`dailyBudget`): at most that many failures in any 24 hours. The key keeps the instants of its
 *   last failures; when the budget is used up it is locked until the oldest of them is 24 hours old. This is the
 *   bound that holds whatever the timing: at most 50 wrong passwords a day for an account, from any number of
 *   addresses, from browsers it does not trust.
 */
export type RateLimitPolicy = {
  freeAttempts: number;
  windowMs: number;
  firstLockMs: number;
  maxLockMs: number;
  /** Failures allowed in any 24 hours; none: growing waits only. */
  dailyBudget?: number;
  code: ErrorCode;
};

const MINUTE = 60_000;
export const DAY_MS = 24 * 60 * MINUTE;

/**
 * Per account (and per unknown identifier, which must behave the same): 5 free tries, then 30 s, 1, 2, 4, 8, 16 and
 * at most 30 minutes between tries, and never more than 50 wrong passwords in 24 hours. A user who mistypes a few
 * times barely notices; a guesser gets 50 tries a day per account instead of thousands a second.
 */
export const loginPolicy: RateLimitPolicy = {
  freeAttempts: 5,
  windowMs: 15 * MINUTE,
  firstLockMs: 30_000,
  maxLockMs: 30 * MINUTE,
  dailyBudget: 50,
  code: 'tooManyLoginAttempts',
};

/**
 * Energy-link passwords, per mobile user who types them: the same waits and budget as logins, on a counter of their
 * own (docs/product/offers.md "Energy link"): wrong energy passwords neither lock the typist's own login nor the
 * energy account, which another customer may be about to link.
 */
export const energyLinkPolicy: RateLimitPolicy = { ...loginPolicy };

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

/** SMS codes and e-mailed links per recipient: 3 in a row, then blocked 30 minutes (docs/product/security.md "Rate limits and lockouts"). */
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

type AttemptRow = {
  key: string;
  count: number;
  window_start: string;
  last_at: string | null;
  locked_until: string | null;
  recent: string | null;
};

const findRow = (db: Db, key: string): Promise<AttemptRow | undefined> =>
  db
    .selectFrom('login_attempts')
    .select(['key', 'count', 'window_start', 'last_at', 'locked_until', 'recent'])
    .where('key', '=', key)
    .executeTakeFirst();

const timeOf = (iso: string | null): number => (iso === null ? Number.NEGATIVE_INFINITY : new Date(iso).getTime());

/** The failures of the last 24 hours (epoch ms, oldest first). */
const recentFailures = (row: AttemptRow | undefined, now: number): number[] => {
  if (!row?.recent) return [];
  try {
    const parsed: unknown = JSON.parse(row.recent);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((value): value is string => typeof value === 'string')
      .map((value) => new Date(value).getTime())
      .filter((at) => Number.isFinite(at) && at > now - DAY_MS)
      .sort((a, b) => a - b);
  } catch {
    return [];
  }
};

const growingLockMs = (count: number, policy: RateLimitPolicy): number => {
  // The failure that uses up the last free attempt starts the first lock.
  const excess = count - policy.freeAttempts + 1;
  return excess > 0 ? Math.min(policy.maxLockMs, policy.firstLockMs * 2 ** (excess - 1)) : 0;
};

/** How long the budget still locks the key: until the oldest of the last `dailyBudget` failures is a day old. */
const budgetLockMs = (recent: readonly number[], now: number, policy: RateLimitPolicy): number => {
  const budget = policy.dailyBudget;
  if (budget === undefined || recent.length < budget) return 0;
  const oldestCounted = recent[recent.length - budget] ?? now;
  return Math.max(0, oldestCounted + DAY_MS - now);
};

const save = async (
  db: Db,
  key: string,
  values: { count: number; windowStart: string; lastAt: string; lockedUntil: string | null; recent: number[] },
): Promise<void> => {
  const row = {
    count: values.count,
    window_start: values.windowStart,
    last_at: values.lastAt,
    locked_until: values.lockedUntil,
    recent: values.recent.length > 0 ? JSON.stringify(values.recent.map((at) => new Date(at).toISOString())) : null,
  };
  await db
    .insertInto('login_attempts')
    .values({ key, ...row })
    .onConflict((oc) => oc.column('key').doUpdateSet(row))
    .execute();
};

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

/** A key's counter as the rules read it (its failures of the last 24 hours parsed). */
type Counter = { count: number; windowStart: string; lastAt: string | null; lockedUntil: string | null; recent: number[] };

const counterOf = (row: AttemptRow | undefined, now: number): Counter | undefined =>
  row && {
    count: row.count,
    windowStart: row.window_start,
    lastAt: row.last_at,
    lockedUntil: row.locked_until,
    recent: recentFailures(row, now),
  };

/** The counter after one more failure at `at`, and how long it then locks the key (0 = not locked). */
const afterFailure = (counter: Counter | undefined, at: number, policy: RateLimitPolicy): { counter: Counter; lockMs: number } => {
  // Quiet since the later of the last failure and the end of the lock it caused.
  const quietSince = counter
    ? Math.max(timeOf(counter.lastAt ?? counter.windowStart), timeOf(counter.lockedUntil))
    : Number.NEGATIVE_INFINITY;
  const windowOpen = counter !== undefined && at - quietSince < policy.windowMs;
  const count = windowOpen ? counter.count + 1 : 1;
  const earlier = counter ? counter.recent.filter((failure) => failure > at - DAY_MS) : [];
  const recent = policy.dailyBudget === undefined ? [] : [...earlier, at].slice(-policy.dailyBudget);
  const lockMs = Math.max(growingLockMs(count, policy), budgetLockMs(recent, at, policy));
  const iso = new Date(at).toISOString();
  return {
    counter: {
      count,
      windowStart: windowOpen ? counter.windowStart : iso,
      lastAt: iso,
      lockedUntil: lockMs > 0 ? new Date(at + lockMs).toISOString() : null,
      recent,
    },
    lockMs,
  };
};

/**
 * Records one failure (or one counted request) and returns how long the key is now locked for (0 = not locked). In
 * one write transaction: instances counting failures of one key at once all count (none overwrites another's).
 */
export const recordFailure = (db: Db, key: string, now: Date, policy: RateLimitPolicy): Promise<number> =>
  writeTransaction(db, async (tx) => {
    const { counter, lockMs } = afterFailure(counterOf(await findRow(tx, key), now.getTime()), now.getTime(), policy);
    await save(tx, key, {
      count: counter.count,
      windowStart: counter.windowStart,
      lastAt: counter.lastAt ?? counter.windowStart,
      lockedUntil: counter.lockedUntil,
      recent: counter.recent,
    });
    return lockMs;
  });

/** Forgets a key altogether (a code that was used, the test-mode reset). */
export const clearAttempts = async (db: Db, key: string): Promise<void> => {
  await db.deleteFrom('login_attempts').where('key', '=', key).execute();
};

/** Forgets every counter (test mode: the browser tests share one address and one server). */
export const clearAllAttempts = async (db: Db): Promise<void> => {
  await db.deleteFrom('login_attempts').execute();
  await db.deleteFrom('rate_counters').execute();
};

/** Throws the 429 of the first locked key among several (account, address …). */
export const assertNoneLocked = async (db: Db, now: Date, checks: readonly (readonly [string, RateLimitPolicy])[]): Promise<void> => {
  for (const [key, policy] of checks) await assertNotLocked(db, key, now, policy);
};

/**
 * Takes back the failure counted at `at` (the attempt it was counted for succeeded). `reset`: the growing waits start
 * afresh too (the key's owner proved itself); otherwise the count drops by one. The daily budget keeps the other
 * failures: someone else's guesses are not forgiven by the owner's success.
 */
const takeBack = (db: Db, key: string, at: Date, policy: RateLimitPolicy, reset: boolean): Promise<void> =>
  writeTransaction(db, async (tx) => {
    const row = await findRow(tx, key);
    if (!row) return;
    const now = at.getTime();
    const recent = recentFailures(row, now);
    const index = recent.lastIndexOf(now);
    if (index >= 0) recent.splice(index, 1);
    const count = reset ? 0 : Math.max(0, row.count - 1);
    // A lock the remaining failures still deserve stays as it was; one only the taken-back failure caused goes.
    const stillGrowing = growingLockMs(count, policy) > 0 ? Math.max(0, timeOf(row.locked_until) - now) : 0;
    const lockMs = Math.max(stillGrowing, budgetLockMs(recent, now, policy));
    await save(tx, key, {
      count,
      windowStart: row.window_start,
      lastAt: row.last_at ?? row.window_start,
      lockedUntil: lockMs > 0 ? new Date(now + lockMs).toISOString() : null,
      recent,
    });
  });

/** Takes back one failure counted at `now` (the attempt succeeded): the count drops, a lock it alone caused goes. */
export const forgiveFailure = (db: Db, key: string, policy: RateLimitPolicy, now: Date): Promise<void> =>
  takeBack(db, key, now, policy, false);

/** Records a failure under several keys at once. */
export const recordFailures = (db: Db, now: Date, checks: readonly (readonly [string, RateLimitPolicy])[]): Promise<void> =>
  writeTransaction(db, async (tx) => {
    for (const [key, policy] of checks) await recordFailure(tx, key, now, policy);
  });

/*
 * Password guesses (logins, and the current password of a password change): docs/product/security.md "Rate limits and
 * lockouts". Only FAILURES count, after the password was checked: a correct password never uses up an attempt, so ten
 * logins of the owner sent at once all get in (counted before the check, five of them were refused with 429). Whether a
 * key is locked is still asked before the slow check.
 *
 * Counting after the check alone would let a burst of guesses sent at once all pass the lock check while their checks
 * are in flight (the 50-a-day bound would not hold). So a guess being checked holds a place on each of its keys (an
 * "in flight" row of the same table, shared by every instance), and a guess that would be refused if every guess in
 * flight failed waits for them to end instead of being checked: the guesses checked are exactly those a one-at-a-time
 * sequence would have checked, and a correct password waits a few milliseconds at worst, never gets a 429 it does not
 * deserve. A place is given back when its check ends; one left by an instance that died expires after
 * IN_FLIGHT_TTL_MS.
 */

export type GuessLimits = readonly (readonly [string, RateLimitPolicy])[];

const IN_FLIGHT_TTL_MS = 30_000;
/** How long a guess waits, in all, for the guesses in flight before it: far more than a check takes. */
const MAX_WAIT_MS = 10_000;
const inFlightKey = (key: string): string => `in-flight:${key}`;

/** The places held on a key: `<expiry epoch ms>:<random id>`, those not expired at `now`. */
const placesOf = (row: AttemptRow | undefined, now: number): string[] => {
  if (!row?.recent) return [];
  try {
    const parsed: unknown = JSON.parse(row.recent);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((value): value is string => typeof value === 'string' && Number(value.split(':')[0]) > now);
  } catch {
    return [];
  }
};

const savePlaces = async (db: Db, key: string, places: readonly string[], now: Date): Promise<void> => {
  if (places.length === 0) {
    await clearAttempts(db, key);
    return;
  }
  const at = now.toISOString();
  const row = { count: places.length, window_start: at, last_at: at, locked_until: null, recent: JSON.stringify(places) };
  await db
    .insertInto('login_attempts')
    .values({ key, ...row })
    .onConflict((oc) => oc.column('key').doUpdateSet(row))
    .execute();
};

/** True when the key would be locked at `now` had `failures` more guesses failed. */
const lockedAfter = (row: AttemptRow | undefined, now: Date, policy: RateLimitPolicy, failures: number): boolean => {
  let counter = counterOf(row, now.getTime());
  let lockMs = 0;
  for (let i = 0; i < failures; i += 1) ({ counter, lockMs } = afterFailure(counter, now.getTime(), policy));
  return lockMs > 0;
};

/**
 * Takes a place on every key for one guess, once no key is locked and none would be if the guesses in flight failed.
 * 429 when a key is locked; a guess that waited MAX_WAIT_MS for others is refused too (only when checks hang).
 */
const takePlace = async (db: Db, now: Date, checks: GuessLimits): Promise<string> => {
  const place = `${now.getTime() + IN_FLIGHT_TTL_MS}:${randomBytes(9).toString('base64url')}`;
  for (let waited = 0, round = 0; ; round += 1) {
    const blocking = await writeTransaction(db, async (tx) => {
      await assertNoneLocked(tx, now, checks);
      const held: (readonly [string, string[]])[] = [];
      for (const [key, policy] of checks) {
        const places = placesOf(await findRow(tx, inFlightKey(key)), now.getTime());
        if (places.length > 0 && lockedAfter(await findRow(tx, key), now, policy, places.length)) return policy;
        held.push([key, places]);
      }
      for (const [key, places] of held) await savePlaces(tx, inFlightKey(key), [...places, place], now);
      return null;
    });
    if (blocking === null) return place;
    if (waited >= MAX_WAIT_MS) throw new ApiError(429, blocking.code, 'Too many attempts', { retryAfter: 1 });
    // 5, 10, 20 … at most 100 ms, with jitter: waiting guesses neither collide nor keep the database busy.
    const ms = Math.min(100, 5 * 2 ** round) * (0.5 + Math.random() / 2);
    waited += ms;
    await pause(ms);
  }
};

const leavePlace = async (db: Db, now: Date, checks: GuessLimits, place: string): Promise<void> => {
  for (const [key] of checks) {
    const others = placesOf(await findRow(db, inFlightKey(key)), now.getTime()).filter((held) => held !== place);
    await savePlaces(db, inFlightKey(key), others, now);
  }
};

/**
 * A key whose owner proved itself (the right password): its growing waits start afresh. The daily budget keeps the
 * failures it counted: someone else's guesses are not forgiven by the owner's success.
 */
const startAfresh = async (db: Db, key: string, now: Date, policy: RateLimitPolicy): Promise<void> => {
  const row = await findRow(db, key);
  if (!row) return;
  const recent = recentFailures(row, now.getTime());
  const lockMs = budgetLockMs(recent, now.getTime(), policy);
  await save(db, key, {
    count: 0,
    windowStart: row.window_start,
    lastAt: row.last_at ?? row.window_start,
    lockedUntil: lockMs > 0 ? new Date(now.getTime() + lockMs).toISOString() : null,
    recent,
  });
};

/**
 * Runs one password check under the limits of `checks` and returns its result: 429 (ApiError) when a key is locked;
 * a failure is counted on every key; a success counts nothing and starts the first key (the account's, or the trusted
 * browser's) afresh.
 */
export const checkGuess = async (db: Db, now: Date, checks: GuessLimits, check: () => Promise<boolean>): Promise<boolean> => {
  const place = await takePlace(db, now, checks);
  let ok: boolean;
  try {
    ok = await check();
  } catch (error) {
    await writeTransaction(db, (tx) => leavePlace(tx, now, checks, place));
    throw error;
  }
  await writeTransaction(db, async (tx) => {
    await leavePlace(tx, now, checks, place);
    const [first] = checks;
    if (!ok) await recordFailures(tx, now, checks);
    else if (first) await startAfresh(tx, first[0], now, first[1]);
  });
  return ok;
};

/**
 * The address a per-address limit counts: an IPv4 address as it is, an IPv6 address by its /64 network (one
 * subscriber's line gets a whole /64: counted per address, it would offer 2^64 fresh counters), an IPv4-mapped IPv6
 * address as the IPv4 address it is. The same rule as the anonymous-write limiter's (@fastify/rate-limit).
 */
export const clientAddress = (ip: string): string => normalizeIP(ip, 64);

/**
 * Keys. Password logins count per account (its customer number, e-mail and energy number share one counter), and
 * per identifier only for logins that name no account (so that the limiter does not tell which accounts exist);
 * a trusted browser (device cookie) counts under its cookie's nonce.
 */
export const limitKeys = {
  login: (login: string): string => `login:${login.trim().toLowerCase()}`,
  account: (userId: number): string => `account:${userId}`,
  deviceCookie: (nonce: string): string => `device-cookie:${nonce}`,
  address: (ip: string): string => `ip:${clientAddress(ip)}`,
  energyLink: (userId: number): string => `energy-link-user:${userId}`,
  codeRequest: (recipient: string): string => `code-request:${recipient.trim().toLowerCase()}`,
  codeRequestAddress: (ip: string): string => `code-request-ip:${clientAddress(ip)}`,
  codeAttempt: (msisdn: string, purpose: string): string => `code-attempt:${purpose}:${msisdn}`,
} as const;

/**
 * A successful recovery (a link or code that reached the owner) ends the locks of the account: its login counter
 * (which also counts wrong current passwords of a password change), growing waits and daily budget alike
 * (docs/product/security.md "Rate limits and lockouts": a stranger who keeps an account locked cannot keep its owner
 * out).
 */
export const endAccountLocks = async (db: Db, userId: number): Promise<void> => {
  await clearAttempts(db, limitKeys.account(userId));
};

/**
 * The counters nobody needs any more: unlocked, and idle for over a day (the longest window, the daily budget's).
 * Run by the clean-up job (lib/retention.ts); every key is therefore forgotten a day after its last failure.
 */
export const purgeIdleAttempts = async (db: Db, now: Date): Promise<number> => {
  const dayAgo = new Date(now.getTime() - DAY_MS).toISOString();
  const result = await db
    .deleteFrom('login_attempts')
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now.toISOString())]))
    .where((eb) => eb(eb.fn.coalesce('last_at', 'window_start'), '<=', dayAgo))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};
