import { endpoints } from '#contract/endpoints';
import { type Db, writeTransaction } from '../../db/engine.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { issueDeviceCookie, readDeviceCookie } from '../../lib/device-cookies.ts';
import { checkPin, deviceKeyMatches, findDevice, findDeviceById, registerDevice, type DeviceRecord } from '../../lib/devices.ts';
import { checkLink, useLink } from '../../lib/one-time-codes.ts';
import { hashPassword, verifyPasswordAsync } from '../../lib/password.ts';
import { addressPolicy, assertNotLocked, checkGuess, limitKeys, lockedForMs, loginPolicy, recordFailure } from '../../lib/rate-limit.ts';
import type { Router } from '../../lib/contract-route.ts';
import {
  createSession,
  findSessionById,
  findSessionByRefreshToken,
  markRotated,
  revokeFamily,
  successorTokens,
  type IssuedSession,
  type SessionRecord,
} from '../../lib/sessions.ts';
import { randomToken } from '../../lib/tokens.ts';
import { findLoginUser, findUserByGuid, findUserById, type UserRow } from '../../lib/users.ts';
import { clearSessionCookies, refreshTokenFromRequest, secureCookies } from '../../plugins/auth.ts';
import { invalidCredentials, isLegacyWithoutCustomer, legacyWithoutCustomer, linkExpired, linkUnknown, openSession } from './shared.ts';

// Verified against when the login is unknown, so an unknown login costs the same scrypt time as a wrong
// password and the answer time does not reveal which accounts exist. Made once, when the routes are registered
// (before the server listens, hence the synchronous hash), so that not even the first unknown login is slower.
let dummyHash: string | undefined;
const timingDummy = (): string => (dummyHash ??= hashPassword(randomToken()));

/**
 * How long a just-rotated refresh token still yields the session that replaced it. Two tabs (or a tab and the
 * service worker) that renew at once send the same token; without this window the second would count as a stolen
 * copy and log the customer out everywhere. Short, because within it a copy is indistinguishable from the owner.
 */
export const RENEW_GRACE_MS = 10_000;

/**
 * The successor of a session rotated within the grace window, while it is itself still live and unrotated: its
 * tokens are derived again from the rotated token (lib/sessions.ts successorTokens), so any instance answers it.
 */
const recentSuccessor = async (db: Db, session: SessionRecord, token: string, now: Date): Promise<IssuedSession | undefined> => {
  if (session.rotated_at === null || now.getTime() - Date.parse(session.rotated_at) > RENEW_GRACE_MS) return undefined;
  const tokens = await successorTokens(db, token);
  const successor = await findSessionByRefreshToken(db, tokens.refresh);
  if (!successor || successor.family_id !== session.family_id || successor.revoked_at !== null || successor.rotated_at !== null) {
    return undefined;
  }
  return {
    sessionId: successor.id,
    accessToken: tokens.access,
    refreshToken: tokens.refresh,
    expiresAt: new Date(successor.expires_at),
    refreshExpiresAt: new Date(successor.refresh_expires_at ?? successor.expires_at),
  };
};

const bindDevice = async (
  db: Db,
  user: UserRow,
  body: { deviceId?: string | undefined; deviceKey?: string | undefined } | undefined,
  now: Date,
): Promise<DeviceRecord | undefined> =>
  body?.deviceId !== undefined && body.deviceKey !== undefined
    ? registerDevice(db, user.id, body.deviceId, body.deviceKey, now)
    : undefined;

/** The password login, which also opens the trusted-browser limits of its device cookie. */
const registerPasswordLogin = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;
  /**
   * Password login. Limits (docs/architecture.md): an attempt from a browser carrying this account's device cookie counts
   * only against that cookie, so nobody else's failures lock the owner out; any other attempt counts against the
   * account (all its identifiers together, or the identifier when it names no account) and the caller's address.
   */
  router.route(endpoints.login, async ({ body, request, reply }) => {
    const now = clock.now();
    const user = await findLoginUser(db, body.login);
    const cookie = await readDeviceCookie(db, request, now);
    const trusted = user !== undefined && cookie !== null && cookie.userId === user.id;
    const trustedKey = trusted ? limitKeys.deviceCookie(cookie.nonce) : null;
    // A trusted browser whose own cookie got locked (guessing from that browser) falls back to the untrusted rules.
    const trustedLocked = trustedKey !== null && (await lockedForMs(db, trustedKey, now)) > 0;
    const limits =
      trustedKey !== null && !trustedLocked
        ? ([[trustedKey, loginPolicy]] as const)
        : ([
            [user ? limitKeys.account(user.id) : limitKeys.login(body.login), loginPolicy],
            [limitKeys.address(request.ip), addressPolicy],
          ] as const);
    // Only failures count, once the password was checked: a correct password is never refused because of guesses in
    // flight (lib/rate-limit.ts checkGuess). Unknown logins fail and count too: the limiter must not tell which
    // accounts exist either.
    const ok = await checkGuess(db, now, limits, async () => {
      const passwordOk = await verifyPasswordAsync(body.password, user?.password_hash ?? timingDummy());
      return user !== undefined && !!user.password_hash && passwordOk;
    });
    if (!ok || !user) throw invalidCredentials();
    // Only after the password matched, so the 403 does not reveal a legacy account to a guesser (docs/product/auth.md
    // "Login outcomes").
    if (isLegacyWithoutCustomer(user)) throw legacyWithoutCustomer();
    // A fresh nonce on every successful login (OWASP), the cookie it came with retired: a copy of it stops being trusted.
    await issueDeviceCookie(db, request, reply, user.id, now, { secure: secureCookies(ctx) });
    const device = await bindDevice(db, user, body, now);
    const issued = await createSession(db, user.id, now, { deviceId: device?.id ?? null });
    return openSession(ctx, request, reply, user, issued, now, device);
  });
};

/** The device PIN: only on a device registered at a login, with its key. */
const registerPinLogin = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;
  router.route(endpoints.loginPin, async ({ body, request, reply }) => {
    const now = clock.now();
    const addressKey = limitKeys.address(request.ip);
    await assertNotLocked(db, addressKey, now, addressPolicy);
    const user = await findUserByGuid(db, body.guid);
    const device = user ? await findDevice(db, user.id, body.deviceId) : undefined;
    // Without this device's key the PIN is not even looked at (and no PIN attempt is counted against the device).
    if (!user || !device || !deviceKeyMatches(device, body.deviceKey)) {
      await recordFailure(db, addressKey, now, addressPolicy);
      throw invalidCredentials();
    }
    const check = await checkPin(db, device, body.deviceKey, body.pin, now);
    if (!check.ok) {
      switch (check.reason) {
        case 'wrongPin':
          await recordFailure(db, addressKey, now, addressPolicy);
          throw new ApiError(401, 'invalidPin', `Invalid PIN (${check.attemptsLeft} attempts left)`);
        case 'tooManyAttempts':
          await recordFailure(db, addressKey, now, addressPolicy);
          throw new ApiError(403, 'tooManyPinAttempts', 'Too many PIN attempts: log in with your password');
        case 'pinExpired':
          throw new ApiError(403, 'pinExpired', 'PIN expired: log in with your password');
        case 'noPin':
        case 'revoked':
        case 'unknownDevice':
          throw invalidCredentials();
      }
    }
    if (isLegacyWithoutCustomer(user)) throw legacyWithoutCustomer();
    const issued = await createSession(db, user.id, now, { deviceId: device.id });
    return openSession(ctx, request, reply, user, issued, now, check.device);
  });
};

/** The single-use login link of an e-mail or SMS. */
const registerLinkLogin = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;
  router.route(endpoints.loginByLink, async ({ params, body, request, reply }) => {
    const now = clock.now();
    const addressKey = limitKeys.address(request.ip);
    await assertNotLocked(db, addressKey, now, addressPolicy);
    const user = await findUserByGuid(db, params.uuid);
    const check = await checkLink(db, params.token, 'login', now, (userId) => user?.id === userId);
    if (!user || !check.ok) {
      await recordFailure(db, addressKey, now, addressPolicy);
      throw !check.ok && check.reason === 'expired' ? linkExpired() : linkUnknown();
    }
    if (isLegacyWithoutCustomer(user)) throw legacyWithoutCustomer();
    if (!(await useLink(db, check.link.id, now))) throw linkExpired();
    const device = await bindDevice(db, user, body, now);
    const issued = await createSession(db, user.id, now, { deviceId: device?.id ?? null });
    return openSession(ctx, request, reply, user, issued, now, device);
  });
};

const registerRenewal = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;
  /**
   * Silent renewal (docs/product/auth.md "Session lifetime and renewal", users/renew-access). The refresh token
   * rotates: the old pair dies, a new pair of the same family (and the same 3-month end) is issued. Within
   * RENEW_GRACE_MS of its rotation, the old token yields that same successor again (concurrent renewals from several
   * tabs, on any instance, all get one session). After the window, or once the successor moved on, a rotated token
   * presented again means it was copied: the whole family is revoked, the thief's and the user's sessions alike (the
   * user logs in again).
   */
  router.route(endpoints.renewAccess, async ({ body, request, reply }) => {
    const now = clock.now();
    const addressKey = limitKeys.address(request.ip);
    await assertNotLocked(db, addressKey, now, addressPolicy);
    const refused = async () => {
      await recordFailure(db, addressKey, now, addressPolicy);
      clearSessionCookies(ctx, reply, { accessOnly: false });
      return new ApiError(419, 'invalidToken', 'Invalid or expired refresh token');
    };
    const token = refreshTokenFromRequest(request, body.refresh_token);
    const session = token ? await findSessionByRefreshToken(db, token) : undefined;
    if (!token || !session) throw await refused();
    const device = session.device_id !== null ? await findDeviceById(db, session.device_id) : undefined;
    // A session bound to a device renews only with that device's key, in the grace window too.
    const deviceOk =
      session.device_id === null ||
      (device !== undefined && device.revoked_at === null && !!body.deviceKey && deviceKeyMatches(device, body.deviceKey));
    const user = await findUserById(db, session.user_id);
    /** A token already rotated: the same successor within the grace window, otherwise a reuse. */
    const again = async () => {
      const rotated = (await findSessionById(db, session.id)) ?? session;
      const successor = await recentSuccessor(db, rotated, token, now);
      if (successor && deviceOk && user && !isLegacyWithoutCustomer(user))
        return openSession(ctx, request, reply, user, successor, now, device);
      await revokeFamily(db, session.family_id, now, 'reuse');
      throw await refused();
    };
    if (session.rotated_at !== null) return again();
    if (session.revoked_at !== null || !session.refresh_expires_at || new Date(session.refresh_expires_at).getTime() <= now.getTime()) {
      throw await refused();
    }
    if (!deviceOk || !user || isLegacyWithoutCustomer(user)) throw await refused();
    const refreshExpiresAt = new Date(session.refresh_expires_at);
    // The rotation and its successor in one write transaction: a concurrent renewal with the same token (here or on
    // another instance) that got there first makes this one follow the rotated token's rules.
    const issued = await writeTransaction(db, async (tx) => {
      if (!(await markRotated(tx, session.id, now))) return null;
      return createSession(tx, user.id, now, {
        familyId: session.family_id,
        deviceId: session.device_id,
        refreshExpiresAt,
        tokens: await successorTokens(tx, token),
      });
    });
    if (!issued) return again();
    return openSession(ctx, request, reply, user, issued, now, device);
  });
};

/** The four ways into a session: password, device PIN, single-use link, and the silent renewal. */
export const registerLoginRoutes = (router: Router, ctx: AppContext): void => {
  timingDummy();
  registerPasswordLogin(router, ctx);
  registerPinLogin(router, ctx);
  registerLinkLogin(router, ctx);
  registerRenewal(router, ctx);
};
