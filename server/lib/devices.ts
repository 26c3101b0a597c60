import type { Db } from '../db/database.ts';
import { addMonths } from './clock.ts';
import { hashPasswordAsync, verifyPasswordAsync } from './password.ts';
import { revokeDeviceSessions } from './sessions.ts';
import { stmt } from './sql.ts';
import { hashToken, matchesHash } from './tokens.ts';

/*
 * Device PIN (SPEC §1, §9; ARCHITECTURE.md): the app makes a random device key with WebCrypto and sends it with
 * its device id; the server keeps only SHA-256(key) and scrypt(key + PIN). A PIN is therefore checked by the
 * server only, is worthless without the key of the device it was set on, and cannot be brute-forced from a
 * leaked database (the key is never stored). 5 wrong PINs revoke the device; a PIN lives 3 months.
 */

export const PIN_VALIDITY_MONTHS = 3;
/** Devices a user keeps (the newest): each login from a new browser registers one. */
export const MAX_DEVICES_PER_USER = 20;
/** How long a device without a live session is kept after its PIN ended (or, without PIN, after it was registered). */
export const DEVICE_RETENTION_DAYS = 30;
export const MAX_PIN_ATTEMPTS = 5;

export type DeviceRevokeReason = 'pinAttempts' | 'pinExpired' | 'logout' | 'passwordReset' | 'passwordChanged';

export type DeviceRow = {
  id: number;
  user_id: number;
  client_id: string;
  device_key_hash: string;
  pin_hash: string | null;
  pin_set_at: string | null;
  failed_attempts: number;
  expires_at: string;
  revoked_at: string | null;
  revoked_reason: DeviceRevokeReason | null;
};

const COLUMNS = 'id, user_id, client_id, device_key_hash, pin_hash, pin_set_at, failed_attempts, expires_at, revoked_at, revoked_reason';

// The key is mixed into the hashed PIN so that 10^4 PINs cannot be tried offline without it.
const pinInput = (deviceKey: string, pin: string): string => `${deviceKey}\u0000${pin}`;

export const findDevice = (db: Db, userId: number, clientId: string): DeviceRow | undefined =>
  stmt<[number, string], DeviceRow>(db, `SELECT ${COLUMNS} FROM devices WHERE user_id = ? AND client_id = ?`).get(userId, clientId);

export const findDeviceById = (db: Db, id: number): DeviceRow | undefined =>
  stmt<[number], DeviceRow>(db, `SELECT ${COLUMNS} FROM devices WHERE id = ?`).get(id);

export const deviceKeyMatches = (device: DeviceRow, deviceKey: string): boolean => matchesHash(deviceKey, device.device_key_hash);

/** The PIN's expiry, or null when the device has no usable PIN. */
export const pinExpiry = (device: DeviceRow): string | null => (device.pin_hash && !device.revoked_at ? device.expires_at : null);

/**
 * A password login that names its device (re)registers it. The same key keeps a PIN already set (the password
 * proved the user; failed PIN attempts are forgiven); a new key, or a revoked device, starts without a PIN,
 * because the stored PIN hash is bound to the old key.
 */
export const registerDevice = (db: Db, userId: number, clientId: string, deviceKey: string, now: Date): DeviceRow => {
  const existing = findDevice(db, userId, clientId);
  const at = now.toISOString();
  if (existing && existing.revoked_at === null && deviceKeyMatches(existing, deviceKey)) {
    stmt<[number]>(db, 'UPDATE devices SET failed_attempts = 0 WHERE id = ?').run(existing.id);
  } else if (existing) {
    stmt<[string, string, number]>(
      db,
      `UPDATE devices SET device_key_hash = ?, pin_hash = NULL, pin_set_at = NULL, failed_attempts = 0, expires_at = ?,
         revoked_at = NULL, revoked_reason = NULL WHERE id = ?`,
    ).run(hashToken(deviceKey), at, existing.id);
  } else {
    stmt<[number, string, string, string, string]>(
      db,
      'INSERT INTO devices (user_id, client_id, device_key_hash, failed_attempts, expires_at, created_at) VALUES (?, ?, ?, 0, ?, ?)',
    ).run(userId, clientId, hashToken(deviceKey), at, at);
    // A bound on what logins can add (docs/product/security.md "Tables"): the oldest devices beyond it go, with
    // their sessions and PINs.
    const extra = stmt<[number, number], { id: number }>(
      db,
      'SELECT id FROM devices WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT -1 OFFSET ?',
    ).all(userId, MAX_DEVICES_PER_USER);
    for (const { id } of extra) {
      revokeDeviceSessions(db, id, now, 'deviceRevoked');
      stmt<[number]>(db, 'DELETE FROM devices WHERE id = ?').run(id);
    }
  }
  const row = findDevice(db, userId, clientId);
  if (!row) throw new Error('device just registered is missing');
  return row;
};

/** Sets (or replaces) the PIN of a device for 3 months; registers the device if needed. */
export const setDevicePin = async (
  db: Db,
  userId: number,
  clientId: string,
  deviceKey: string,
  pin: string,
  now: Date,
): Promise<DeviceRow> => {
  const pinHash = await hashPasswordAsync(pinInput(deviceKey, pin));
  const device = registerDevice(db, userId, clientId, deviceKey, now);
  const expiresAt = addMonths(now, PIN_VALIDITY_MONTHS).toISOString();
  stmt<[string, string, string, string, number]>(
    db,
    `UPDATE devices SET device_key_hash = ?, pin_hash = ?, pin_set_at = ?, failed_attempts = 0, expires_at = ?,
       revoked_at = NULL, revoked_reason = NULL WHERE id = ?`,
  ).run(hashToken(deviceKey), pinHash, now.toISOString(), expiresAt, device.id);
  const row = findDeviceById(db, device.id);
  if (!row) throw new Error('device just updated is missing');
  return row;
};

/** Revokes a device: its PIN stops working and the sessions opened on it end. */
export const revokeDevice = (db: Db, deviceId: number, now: Date, reason: DeviceRevokeReason): void => {
  stmt<[string, DeviceRevokeReason, number]>(
    db,
    'UPDATE devices SET revoked_at = ?, revoked_reason = ?, pin_hash = NULL WHERE id = ? AND revoked_at IS NULL',
  ).run(now.toISOString(), reason, deviceId);
  revokeDeviceSessions(db, deviceId, now, 'deviceRevoked');
};

/** Revokes every device of a user but `exceptDeviceId` (the device of the session that changed the password). */
export const revokeUserDevices = (
  db: Db,
  userId: number,
  now: Date,
  reason: DeviceRevokeReason,
  exceptDeviceId: number | null = null,
): void => {
  const ids = stmt<[number, number], { id: number }>(db, 'SELECT id FROM devices WHERE user_id = ? AND id <> ? AND revoked_at IS NULL').all(
    userId,
    exceptDeviceId ?? -1,
  );
  for (const { id } of ids) revokeDevice(db, id, now, reason);
};

export type PinCheck =
  | { ok: true; device: DeviceRow }
  | { ok: false; reason: 'unknownDevice' | 'noPin' | 'revoked' | 'pinExpired' | 'tooManyAttempts' }
  | { ok: false; reason: 'wrongPin'; attemptsLeft: number };

/**
 * Checks a PIN for a device whose key already matched. Wrong PINs are counted on the device; the 5th revokes it.
 * An expired PIN revokes the device too (the user logs in with the password and sets a new PIN). The attempt is
 * counted before the (asynchronous) hash check and forgiven when the PIN is right, so PINs sent all at once cannot
 * pass the limit while their checks are in flight.
 */
export const checkPin = async (db: Db, device: DeviceRow, deviceKey: string, pin: string, now: Date): Promise<PinCheck> => {
  if (device.revoked_at !== null) {
    if (device.revoked_reason === 'pinAttempts') return { ok: false, reason: 'tooManyAttempts' };
    if (device.revoked_reason === 'pinExpired') return { ok: false, reason: 'pinExpired' };
    return { ok: false, reason: 'revoked' };
  }
  if (!device.pin_hash) return { ok: false, reason: 'noPin' };
  if (new Date(device.expires_at).getTime() <= now.getTime()) {
    revokeDevice(db, device.id, now, 'pinExpired');
    return { ok: false, reason: 'pinExpired' };
  }
  const counted = stmt<[number, number], { failed_attempts: number }>(
    db,
    `UPDATE devices SET failed_attempts = failed_attempts + 1
     WHERE id = ? AND revoked_at IS NULL AND failed_attempts < ? RETURNING failed_attempts`,
  ).get(device.id, MAX_PIN_ATTEMPTS);
  if (!counted) return { ok: false, reason: 'tooManyAttempts' };
  if (await verifyPasswordAsync(pinInput(deviceKey, pin), device.pin_hash)) {
    stmt<[number]>(db, 'UPDATE devices SET failed_attempts = 0 WHERE id = ?').run(device.id);
    return { ok: true, device };
  }
  if (counted.failed_attempts >= MAX_PIN_ATTEMPTS) {
    revokeDevice(db, device.id, now, 'pinAttempts');
    return { ok: false, reason: 'tooManyAttempts' };
  }
  return { ok: false, reason: 'wrongPin', attemptsLeft: MAX_PIN_ATTEMPTS - counted.failed_attempts };
};

/**
 * Devices nobody uses any more (the clean-up job): no live session, and revoked or past their PIN (or their
 * registration, without a PIN) for DEVICE_RETENTION_DAYS; kept that long so that a PIN login still tells why the
 * PIN no longer works.
 */
export const purgeUnusedDevices = (db: Db, now: Date): number => {
  const cutoff = new Date(now.getTime() - DEVICE_RETENTION_DAYS * 24 * 60 * 60 * 1000).toISOString();
  return stmt<[string, string, string]>(
    db,
    `DELETE FROM devices WHERE COALESCE(revoked_at, expires_at) <= ? AND expires_at <= ?
       AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.device_id = devices.id AND s.revoked_at IS NULL AND s.refresh_expires_at > ?)`,
  ).run(cutoff, cutoff, now.toISOString()).changes;
};
