import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/engine.ts';
import { serverSecret } from './server-secrets.ts';

/*
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"; docs/product/security.md
 * "Rate limits and lockouts"). A browser that logged in to an account, or recovered it, gets a cookie signed by the
 * server naming that account and a random nonce. A later login attempt to the same account carrying a valid cookie is
 * "trusted": it is limited per cookie (the nonce), not per account or address, so failures from elsewhere (a guesser
 * who knows the customer number, a crowded office address) never lock the owner out. Attempts without a valid cookie
 * stay limited per account (with its daily budget) and per address. The cookie is no credential: the password is still
 * checked on every login.
 *
 * A cookie is valid while its nonce is in device_cookies, for its account, before its expiry:
 * - it rotates: each successful login replaces the cookie it came with by a new one (OWASP: a new nonce), so a copy
 *   of an old cookie stops being trusted;
 * - it expires after DEVICE_COOKIE_DAYS;
 * - a password change or reset ends every cookie of the account (the browser that made the change gets a new one);
 * - an account keeps at most MAX_COOKIES_PER_USER (the newest): a bound on what logins can add.
 */

export const DEVICE_COOKIE = 'device_trust';
/** Sent only to the login calls. */
export const DEVICE_COOKIE_PATH = '/api/public/users';
export const DEVICE_COOKIE_DAYS = 180;
export const MAX_COOKIES_PER_USER = 10;
const DAY_MS = 24 * 60 * 60 * 1000;

export type DeviceCookie = { userId: number; nonce: string };

const sign = async (db: Db, payload: string): Promise<string> =>
  createHmac('sha256', await serverSecret(db, 'deviceCookie'))
    .update(payload)
    .digest('base64url');

/** The cookie's account and nonce when its signature is this server's, whatever the database says of it. */
const signedCookie = async (db: Db, request: FastifyRequest): Promise<DeviceCookie | null> => {
  const value = request.cookies[DEVICE_COOKIE];
  if (!value) return null;
  const [userText, nonce, signature] = value.split('.');
  if (!userText || !nonce || !signature || !/^\d{1,12}$/.test(userText)) return null;
  const expected = Buffer.from(await sign(db, `${userText}.${nonce}`));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { userId: Number(userText), nonce };
};

/** The cookie's account and nonce while it is valid (signed here, still on record, not expired), else null. */
export const readDeviceCookie = async (db: Db, request: FastifyRequest, now: Date): Promise<DeviceCookie | null> => {
  const cookie = await signedCookie(db, request);
  if (!cookie) return null;
  const row = await db
    .selectFrom('device_cookies')
    .select('nonce')
    .where('nonce', '=', cookie.nonce)
    .where('user_id', '=', cookie.userId)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row ? cookie : null;
};

/**
 * A fresh cookie for the account that just logged in or recovered (a new nonce each time, as OWASP prescribes). The
 * cookie the browser came with, if it was this account's, is retired: a copy of it is trusted no more.
 */
export const issueDeviceCookie = async (
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  now: Date,
  options: { secure: boolean },
): Promise<void> => {
  const previous = await signedCookie(db, request);
  if (previous?.userId === userId) await db.deleteFrom('device_cookies').where('nonce', '=', previous.nonce).execute();
  const nonce = randomBytes(16).toString('base64url');
  await db
    .insertInto('device_cookies')
    .values({
      nonce,
      user_id: userId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + DEVICE_COOKIE_DAYS * DAY_MS).toISOString(),
    })
    .execute();
  await db
    .deleteFrom('device_cookies')
    .where('user_id', '=', userId)
    .where('nonce', 'not in', (eb) =>
      eb
        .selectFrom('device_cookies')
        .select('nonce')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('nonce')
        .limit(MAX_COOKIES_PER_USER),
    )
    .execute();
  const payload = `${userId}.${nonce}`;
  void reply.setCookie(DEVICE_COOKIE, `${payload}.${await sign(db, payload)}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure: options.secure,
    path: DEVICE_COOKIE_PATH,
    maxAge: DEVICE_COOKIE_DAYS * 24 * 60 * 60,
  });
};

/** Every device cookie of an account stops being trusted (a password change or reset). */
export const revokeDeviceCookies = async (db: Db, userId: number): Promise<void> => {
  await db.deleteFrom('device_cookies').where('user_id', '=', userId).execute();
};

/** The expired cookies (the clean-up job). */
export const purgeExpiredDeviceCookies = async (db: Db, now: Date): Promise<number> => {
  const result = await db.deleteFrom('device_cookies').where('expires_at', '<=', now.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
};
