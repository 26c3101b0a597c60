import type { EntityTable } from 'dexie';
import type { UsageSummaryRow } from './usage.ts';

/*
 * A line's settings, alerts, consents and the messages sent (docs/product/settings.md).
 */

/** A change of a line's settings as its order line says it (contract/settings.ts `LineChange`). */
export type LineChangeRow = {
  /** The order line's id; negative for a change made on this device that the server has not answered yet. */
  id: number;
  orderRef: string;
  kind: 'SAFEGUARD' | 'SETTING';
  resource: string;
  oldValue: string | null;
  newValue: string;
  status: 'CANCELED' | 'PENDING' | 'QUEUED' | 'FAILED' | 'SUCCESS';
  createdAt: string;
  /** When the server applies it (ISO instant); '' while the server has not answered. */
  applyAt: string;
  executedAt: string | null;
  error: string | null;
};

/** A line's settings, PIN and PUK, safeguards (cents) and recent changes (GET …/contract/{id}/settings). */
export type LineSettingsRow = {
  contractId: number;
  customerId: number;
  settings: { premiumBarring: string; internationalBarring: boolean; roamingType: string; throttling: string };
  codes: { pin: string | null; puk: string | null };
  safeguards: UsageSummaryRow['safeguards'];
  changes: LineChangeRow[];
};

/** One cell of the alert grid: a line's choice for one alert type on one channel. */
export type NotificationSettingRow = {
  id: number;
  customerId: number;
  contractId: number;
  type: '80PC' | '100PC' | 'OOB' | 'INV' | 'OTHER';
  channel: 'SMS' | 'EMAIL' | 'PUSH';
  active: boolean;
};

/** The holder's sales and marketing consents, and whether this user may change them. */
export type PrivacyRow = { customerId: number; sales: boolean; marketing: boolean; editable: boolean };

/** One message the server sent the customer (the list of the last notifications). */
export type SentNotificationRow = {
  id: number;
  customerId: number;
  contractId: number | null;
  msisdn: string | null;
  type: NotificationSettingRow['type'];
  channel: NotificationSettingRow['channel'];
  title: string;
  status: 'sent' | 'failed' | 'noRecipient';
  sentAt: string;
};

/** The tables of this area in the app database. */
export type SettingsTables = {
  lineSettings: EntityTable<LineSettingsRow, 'contractId'>;
  notificationSettings: EntityTable<NotificationSettingRow, 'id'>;
  privacySettings: EntityTable<PrivacyRow, 'customerId'>;
  sentNotifications: EntityTable<SentNotificationRow, 'id'>;
};
