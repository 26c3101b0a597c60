import type { Db } from '../db/database.ts';
import { deleteUserPushSubscriptions } from './alert-data.ts';
import { revokeDeviceCookies } from './device-cookies.ts';
import { findDeviceById, revokeUserDevices } from './devices.ts';
import { endAccountLocks } from './rate-limit.ts';
import { revokeUserSessions, type SessionRow } from './sessions.ts';
import { stmt } from './sql.ts';

/*
 * A password change or reset ends every foothold on the account (docs/product/security.md "Password change"): whoever
 * had the old password, or a session, a PIN, a trusted browser or a push subscription obtained with it, loses it.
 * The one exception is the session that made a change (and its own device, the same browser: its PIN and its push
 * subscription), which the route renews; a reset by link or code is made without a session, so nothing is kept.
 *
 * Also ended: the single-use links not used yet (a login link in an older notification e-mail, a recovery link asked
 * for before), and the locks of the account (a successful recovery ends them: docs/product/security.md "Guessing").
 */

/** The links that would still open or take over the account. */
const FOOTHOLD_LINKS = ['login', 'recoverPassword', 'createPassword', 'energyRelog'] as const;

export const endFootholds = (
  db: Db,
  userId: number,
  now: Date,
  reason: 'passwordChanged' | 'passwordReset',
  keep: Pick<SessionRow, 'id' | 'device_id'> | null,
): void => {
  const keptDevice = keep?.device_id != null ? findDeviceById(db, keep.device_id) : undefined;
  revokeUserSessions(db, userId, now, reason, keep?.id ?? null);
  revokeUserDevices(db, userId, now, reason, keptDevice?.id ?? null);
  deleteUserPushSubscriptions(db, userId, keptDevice?.client_id ?? null);
  revokeDeviceCookies(db, userId);
  stmt<[string, number]>(
    db,
    `UPDATE link_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL AND purpose IN (${FOOTHOLD_LINKS.map((p) => `'${p}'`).join(', ')})`,
  ).run(now.toISOString(), userId);
  endAccountLocks(db, userId);
};
