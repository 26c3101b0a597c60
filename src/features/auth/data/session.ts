import { advanceSessionGeneration } from '#api/api-failures';
import { abortAll, ApiError, call } from '#api/client';
import type { LoginResponse } from '#contract/auth';
import { endpoints } from '#contract/endpoints';
import { db } from '#db/db';
import type { SessionRow } from '#db/schema';
import { resumeAfterAuth } from '#sync/outbox';
import { clearLocalData } from '#sync/pull';
import { hasRefreshToken, pinRevokedCodes, refreshLifetimeMs, shouldOfferPinSetup, unauthorizedTarget } from './auth-rules.ts';
import { ensureDevice, forgetDevice, isTouchDevice, readDevice, updateDevice } from './device.ts';
import { clearRecoveryState } from './recovery.ts';
import { sessionFromUser } from './session-row.ts';
import { readSession } from './session-live.ts';
import { isSessionExpired } from './session-peek.ts';

export { isSessionExpired, pinLoginAvailable, safeRedirect } from './session-peek.ts';

/*
 * The session as the app knows it: a non-secret descriptor in Dexie (the tokens stay in HttpOnly cookies), so
 * that the app can start and route offline. Offline, the stored expiry is trusted. Every function here needs the
 * network except readSession/useSession and the local wipes.
 */

export { readSession, useSession } from './session-live.ts';

export { isPlainUser } from '#contract/roles';

export { sessionFromUser } from './session-row.ts';

/**
 * Wipe the local data of an expired session but this device's credentials (so that its PIN keeps working) and the
 * queued changes (they wait for the same user to log in again; resumeAfterAuth drops another user's).
 */
const clearKeepingDevice = async (): Promise<void> => {
  const device = await readDevice();
  await clearLocalData({ keepQueue: true });
  if (device) await db.devices.put(device);
};

/**
 * Queued changes wait for a session (docs/architecture.md "Writing: queued mutations": 401/419 keep them); they go out again after every
 * successful login, PIN login and renewal. Best effort: a failure here must not undo the login.
 */
const resumeQueuedChanges = async (): Promise<void> => {
  try {
    await resumeAfterAuth();
  } catch {
    // The outbox retries on its own at the next start or when the browser comes back online.
  }
};

/** Store the session of a successful login (any kind) and bind the device row to its user. */
const establishSession = async (answer: LoginResponse): Promise<SessionRow> => {
  // The server answered with fresh cookies: a 401 of a call sent before is about the old session, not this one
  // (docs/product/errors.md "Global error handler").
  advanceSessionGeneration();
  const now = Date.now();
  // A different user on this device must not see the previous one's data, nor reach its PIN.
  const previous = await readSession();
  const device = await readDevice();
  const otherUser = (previous && previous.userGuid !== answer.user.guid) || (device?.userGuid && device.userGuid !== answer.user.guid);
  if (otherUser) {
    await clearLocalData();
    if (device) {
      await db.devices.put({ ...device, userGuid: null, firstName: null, pinExpiresAt: null, pinPromptDismissedAt: null, refreshExpiresAt: null });
    }
  }
  const session = sessionFromUser(answer.user, answer.expires_at, now);
  await db.session.put(session);
  const refreshExpiresAt = Date.parse(answer.refresh_expires_at);
  const current = await readDevice();
  // The server says whether this device has a PIN (it may have expired or been revoked since).
  const boundHere = answer.device !== undefined && current !== null && answer.device.id === current.deviceId;
  await updateDevice({
    userGuid: answer.user.guid,
    firstName: answer.user.personal_data.first_name,
    refreshExpiresAt: Number.isNaN(refreshExpiresAt) ? now + refreshLifetimeMs(now) : refreshExpiresAt,
    ...(boundHere ? { pinExpiresAt: answer.device?.pin_expires_at ? Date.parse(answer.device.pin_expires_at) : null } : {}),
  });
  clearRecoveryState();
  await resumeQueuedChanges();
  return session;
};

/**
 * Adopt the session the server knows by its cookies (GET /user/me answered 200) while the app has no local
 * descriptor: the descriptor is written, and a device row of another user is unbound, as after a login. Returns
 * false when the answer does not parse (the caller then goes to login).
 */
export const adoptSession = async (answer: unknown): Promise<boolean> => {
  const parsed = endpoints.me.response.safeParse(answer);
  if (!parsed.success) return false;
  const { user, expires_at: expiresAt } = parsed.data;
  const device = await readDevice();
  if (device?.userGuid && device.userGuid !== user.guid) {
    await clearLocalData();
    await db.devices.put({ ...device, userGuid: null, firstName: null, pinExpiresAt: null, pinPromptDismissedAt: null, refreshExpiresAt: null });
  }
  const session = sessionFromUser(user, expiresAt);
  if (isSessionExpired(session)) return false;
  advanceSessionGeneration();
  await db.session.put(session);
  await resumeQueuedChanges();
  return true;
};

export type LoginValues = { login: string; password: string };
export type LoginOutcome = { session: SessionRow; offerPin: boolean };

/** Password login, bound to this device. The caller shows the error; login screens stay out of the global notice. */
export const login = async (values: LoginValues): Promise<LoginOutcome> => {
  const device = await ensureDevice();
  const answer = await call(endpoints.login, {
    body: { ...values, deviceId: device.deviceId, deviceKey: device.deviceKey },
    silent: true,
  });
  const session = await establishSession(answer);
  const offerPin = shouldOfferPinSetup({ touch: isTouchDevice(), device: await readDevice(), userGuid: session.userGuid, now: Date.now() });
  return { session, offerPin };
};

/**
 * Login status codes (docs/product/auth.md "Login outcomes"): 401 bad credentials, 403 legacy without customer, -1
 * network, 500 otherwise.
 */
export const loginErrorStatus = (error: unknown): 401 | 403 | 404 | 419 | 429 | -1 | 500 => {
  if (!(error instanceof ApiError)) return 500;
  if (error.status === 401 || error.status === 403 || error.status === 404 || error.status === 419 || error.status === 429) return error.status;
  if (error.isNetwork || error.isAborted) return -1;
  return 500;
};

export type PinLoginResult = { ok: true; session: SessionRow } | { ok: false; status: number; code: string; revoked: boolean };

/**
 * PIN login: the server checks the PIN against this device's key (never compared here). After too many wrong PINs,
 * or once the PIN expired, the server revokes the device: its PIN is forgotten and the password is needed again.
 */
export const loginWithPin = async (pin: string): Promise<PinLoginResult> => {
  const device = await readDevice();
  if (!device?.userGuid) return { ok: false, status: -1, code: 'pinExpired', revoked: true };
  try {
    const answer = await call(endpoints.loginPin, {
      body: { guid: device.userGuid, deviceId: device.deviceId, deviceKey: device.deviceKey, pin },
      silent: true,
    });
    return { ok: true, session: await establishSession(answer) };
  } catch (error) {
    const status = loginErrorStatus(error);
    const code = error instanceof ApiError ? error.code : 'serverError';
    const revoked = pinRevokedCodes.has(code);
    if (revoked) await updateDevice({ pinExpiresAt: null });
    return { ok: false, status, code, revoked };
  }
};

/**
 * Set this device's PIN for the logged-in user (docs/product/auth.md "The device PIN": 4 digits, valid 3 months).
 * Returns a save status.
 */
export const setupPin = async (pin: string): Promise<{ status: number; code?: string }> => {
  const device = await ensureDevice();
  try {
    const answer = await call(endpoints.setupPin, {
      body: { deviceId: device.deviceId, deviceKey: device.deviceKey, pin },
      silent: true,
      sessionCall: true,
    });
    await updateDevice({ pinExpiresAt: Date.parse(answer.expires_at), pinPromptDismissedAt: null });
    return { status: 200 };
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status > 0 ? error.status : -1, code: error.code };
    return { status: 500 };
  }
};

/** "Later" on the PIN setup prompt. Local only. */
export const postponePinSetup = async (): Promise<void> => {
  await updateDevice({ pinPromptDismissedAt: Date.now() });
};

/**
 * "PIN lost": forget this device's credentials, so that the PIN the server knows can never be used from here
 * again; the next password login registers fresh credentials and offers a new PIN.
 */
export const forgetPin = async (): Promise<void> => {
  await forgetDevice();
};

export type RenewResult = { ok: true; session: SessionRow } | { ok: false; status: number };

/** One Web Lock for every tab of this origin: renewals never run side by side. */
export const renewLockName = 'auth:renew-access';

type LockManagerLike = { request: <T>(name: string, callback: () => Promise<T>) => Promise<T> };

const lockManager = (): LockManagerLike | null =>
  typeof navigator !== 'undefined' && 'locks' in navigator && navigator.locks ? (navigator.locks) : null;

const renewNow = async (): Promise<RenewResult> => {
  const device = await readDevice();
  try {
    const answer = await call(endpoints.renewAccess, { body: device ? { deviceKey: device.deviceKey } : {}, silent: true });
    return { ok: true, session: await establishSession(answer) };
  } catch (error) {
    const status = loginErrorStatus(error);
    if (status === 419 || status === 429 || status === 401) await updateDevice({ refreshExpiresAt: null });
    return { ok: false, status };
  }
};

/**
 * Renew access with the refresh cookie and this device's key (POST users/renew-access). The server rotates the
 * refresh token; on 419 (expired or reused) or 429 the app forgets that it had one (docs/product/auth.md
 * "Session lifetime and renewal").
 *
 * Tabs take turns (a Web Lock shared by every tab of the origin): two tabs renewing with the same cookie at once
 * would present one refresh token twice. A tab that waited while another renewed finds the fresh session in the
 * shared database (written after it asked) and uses it instead of renewing again; the cookies are shared anyway. The
 * server's grace window covers browsers without Web Locks and the service worker.
 */
export const renewAccess = async (): Promise<RenewResult> => {
  const locks = lockManager();
  if (!locks) return renewNow();
  const askedAt = Date.now();
  return locks.request(renewLockName, async () => {
    const current = await readSession();
    if (current && current.loggedInAt >= askedAt && !isSessionExpired(current)) return { ok: true, session: current };
    return renewNow();
  });
};

/** Login by link (`/login/{uuid}/{token}`), single use. */
export const loginByLink = async (uuid: string, token: string): Promise<SessionRow> => {
  const device = await ensureDevice();
  const answer = await call(endpoints.loginByLink, {
    params: { uuid, token },
    body: { deviceId: device.deviceId, deviceKey: device.deviceKey },
    silent: true,
  });
  return establishSession(answer);
};

/**
 * Logout: cancel every request in flight, tell the server with this device's id (so it revokes the device and the
 * session; best effort, offline the cookies expire on their own), and wipe every local table, the device included.
 * With `accessOnly` only the access token goes: the data and the refresh token stay, and the next screen renews.
 */
export const logout = async (options: { accessOnly?: boolean } = {}): Promise<void> => {
  abortAll();
  const device = await readDevice();
  const accessOnly = options.accessOnly ?? false;
  try {
    await call(endpoints.logout, { body: { accessOnly, ...(device ? { deviceId: device.deviceId } : {}) }, silent: true, sessionCall: true });
  } catch {
    // Offline or already logged out on the server: the local wipe below is what protects the device.
  }
  if (accessOnly) {
    await db.session.update('current', { expiresAt: Date.now() });
    return;
  }
  await clearLocalData();
  clearRecoveryState();
};

/** Forget the session locally (expired on start, or a 401): the data goes with it, the device's PIN stays. */
export const dropLocalSession = async (): Promise<void> => {
  abortAll();
  await clearKeepingDevice();
};

/**
 * What a 401 leads to (docs/product/auth.md "Session lifetime and renewal"): PIN renewal when a refresh token and the
 * user guid exist on a touch device (the data stays for after the renewal), otherwise login (the data goes).
 */
export const afterUnauthorized = async (): Promise<'renew' | 'login'> => {
  const [session, device] = await Promise.all([readSession(), readDevice()]);
  const target = unauthorizedTarget({
    touch: isTouchDevice(),
    userGuid: session?.userGuid ?? device?.userGuid,
    hasRefresh: hasRefreshToken(device, Date.now()),
  });
  if (target === 'login') await dropLocalSession();
  else abortAll();
  return target;
};

export type StartCheck = 'none' | 'valid' | 'expired';

/**
 * docs/product/auth.md "Session lifetime and renewal": on start, check whether the access token expired. Online, ask
 * the server (POST token/expired); offline, trust the stored expiry. An expired session is dropped (the device's PIN
 * stays).
 */
export const checkSessionOnStart = async (): Promise<StartCheck> => {
  const session = await readSession();
  if (!session) return 'none';
  if (isSessionExpired(session)) {
    await dropLocalSession();
    return 'expired';
  }
  if (typeof navigator !== 'undefined' && !navigator.onLine) return 'valid';
  try {
    const answer = await call(endpoints.tokenExpired, { body: {}, silent: true, sessionCall: true });
    if (answer.expired) {
      await dropLocalSession();
      return 'expired';
    }
    if (answer.expires_at) await db.session.update('current', { expiresAt: Date.parse(answer.expires_at) });
    return 'valid';
  } catch {
    // No answer: the stored expiry said the session is still good.
    return 'valid';
  }
};
