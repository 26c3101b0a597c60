import type { EntityTable } from 'dexie';
import type { Language } from '#contract/common';
import type { Role } from '#contract/auth';

/*
 * The signed-in session and this device's credentials (docs/product/auth.md).
 */

/** The non-secret session descriptor that lets the app start offline. Tokens never live here. */
export type SessionRow = {
  id: 'current';
  userId: number;
  userGuid: string;
  customerId: number | null;
  role: Role;
  scope: string;
  msisdn: string | null;
  email: string | null;
  energyRef: string | null;
  language: Language;
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD when the account has one (a new PIN may not be its year); absent on sessions stored before. */
  birthDate?: string | null;
  expiresAt: number;
  loggedInAt: number;
};

/**
 * This device's credentials for PIN login and access renewal (docs/product/auth.md "The device PIN";
 * docs/product/security.md "The PIN's device binding"). The key is a random secret the server stores hashed and
 * checks together with the PIN; the PIN itself never lives here. Kept when a session expires (so the PIN still
 * works), wiped by an explicit logout.
 */
export type DeviceRow = {
  id: 'current';
  deviceId: string;
  deviceKey: string;
  /** The user the device's PIN and refresh token belong to. */
  userGuid: string | null;
  firstName: string | null;
  /** When the PIN set on this device expires (3 months); null when none is set. */
  pinExpiresAt: number | null;
  /** "Later" on the PIN setup prompt. */
  pinPromptDismissedAt: number | null;
  /** When the refresh token (an HttpOnly cookie) expires; null once the server refused it (419/429). */
  refreshExpiresAt: number | null;
};

/** The tables of this area in the app database. */
export type SessionTables = {
  session: EntityTable<SessionRow, 'id'>;
  devices: EntityTable<DeviceRow, 'id'>;
};
