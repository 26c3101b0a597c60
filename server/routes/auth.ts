import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Language } from '#contract/common';
import { endpoints, type Endpoint } from '#contract/endpoints';
import { loginKind } from '#contract/validators';
import type { Db } from '../db/database.ts';
import { ApiError } from '../lib/api-error.ts';
import type { AppContext } from '../lib/app-context.ts';
import { appUrl, displayName, sendAccountMessage, sendEmailConfirmation } from '../lib/auth-messages.ts';
import { findContact } from '../lib/customer-data.ts';
import {
  checkPin,
  deviceKeyMatches,
  findDevice,
  findDeviceById,
  pinExpiry,
  registerDevice,
  revokeDevice,
  revokeUserDevices,
  setDevicePin,
  type DeviceRow,
} from '../lib/devices.ts';
import {
  checkCode,
  checkLink,
  issueCode,
  issueLink,
  retireCodes,
  useCode,
  useLink,
  type CodePurpose,
  type LinkPurpose,
} from '../lib/one-time-codes.ts';
import { hashPassword, verifyPassword } from '../lib/password.ts';
import {
  addressPolicy,
  assertNoneLocked,
  assertNotLocked,
  clearAttempts,
  codeAttemptPolicy,
  codeRequestAddressPolicy,
  codeRequestPolicy,
  limitKeys,
  loginPolicy,
  recordFailure,
  recordFailures,
} from '../lib/rate-limit.ts';
import type { Router } from '../lib/router.ts';
import {
  createSession,
  expireAccessToken,
  findSessionByAccessToken,
  findSessionByRefreshToken,
  isAccessValid,
  markRotated,
  revokeFamily,
  revokeUserSessions,
  type IssuedSession,
} from '../lib/sessions.ts';
import { stmt } from '../lib/sql.ts';
import { newGuid, randomToken } from '../lib/tokens.ts';
import {
  findUserByEmail,
  findUserByGuid,
  findUserById,
  findUserByMsisdn,
  findUserForPhone,
  insertUser,
  setPasswordHash,
  toAuthUser,
  USER_COLUMNS,
  type UserRow,
} from '../lib/users.ts';
import { authOf, clearSessionCookies, refreshTokenFromRequest, setSessionCookies, tokenFromRequest } from '../plugins/auth.ts';

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

const invalidCredentials = () => new ApiError(401, 'invalidCredentials', 'Invalid credentials');
const legacyWithoutCustomer = () => new ApiError(403, 'legacyWithoutCustomer', 'Legacy account without customer');
const isLegacyWithoutCustomer = (user: UserRow): boolean => user.scope === 'LEGACY' && user.customer_id === null;
/** 404: no such link (SPEC §8 "customer or token mismatch"); 419: expired or already used. The app marks the link invalid on both. */
const linkUnknown = () => new ApiError(404, 'linkMismatch', 'Unknown link');
const linkExpired = () => new ApiError(419, 'linkExpired', 'Link expired or already used');
const samePassword = () =>
  new ApiError(422, 'samePassword', 'The new password must differ from the old one', {
    fields: [{ field: 'pwd', message: 'validation:password.reuse' }],
  });

/** The customer number of a user's customer, or for a plain user the phone number it logs in with. */
const customerRef = (db: Db, user: UserRow): string | null => {
  if (user.role === 'user') return user.msisdn;
  if (user.customer_id === null) return null;
  return stmt<[number], { mobile_id: string }>(db, 'SELECT mobile_id FROM customers WHERE id = ?').get(user.customer_id)?.mobile_id ?? null;
};

type ContractLine = { id: number; customer_id: number };
/** A live line of the operator (account creation by phone needs one). */
const findLine = (db: Db, msisdn: string): ContractLine | undefined =>
  stmt<[string], ContractLine>(
    db,
    "SELECT id, customer_id FROM contracts WHERE msisdn = ? AND status NOT IN ('TERMINATED', 'CANCELED') LIMIT 1",
  ).get(msisdn);

export const registerAuthRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;
  timingDummy();

  /** Cookies + the login answer of every kind of login (password, PIN, link, renewal). */
  const openSession = (
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    issued: IssuedSession,
    now: Date,
    device?: DeviceRow,
  ) => {
    setSessionCookies(request, reply, issued, now);
    return {
      token: issued.accessToken,
      refresh_token: issued.refreshToken,
      expires_at: issued.expiresAt.toISOString(),
      refresh_expires_at: issued.refreshExpiresAt.toISOString(),
      user: toAuthUser(user),
      ...(device ? { device: { id: device.client_id, pin_expires_at: pinExpiry(device) } } : {}),
    };
  };

  const bindDevice = (user: UserRow, body: { deviceId?: string | undefined; deviceKey?: string | undefined } | undefined, now: Date) =>
    body?.deviceId !== undefined && body.deviceKey !== undefined
      ? registerDevice(db, user.id, body.deviceId, body.deviceKey, now)
      : undefined;

  // --- Logins ------------------------------------------------------------------------------------------------

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

  // --- Session -----------------------------------------------------------------------------------------------

  router.route(endpoints.me, ({ request }) => {
    const { user, session } = authOf(request);
    return { user: toAuthUser(user), expires_at: session.expires_at };
  });

  /**
   * Logout (SPEC §4). Full: the session and its whole refresh family end, and with `deviceId` this device's PIN
   * too (the app wipes its device key on logout). `accessOnly`: only the access token ends; renewal still works.
   */
  router.route(endpoints.logout, ({ body, request, reply }) => {
    const { session, user } = authOf(request);
    const now = clock.now();
    const accessOnly = body.accessOnly === true;
    if (accessOnly) {
      expireAccessToken(db, session.id, now);
    } else {
      revokeFamily(db, session.family_id, now, 'logout');
      const device = body.deviceId ? findDevice(db, user.id, body.deviceId) : undefined;
      if (device) revokeDevice(db, device.id, now, 'logout');
    }
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

  /** PIN of this device (4 digits, 3 months). The current session is bound to the device if it was not yet. */
  router.route(endpoints.setupPin, ({ body, request }) => {
    const { user, session } = authOf(request);
    const now = clock.now();
    const device = setDevicePin(db, user.id, body.deviceId, body.deviceKey, body.pin, now);
    stmt<[number, number]>(db, 'UPDATE sessions SET device_id = ? WHERE id = ? AND device_id IS NULL').run(device.id, session.id);
    return { expires_at: device.expires_at };
  });

  /**
   * Logged-in password change. Wrong old passwords are limited like logins (a stolen session must not become a
   * password oracle); success ends the user's other sessions.
   */
  router.route(endpoints.changePassword, ({ body, request }) => {
    const { user, session } = authOf(request);
    const now = clock.now();
    if (body.pwd === body.old_pwd) throw samePassword();
    const key = limitKeys.password(user.id);
    assertNotLocked(db, key, now, loginPolicy);
    if (!user.password_hash || !verifyPassword(body.old_pwd, user.password_hash)) {
      recordFailure(db, key, now, loginPolicy);
      throw new ApiError(422, 'invalidCredentials', 'The current password is wrong', {
        fields: [{ field: 'old_pwd', message: 'validation:invalid' }],
      });
    }
    clearAttempts(db, key);
    setPasswordHash(db, user.id, hashPassword(body.pwd));
    revokeUserSessions(db, user.id, now, 'passwordChanged', session.id);
    return { success: true };
  });

  // --- Recovery and account creation -------------------------------------------------------------------------

  /** Counts a message request against its recipient and the caller's address; 429 tooManyCodeRequests beyond. */
  const countMessageRequest = (request: FastifyRequest, recipient: string, now: Date): void => {
    const limits = [
      [limitKeys.codeRequest(recipient), codeRequestPolicy],
      [limitKeys.codeRequestAddress(request.ip), codeRequestAddressPolicy],
    ] as const;
    assertNoneLocked(db, now, limits);
    recordFailures(db, now, limits);
  };

  const sendRecoveryLink = async (user: UserRow, to: string, lang: Language, kind: 'recoverLink' | 'accountExists') => {
    const token = issueLink(db, user.id, 'recoverPassword', clock.now());
    await sendAccountMessage(ctx, {
      channel: 'EMAIL',
      to,
      lang,
      kind,
      vars: { name: displayName(user), link: appUrl(ctx, `/login/recover-password/${user.guid}/${token}`) },
    });
  };

  /**
   * Starts a recovery. The answer is the same whether or not the address or number belongs to an account, so
   * the form cannot be used to find out who is a customer; the message says what to do.
   */
  router.route(endpoints.resetPassword, async ({ body, request }) => {
    const now = clock.now();
    if ('email' in body) {
      countMessageRequest(request, body.email, now);
      const user = findUserByEmail(db, body.email);
      if (user?.email && !isLegacyWithoutCustomer(user))
        await sendRecoveryLink(user, user.email, body.lang ?? user.language, 'recoverLink');
      return { success: true };
    }
    countMessageRequest(request, body.msisdn, now);
    const user = findUserForPhone(db, body.msisdn);
    if (user && !isLegacyWithoutCustomer(user)) {
      const code = issueCode(db, body.msisdn, 'recoverPassword', now);
      await sendAccountMessage(ctx, {
        channel: 'SMS',
        to: body.msisdn,
        lang: body.lang ?? user.language,
        kind: 'recoverCode',
        vars: { code },
      });
    }
    return { success: true };
  });

  /**
   * Checks an SMS code: 5 wrong codes per number (and purpose) burn the codes sent and block the number for 30
   * minutes (429); a used or expired code is 419 (ask for a new one); a wrong one 422 smsCodeInvalid.
   */
  const verifySmsCode = (msisdn: string, purpose: CodePurpose, code: string, now: Date): number => {
    const key = limitKeys.codeAttempt(msisdn, purpose);
    assertNotLocked(db, key, now, codeAttemptPolicy);
    const check = checkCode(db, msisdn, purpose, code, now);
    if (check.ok) return check.codeId;
    if (check.reason === 'expired') {
      throw new ApiError(419, 'invalidToken', 'Code expired or already used', {
        fields: [{ field: 'code', message: 'validation:invalid' }],
      });
    }
    const lockMs = recordFailure(db, key, now, codeAttemptPolicy);
    if (lockMs > 0) {
      retireCodes(db, msisdn, purpose, now);
      throw new ApiError(429, 'tooManyCodeRequests', 'Too many wrong codes', { retryAfter: Math.ceil(lockMs / 1000) });
    }
    throw new ApiError(422, 'smsCodeInvalid', 'Wrong code', { fields: [{ field: 'code', message: 'validation:invalid' }] });
  };

  /** After a recovery nobody else may still be in: every session and every device PIN of the account ends. */
  const resetPassword = (user: UserRow, pwd: string, now: Date): void => {
    setPasswordHash(db, user.id, hashPassword(pwd));
    revokeUserSessions(db, user.id, now, 'passwordReset');
    revokeUserDevices(db, user.id, now, 'passwordReset');
  };

  router.route(endpoints.recoverBySms, ({ body }) => {
    const now = clock.now();
    const codeId = verifySmsCode(body.msisdn, 'recoverPassword', body.code, now);
    const user = findUserForPhone(db, body.msisdn);
    if (!user) throw new ApiError(419, 'invalidToken', 'Code expired or already used');
    if (user.password_hash && verifyPassword(body.pwd, user.password_hash)) throw samePassword();
    if (!useCode(db, codeId, now)) throw new ApiError(419, 'invalidToken', 'Code expired or already used');
    clearAttempts(db, limitKeys.codeAttempt(body.msisdn, 'recoverPassword'));
    resetPassword(user, body.pwd, now);
    return { success: true };
  });

  /** The user of a link: its guid must match the token's owner, else 404 (SPEC §8: recovery init 404 or 419). */
  const linkUser = (uuid: string, token: string, purpose: LinkPurpose, now: Date) => {
    const user = findUserByGuid(db, uuid);
    const check = checkLink(db, token, purpose, now, (userId) => user?.id === userId);
    if (!check.ok) throw check.reason === 'expired' ? linkExpired() : linkUnknown();
    if (!user) throw linkUnknown();
    return { user, link: check.link };
  };

  const initAnswer = (user: UserRow) => ({ user: { customer_ref: customerRef(db, user), email: user.email } });

  router.route(endpoints.recoverPasswordInit, ({ params }) =>
    initAnswer(linkUser(params.uuid, params.token, 'recoverPassword', clock.now()).user),
  );

  router.route(endpoints.recoverPassword, ({ params, body }) => {
    const now = clock.now();
    const { user, link } = linkUser(params.uuid, params.token, 'recoverPassword', now);
    if (user.password_hash && verifyPassword(body.pwd, user.password_hash)) throw samePassword();
    if (!useLink(db, link.id, now)) throw linkExpired();
    resetPassword(user, body.pwd, now);
    return { success: true };
  });

  router.route(endpoints.createPasswordInit, ({ params }) =>
    initAnswer(linkUser(params.uuid, params.token, 'createPassword', clock.now()).user),
  );

  /** Ends an account creation by e-mail; the link came to the contact address, which is therefore confirmed. */
  router.route(endpoints.createPassword, ({ params, body }) => {
    const now = clock.now();
    const { user, link } = linkUser(params.uuid, params.token, 'createPassword', now);
    if (!useLink(db, link.id, now)) throw linkExpired();
    setPasswordHash(db, user.id, hashPassword(body.pwd));
    if (user.customer_id !== null && user.email) {
      stmt<[string, number, string]>(
        db,
        'UPDATE contacts SET is_email_confirmed = 1, last_update = ? WHERE customer_id = ? AND email = ? COLLATE NOCASE AND is_email_confirmed = 0',
      ).run(now.toISOString(), user.customer_id, user.email);
    }
    return { success: true };
  });

  /**
   * Account creation (SPEC §1). By customer number + the contact's e-mail: the owner account is created without
   * a password and a create-password link is e-mailed (if the owner already has a password, the e-mail offers a
   * recovery link instead, and the answer is the same). By phone number: an SMS code for createAccountBySms.
   */
  router.route(endpoints.createAccount, async ({ body, request }) => {
    const now = clock.now();
    if ('customer' in body) {
      countMessageRequest(request, body.email, now);
      const customer = stmt<[string], { id: number }>(db, 'SELECT id FROM customers WHERE mobile_id = ?').get(body.customer);
      const contact = customer ? findContact(db, customer.id) : undefined;
      if (!customer || !contact || contact.email.toLowerCase() !== body.email.toLowerCase()) {
        throw new ApiError(404, 'customerNotFound', 'No customer with this number and e-mail address', {
          fields: [
            { field: 'customer', message: 'validation:invalid' },
            { field: 'email', message: 'validation:invalid' },
          ],
        });
      }
      const lang = body.lang ?? contact.language;
      const owner = stmt<[number], UserRow>(
        db,
        `SELECT ${USER_COLUMNS} FROM users u WHERE u.customer_id = ? AND u.role = 'owner' ORDER BY u.id LIMIT 1`,
      ).get(customer.id);
      if (owner?.password_hash) {
        await sendRecoveryLink(owner, contact.email, lang, 'accountExists');
        return { success: true };
      }
      // The contact address becomes the login, unless another account already uses it (then: the customer number).
      const emailFree = findUserByEmail(db, contact.email) === undefined;
      const user =
        owner ??
        insertUser(
          db,
          {
            guid: newGuid(),
            customer_id: customer.id,
            role: 'owner',
            email: emailFree ? contact.email : null,
            msisdn: null,
            language: contact.language,
            first_name: contact.first_name,
            last_name: contact.last_name,
            birth_date: contact.birth_date,
          },
          now,
        );
      const token = issueLink(db, user.id, 'createPassword', now);
      await sendAccountMessage(ctx, {
        channel: 'EMAIL',
        to: contact.email,
        lang,
        kind: 'createAccountLink',
        vars: { name: `${contact.first_name} ${contact.last_name}`, link: appUrl(ctx, `/login/create-password/${user.guid}/${token}`) },
      });
      return { success: true };
    }

    countMessageRequest(request, body.msisdn, now);
    const line = findLine(db, body.msisdn);
    if (!line) {
      throw new ApiError(404, 'customerNotFound', 'No line with this number', {
        fields: [{ field: 'msisdn', message: 'validation:invalid' }],
      });
    }
    if (findUserByMsisdn(db, body.msisdn)?.password_hash) {
      throw new ApiError(409, 'msisdnInUse', 'An account already uses this number', {
        fields: [{ field: 'msisdn', message: 'validation:invalid' }],
      });
    }
    const code = issueCode(db, body.msisdn, 'createAccount', now);
    const lang = body.lang ?? findContact(db, line.customer_id)?.language ?? 'fr';
    await sendAccountMessage(ctx, { channel: 'SMS', to: body.msisdn, lang, kind: 'createAccountCode', vars: { code } });
    return { success: true };
  });

  /** Ends an account creation by phone: a plain user of that line, logging in with the phone number (SPEC §1). */
  router.route(endpoints.createAccountBySms, ({ body }) => {
    const now = clock.now();
    const codeId = verifySmsCode(body.msisdn, 'createAccount', body.code, now);
    const line = findLine(db, body.msisdn);
    if (!line)
      throw new ApiError(404, 'customerNotFound', 'No line with this number', {
        fields: [{ field: 'msisdn', message: 'validation:invalid' }],
      });
    const existing = findUserByMsisdn(db, body.msisdn);
    if (existing?.password_hash) {
      throw new ApiError(409, 'msisdnInUse', 'An account already uses this number', {
        fields: [{ field: 'msisdn', message: 'validation:invalid' }],
      });
    }
    if (!useCode(db, codeId, now)) throw new ApiError(419, 'invalidToken', 'Code expired or already used');
    clearAttempts(db, limitKeys.codeAttempt(body.msisdn, 'createAccount'));
    const user =
      existing ??
      insertUser(
        db,
        {
          guid: newGuid(),
          customer_id: line.customer_id,
          role: 'user',
          email: null,
          msisdn: body.msisdn,
          language: findContact(db, line.customer_id)?.language ?? 'fr',
          first_name: null,
          last_name: null,
          birth_date: null,
        },
        now,
      );
    setPasswordHash(db, user.id, hashPassword(body.pwd));
    return { success: true };
  });

  /** E-mail confirmation (SPEC §7 subscription/{id}/confirm-email): {uuid} is the customer's guid. */
  router.route(endpoints.confirmEmail, ({ params, body }) => {
    const now = clock.now();
    const customer = stmt<[string], { id: number }>(db, 'SELECT id FROM customers WHERE guid = ?').get(params.uuid);
    const check = checkLink(
      db,
      body.token,
      'confirmEmail',
      now,
      (userId) => customer !== undefined && findUserById(db, userId)?.customer_id === customer.id,
    );
    if (!customer || !check.ok) throw !check.ok && check.reason === 'expired' ? linkExpired() : linkUnknown();
    const contact = findContact(db, customer.id);
    // The link confirms the address it was sent to; after another change it is out of date.
    if (!contact || contact.email.toLowerCase() !== check.link.target) throw linkExpired();
    if (!useLink(db, check.link.id, now)) throw linkExpired();
    stmt<[string, number]>(db, 'UPDATE contacts SET is_email_confirmed = 1, last_update = ? WHERE customer_id = ?').run(
      now.toISOString(),
      customer.id,
    );
    return { success: true };
  });

  if (ctx.testMode) registerAuthTestRoutes(router, ctx);
};

// --- Test mode ---------------------------------------------------------------------------------------------------

const linkAnswer = z.object({ uuid: z.string(), token: z.string(), path: z.string() });

/** Test-only switches of this area (registered only with TEST_MODE=1, under /api/test). */
export const authTestEndpoints = {
  /** A login link for an account, as a notification e-mail would carry it (also put in the outbox). */
  loginLink: {
    method: 'POST',
    base: 'api',
    path: '/login-link',
    body: z.object({
      login: z.string().min(1),
      contractId: z.number().int().positive().optional(),
      redirect: z.string().startsWith('/').optional(),
    }),
    response: linkAnswer,
  },
  /** Sends the e-mail confirmation link of the account's customer (and marks the address unconfirmed, as after a change). */
  confirmEmailLink: {
    method: 'POST',
    base: 'api',
    path: '/confirm-email-link',
    body: z.object({ login: z.string().min(1) }),
    response: linkAnswer,
  },
  /** Forgets every rate-limit counter (browser tests share one address and one server). */
  resetRateLimits: {
    method: 'POST',
    base: 'api',
    path: '/rate-limits/reset',
    response: z.object({ success: z.boolean() }),
  },
} as const satisfies Record<string, Endpoint>;

const registerAuthTestRoutes = (router: Router, ctx: AppContext): void => {
  const { db, clock } = ctx;
  const userOf = (login: string): UserRow => {
    const user = findLoginUser(db, login);
    if (!user) throw new ApiError(404, 'notFound', 'No such account');
    return user;
  };

  router.testRoute(authTestEndpoints.loginLink, async ({ body }) => {
    const user = userOf(body.login);
    const token = issueLink(db, user.id, 'login', clock.now());
    const query = new URLSearchParams();
    if (body.contractId !== undefined) query.set('contractId', String(body.contractId));
    if (body.redirect !== undefined) query.set('redirect', body.redirect);
    const path = `/login/${user.guid}/${token}${query.size > 0 ? `?${query.toString()}` : ''}`;
    if (user.email) {
      await sendAccountMessage(ctx, {
        channel: 'EMAIL',
        to: user.email,
        lang: user.language,
        kind: 'loginLink',
        vars: { name: displayName(user), link: appUrl(ctx, path) },
      });
    }
    return { uuid: user.guid, token, path };
  });

  router.testRoute(authTestEndpoints.confirmEmailLink, async ({ body }) => {
    const user = userOf(body.login);
    if (user.customer_id === null) throw new ApiError(404, 'customerNotFound', 'No customer');
    stmt<[number]>(db, 'UPDATE contacts SET is_email_confirmed = 0 WHERE customer_id = ?').run(user.customer_id);
    return sendEmailConfirmation(ctx, user.customer_id, user.language);
  });

  router.testRoute(authTestEndpoints.resetRateLimits, () => {
    stmt(db, 'DELETE FROM login_attempts').run();
    return { success: true };
  });
};
