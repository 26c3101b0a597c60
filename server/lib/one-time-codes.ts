import { createHmac, timingSafeEqual } from 'node:crypto';
import { type Db, writeTransaction } from '../db/engine.ts';
import { serverSecret } from './server-secrets.ts';
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

export const issueLink = async (
  db: Db,
  userId: number,
  purpose: LinkPurpose,
  now: Date,
  target: string | null = null,
  ttlMs: number = LINK_TTL_MS,
): Promise<string> => {
  const token = randomToken();
  await writeTransaction(db, async (tx) => {
    await tx
      .updateTable('link_tokens')
      .set({ used_at: now.toISOString() })
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    await tx
      .insertInto('link_tokens')
      .values({
        user_id: userId,
        purpose,
        token_hash: hashToken(token),
        expires_at: new Date(now.getTime() + ttlMs).toISOString(),
        target,
        created_at: now.toISOString(),
      })
      .execute();
    // Only the newest works; the last few are kept to tell "already used" (419) from "unknown" (404).
    await tx
      .deleteFrom('link_tokens')
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom('link_tokens')
          .select('id')
          .where('user_id', '=', userId)
          .where('purpose', '=', purpose)
          .orderBy('id', 'desc')
          .limit(KEPT_PER_KIND),
      )
      .execute();
  });
  return token;
};

export type LinkCheck = { ok: true; link: LinkRow } | { ok: false; reason: 'unknown' | 'expired' };

/**
 * A link is unknown (404) when no token of that purpose matches or it belongs to someone else than `owns` says;
 * expired (419) when it is past its 24 hours or was already used.
 */
export const checkLink = async (
  db: Db,
  token: string,
  purpose: LinkPurpose,
  now: Date,
  owns: (userId: number) => boolean | Promise<boolean>,
): Promise<LinkCheck> => {
  const link = await db
    .selectFrom('link_tokens')
    .select(['id', 'user_id', 'purpose', 'expires_at', 'used_at', 'target'])
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .$narrowType<{ purpose: LinkPurpose }>()
    .executeTakeFirst();
  if (!link || !(await owns(link.user_id))) return { ok: false, reason: 'unknown' };
  if (link.used_at !== null || new Date(link.expires_at).getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
  return { ok: true, link };
};

/** Marks a link used; false when a concurrent request used it first. */
export const useLink = async (db: Db, linkId: number, now: Date): Promise<boolean> => {
  const result = await db
    .updateTable('link_tokens')
    .set({ used_at: now.toISOString() })
    .where('id', '=', linkId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
};

const codeHash = async (db: Db, msisdn: string, purpose: CodePurpose, code: string): Promise<string> =>
  `hmac$${createHmac('sha256', await serverSecret(db, 'smsCode'))
    .update(`${purpose}\u0000${msisdn}\u0000${code}`)
    .digest('base64url')}`;

const sameHash = (a: string, b: string): boolean => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export const issueCode = async (db: Db, msisdn: string, purpose: CodePurpose, now: Date): Promise<string> => {
  const code = randomCode();
  const hash = await codeHash(db, msisdn, purpose, code);
  await writeTransaction(db, async (tx) => {
    await retireCodes(tx, msisdn, purpose, now);
    await tx
      .insertInto('sms_codes')
      .values({
        msisdn,
        purpose,
        code_hash: hash,
        expires_at: new Date(now.getTime() + CODE_TTL_MS).toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
    // checkCode looks at the newest few only: older codes are of no use.
    await tx
      .deleteFrom('sms_codes')
      .where('msisdn', '=', msisdn)
      .where('purpose', '=', purpose)
      .where('id', 'not in', (eb) =>
        eb
          .selectFrom('sms_codes')
          .select('id')
          .where('msisdn', '=', msisdn)
          .where('purpose', '=', purpose)
          .orderBy('id', 'desc')
          .limit(KEPT_PER_KIND),
      )
      .execute();
  });
  return code;
};

/** No open code of this kind works any more (a new one was sent, or too many wrong codes were tried). */
export const retireCodes = async (db: Db, msisdn: string, purpose: CodePurpose, now: Date): Promise<void> => {
  await db
    .updateTable('sms_codes')
    .set({ used_at: now.toISOString() })
    .where('msisdn', '=', msisdn)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
};

export type CodeCheck = { ok: true; codeId: number } | { ok: false; reason: 'wrong' | 'expired' };

/**
 * Checks a code against the codes sent to this number in the last day (newest first): the open one → ok;
 * one that is used or past its 10 minutes → expired (419: ask for a new code); none → wrong (422).
 */
export const checkCode = async (db: Db, msisdn: string, purpose: CodePurpose, code: string, now: Date): Promise<CodeCheck> => {
  const since = new Date(now.getTime() - LINK_TTL_MS).toISOString();
  const rows = await db
    .selectFrom('sms_codes')
    .select(['id', 'code_hash', 'expires_at', 'used_at'])
    .where('msisdn', '=', msisdn)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .orderBy('id', 'desc')
    .limit(5)
    .execute();
  const hash = await codeHash(db, msisdn, purpose, code);
  for (const row of rows) {
    if (!sameHash(hash, row.code_hash)) continue;
    if (row.used_at !== null || new Date(row.expires_at).getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
    return { ok: true, codeId: row.id };
  }
  return { ok: false, reason: 'wrong' };
};

export const useCode = async (db: Db, codeId: number, now: Date): Promise<boolean> => {
  const result = await db
    .updateTable('sms_codes')
    .set({ used_at: now.toISOString() })
    .where('id', '=', codeId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
};

/** Links and codes a day past their expiry (the clean-up job): they can neither work nor tell anything any more. */
export const purgeExpiredSecrets = async (db: Db, now: Date): Promise<number> => {
  const dayAgo = new Date(now.getTime() - LINK_TTL_MS).toISOString();
  const links = await db.deleteFrom('link_tokens').where('expires_at', '<=', dayAgo).executeTakeFirst();
  const codes = await db.deleteFrom('sms_codes').where('expires_at', '<=', dayAgo).executeTakeFirst();
  return Number(links.numDeletedRows) + Number(codes.numDeletedRows);
};
