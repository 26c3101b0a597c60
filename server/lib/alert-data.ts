import type { Language } from '#contract/common';
import type { NotificationChannel, NotificationSetting, NotificationType, SentNotification } from '#contract/settings';
import type { Db } from '../db/database.ts';
import { bool, stmt } from './sql.ts';

/*
 * The alert choices of the lines (notification_settings), the events already handled (alert_events), the messages
 * sent (notification_log) and the devices that receive push messages (push_subscriptions).
 */

// --- Alert choices ----------------------------------------------------------------------------------------------

type SettingRow = { id: number; contract_id: number; type: NotificationType; channel: NotificationChannel; active: number };

const toSetting = (row: SettingRow): NotificationSetting => ({
  id: row.id,
  contractId: row.contract_id,
  type: row.type,
  channel: row.channel,
  active: bool(row.active),
});

/** The alert grid of the given lines of a customer, line by line, in type and channel order. */
export const notificationSettingsOf = (db: Db, customerId: number, contractIds: readonly number[]): NotificationSetting[] => {
  const allowed = new Set(contractIds);
  return stmt<[number], SettingRow>(
    db,
    `SELECT id, contract_id, type, channel, active FROM notification_settings WHERE customer_id = ?
     ORDER BY contract_id, CASE type WHEN '80PC' THEN 0 WHEN '100PC' THEN 1 WHEN 'OOB' THEN 2 WHEN 'INV' THEN 3 ELSE 4 END,
       CASE channel WHEN 'SMS' THEN 0 WHEN 'EMAIL' THEN 1 ELSE 2 END`,
  )
    .all(customerId)
    .filter((row) => allowed.has(row.contract_id))
    .map(toSetting);
};

export const findNotificationSetting = (db: Db, id: number): (SettingRow & { customer_id: number }) | undefined =>
  stmt<[number], SettingRow & { customer_id: number }>(
    db,
    'SELECT id, customer_id, contract_id, type, channel, active FROM notification_settings WHERE id = ?',
  ).get(id);

export const setNotificationActive = (db: Db, id: number, active: boolean): void => {
  stmt<[number, number]>(db, 'UPDATE notification_settings SET active = ? WHERE id = ?').run(active ? 1 : 0, id);
};

/** The channels on which a line wants alerts of this type. */
export const activeChannels = (db: Db, contractId: number, type: NotificationType): NotificationChannel[] =>
  stmt<[number, string], { channel: NotificationChannel }>(
    db,
    `SELECT channel FROM notification_settings WHERE contract_id = ? AND type = ? AND active = 1
     ORDER BY CASE channel WHEN 'SMS' THEN 0 WHEN 'EMAIL' THEN 1 ELSE 2 END`,
  )
    .all(contractId, type)
    .map((row) => row.channel);

// --- Events -----------------------------------------------------------------------------------------------------

/** The keys of the events already handled for a line. */
export const handledEvents = (db: Db, contractId: number): Set<string> =>
  new Set(
    stmt<[number], { event_key: string }>(db, 'SELECT event_key FROM alert_events WHERE contract_id = ?')
      .all(contractId)
      .map((r) => r.event_key),
  );

/** Record an event once; false when it was already recorded (another run handled it). */
export const recordEvent = (db: Db, contractId: number, key: string, notified: boolean, now: Date): boolean =>
  stmt<[number, string, number, string]>(
    db,
    'INSERT OR IGNORE INTO alert_events (contract_id, event_key, notified, created_at) VALUES (?, ?, ?, ?)',
  ).run(contractId, key, notified ? 1 : 0, now.toISOString()).changes === 1;

// --- Sent messages ----------------------------------------------------------------------------------------------

export type LogEntry = {
  customerId: number;
  contractId: number | null;
  userId: number | null;
  eventKey: string;
  type: NotificationType;
  channel: NotificationChannel;
  recipient: string | null;
  title: string;
  status: SentNotification['status'];
  error: string | null;
  now: Date;
};

/** Claims the (line, event, channel) slot: false when a message of this event already went out on this channel. */
export const logNotification = (db: Db, entry: LogEntry): number | null => {
  const result = stmt<[number, number | null, number | null, string, string, string, string | null, string, string, string | null, string]>(
    db,
    `INSERT OR IGNORE INTO notification_log (customer_id, contract_id, user_id, event_key, type, channel, recipient, title, status, error, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    entry.customerId,
    entry.contractId,
    entry.userId,
    entry.eventKey,
    entry.type,
    entry.channel,
    entry.recipient,
    entry.title,
    entry.status,
    entry.error,
    entry.now.toISOString(),
  );
  return result.changes === 1 ? Number(result.lastInsertRowid) : null;
};

export const updateLogStatus = (db: Db, id: number, status: SentNotification['status'], error: string | null): void => {
  stmt<[string, string | null, number]>(db, 'UPDATE notification_log SET status = ?, error = ? WHERE id = ?').run(status, error, id);
};

type SentRow = {
  id: number;
  user_id: number | null;
  contract_id: number | null;
  msisdn: string | null;
  type: NotificationType;
  channel: NotificationChannel;
  title: string;
  status: SentNotification['status'];
  created_at: string;
};

export const SENT_LIST_SIZE = 20;

/**
 * The last messages sent to a customer, newest first: about the given lines, plus those about no line (invoices of
 * the account, test pushes) when `withAccount` (not for a plain user: those are the holder's), and the test pushes of
 * `userId` itself.
 */
export const sentNotifications = (
  db: Db,
  customerId: number,
  contractIds: readonly number[],
  withAccount: boolean,
  userId: number,
): SentNotification[] => {
  const allowed = new Set(contractIds);
  return stmt<[number, number], SentRow>(
    db,
    `SELECT n.id, n.user_id, n.contract_id, c.msisdn, n.type, n.channel, n.title, n.status, n.created_at
     FROM notification_log n LEFT JOIN contracts c ON c.id = n.contract_id
     WHERE n.customer_id = ? ORDER BY n.created_at DESC, n.id DESC LIMIT ?`,
  )
    .all(customerId, 200)
    .filter((row) => (row.contract_id === null ? withAccount || row.user_id === userId : allowed.has(row.contract_id)))
    .slice(0, SENT_LIST_SIZE)
    .map((row) => ({
      id: row.id,
      contractId: row.contract_id,
      msisdn: row.msisdn,
      type: row.type,
      channel: row.channel,
      title: row.title,
      status: row.status,
      sentAt: row.created_at,
    }));
};

// --- Push subscriptions -----------------------------------------------------------------------------------------

/** A device's subscription, with the language of its user. */
export type PushSubscriptionRow = { id: number; user_id: number; endpoint: string; p256dh: string; auth: string; language: Language };

/** Browsers of one account that receive push messages at most (its newest). */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;
/** A subscription stops when its account has had no live session for this long (nobody uses that login any more). */
export const PUSH_IDLE_DAYS = 30;

/**
 * Store a device's subscription, or refresh this user's own (new keys, the device it is on). An endpoint another
 * account holds is never taken over (docs/product/security.md "Push"): whoever knew it could otherwise move someone's
 * alerts to their account, and the owner's removal would find nothing. False when another account holds it; the
 * browser then makes a new subscription (a new endpoint) for this account.
 */
export const savePushSubscription = (
  db: Db,
  subscription: { userId: number; endpoint: string; p256dh: string; auth: string; deviceId: string | null },
  now: Date,
): boolean => {
  const saved =
    stmt<[number, string, string, string, string | null, string]>(
      db,
      `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth, device_id, created_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, device_id = excluded.device_id,
         created_at = excluded.created_at
       WHERE push_subscriptions.user_id = excluded.user_id`,
    ).run(subscription.userId, subscription.endpoint, subscription.p256dh, subscription.auth, subscription.deviceId, now.toISOString())
      .changes === 1;
  // A bound on what one account adds (docs/product/security.md "Tables"): its newest subscriptions are kept.
  stmt<[number, number, number]>(
    db,
    `DELETE FROM push_subscriptions WHERE user_id = ? AND id NOT IN
       (SELECT id FROM push_subscriptions WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?)`,
  ).run(subscription.userId, subscription.userId, MAX_PUSH_SUBSCRIPTIONS_PER_USER);
  return saved;
};

/** Subscriptions of accounts without a live session for PUSH_IDLE_DAYS (the clean-up job). */
export const purgeIdlePushSubscriptions = (db: Db, now: Date): number => {
  const cutoff = new Date(now.getTime() - PUSH_IDLE_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return stmt<[string, string]>(
    db,
    `DELETE FROM push_subscriptions WHERE created_at <= ? AND NOT EXISTS
       (SELECT 1 FROM sessions s WHERE s.user_id = push_subscriptions.user_id AND s.revoked_at IS NULL AND s.refresh_expires_at > ?)`,
  ).run(cutoff, cutoff).changes;
};

export const findPushSubscription = (db: Db, userId: number, endpoint: string): PushSubscriptionRow | undefined =>
  stmt<[number, string], PushSubscriptionRow>(
    db,
    `SELECT ps.id, ps.user_id, ps.endpoint, ps.p256dh, ps.auth, u.language FROM push_subscriptions ps JOIN users u ON u.id = ps.user_id
     WHERE ps.user_id = ? AND ps.endpoint = ?`,
  ).get(userId, endpoint);

export const deletePushSubscription = (db: Db, id: number): void => {
  stmt<[number]>(db, 'DELETE FROM push_subscriptions WHERE id = ?').run(id);
};

export const deleteUserPushSubscription = (db: Db, userId: number, endpoint: string): boolean =>
  stmt<[number, string]>(db, 'DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint = ?').run(userId, endpoint).changes > 0;

/**
 * A password change or reset: every subscription of the user goes, but those of `exceptDeviceId` (the browser that
 * made the change), so that whoever held the account before gets none of its alerts any more.
 */
export const deleteUserPushSubscriptions = (db: Db, userId: number, exceptDeviceId: string | null): void => {
  stmt<[number, string]>(db, 'DELETE FROM push_subscriptions WHERE user_id = ? AND device_id IS NOT ?').run(userId, exceptDeviceId ?? '');
};

/** Logout of a device: its subscriptions go, so the next person on that device gets none of this user's alerts. */
export const deleteDevicePushSubscriptions = (db: Db, userId: number, deviceId: string): void => {
  stmt<[number, string]>(db, 'DELETE FROM push_subscriptions WHERE user_id = ? AND device_id = ?').run(userId, deviceId);
};

/**
 * The devices that get push alerts about a line: those of the customer's owners and admins, and of the plain user who
 * uses the line; invoice alerts (`holderOnly`) go to the owners and admins only (SPEC §6).
 */
export const pushSubscriptionsForLine = (
  db: Db,
  customerId: number,
  contract: { id: number; msisdn: string | null; linked_user_id: number | null } | null,
  holderOnly: boolean,
): PushSubscriptionRow[] =>
  stmt<[number], PushSubscriptionRow & { role: string; msisdn: string | null }>(
    db,
    `SELECT ps.id, ps.user_id, ps.endpoint, ps.p256dh, ps.auth, u.language, u.role, u.msisdn
     FROM push_subscriptions ps JOIN users u ON u.id = ps.user_id WHERE u.customer_id = ? ORDER BY ps.id`,
  )
    .all(customerId)
    .filter((row) => {
      if (row.role === 'owner' || row.role === 'admin') return true;
      if (row.role !== 'user' || holderOnly || !contract) return false;
      return contract.linked_user_id === row.user_id || (row.msisdn !== null && row.msisdn === contract.msisdn);
    })
    .map(({ id, user_id, endpoint, p256dh, auth, language }) => ({ id, user_id, endpoint, p256dh, auth, language }));

/** Test pushes an account asked for since an instant (their log rows: event key TEST:…). */
export const testPushesSince = (db: Db, userId: number, since: Date): number =>
  stmt<[number, string], { n: number }>(
    db,
    "SELECT COUNT(*) AS n FROM notification_log WHERE user_id = ? AND event_key LIKE 'TEST:%' AND created_at >= ?",
  ).get(userId, since.toISOString())?.n ?? 0;
