import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '#db/db';
import type { DeviceRow } from '#db/schema';
import { fromLive, type LiveResult } from '#lib/live-result';

export { isTouchDevice } from './session-peek.ts';

/*
 * This device's credentials (docs/architecture.md "Session and security decisions"): a random device id and a random
 * 256-bit device key made with WebCrypto. The server stores only a hash of the key and checks a PIN against it, so
 * the PIN is never compared in script and a copied key alone opens nothing. Offline: everything here is local.
 */

const base64url = (bytes: Uint8Array): string =>
  btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export const newDeviceCredentials = (): Pick<DeviceRow, 'deviceId' | 'deviceKey'> => {
  const key = new Uint8Array(32);
  crypto.getRandomValues(key);
  return { deviceId: crypto.randomUUID(), deviceKey: base64url(key) };
};

export const readDevice = async (): Promise<DeviceRow | null> => (await db.devices.get('current')) ?? null;

export const useDevice = (): LiveResult<DeviceRow | null> => fromLive(useLiveQuery(async () => ({ data: await readDevice() }), []));

/** The device row, created on first use (before the first login, so that login can bind the session to it). */
export const ensureDevice = async (): Promise<DeviceRow> => {
  return db.transaction('rw', db.devices, async () => {
    const existing = await db.devices.get('current');
    if (existing) return existing;
    const row: DeviceRow = {
      id: 'current',
      ...newDeviceCredentials(),
      userGuid: null,
      firstName: null,
      pinExpiresAt: null,
      pinPromptDismissedAt: null,
      refreshExpiresAt: null,
    };
    await db.devices.put(row);
    return row;
  });
};

export const updateDevice = async (changes: Partial<Omit<DeviceRow, 'id'>>): Promise<void> => {
  await db.devices.update('current', changes);
};

/** Forget this device entirely: the next login starts with fresh credentials. */
export const forgetDevice = async (): Promise<void> => {
  await db.devices.delete('current');
};

