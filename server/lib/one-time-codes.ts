import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { serverSecret } from './server-secrets.ts';
import { stmt } from './sql.ts';
import { hashToken, randomCode, randomToken } from './tokens.ts';

/*
 * Single-use secrets sent by e-mail or SMS: links (256-bit random tokens, SHA-256 stored, 24 hours) and 6-digit
 * SMS codes (10 minutes). Issuing a new one of a kind retires the earlier ones, so only the latest message works.
 *
 * A code is stored as an HMAC-SHA-256 under a server secret (server_secrets, in the database): a million codes
 * cannot be tried offline from a leaked table without that secret, and checking one costs microseconds instead of
 * a scrypt that held the event loop. Online guessing is stopped by the attempt limit (5 per number).
 */

export const LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** Links per user and purpose, codes per number and purpose, kept (the newest): a bound on what requests add. */
export const KEPT_PER_KIND = 5;
export const CODE_TTL_MS = 10 * 60 * 1000;

/** `energyRelog`: the owner's one-click login to the energy portal (short-lived, routes/energy.ts). */
export type LinkPurpose = 'createPassword' | 'recoverPassword' | 'confirmEmail' | 'login' | 'energyRelog';
export type CodePurpose = 'createAccount' | 'recoverPassword';

type LinkRow = { id: number; user_id: number; purpose: LinkPurpose; expires_at: string; used_at: string | null; target: string | null };

export const issueLink = (
  db: Db,
  userId: number,
  purpose: LinkPurpose,
  now: Date,
  target: string | null = null,
  ttlMs: number = LINK_TTL_MS,
): string => {
  const token = randomToken();
  stmt<[string, number, LinkPurpose]>(db, 'UPDATE link_tokens SET used_at = ? WHERE user_id = ? AND purpose = ? AND used_at IS NULL').run(
    now.toISOString(),
    userId,
    purpose,
  );
  stmt<[number, LinkPurpose, string, string, string | null, string]>(
    db,
    'INSERT INTO link_tokens (user_id, purpose, token_hash, expires_at, target, created_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(userId, purpose, hashToken(token), new Date(now.getTime() + ttlMs).toISOString(), target, now.toISOString());
  // Only the newest works; the last few are kept to tell "already used" (419) from "unknown" (404).
  stmt<[number, LinkPurpose, number, LinkPurpose, number]>(
    db,
    `DELETE FROM link_tokens WHERE user_id = ? AND purpose = ? AND id NOT IN
       (SELECT id FROM link_tokens WHERE user_id = ? AND purpose = ? ORDER BY id DESC LIMIT ?)`,
  ).run(userId, purpose, userId, purpose, KEPT_PER_KIND);
  return token;
};

export type LinkCheck = { ok: true; link: LinkRow } | { ok: false; reason: 'unknown' | 'expired' };

/**
 * A link is unknown (404) when no token of that purpose matches or it belongs to someone else than `owns` says;
 * expired (419) when it is past its 24 hours or was already used.
 */
export const checkLink = (db: Db, token: string, purpose: LinkPurpose, now: Date, owns: (userId: number) => boolean): LinkCheck => {
  const link = stmt<[string, LinkPurpose], LinkRow>(
    db,
    'SELECT id, user_id, purpose, expires_at, used_at, target FROM link_tokens WHERE token_hash = ? AND purpose = ?',
  ).get(hashToken(token), purpose);
  if (!link || !owns(link.user_id)) return { ok: false, reason: 'unknown' };
  if (link.used_at !== null || new Date(link.expires_at).getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, link };
};

/** Marks a link used; false when a concurrent request used it first. */
export const useLink = (db: Db, linkId: number, now: Date): boolean =>
  stmt<[string, number]>(db, 'UPDATE link_tokens SET used_at = ? WHERE id = ? AND used_at IS NULL').run(now.toISOString(), linkId)
    .changes === 1;

type CodeRow = { id: number; code_hash: string; expires_at: string; used_at: string | null };

const codeHash = (db: Db, msisdn: string, purpose: CodePurpose, code: string): string =>
  `hmac$${createHmac('sha256', serverSecret(db, 'smsCode')).update(`${purpose}\u0000${msisdn}\u0000${code}`).digest('base64url')}`;

const sameHash = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export const issueCode = (db: Db, msisdn: string, purpose: CodePurpose, now: Date): string => {
  const code = randomCode();
  retireCodes(db, msisdn, purpose, now);
  stmt<[string, CodePurpose, string, string, string]>(
    db,
    'INSERT INTO sms_codes (msisdn, purpose, code_hash, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
  ).run(msisdn, purpose, codeHash(db, msisdn, purpose, code), new Date(now.getTime() + CODE_TTL_MS).toISOString(), now.toISOString());
  // checkCode looks at the newest few only: older codes are of no use.
  stmt<[string, CodePurpose, string, CodePurpose, number]>(
    db,
    `DELETE FROM sms_codes WHERE msisdn = ? AND purpose = ? AND id NOT IN
       (SELECT id FROM sms_codes WHERE msisdn = ? AND purpose = ? ORDER BY id DESC LIMIT ?)`,
  ).run(msisdn, purpose, msisdn, purpose, KEPT_PER_KIND);
  return code;
};

/** No open code of this kind works any more (a new one was sent, or too many wrong codes were tried). */
export const retireCodes = (db: Db, msisdn: string, purpose: CodePurpose, now: Date): void => {
  stmt<[string, string, CodePurpose]>(db, 'UPDATE sms_codes SET used_at = ? WHERE msisdn = ? AND purpose = ? AND used_at IS NULL').run(
    now.toISOString(),
    msisdn,
    purpose,
  );
};

export type CodeCheck = { ok: true; codeId: number } | { ok: false; reason: 'wrong' | 'expired' };

/**
 * Checks a code against the codes sent to this number in the last day (newest first): the open one → ok;
 * one that is used or past its 10 minutes → expired (419: ask for a new code); none → wrong (422).
 */
export const checkCode = (db: Db, msisdn: string, purpose: CodePurpose, code: string, now: Date): CodeCheck => {
  const since = new Date(now.getTime() - LINK_TTL_MS).toISOString();
  const rows = stmt<[string, CodePurpose, string], CodeRow>(
    db,
    'SELECT id, code_hash, expires_at, used_at FROM sms_codes WHERE msisdn = ? AND purpose = ? AND created_at > ? ORDER BY id DESC LIMIT 5',
  ).all(msisdn, purpose, since);
  const hash = codeHash(db, msisdn, purpose, code);
  for (const row of rows) {
    if (!sameHash(hash, row.code_hash)) continue;
    if (row.used_at !== null || new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, codeId: row.id };
  }
  return { ok: false, reason: 'wrong' };
};

export const useCode = (db: Db, codeId: number, now: Date): boolean =>
  stmt<[string, number]>(db, 'UPDATE sms_codes SET used_at = ? WHERE id = ? AND used_at IS NULL').run(now.toISOString(), codeId).changes ===
  1;

/** Links and codes a day past their expiry (the clean-up job): they can neither work nor tell anything any more. */
export const purgeExpiredSecrets = (db: Db, now: Date): number => {
  const dayAgo = new Date(now.getTime() - LINK_TTL_MS).toISOString();
  return (
    stmt<[string]>(db, 'DELETE FROM link_tokens WHERE expires_at <= ?').run(dayAgo).changes +
    stmt<[string]>(db, 'DELETE FROM sms_codes WHERE expires_at <= ?').run(dayAgo).changes
  );
};
