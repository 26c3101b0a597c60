import { endpoints } from '#contract/endpoints';
import { ApiError } from '../../lib/api-error.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { checkPin, deviceKeyMatches, findDevice, findDeviceById, registerDevice } from '../../lib/devices.ts';
import { checkLink, useLink } from '../../lib/one-time-codes.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import {
  addressPolicy,
  assertNoneLocked,
  assertNotLocked,
  clearAttempts,
  limitKeys,
  loginPolicy,
  recordFailure,
  recordFailures,
} from '../../lib/rate-limit.ts';
import type { Router } from '../../lib/router.ts';
import { createSession, findSessionByRefreshToken, markRotated, revokeFamily } from '../../lib/sessions.ts';
import { randomToken } from '../../lib/tokens.ts';
import { findLoginUser, findUserByGuid, findUserById, type UserRow } from '../../lib/users.ts';
import { clearSessionCookies, refreshTokenFromRequest } from '../../plugins/auth.ts';
import { invalidCredentials, isLegacyWithoutCustomer, legacyWithoutCustomer, linkExpired, linkUnknown, openSession } from './shared.ts';

// Verified against when the login is unknown, so an unknown login costs the same scrypt time as a wrong
// password and the answer time does not reveal which accounts exist. Made once, when the routes are registered,
// so that not even the first unknown login is slower.
let dummyHash: string | undefined;
const timingDummy = (): string => (dummyHash ??= hashPassword(randomToken()));

/** The four ways into a session: password, device PIN, single-use link, and the silent renewal. */
export const registerLoginRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;
  timingDummy();

  const bindDevice = (user: UserRow, body: { deviceId?: string | undefined; deviceKey?: string | undefined } | undefined, now: Date) =>
    body?.deviceId !== undefined && body.deviceKey !== undefined
      ? registerDevice(db, user.id, body.deviceId, body.deviceKey, now)
      : undefined;

  router.route(endpoints.login, ({ body, request, reply }) => {
    const now = clock.now();
    const limits = [
      [limitKeys.login(body.login), loginPolicy],
      [limitKeys.address(request.ip), addressPolicy],
    ] as const;
    // Unknown logins are counted too: the limiter must not tell which accounts exist either.
    assertNoneLocked(db, now, limits);
    const user = findLoginUser(db, body.login);
    const passwordOk = verifyPassword(body.password, user?.password_hash ?? timingDummy());
    if (!user || !user.password_hash || !passwordOk) {
      recordFailures(db, now, limits);
      throw invalidCredentials();
    }
    clearAttempts(db, limitKeys.login(body.login));
    // Only after the password matched, so the 403 does not reveal a legacy account to a guesser (SPEC §4).
    if (isLegacyWithoutCustomer(user)) throw legacyWithoutCustomer();
    const device = bindDevice(user, body, now);
    const issued = createSession(db, user.id, now, { deviceId: device?.id ?? null });
    return openSession(request, reply, user, issued, now, device);
  });

  router.route(endpoints.loginPin, ({ body, request, reply }) => {
    const now = clock.now();
    const addressKey = limitKeys.address(request.ip);
    assertNotLocked(db, addressKey, now, addressPolicy);
    const user = findUserByGuid(db, body.guid);
    const device = user ? findDevice(db, user.id, body.deviceId) : undefined;
    // Without this device's key the PIN is not even looked at (and no PIN attempt is counted against the device).
    if (!user || !device || !deviceKeyMatches(device, body.deviceKey)) {
      recordFailure(db, addressKey, now, addressPolicy);
      throw invalidCredentials();
    }
    const check = checkPin(db, device, body.deviceKey, body.pin, now);
    if (!check.ok) {
      switch (check.reason) {
        case 'wrongPin':
          recordFailure(db, addressKey, now, addressPolicy);
          throw new ApiError(401, 'invalidPin', `Invalid PIN (${check.attemptsLeft} attempts left)`);
        case 'tooManyAttempts':
          recordFailure(db, addressKey, now, addressPolicy);
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
    const issued = createSession(db, user.id, now, { deviceId: device.id });
    return openSession(request, reply, user, issued, now, check.device);
  });

  router.route(endpoints.loginByLink, ({ params, body, request, reply }) => {
    const now = clock.now();
    const addressKey = limitKeys.address(request.ip);
    assertNotLocked(db, addressKey, now, addressPolicy);
    const user = findUserByGuid(db, params.uuid);
    const check = checkLink(db, params.token, 'login', now, (userId) => user?.id === userId);
    if (!user || !check.ok) {
      recordFailure(db, addressKey, now, addressPolicy);
      throw !check.ok && check.reason === 'expired' ? linkExpired() : linkUnknown();
    }
    if (isLegacyWithoutCustomer(user)) throw legacyWithoutCustomer();
    if (!useLink(db, check.link.id, now)) throw linkExpired();
    const device = bindDevice(user, body, now);
    const issued = createSession(db, user.id, now, { deviceId: device?.id ?? null });
    return openSession(request, reply, user, issued, now, device);
  });

  /**
   * Silent renewal (SPEC §7 users/renew-access). The refresh token rotates: the old pair dies, a new pair of the
   * same family (and the same 3-month end) is issued. A rotated token presented again means it was copied: the
   * whole family is revoked, the thief's and the user's sessions alike (the user logs in again).
   */
  router.route(endpoints.renewAccess, ({ body, request, reply }) => {
    const now = clock.now();
    const addressKey = limitKeys.address(request.ip);
    assertNotLocked(db, addressKey, now, addressPolicy);
    const refused = () => {
      recordFailure(db, addressKey, now, addressPolicy);
      clearSessionCookies(request, reply, { accessOnly: false });
      return new ApiError(419, 'invalidToken', 'Invalid or expired refresh token');
    };
    const token = refreshTokenFromRequest(request, body.refresh_token);
    const session = token ? findSessionByRefreshToken(db, token) : undefined;
    if (!session) throw refused();
    if (session.rotated_at !== null) {
      revokeFamily(db, session.family_id, now, 'reuse');
      throw refused();
    }
    if (session.revoked_at !== null || !session.refresh_expires_at || new Date(session.refresh_expires_at).getTime() <= now.getTime()) {
      throw refused();
    }
    const device = session.device_id !== null ? findDeviceById(db, session.device_id) : undefined;
    if (
      session.device_id !== null &&
      (!device || device.revoked_at !== null || !body.deviceKey || !deviceKeyMatches(device, body.deviceKey))
    ) {
      throw refused();
    }
    const user = findUserById(db, session.user_id);
    if (!user || isLegacyWithoutCustomer(user)) throw refused();
    // A concurrent renewal with the same token got there first: this one is a reuse.
    if (!markRotated(db, session.id, now)) {
      revokeFamily(db, session.family_id, now, 'reuse');
      throw refused();
    }
    const issued = createSession(db, user.id, now, {
      familyId: session.family_id,
      deviceId: session.device_id,
      refreshExpiresAt: new Date(session.refresh_expires_at),
    });
    return openSession(request, reply, user, issued, now, device);
  });
};
