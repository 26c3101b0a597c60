import { type Db, writeTransaction } from '../db/engine.ts';
import type { Row } from '../db/rows.ts';
import { addMonths } from './clock.ts';
import { hashPasswordAsync, verifyPasswordAsync } from './password.ts';
import { revokeDeviceSessions } from './sessions.ts';
import { hashToken, matchesHash } from './tokens.ts';

/*
 * Device PIN (docs/product/auth.md "The device PIN", docs/product/security.md "The PIN's device binding";
 * docs/architecture.md): the app makes a random device key with WebCrypto and sends it with its device id; the server keeps
 * only SHA-256(key) and scrypt(key + PIN). A PIN is therefore checked by the server only, is worthless without the key
 * of the device it was set on, and cannot be brute-forced from a leaked database (the key is never stored). 5 wrong
 * PINs revoke the device; a PIN lives 3 months.
 */

export const PIN_VALIDITY_MONTHS = 3;
/** Devices a user keeps (the newest): each login from a new browser registers one. */
export const MAX_DEVICES_PER_USER = 20;
/** How long a device without a live session is kept after its PIN ended (or, without PIN, after it was registered). */
export const DEVICE_RETENTION_DAYS = 30;
export const MAX_PIN_ATTEMPTS = 5;

export type DeviceRevokeReason = 'pinAttempts' | 'pinExpired' | 'logout' | 'passwordReset' | 'passwordChanged';

export type DeviceRecord = Pick<
  Row<'devices'>,
  'id' | 'user_id' | 'device_key_hash' | 'pin_hash' | 'pin_set_at' | 'failed_attempts' | 'expires_at' | 'revoked_at'
> & { client_id: string; revoked_reason: DeviceRevokeReason | null };

const COLUMNS = [
  'id',
  'user_id',
  'client_id',
  'device_key_hash',
  'pin_hash',
  'pin_set_at',
  'failed_attempts',
  'expires_at',
  'revoked_at',
  'revoked_reason',
] as const;

// Devices are always registered with the app's id, and revoked with one of the reasons above.
const devices = (db: Db) =>
  db.selectFrom('devices').select(COLUMNS).$narrowType<{ client_id: string; revoked_reason: DeviceRevokeReason | null }>();

// The key is mixed into the hashed PIN so that 10^4 PINs cannot be tried offline without it.
const pinInput = (deviceKey: string, pin: string): string => `${deviceKey}\u0000${pin}`;

export const findDevice = (db: Db, userId: number, clientId: string): Promise<DeviceRecord | undefined> =>
  devices(db).where('user_id', '=', userId).where('client_id', '=', clientId).executeTakeFirst();

export const findDeviceById = (db: Db, id: number): Promise<DeviceRecord | undefined> =>
  devices(db).where('id', '=', id).executeTakeFirst();

export const deviceKeyMatches = (device: DeviceRecord, deviceKey: string): boolean => matchesHash(deviceKey, device.device_key_hash);

/** The PIN's expiry, or null when the device has no usable PIN. */
export const pinExpiry = (device: DeviceRecord): string | null => (device.pin_hash && !device.revoked_at ? device.expires_at : null);

/**
 * A password login that names its device (re)registers it. The same key keeps a PIN already set (the password
 * proved the user; failed PIN attempts are forgiven); a new key, or a revoked device, starts without a PIN,
 * because the stored PIN hash is bound to the old key.
 */
export const registerDevice = (db: Db, userId: number, clientId: string, deviceKey: string, now: Date): Promise<DeviceRecord> =>
  writeTransaction(db, async (tx) => {
    const existing = await findDevice(tx, userId, clientId);
    const at = now.toISOString();
    if (existing && existing.revoked_at === null && deviceKeyMatches(existing, deviceKey)) {
      await tx.updateTable('devices').set({ failed_attempts: 0 }).where('id', '=', existing.id).execute();
    } else if (existing) {
      await tx
        .updateTable('devices')
        .set({
          device_key_hash: hashToken(deviceKey),
          pin_hash: null,
          pin_set_at: null,
          failed_attempts: 0,
          expires_at: at,
          revoked_at: null,
          revoked_reason: null,
        })
        .where('id', '=', existing.id)
        .execute();
    } else {
      await tx
        .insertInto('devices')
        .values({
          user_id: userId,
          client_id: clientId,
          device_key_hash: hashToken(deviceKey),
          failed_attempts: 0,
          expires_at: at,
          created_at: at,
        })
        .execute();
      // A bound on what logins can add (docs/product/security.md "Rate limits and lockouts"): the oldest devices beyond
      // it go, with their sessions and PINs. (An OFFSET needs a LIMIT on SQLite: LIMIT -1 is "no limit" there and
      // refused by PostgreSQL, so the newest are read and the others found by difference.)
      const kept = await tx
        .selectFrom('devices')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(MAX_DEVICES_PER_USER)
        .execute();
      const extra = await tx
        .selectFrom('devices')
        .select('id')
        .where('user_id', '=', userId)
        .where(
          'id',
          'not in',
          kept.map((row) => row.id),
        )
        .execute();
      for (const { id } of extra) {
        await revokeDeviceSessions(tx, id, now, 'deviceRevoked');
        await tx.deleteFrom('devices').where('id', '=', id).execute();
      }
    }
    const row = await findDevice(tx, userId, clientId);
    if (!row) throw new Error('device just registered is missing');
    return row;
  });

/** Sets (or replaces) the PIN of a device for 3 months; registers the device if needed. */
export const setDevicePin = async (
  db: Db,
  userId: number,
  clientId: string,
  deviceKey: string,
  pin: string,
  now: Date,
): Promise<DeviceRecord> => {
  // Hashed before the transaction: scrypt takes a while and must not hold the write lock.
  const pinHash = await hashPasswordAsync(pinInput(deviceKey, pin));
  return writeTransaction(db, async (tx) => {
    const device = await registerDevice(tx, userId, clientId, deviceKey, now);
    const expiresAt = addMonths(now, PIN_VALIDITY_MONTHS).toISOString();
    await tx
      .updateTable('devices')
      .set({
        device_key_hash: hashToken(deviceKey),
        pin_hash: pinHash,
        pin_set_at: now.toISOString(),
        failed_attempts: 0,
        expires_at: expiresAt,
        revoked_at: null,
        revoked_reason: null,
      })
      .where('id', '=', device.id)
      .execute();
    const row = await findDeviceById(tx, device.id);
    if (!row) throw new Error('device just updated is missing');
    return row;
  });
};

/** Revokes a device: its PIN stops working and the sessions opened on it end. */
export const revokeDevice = (db: Db, deviceId: number, now: Date, reason: DeviceRevokeReason): Promise<void> =>
  writeTransaction(db, async (tx) => {
    await tx
      .updateTable('devices')
      .set({ revoked_at: now.toISOString(), revoked_reason: reason, pin_hash: null })
      .where('id', '=', deviceId)
      .where('revoked_at', 'is', null)
      .execute();
    await revokeDeviceSessions(tx, deviceId, now, 'deviceRevoked');
  });

/** Revokes every device of a user but `exceptDeviceId` (the device of the session that changed the password). */
export const revokeUserDevices = (
  db: Db,
  userId: number,
  now: Date,
  reason: DeviceRevokeReason,
  exceptDeviceId: number | null = null,
): Promise<void> =>
  writeTransaction(db, async (tx) => {
    const ids = await tx
      .selectFrom('devices')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '<>', exceptDeviceId ?? -1)
      .where('revoked_at', 'is', null)
      .execute();
    for (const { id } of ids) await revokeDevice(tx, id, now, reason);
  });

export type PinCheck =
  | { ok: true; device: DeviceRecord }
  | { ok: false; reason: 'unknownDevice' | 'noPin' | 'revoked' | 'pinExpired' | 'tooManyAttempts' }
  | { ok: false; reason: 'wrongPin'; attemptsLeft: number };

/**
 * Checks a PIN for a device whose key already matched. Wrong PINs are counted on the device; the 5th revokes it.
 * An expired PIN revokes the device too (the user logs in with the password and sets a new PIN). The attempt is
 * counted before the (asynchronous) hash check and forgiven when the PIN is right, so PINs sent all at once cannot
 * pass the limit while their checks are in flight.
 */
export const checkPin = async (db: Db, device: DeviceRecord, deviceKey: string, pin: string, now: Date): Promise<PinCheck> => {
  if (device.revoked_at !== null) {
    if (device.revoked_reason === 'pinAttempts') return { ok: false, reason: 'tooManyAttempts' };
    if (device.revoked_reason === 'pinExpired') return { ok: false, reason: 'pinExpired' };
    return { ok: false, reason: 'revoked' };
  }
  if (!device.pin_hash) return { ok: false, reason: 'noPin' };
  if (new Date(device.expires_at).getTime() <= now.getTime()) {
    await revokeDevice(db, device.id, now, 'pinExpired');
    return { ok: false, reason: 'pinExpired' };
  }
  const counted = await db
    .updateTable('devices')
    .set((eb) => ({ failed_attempts: eb('failed_attempts', '+', 1) }))
    .where('id', '=', device.id)
    .where('revoked_at', 'is', null)
    .where('failed_attempts', '<', MAX_PIN_ATTEMPTS)
    .returning('failed_attempts')
    .executeTakeFirst();
  if (!counted) return { ok: false, reason: 'tooManyAttempts' };
  if (await verifyPasswordAsync(pinInput(deviceKey, pin), device.pin_hash)) {
    await db.updateTable('devices').set({ failed_attempts: 0 }).where('id', '=', device.id).execute();
    return { ok: true, device };
  }
  if (counted.failed_attempts >= MAX_PIN_ATTEMPTS) {
    await revokeDevice(db, device.id, now, 'pinAttempts');
    return { ok: false, reason: 'tooManyAttempts' };
  }
  return { ok: false, reason: 'wrongPin', attemptsLeft: MAX_PIN_ATTEMPTS - counted.failed_attempts };
};

/**
 * Devices nobody uses any more (the clean-up job): no live session, and revoked or past their PIN (or their
 * registration, without a PIN) for DEVICE_RETENTION_DAYS; kept that long so that a PIN login still tells why the
 * PIN no longer works.
 */
export const purgeUnusedDevices = async (db: Db, now: Date): Promise<number> => {
  const cutoff = new Date(now.getTime() - DEVICE_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  const result = await db
    .deleteFrom('devices')
    .where((eb) => eb(eb.fn.coalesce('revoked_at', 'expires_at'), '<=', cutoff))
    .where('expires_at', '<=', cutoff)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('sessions as s')
            .select(eb.lit(1).as('one'))
            .whereRef('s.device_id', '=', 'devices.id')
            .where('s.revoked_at', 'is', null)
            .where('s.refresh_expires_at', '>', now.toISOString()),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
};
