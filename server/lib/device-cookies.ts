import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { serverSecret } from './server-secrets.ts';

/*
 * Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"). A browser that logged in to an
 * account successfully gets a cookie signed by the server naming that account and a random nonce. A later login
 * attempt to the same account carrying a valid cookie is "trusted": it is limited per cookie (the nonce), not per
 * account or address, so failures from elsewhere (a guesser who knows the customer number, a crowded office
 * address) never lock the owner out. Attempts without a valid cookie stay limited per account and per address.
 * The cookie is no credential: the password is still checked on every login.
 */

export const DEVICE_COOKIE = 'device_trust';
/** Sent only to the login calls. */
export const DEVICE_COOKIE_PATH = '/api/public/users';
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export type DeviceCookie = { userId: number; nonce: string };

const sign = async (db: Db, payload: string): Promise<string> =>
  createHmac('sha256', await serverSecret(db, 'deviceCookie'))
    .update(payload)
    .digest('base64url');

/** The cookie's account and nonce when its signature is this server's, else null (forged, truncated, absent). */
export const readDeviceCookie = async (db: Db, request: FastifyRequest): Promise<DeviceCookie | null> => {
  const value = request.cookies[DEVICE_COOKIE];
  if (!value) return null;
  const [userText, nonce, signature] = value.split('.');
  if (!userText || !nonce || !signature || !/^\d{1,12}$/.test(userText)) return null;
  const expected = Buffer.from(await sign(db, `${userText}.${nonce}`));
  const actual = Buffer.from(signature);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null;
  return { userId: Number(userText), nonce };
};

/** A fresh cookie for the account just logged in (a new nonce each time, as OWASP prescribes). */
export const issueDeviceCookie = async (db: Db, reply: FastifyReply, userId: number, secure: boolean): Promise<void> => {
  const nonce = randomBytes(16).toString('base64url');
  const payload = `${userId}.${nonce}`;
  void reply.setCookie(DEVICE_COOKIE, `${payload}.${await sign(db, payload)}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: DEVICE_COOKIE_PATH,
    maxAge: MAX_AGE_SECONDS,
  });
};
