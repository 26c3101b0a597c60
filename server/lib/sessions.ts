import type { Db } from '../db/database.ts';
import { addDays, addMonths } from './clock.ts';
import { stmt } from './sql.ts';
import { hashToken, newGuid, randomToken } from './tokens.ts';
import { findUserById, type UserRow } from './users.ts';

/** SPEC §9: access token 1 day, refresh token 3 months. */
export const ACCESS_TOKEN_DAYS = 1;
export const REFRESH_TOKEN_MONTHS = 3;

export type RevokeReason = 'logout' | 'rotated' | 'reuse' | 'passwordChanged' | 'passwordReset' | 'deviceRevoked' | 'sessionLimit';

export type SessionRow = {
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

export type ResolvedSession = { session: SessionRow; user: UserRow };

export type CreateSessionOptions = {
  /** Passed when a refresh token is rotated, so reuse of an old one can revoke the whole family. */
  familyId?: string;
  deviceId?: number | null;
  /**
   * A rotated session keeps the refresh expiry of the login that started the family: renewing access every day
   * must not stretch a 3-month session forever (the PIN and the password are asked again after 3 months).
   */
  refreshExpiresAt?: Date;
};

/**
 * Bounds (docs/product/security.md "Tables"): a user keeps at most MAX_LOGINS_PER_USER live logins (refresh
 * families; a new one ends the oldest), and a family keeps its last MAX_ROTATED_PER_FAMILY rotated rows (enough to
 * tell a reused token within the renewal grace window and well after it; an older token is then simply unknown).
 */
export const MAX_LOGINS_PER_USER = 20;
export const MAX_ROTATED_PER_FAMILY = 5;

const bound = (db: Db, userId: number, familyId: string, newFamily: boolean, now: Date): void => {
  if (newFamily) {
    stmt<[string, number, number, number]>(
      db,
      `UPDATE sessions SET revoked_at = ?, revoked_reason = 'sessionLimit' WHERE user_id = ? AND revoked_at IS NULL AND family_id NOT IN
         (SELECT family_id FROM sessions WHERE user_id = ? AND revoked_at IS NULL GROUP BY family_id ORDER BY MAX(id) DESC LIMIT ?)`,
    ).run(now.toISOString(), userId, userId, MAX_LOGINS_PER_USER);
    return;
  }
  stmt<[string, string, number]>(
    db,
    `DELETE FROM sessions WHERE family_id = ? AND rotated_at IS NOT NULL AND id NOT IN
       (SELECT id FROM sessions WHERE family_id = ? AND rotated_at IS NOT NULL ORDER BY id DESC LIMIT ?)`,
  ).run(familyId, familyId, MAX_ROTATED_PER_FAMILY);
};

/** Opens a session: fresh random tokens, only their hashes stored. */
export const createSession = (db: Db, userId: number, now: Date, options: CreateSessionOptions = {}): IssuedSession => {
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const refreshExpiresAt = options.refreshExpiresAt ?? addMonths(now, REFRESH_TOKEN_MONTHS);
  // The access token never outlives the refresh token of its family.
  const oneDay = addDays(now, ACCESS_TOKEN_DAYS);
  const expiresAt = oneDay.getTime() < refreshExpiresAt.getTime() ? oneDay : refreshExpiresAt;
  const familyId = options.familyId ?? newGuid();
  const result = stmt<[number, string, string, string, string, string, string, number | null]>(
    db,
    `INSERT INTO sessions (user_id, access_token_hash, refresh_token_hash, family_id, expires_at, refresh_expires_at, created_at, device_id)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    userId,
    hashToken(accessToken),
    hashToken(refreshToken),
    familyId,
    expiresAt.toISOString(),
    refreshExpiresAt.toISOString(),
    now.toISOString(),
    options.deviceId ?? null,
  );
  bound(db, userId, familyId, options.familyId === undefined, now);
  return { sessionId: Number(result.lastInsertRowid), accessToken, refreshToken, expiresAt, refreshExpiresAt };
};

const SESSION_COLUMNS = 'id, user_id, family_id, expires_at, refresh_expires_at, revoked_at, revoked_reason, rotated_at, device_id';

/** The session of an access token and its user, whatever the session's state (expiry checks are the caller's). */
export const findSessionByAccessToken = (db: Db, token: string): ResolvedSession | undefined => {
  const session = stmt<[string], SessionRow>(db, `SELECT ${SESSION_COLUMNS} FROM sessions WHERE access_token_hash = ?`).get(
    hashToken(token),
  );
  const user = session ? findUserById(db, session.user_id) : undefined;
  return session && user ? { session, user } : undefined;
};

/** The session of a refresh token, whatever its state (the caller tells expiry, rotation and revocation apart). */
export const findSessionByRefreshToken = (db: Db, token: string): SessionRow | undefined =>
  stmt<[string], SessionRow>(db, `SELECT ${SESSION_COLUMNS} FROM sessions WHERE refresh_token_hash = ?`).get(hashToken(token));

export const findSessionById = (db: Db, id: number): SessionRow | undefined =>
  stmt<[number], SessionRow>(db, `SELECT ${SESSION_COLUMNS} FROM sessions WHERE id = ?`).get(id);

export const isAccessValid = (session: SessionRow, now: Date): boolean =>
  session.revoked_at === null && new Date(session.expires_at).getTime() > now.getTime();

/** Resolves a live session: unknown, revoked and expired tokens all give undefined (→ 401). */
export const resolveAccessToken = (db: Db, token: string, now: Date): ResolvedSession | undefined => {
  const found = findSessionByAccessToken(db, token);
  return found && isAccessValid(found.session, now) ? found : undefined;
};

/**
 * Sessions nothing can use any more (the clean-up job): past the end of their refresh token, or ended (logout,
 * password change …) over a day ago. A rotated session stays until its family's end: its token, presented again,
 * is how a stolen copy is recognised (the bound per family keeps those rows few).
 */
export const purgeEndedSessions = (db: Db, now: Date): number =>
  stmt<[string, string]>(
    db,
    `DELETE FROM sessions WHERE COALESCE(refresh_expires_at, expires_at) <= ?
       OR (revoked_at IS NOT NULL AND rotated_at IS NULL AND revoked_at <= ?)`,
  ).run(now.toISOString(), new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString()).changes;

/** Every session descended from one login: used on refresh-token reuse and on logout. */
export const revokeFamily = (db: Db, familyId: string, now: Date, reason: RevokeReason): void => {
  stmt<[string, RevokeReason, string]>(
    db,
    'UPDATE sessions SET revoked_at = ?, revoked_reason = ? WHERE family_id = ? AND revoked_at IS NULL',
  ).run(now.toISOString(), reason, familyId);
};

/** Every session of a user but one (password change keeps the session that made it). */
export const revokeUserSessions = (
  db: Db,
  userId: number,
  now: Date,
  reason: RevokeReason,
  exceptSessionId: number | null = null,
): void => {
  stmt<[string, RevokeReason, number, number]>(
    db,
    'UPDATE sessions SET revoked_at = ?, revoked_reason = ? WHERE user_id = ? AND id <> ? AND revoked_at IS NULL',
  ).run(now.toISOString(), reason, userId, exceptSessionId ?? -1);
};

/** Sessions opened on a device die with the device (too many PINs, logout of that device). */
export const revokeDeviceSessions = (db: Db, deviceId: number, now: Date, reason: RevokeReason): void => {
  stmt<[string, RevokeReason, number]>(
    db,
    'UPDATE sessions SET revoked_at = ?, revoked_reason = ? WHERE device_id = ? AND revoked_at IS NULL',
  ).run(now.toISOString(), reason, deviceId);
};

/**
 * Marks a session's refresh token as exchanged: its access token dies too, so the old pair is fully replaced.
 * Returns false when another request rotated it first (then the caller treats this one as a reuse).
 */
export const markRotated = (db: Db, sessionId: number, now: Date): boolean =>
  stmt<[string, string, number]>(
    db,
    "UPDATE sessions SET rotated_at = ?, revoked_at = ?, revoked_reason = 'rotated' WHERE id = ? AND rotated_at IS NULL AND revoked_at IS NULL",
  ).run(now.toISOString(), now.toISOString(), sessionId).changes === 1;

/** A session opened without a device is bound to the device its user just set a PIN on. */
export const bindSessionToDevice = (db: Db, sessionId: number, deviceId: number): void => {
  stmt<[number, number]>(db, 'UPDATE sessions SET device_id = ? WHERE id = ? AND device_id IS NULL').run(deviceId, sessionId);
};

/** Logout with `accessOnly`: the access token dies now, the refresh token stays usable to renew access. */
export const expireAccessToken = (db: Db, sessionId: number, now: Date): void => {
  stmt<[string, number, string]>(db, 'UPDATE sessions SET expires_at = ? WHERE id = ? AND expires_at > ?').run(
    now.toISOString(),
    sessionId,
    now.toISOString(),
  );
};
