import { endpoints } from '#contract/endpoints';
import { loginKind } from '#contract/validators';
import type { Db } from '../db/database.ts';
import { hashPassword, verifyPassword } from '../lib/password.ts';
import { ApiError } from '../lib/api-error.ts';
import { assertNotLocked, clearAttempts, loginPolicy, recordFailure } from '../lib/rate-limit.ts';
import type { AppContext } from '../lib/app-context.ts';
import type { Router } from '../lib/router.ts';
import { createSession, expireAccessToken, findSessionByAccessToken, isAccessValid, revokeSession } from '../lib/sessions.ts';
import { stmt } from '../lib/sql.ts';
import { randomToken } from '../lib/tokens.ts';
import { USER_COLUMNS, toAuthUser, type UserRow } from '../lib/users.ts';
import { authOf, clearSessionCookies, setSessionCookies, tokenFromRequest } from '../plugins/auth.ts';

// Owners before admins when a customer number or energy number names a customer with several accounts.
const ROLE_ORDER = "CASE u.role WHEN 'owner' THEN 0 WHEN 'admin' THEN 1 ELSE 2 END, u.id";

/**
 * The account a login identifier names (SPEC §1): customers by customer number (MT…), energy number (ME…) or
 * e-mail (case-insensitive: the column is COLLATE NOCASE); plain users only by their phone number (04…).
 */
export const findLoginUser = (db: Db, login: string): UserRow | undefined => {
  const value = login.trim();
  switch (loginKind(value)) {
    case 'customerNumber':
      return stmt<[string], UserRow>(
        db,
        `SELECT ${USER_COLUMNS} FROM users u JOIN customers c ON c.id = u.customer_id
         WHERE c.mobile_id = ? AND u.role <> 'user' ORDER BY ${ROLE_ORDER} LIMIT 1`,
      ).get(value.toUpperCase());
    case 'energyNumber':
      return (
        stmt<[string], UserRow>(
          db,
          `SELECT ${USER_COLUMNS} FROM users u JOIN customers c ON c.id = u.customer_id
           WHERE c.energy_id = ? AND u.role <> 'user' ORDER BY ${ROLE_ORDER} LIMIT 1`,
        ).get(value.toUpperCase()) ??
        stmt<[string], UserRow>(
          db,
          `SELECT ${USER_COLUMNS} FROM users u WHERE u.energy_ref = ? AND u.role <> 'user' ORDER BY ${ROLE_ORDER} LIMIT 1`,
        ).get(value.toUpperCase())
      );
    case 'email':
      return stmt<[string], UserRow>(db, `SELECT ${USER_COLUMNS} FROM users u WHERE u.email = ? AND u.role <> 'user'`).get(value);
    case 'phone':
      return stmt<[string], UserRow>(db, `SELECT ${USER_COLUMNS} FROM users u WHERE u.msisdn = ? AND u.role = 'user'`).get(value);
    case null:
      return undefined;
  }
};

// Verified against when the login is unknown, so an unknown login costs the same scrypt time as a wrong
// password and the answer time does not reveal which accounts exist. Made once, when the routes are registered,
// so that not even the first unknown login is slower.
let dummyHash: string | undefined;
const timingDummy = (): string => (dummyHash ??= hashPassword(randomToken()));

/** One counter per identifier however it is typed (e-mail case, lower-case customer number). */
const attemptKey = (login: string): string => `login:${login.trim().toLowerCase()}`;

const invalidCredentials = () => new ApiError(401, 'invalidCredentials', 'Invalid credentials');

export const registerAuthRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;
  timingDummy();

  router.route(endpoints.login, ({ body, request, reply }) => {
    const key = attemptKey(body.login);
    // Unknown logins are counted too: the limiter must not tell which accounts exist either.
    assertNotLocked(db, key, clock.now(), loginPolicy);
    const user = findLoginUser(db, body.login);
    const passwordOk = verifyPassword(body.password, user?.password_hash ?? timingDummy());
    if (!user || !user.password_hash || !passwordOk) {
      recordFailure(db, key, clock.now(), loginPolicy);
      throw invalidCredentials();
    }
    clearAttempts(db, key);
    // Only after the password matched, so the 403 does not reveal a legacy account to a guesser (SPEC §4).
    if (user.scope === 'LEGACY' && user.customer_id === null) {
      throw new ApiError(403, 'legacyWithoutCustomer', 'Legacy account without customer');
    }
    const now = clock.now();
    const issued = createSession(db, user.id, now);
    setSessionCookies(request, reply, issued, now);
    return { token: issued.accessToken, refresh_token: issued.refreshToken, expires_at: issued.expiresAt.toISOString(), user: toAuthUser(user) };
  });

  router.route(endpoints.me, ({ request }) => {
    const { user, session } = authOf(request);
    return { user: toAuthUser(user), expires_at: session.expires_at };
  });

  router.route(endpoints.logout, ({ body, request, reply }) => {
    const { session } = authOf(request);
    const accessOnly = body.accessOnly === true;
    if (accessOnly) expireAccessToken(db, session.id, clock.now());
    else revokeSession(db, session.id, clock.now());
    clearSessionCookies(request, reply, { accessOnly });
    return { success: true };
  });

  // Public: the app asks on start whether its token is still good (SPEC §2), possibly without a valid session.
  router.route(endpoints.tokenExpired, ({ body, request }) => {
    const token = body.token && body.token.length > 0 ? body.token : tokenFromRequest(request);
    const found = token ? findSessionByAccessToken(db, token) : undefined;
    if (!found) return { expired: true, expires_at: null };
    return { expired: !isAccessValid(found.session, clock.now()), expires_at: found.session.expires_at };
  });

  router.route(endpoints.setLanguage, ({ body, request }) => {
    const { user } = authOf(request);
    stmt<[string, number]>(db, 'UPDATE users SET language = ? WHERE id = ?').run(body.lang, user.id);
    return { lang: body.lang };
  });
};
