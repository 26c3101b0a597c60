import { endpoints } from '#contract/endpoints';
import { pinWeakness } from '#contract/rules';
import { deleteDevicePushSubscriptions } from '../../lib/alert-data.ts';
import { writeTransaction } from '../../db/engine.ts';
import { ApiError, invalidParameters } from '../../lib/api-error.ts';
import { findContact } from '../../lib/customer-data.ts';
import type { AppContext } from '../../lib/app-context.ts';
import { findDevice, revokeDevice, setDevicePin } from '../../lib/devices.ts';
import { hashPasswordAsync, verifyPasswordAsync } from '../../lib/password.ts';
import { checkGuess, limitKeys, loginPolicy } from '../../lib/rate-limit.ts';
import type { Router } from '../../lib/contract-route.ts';
import { queuePasswordChangedNotice } from '../../lib/auth-messages.ts';
import { issueDeviceCookie } from '../../lib/device-cookies.ts';
import { endFootholds } from '../../lib/footholds.ts';
import {
  bindSessionToDevice,
  createSession,
  expireAccessToken,
  findSessionByAccessToken,
  isAccessValid,
  markRotated,
  revokeFamily,
} from '../../lib/sessions.ts';
import { setPasswordHash, setUserLanguage, toAuthUser } from '../../lib/users.ts';
import { authOf, clearSessionCookies, secureCookies, setSessionCookies, tokenFromRequest } from '../../plugins/auth.ts';
import { samePassword, wantsBearer } from './shared.ts';

/** The open session: who is logged in, logout, the start-up expiry check, and what a logged-in user changes. */
export const registerSessionRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;

  router.route(endpoints.me, ({ request }) => {
    const { user, session } = authOf(request);
    return { user: toAuthUser(user), expires_at: session.expires_at };
  });

  /**
   * Logout (docs/product/auth.md "Logout"). Full: the session and its whole refresh family end, and with `deviceId`
   * this device's PIN too (the app wipes its device key on logout). `accessOnly`: only the access token ends; renewal
   * still works.
   */
  router.route(endpoints.logout, async ({ body, request, reply }) => {
    const { session, user } = authOf(request);
    const now = clock.now();
    const accessOnly = body.accessOnly === true;
    if (accessOnly) {
      await expireAccessToken(db, session.id, now);
    } else {
      await writeTransaction(db, async (tx) => {
        await revokeFamily(tx, session.family_id, now, 'logout');
        const device = body.deviceId ? await findDevice(tx, user.id, body.deviceId) : undefined;
        if (device) await revokeDevice(tx, device.id, now, 'logout');
        // The device's push subscriptions go with it: the next person on it must not get this user's alerts.
        if (body.deviceId) await deleteDevicePushSubscriptions(tx, user.id, body.deviceId);
      });
    }
    clearSessionCookies(ctx, reply, { accessOnly });
    return { success: true };
  });

  // Public: the app asks on start whether its token is still good (docs/product/auth.md "Session lifetime and
  // renewal"), possibly without a valid session.
  router.route(endpoints.tokenExpired, async ({ body, request }) => {
    const token = body.token && body.token.length > 0 ? body.token : tokenFromRequest(request);
    const found = token ? await findSessionByAccessToken(db, token) : undefined;
    if (!found) return { expired: true, expires_at: null };
    return { expired: !isAccessValid(found.session, clock.now()), expires_at: found.session.expires_at };
  });

  router.route(endpoints.setLanguage, async ({ body, request }) => {
    const { user } = authOf(request);
    await setUserLanguage(db, user.id, body.lang);
    return { lang: body.lang };
  });

  /**
   * PIN of this device (4 digits, 3 months). The contract refuses the PINs guessed first; the birth year needs the
   * account (its own birth date, else the holder's contact for an owner). The current session is bound to the
   * device if it was not yet.
   */
  router.route(endpoints.setupPin, async ({ body, request }) => {
    const { user, session } = authOf(request);
    const now = clock.now();
    const birthDate =
      user.birth_date ??
      (user.customer_id !== null && user.role === 'owner' ? ((await findContact(db, user.customer_id))?.birth_date ?? null) : null);
    if (pinWeakness(body.pin, birthDate) === 'pinBirthYear')
      throw invalidParameters([{ field: 'pin', message: 'validation:pinBirthYear' }]);
    const device = await setDevicePin(db, user.id, body.deviceId, body.deviceKey, body.pin, now);
    await bindSessionToDevice(db, session.id, device.id);
    return { expires_at: device.expires_at };
  });

  /**
   * Logged-in password change. Wrong old passwords count as failed logins of the account, on its login counter (a
   * stolen session must not become a password oracle, nor get guesses the login would refuse). Success ends every other foothold on the account (lib/footholds.ts): the other sessions, the
   * other devices' PINs, the trusted browsers and the push subscriptions of other devices. The session that made the
   * change is renewed (its old tokens die with the rest; new ones in cookies, and in the body in bearer mode), this
   * browser gets a new device cookie, and the confirmation goes out by e-mail (or SMS) after the answer.
   */
  router.route(endpoints.changePassword, async ({ body, request, reply }) => {
    const { user, session } = authOf(request);
    const now = clock.now();
    if (body.pwd === body.old_pwd) throw samePassword();
    // The account's own login counter (docs/product/security.md "Rate limits and lockouts"): a wrong current password
    // is one more guess at the password, whether typed at the login or here; a locked account refuses both.
    const storedHash = user.password_hash;
    const ok = await checkGuess(db, now, [[limitKeys.account(user.id), loginPolicy]], async () =>
      storedHash ? verifyPasswordAsync(body.old_pwd, storedHash) : false,
    );
    if (!ok) {
      throw new ApiError(422, 'invalidCredentials', 'The current password is wrong', {
        fields: [{ field: 'old_pwd', message: 'validation:password.wrongCurrent' }],
      });
    }
    const passwordHash = await hashPasswordAsync(body.pwd);
    const issued = await writeTransaction(db, async (tx) => {
      await setPasswordHash(tx, user.id, passwordHash);
      await endFootholds(tx, user.id, now, 'passwordChanged', session);
      // Renewed as a family of its own: an old refresh token of this session, presented again, can only end its old
      // family (already ended), never the renewed session.
      await markRotated(tx, session.id, now);
      return createSession(tx, user.id, now, {
        deviceId: session.device_id,
        ...(session.refresh_expires_at ? { refreshExpiresAt: new Date(session.refresh_expires_at) } : {}),
      });
    });
    await issueDeviceCookie(db, request, reply, user.id, now, { secure: secureCookies(ctx) });
    setSessionCookies(ctx, reply, issued, now);
    await queuePasswordChangedNotice(ctx, user);
    return {
      success: true,
      expires_at: issued.expiresAt.toISOString(),
      refresh_expires_at: issued.refreshExpiresAt.toISOString(),
      ...(wantsBearer(request) ? { token: issued.accessToken, refresh_token: issued.refreshToken } : {}),
    };
  });
};
