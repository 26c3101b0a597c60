import type { Db } from '../db/database.ts';
import { addDays, addMonths } from './clock.ts';
import { stmt } from './sql.ts';
import { hashToken, newGuid, randomToken } from './tokens.ts';
import { findUserById, type UserRow } from './users.ts';

/** SPEC §9: access token 1 day, refresh token 3 months. */
export const ACCESS_TOKEN_DAYS = 1;
export const REFRESH_TOKEN_MONTHS = 3;

export type SessionRow = {
  id: number;
  user_id: number;
  family_id: string;
  expires_at: string;
  refresh_expires_at: string | null;
  revoked_at: string | null;
};

export type IssuedSession = {
  sessionId: number;
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  refreshExpiresAt: Date;
};

export type ResolvedSession = { session: SessionRow; user: UserRow };

/**
 * Opens a session: fresh random tokens, only their hashes stored. `familyId` is passed when a refresh token is
 * rotated, so reuse of an old refresh token can revoke the whole family (ARCHITECTURE.md).
 */
export const createSession = (db: Db, userId: number, now: Date, familyId: string = newGuid()): IssuedSession => {
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const expiresAt = addDays(now, ACCESS_TOKEN_DAYS);
  const refreshExpiresAt = addMonths(now, REFRESH_TOKEN_MONTHS);
  const result = stmt<[number, string, string, string, string, string, string]>(
    db,
    `INSERT INTO sessions (user_id, access_token_hash, refresh_token_hash, family_id, expires_at, refresh_expires_at, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(userId, hashToken(accessToken), hashToken(refreshToken), familyId, expiresAt.toISOString(), refreshExpiresAt.toISOString(), now.toISOString());
  return { sessionId: Number(result.lastInsertRowid), accessToken, refreshToken, expiresAt, refreshExpiresAt };
};

const SESSION_COLUMNS = 'id, user_id, family_id, expires_at, refresh_expires_at, revoked_at';

/** The session of an access token and its user, whatever the session's state (expiry checks are the caller's). */
export const findSessionByAccessToken = (db: Db, token: string): ResolvedSession | undefined => {
  const session = stmt<[string], SessionRow>(db, `SELECT ${SESSION_COLUMNS} FROM sessions WHERE access_token_hash = ?`).get(
    hashToken(token),
  );
  const user = session ? findUserById(db, session.user_id) : undefined;
  return session && user ? { session, user } : undefined;
};

export const isAccessValid = (session: SessionRow, now: Date): boolean =>
  session.revoked_at === null && new Date(session.expires_at).getTime() > now.getTime();

/** Resolves a live session: unknown, revoked and expired tokens all give undefined (→ 401). */
export const resolveAccessToken = (db: Db, token: string, now: Date): ResolvedSession | undefined => {
  const found = findSessionByAccessToken(db, token);
  return found && isAccessValid(found.session, now) ? found : undefined;
};

/** Full logout: neither token of the session works any more. */
export const revokeSession = (db: Db, sessionId: number, now: Date): void => {
  stmt<[string, number]>(db, 'UPDATE sessions SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(now.toISOString(), sessionId);
};

/** Logout with `accessOnly`: the access token dies now, the refresh token stays usable to renew access. */
export const expireAccessToken = (db: Db, sessionId: number, now: Date): void => {
  stmt<[string, number, string]>(db, 'UPDATE sessions SET expires_at = ? WHERE id = ? AND expires_at > ?').run(
    now.toISOString(),
    sessionId,
    now.toISOString(),
  );
};
