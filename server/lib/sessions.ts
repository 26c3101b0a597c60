import type { Db } from '../db/engine.ts';
import { createHmac } from 'node:crypto';
import { addDays, addMonths } from './clock.ts';
import { serverSecret } from './server-secrets.ts';
import { hashToken, newGuid, randomToken } from './tokens.ts';
import { USER_COLUMNS, type UserRow } from './users.ts';

/** docs/product/security.md "Cookies": access token 1 day, refresh token 3 months. */
export const ACCESS_TOKEN_DAYS = 1;
export const REFRESH_TOKEN_MONTHS = 3;

export type RevokeReason = 'logout' | 'rotated' | 'reuse' | 'passwordChanged' | 'passwordReset' | 'deviceRevoked' | 'sessionLimit';

export type SessionRecord = {
  id: number;
  user_id: number;
  family_id: string;
  expires_at: string;
  refresh_expires_at: string | null;
  revoked_at: string | null;
  revoked_reason: RevokeReason | null;
  rotated_at: string | null;
  /** devices.id when the session was opened on a registered device (PIN login, or a login that sent a device). */
  device_id: number | null;
};

export type IssuedSession = {
  sessionId: number;
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  refreshExpiresAt: Date;
};

export type ResolvedSession = { session: SessionRecord; user: UserRow };

export type CreateSessionOptions = {
  /** Passed when a refresh token is rotated, so reuse of an old one can revoke the whole family. */
  familyId?: string;
  deviceId?: number | null;
  /**
   * A rotated session keeps the refresh expiry of the login that started the family: renewing access every day
   * must not stretch a 3-month session forever (the PIN and the password are asked again after 3 months).
   */
  refreshExpiresAt?: Date;
  /** The tokens to issue (a rotation's successor, derived from the rotated token); absent: fresh random ones. */
  tokens?: { access: string; refresh: string };
};

/**
 * Bounds (docs/product/security.md "Rate limits and lockouts"): a user keeps at most MAX_LOGINS_PER_USER live logins
 * (refresh families; a new one ends the oldest), and a family keeps its last MAX_ROTATED_PER_FAMILY rotated rows
 * (enough to tell a reused token within the renewal grace window and well after it; an older token is then simply
 * unknown).
 */
export const MAX_LOGINS_PER_USER = 20;
export const MAX_ROTATED_PER_FAMILY = 5;

const bound = async (db: Db, userId: number, familyId: string, newFamily: boolean, now: Date): Promise<void> => {
  if (newFamily) {
    await db
      .updateTable('sessions')
      .set({ revoked_at: now.toISOString(), revoked_reason: 'sessionLimit' })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('family_id', 'not in', (eb) =>
        eb
          .selectFrom('sessions')
          .select('family_id')
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .groupBy('family_id')
          .orderBy((o) => o.fn.max('id'), 'desc')
          .limit(MAX_LOGINS_PER_USER),
      )
      .execute();
    return;
  }
  await db
    .deleteFrom('sessions')
    .where('family_id', '=', familyId)
    .where('rotated_at', 'is not', null)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('sessions')
        .select('id')
        .where('family_id', '=', familyId)
        .where('rotated_at', 'is not', null)
        .orderBy('id', 'desc')
        .limit(MAX_ROTATED_PER_FAMILY),
    )
    .execute();
};

/** Opens a session: fresh random tokens, only their hashes stored. */
export const createSession = async (db: Db, userId: number, now: Date, options: CreateSessionOptions = {}): Promise<IssuedSession> => {
  const accessToken = options.tokens?.access ?? randomToken();
  const refreshToken = options.tokens?.refresh ?? randomToken();
  const refreshExpiresAt = options.refreshExpiresAt ?? addMonths(now, REFRESH_TOKEN_MONTHS);
  // The access token never outlives the refresh token of its family.
  const oneDay = addDays(now, ACCESS_TOKEN_DAYS);
  const expiresAt = oneDay.getTime() < refreshExpiresAt.getTime() ? oneDay : refreshExpiresAt;
  const familyId = options.familyId ?? newGuid();
  const { id } = await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      access_token_hash: hashToken(accessToken),
      refresh_token_hash: hashToken(refreshToken),
      family_id: familyId,
      expires_at: expiresAt.toISOString(),
      refresh_expires_at: refreshExpiresAt.toISOString(),
      created_at: now.toISOString(),
      device_id: options.deviceId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await bound(db, userId, familyId, options.familyId === undefined, now);
  return { sessionId: id, accessToken, refreshToken, expiresAt, refreshExpiresAt };
};

const SESSION_COLUMNS = [
  'id',
  'user_id',
  'family_id',
  'expires_at',
  'refresh_expires_at',
  'revoked_at',
  'revoked_reason',
  'rotated_at',
  'device_id',
] as const;

const sessions = (db: Db) => db.selectFrom('sessions').select(SESSION_COLUMNS).$narrowType<{ revoked_reason: RevokeReason | null }>();

/** The session of an access token and its user, whatever the session's state (expiry checks are the caller's). */
export const findSessionByAccessToken = async (db: Db, token: string): Promise<ResolvedSession | undefined> => {
  // One statement for both, as every authenticated request asks: a round trip less on PostgreSQL.
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select(USER_COLUMNS)
    .select([
      's.id as s_id',
      's.family_id as s_family_id',
      's.expires_at as s_expires_at',
      's.refresh_expires_at as s_refresh_expires_at',
      's.revoked_at as s_revoked_at',
      's.revoked_reason as s_revoked_reason',
      's.rotated_at as s_rotated_at',
      's.device_id as s_device_id',
    ])
    .where('s.access_token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return undefined;
  const { s_id, s_family_id, s_expires_at, s_refresh_expires_at, s_revoked_at, s_revoked_reason, s_rotated_at, s_device_id, ...user } = row;
  const session: SessionRecord = {
    id: s_id,
    user_id: user.id,
    family_id: s_family_id,
    expires_at: s_expires_at,
    refresh_expires_at: s_refresh_expires_at,
    revoked_at: s_revoked_at,
    revoked_reason: s_revoked_reason as RevokeReason | null,
    rotated_at: s_rotated_at,
    device_id: s_device_id,
  };
  return { session, user };
};

/** The session of a refresh token, whatever its state (the caller tells expiry, rotation and revocation apart). */
export const findSessionByRefreshToken = (db: Db, token: string): Promise<SessionRecord | undefined> =>
  sessions(db).where('refresh_token_hash', '=', hashToken(token)).executeTakeFirst();

export const findSessionById = (db: Db, id: number): Promise<SessionRecord | undefined> =>
  sessions(db).where('id', '=', id).executeTakeFirst();

export const isAccessValid = (session: SessionRecord, now: Date): boolean =>
  session.revoked_at === null && new Date(session.expires_at).getTime() > now.getTime();

/** Resolves a live session: unknown, revoked and expired tokens all give undefined (→ 401). */
export const resolveAccessToken = async (db: Db, token: string, now: Date): Promise<ResolvedSession | undefined> => {
  const found = await findSessionByAccessToken(db, token);
  return found && isAccessValid(found.session, now) ? found : undefined;
};

/**
 * Sessions nothing can use any more (the clean-up job): past the end of their refresh token, or ended (logout,
 * password change …) over a day ago. A rotated session stays until its family's end: its token, presented again,
 * is how a stolen copy is recognised (the bound per family keeps those rows few).
 */
export const purgeEndedSessions = async (db: Db, now: Date): Promise<number> => {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  const result = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb(eb.fn.coalesce('refresh_expires_at', 'expires_at'), '<=', now.toISOString()),
        eb.and([eb('revoked_at', 'is not', null), eb('rotated_at', 'is', null), eb('revoked_at', '<=', dayAgo)]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};

/** Every session descended from one login: used on refresh-token reuse and on logout. */
export const revokeFamily = async (db: Db, familyId: string, now: Date, reason: RevokeReason): Promise<void> => {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
};

/** Every session of a user but one (password change keeps the session that made it). */
export const revokeUserSessions = async (
  db: Db,
  userId: number,
  now: Date,
  reason: RevokeReason,
  exceptSessionId: number | null = null,
): Promise<void> => {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('user_id', '=', userId)
    .where('id', '<>', exceptSessionId ?? -1)
    .where('revoked_at', 'is', null)
    .execute();
};

/** Sessions opened on a device die with the device (too many PINs, logout of that device). */
export const revokeDeviceSessions = async (db: Db, deviceId: number, now: Date, reason: RevokeReason): Promise<void> => {
  await db
    .updateTable('sessions')
    .set({ revoked_at: now.toISOString(), revoked_reason: reason })
    .where('device_id', '=', deviceId)
    .where('revoked_at', 'is', null)
    .execute();
};

/**
 * Marks a session's refresh token as exchanged: its access token dies too, so the old pair is fully replaced.
 * Returns false when another request rotated it first (then the caller treats this one as a reuse).
 */
export const markRotated = async (db: Db, sessionId: number, now: Date): Promise<boolean> => {
  const result = await db
    .updateTable('sessions')
    .set({ rotated_at: now.toISOString(), revoked_at: now.toISOString(), revoked_reason: 'rotated' })
    .where('id', '=', sessionId)
    .where('rotated_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
};

/** A session opened without a device is bound to the device its user just set a PIN on. */
export const bindSessionToDevice = async (db: Db, sessionId: number, deviceId: number): Promise<void> => {
  await db.updateTable('sessions').set({ device_id: deviceId }).where('id', '=', sessionId).where('device_id', 'is', null).execute();
};

/** Logout with `accessOnly`: the access token dies now, the refresh token stays usable to renew access. */
export const expireAccessToken = async (db: Db, sessionId: number, now: Date): Promise<void> => {
  await db
    .updateTable('sessions')
    .set({ expires_at: now.toISOString() })
    .where('id', '=', sessionId)
    .where('expires_at', '>', now.toISOString())
    .execute();
};

/**
 * The tokens of the session that replaces a rotated one, derived from the rotated refresh token with a secret of the
 * service (HMAC-SHA-256): unguessable without both, never stored (the database keeps their hashes, as for any
 * session), and the same on every instance. A renewal that comes again with the rotated token within the grace window
 * (two tabs renewing at once, on any instance) is answered with the same successor, recomputed.
 */
export const successorTokens = async (db: Db, rotatedRefreshToken: string): Promise<{ access: string; refresh: string }> => {
  const secret = await serverSecret(db, 'sessionRotation');
  const derive = (use: string) => createHmac('sha256', secret).update(`${use}\u0000${rotatedRefreshToken}`).digest('base64url');
  return { access: derive('access'), refresh: derive('refresh') };
};
