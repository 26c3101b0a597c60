import { sql } from 'kysely';
import type { Language } from '#contract/common';
import {
  notificationChannels,
  notificationTypes,
  type NotificationChannel,
  type NotificationSetting,
  type NotificationType,
  type SentNotification,
} from '#contract/settings';
import type { Db } from '../db/engine.ts';
import { bool } from './sql.ts';

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

const TYPE_ORDER = sql`CASE type WHEN '80PC' THEN 0 WHEN '100PC' THEN 1 WHEN 'OOB' THEN 2 WHEN 'INV' THEN 3 ELSE 4 END`;
const CHANNEL_ORDER = sql`CASE channel WHEN 'SMS' THEN 0 WHEN 'EMAIL' THEN 1 ELSE 2 END`;

/**
 * A new line's alert grid: every type × channel, so the alerts screen always has something to toggle; usage alerts by
 * SMS, everything but the 80 % alert by e-mail, no push until the customer allows it.
 */
export const insertAlertGrid = async (db: Db, customerId: number, contractId: number): Promise<void> => {
  const activeAtFirst = (type: NotificationType, channel: NotificationChannel): boolean =>
    channel === 'SMS' ? type === '80PC' || type === '100PC' || type === 'OOB' : channel === 'EMAIL' && type !== '80PC';
  for (const type of notificationTypes) {
    for (const channel of notificationChannels) {
      await db
        .insertInto('notification_settings')
        .values({ customer_id: customerId, contract_id: contractId, type, channel, active: activeAtFirst(type, channel) ? 1 : 0 })
        .execute();
    }
  }
};

/** The alert grid of the given lines of a customer, line by line, in type and channel order. */
export const notificationSettingsOf = async (
  db: Db,
  customerId: number,
  contractIds: readonly number[],
): Promise<NotificationSetting[]> => {
  const allowed = new Set(contractIds);
  return (
    await db
      .selectFrom('notification_settings')
      .select(['id', 'contract_id', 'type', 'channel', 'active'])
      .where('customer_id', '=', customerId)
      .orderBy('contract_id')
      .orderBy(TYPE_ORDER)
      .orderBy(CHANNEL_ORDER)
      .execute()
  )
    .filter((row) => allowed.has(row.contract_id))
    .map(toSetting);
};

export const findNotificationSetting = (db: Db, id: number): Promise<(SettingRow & { customer_id: number }) | undefined> =>
  db
    .selectFrom('notification_settings')
    .select(['id', 'customer_id', 'contract_id', 'type', 'channel', 'active'])
    .where('id', '=', id)
    .executeTakeFirst();

export const setNotificationActive = async (db: Db, id: number, active: boolean): Promise<void> => {
  await db
    .updateTable('notification_settings')
    .set({ active: active ? 1 : 0 })
    .where('id', '=', id)
    .execute();
};

/** The channels on which a line wants alerts of this type. */
export const activeChannels = async (db: Db, contractId: number, type: NotificationType): Promise<NotificationChannel[]> =>
  (
    await db
      .selectFrom('notification_settings')
      .select('channel')
      .where('contract_id', '=', contractId)
      .where('type', '=', type)
      .where('active', '=', 1)
      .orderBy(CHANNEL_ORDER)
      .execute()
  ).map((row) => row.channel);

// --- Events -----------------------------------------------------------------------------------------------------

/** The keys of the events already handled for a line. */
export const handledEvents = async (db: Db, contractId: number): Promise<Set<string>> =>
  new Set(
    (await db.selectFrom('alert_events').select('event_key').where('contract_id', '=', contractId).execute()).map((r) => r.event_key),
  );

/** Record an event once; false when it was already recorded (another run, on this instance or another, handled it). */
export const recordEvent = async (db: Db, contractId: number, key: string, notified: boolean, now: Date): Promise<boolean> => {
  const inserted = await db
    .insertInto('alert_events')
    .values({ contract_id: contractId, event_key: key, notified: notified ? 1 : 0, created_at: now.toISOString() })
    .onConflict((oc) => oc.doNothing())
    .returning('event_key')
    .executeTakeFirst();
  return inserted !== undefined;
};

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

/** Claims the (line, event, channel) slot: null when a message of this event already went out on this channel. */
export const logNotification = async (db: Db, entry: LogEntry): Promise<number | null> => {
  const inserted = await db
    .insertInto('notification_log')
    .values({
      customer_id: entry.customerId,
      contract_id: entry.contractId,
      user_id: entry.userId,
      event_key: entry.eventKey,
      type: entry.type,
      channel: entry.channel,
      recipient: entry.recipient,
      title: entry.title,
      status: entry.status,
      error: entry.error,
      created_at: entry.now.toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
};

export const updateLogStatus = async (db: Db, id: number, status: SentNotification['status'], error: string | null): Promise<void> => {
  await db.updateTable('notification_log').set({ status, error }).where('id', '=', id).execute();
};

export const SENT_LIST_SIZE = 20;

/**
 * The last messages sent to a customer, newest first: about the given lines, plus those about no line (invoices of
 * the account, test pushes) when `withAccount` (not for a plain user: those are the holder's), and the test pushes of
 * `userId` itself.
 */
export const sentNotifications = async (
  db: Db,
  customerId: number,
  contractIds: readonly number[],
  withAccount: boolean,
  userId: number,
): Promise<SentNotification[]> => {
  const allowed = new Set(contractIds);
  return (
    await db
      .selectFrom('notification_log as n')
      .leftJoin('contracts as c', 'c.id', 'n.contract_id')
      .select(['n.id', 'n.user_id', 'n.contract_id', 'c.msisdn', 'n.type', 'n.channel', 'n.title', 'n.status', 'n.created_at'])
      .where('n.customer_id', '=', customerId)
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .limit(200)
      .execute()
  )
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
 * account holds is never taken over (docs/product/security.md "Push subscriptions"): whoever knew it could otherwise
 * move someone's alerts to their account, and the owner's removal would find nothing. False when another account holds
 * it; the browser then makes a new subscription (a new endpoint) for this account.
 */
export const savePushSubscription = async (
  db: Db,
  subscription: { userId: number; endpoint: string; p256dh: string; auth: string; deviceId: string | null },
  now: Date,
): Promise<boolean> => {
  const result = await db
    .insertInto('push_subscriptions')
    .values({
      user_id: subscription.userId,
      endpoint: subscription.endpoint,
      p256dh: subscription.p256dh,
      auth: subscription.auth,
      device_id: subscription.deviceId,
      created_at: now.toISOString(),
    })
    .onConflict((oc) =>
      oc
        .column('endpoint')
        .doUpdateSet((eb) => ({
          p256dh: eb.ref('excluded.p256dh'),
          auth: eb.ref('excluded.auth'),
          device_id: eb.ref('excluded.device_id'),
          created_at: eb.ref('excluded.created_at'),
        }))
        .whereRef('push_subscriptions.user_id', '=', 'excluded.user_id'),
    )
    .executeTakeFirst();
  // A bound on what one account adds (docs/product/security.md "Rate limits and lockouts"): its newest subscriptions
  // are kept.
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', subscription.userId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', subscription.userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(MAX_PUSH_SUBSCRIPTIONS_PER_USER),
    )
    .execute();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
};

/** Subscriptions of accounts without a live session for PUSH_IDLE_DAYS (the clean-up job). */
export const purgeIdlePushSubscriptions = async (db: Db, now: Date): Promise<number> => {
  const cutoff = new Date(now.getTime() - PUSH_IDLE_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('created_at', '<=', cutoff)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('sessions as s')
            .select(sql`1`.as('one'))
            .whereRef('s.user_id', '=', 'push_subscriptions.user_id')
            .where('s.revoked_at', 'is', null)
            .where('s.refresh_expires_at', '>', cutoff),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};

const subscriptionsWithLanguage = (db: Db) =>
  db
    .selectFrom('push_subscriptions as ps')
    .innerJoin('users as u', 'u.id', 'ps.user_id')
    .select(['ps.id', 'ps.user_id', 'ps.endpoint', 'ps.p256dh', 'ps.auth', 'u.language']);

export const findPushSubscription = (db: Db, userId: number, endpoint: string): Promise<PushSubscriptionRow | undefined> =>
  subscriptionsWithLanguage(db).where('ps.user_id', '=', userId).where('ps.endpoint', '=', endpoint).executeTakeFirst();

export const deletePushSubscription = async (db: Db, id: number): Promise<void> => {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
};

export const deleteUserPushSubscription = async (db: Db, userId: number, endpoint: string): Promise<boolean> => {
  const result = await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
};

/**
 * A password change or reset: every subscription of the user goes, but those of `exceptDeviceId` (the browser that
 * made the change), so that whoever held the account before gets none of its alerts any more.
 */
export const deleteUserPushSubscriptions = async (db: Db, userId: number, exceptDeviceId: string | null): Promise<void> => {
  const kept = exceptDeviceId ?? '';
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('device_id', 'is', null), eb('device_id', '<>', kept)]))
    .execute();
};

/** Logout of a device: its subscriptions go, so the next person on that device gets none of this user's alerts. */
export const deleteDevicePushSubscriptions = async (db: Db, userId: number, deviceId: string): Promise<void> => {
  await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('device_id', '=', deviceId).execute();
};

/**
 * The devices that get push alerts about a line: those of the customer's owners and admins, and of the plain user who
 * uses the line; invoice alerts (`holderOnly`) go to the owners and admins only (docs/product/roles.md "Plain user").
 */
export const pushSubscriptionsForLine = async (
  db: Db,
  customerId: number,
  contract: { id: number; msisdn: string | null; linked_user_id: number | null } | null,
  holderOnly: boolean,
): Promise<PushSubscriptionRow[]> =>
  (await subscriptionsWithLanguage(db).select(['u.role', 'u.msisdn']).where('u.customer_id', '=', customerId).orderBy('ps.id').execute())
    .filter((row) => {
      if (row.role === 'owner' || row.role === 'admin') return true;
      if (row.role !== 'user' || holderOnly || !contract) return false;
      return contract.linked_user_id === row.user_id || (row.msisdn !== null && row.msisdn === contract.msisdn);
    })
    .map(({ id, user_id, endpoint, p256dh, auth, language }) => ({ id, user_id, endpoint, p256dh, auth, language }));

/** Test pushes an account asked for since an instant (their log rows: event key TEST:…). */
export const testPushesSince = async (db: Db, userId: number, since: Date): Promise<number> => {
  const row = await db
    .selectFrom('notification_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('event_key', 'like', 'TEST:%')
    .where('created_at', '>=', since.toISOString())
    .executeTakeFirst();
  return Number(row?.n ?? 0);
};
