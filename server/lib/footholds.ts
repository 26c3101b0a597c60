import { type Db, writeTransaction } from '../db/engine.ts';
import { deleteUserPushSubscriptions } from './alert-data.ts';
import { revokeDeviceCookies } from './device-cookies.ts';
import { findDeviceById, revokeUserDevices } from './devices.ts';
import { endAccountLocks } from './rate-limit.ts';
import { revokeUserSessions, type SessionRecord } from './sessions.ts';

/*
 * A password change or reset ends every foothold on the account (docs/product/security.md "Password change ends every
 * foothold"): whoever had the old password, or a session, a PIN, a trusted browser or a push subscription obtained with
 * it, loses it. The one exception is the session that made a change (and its own device, the same browser: its PIN and
 * its push subscription), which the route renews; a reset by link or code is made without a session, so nothing is
 * kept.
 *
 * Also ended: the single-use links not used yet (a login link in an older notification e-mail, a recovery link asked
 * for before), and the locks of the account (a successful recovery ends them: docs/product/security.md "Rate limits and
 * lockouts").
 */

/** The links that would still open or take over the account. */
const FOOTHOLD_LINKS = ['login', 'recoverPassword', 'createPassword', 'energyRelog'] as const;

export const endFootholds = (
  db: Db,
  userId: number,
  now: Date,
  reason: 'passwordChanged' | 'passwordReset',
  keep: Pick<SessionRecord, 'id' | 'device_id'> | null,
): Promise<void> =>
  writeTransaction(db, async (tx) => {
    const keptDevice = keep?.device_id != null ? await findDeviceById(tx, keep.device_id) : undefined;
    await revokeUserSessions(tx, userId, now, reason, keep?.id ?? null);
    await revokeUserDevices(tx, userId, now, reason, keptDevice?.id ?? null);
    await deleteUserPushSubscriptions(tx, userId, keptDevice?.client_id ?? null);
    await revokeDeviceCookies(tx, userId);
    await tx
      .updateTable('link_tokens')
      .set({ used_at: now.toISOString() })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .where('purpose', 'in', FOOTHOLD_LINKS)
      .execute();
    await endAccountLocks(tx, userId);
  });
