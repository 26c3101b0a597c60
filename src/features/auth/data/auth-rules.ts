import type { DeviceRow } from '#db/schema';

/*
 * Pure rules of the session (docs/product/auth.md "Login outcomes", "Session lifetime and renewal", "Logout"), kept
 * apart from Dexie and the network so that they are tested as tables.
 */

/**
 * docs/product/security.md "Tokens": the refresh token lives 3 months; the app remembers that it has one, never its
 * value.
 */
export const refreshLifetimeMs = (from: number): number => {
  const date = new Date(from);
  date.setMonth(date.getMonth() + 3);
  return date.getTime() - from;
};

/** "Later" on the PIN setup prompt: asked again after this long. */
export const pinPromptPauseMs = 30 * 24 * 60 * 60 * 1000;

export type DeviceState = Pick<DeviceRow, 'userGuid' | 'pinExpiresAt' | 'pinPromptDismissedAt' | 'refreshExpiresAt'>;

/** A PIN set on this device for this user that has not expired (3 months). */
export const hasUsablePin = (device: DeviceState | null | undefined, now: number, userGuid?: string | null): boolean =>
  !!device &&
  !!device.userGuid &&
  (userGuid === undefined || userGuid === device.userGuid) &&
  device.pinExpiresAt !== null &&
  device.pinExpiresAt > now;

/** A refresh token is believed to exist (not expired, not refused by the server). */
export const hasRefreshToken = (device: DeviceState | null | undefined, now: number): boolean =>
  !!device && device.refreshExpiresAt !== null && device.refreshExpiresAt > now;

/**
 * docs/product/auth.md "Session lifetime and renewal": a 401 from any call goes to PIN renewal when a refresh token
 * and the user guid exist on a touch device, otherwise to login.
 */
export const unauthorizedTarget = (input: { touch: boolean; userGuid: string | null | undefined; hasRefresh: boolean }): 'renew' | 'login' =>
  input.touch && !!input.userGuid && input.hasRefresh ? 'renew' : 'login';

/** After a password login on a touch device without a PIN for this user, offer to set one (unless put off). */
export const shouldOfferPinSetup = (input: { touch: boolean; device: DeviceState | null | undefined; userGuid: string; now: number }): boolean => {
  if (!input.touch) return false;
  if (hasUsablePin(input.device, input.now, input.userGuid)) return false;
  const dismissed = input.device?.userGuid === input.userGuid ? input.device.pinPromptDismissedAt : null;
  return dismissed === null || dismissed === undefined || input.now - dismissed >= pinPromptPauseMs;
};

/**
 * PIN login errors after which the device's PIN is gone for good: log in with the password again. A wrong PIN is
 * `invalidPin`; `invalidCredentials` means the server no longer knows this device's PIN (revoked, reset password).
 */
export const pinRevokedCodes = new Set(['tooManyPinAttempts', 'pinExpired', 'invalidCredentials']);

/**
 * The translation key of a failed account call: the server's catalogue code when the errors namespace knows it
 * (docs/product/errors.md "Error catalogue"), else a message chosen from the status. -1 is "no answer"
 * (docs/product/api.md "Save-call results").
 */
export const failureKey = (status: number, code: string | undefined, known: ReadonlySet<string>): string => {
  if (status === -1) return 'errors:network';
  if (code && known.has(code) && code !== 'invalidParameters') return `errors:${code}`;
  if (status === 404 || status === 419) return 'errors:linkExpired';
  if (status === 429) return 'errors:tooManyLoginAttempts';
  if (status === 400 || status === 422) return 'errors:invalidParameters';
  return 'errors:serverError';
};

/** Where a login by link goes: the redirect (inside the app only) with the contract it names selected. */
export const linkTarget = (redirect: string | null, contractId: string | null, safe: (target: string | null) => string): string => {
  const base = safe(redirect);
  const id = Number(contractId);
  if (!contractId || !Number.isInteger(id) || id <= 0) return base;
  const [path, query = ''] = base.split('?') as [string, string?];
  const params = new URLSearchParams(query);
  params.set('contractId', String(id));
  return `${path}?${params.toString()}`;
};

/** A PIN login is only offered on touch devices (phones, tablets): a desktop keeps the password. */
export const detectTouch = (env: { maxTouchPoints: number; coarsePointer: boolean }): boolean => env.maxTouchPoints > 0 || env.coarsePointer;
