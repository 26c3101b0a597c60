import { useLiveQuery } from 'dexie-react-hooks';
import { abortAll, ApiError, call } from '#api/client';
import type { AuthUser } from '#contract/auth';
import { endpoints } from '#contract/endpoints';
import { db } from '#db/db';
import type { SessionRow } from '#db/schema';
import { clearLocalData } from '#sync/pull';
import { fromLive, type LiveResult } from '#lib/live-result';

/*
 * The session as the app knows it: a non-secret descriptor in Dexie (the tokens stay in HttpOnly cookies), so
 * that the app can start and route offline. Offline, the stored expiry is trusted.
 */

export const readSession = async (): Promise<SessionRow | null> => (await db.session.get('current')) ?? null;

export const useSession = (): LiveResult<SessionRow | null> => {
  return fromLive(useLiveQuery(async () => ({ data: await readSession() }), []));
};

export const isPlainUser = (session: Pick<SessionRow, 'role'>): boolean => session.role === 'user';

export const sessionFromUser = (user: AuthUser, expiresAt: string, now = Date.now()): SessionRow => ({
  id: 'current',
  userId: user.id,
  userGuid: user.guid,
  customerId: user.customer_id,
  role: user.role,
  scope: user.scope,
  msisdn: user.msisdn,
  email: user.email,
  energyRef: user.energy_ref,
  language: user.language.app,
  firstName: user.personal_data.first_name,
  lastName: user.personal_data.last_name,
  expiresAt: Date.parse(expiresAt),
  loggedInAt: now,
});

export const isSessionExpired = (session: Pick<SessionRow, 'expiresAt'>, now = Date.now()): boolean => session.expiresAt <= now;

/** A redirect target must stay inside the app: a path, never another origin (`//evil`, `https:`). */
export const safeRedirect = (target: string | null): string => {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return '/';
  return target;
};

export type LoginValues = { login: string; password: string };

/** Password login. The caller shows the error; login screens are excluded from the global notice (SPEC §8). */
export const login = async (values: LoginValues): Promise<SessionRow> => {
  const answer = await call(endpoints.login, { body: values, silent: true });
  // A different user on this device must not see the previous one's data.
  const previous = await readSession();
  if (previous && previous.userGuid !== answer.user.guid) await clearLocalData();
  const session = sessionFromUser(answer.user, answer.expires_at);
  await db.session.put(session);
  return session;
};

/** SPEC §7 login status codes: 401 bad credentials, 403 legacy without customer, -1 network, 500 otherwise. */
export const loginErrorStatus = (error: unknown): 401 | 403 | 429 | -1 | 500 => {
  if (!(error instanceof ApiError)) return 500;
  if (error.status === 401 || error.status === 403 || error.status === 429) return error.status;
  if (error.isNetwork) return -1;
  return 500;
};

/**
 * Logout: cancel every request in flight, tell the server (best effort: offline the cookies expire on their own),
 * and wipe every local table. With `accessOnly` only the server-side access token is dropped.
 */
export const logout = async (options: { accessOnly?: boolean } = {}): Promise<void> => {
  abortAll();
  try {
    await call(endpoints.logout, { body: { accessOnly: options.accessOnly ?? false }, silent: true });
  } catch {
    // Offline or already logged out on the server: the local wipe below is what protects the device.
  }
  if (!options.accessOnly) await clearLocalData();
};

/** Forget the session locally (expired on start, or a 401): the data goes with it. */
export const dropLocalSession = async (): Promise<void> => {
  abortAll();
  await clearLocalData();
};

/**
 * SPEC §2: on start, check whether the access token expired. Online, ask the server; offline, trust the stored
 * expiry. Returns true when the session is still valid.
 */
export const checkSessionOnStart = async (): Promise<boolean> => {
  const session = await readSession();
  if (!session) return false;
  if (isSessionExpired(session)) {
    await dropLocalSession();
    return false;
  }
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  try {
    const answer = await call(endpoints.tokenExpired, { body: {}, silent: true });
    if (answer.expired) {
      await dropLocalSession();
      return false;
    }
    if (answer.expires_at) await db.session.update('current', { expiresAt: Date.parse(answer.expires_at) });
    return true;
  } catch {
    return true;
  }
};
