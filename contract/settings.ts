import { z } from 'zod';
import { languageSchema } from './common.ts';
import { PAGE_VIEW_ROUTE } from './consent.ts';
import { privacySettingsSchema } from './customer.ts';
import { premiumBarrings, roamingTypes, safeguardResources, settingResources, throttlingTiers } from './line-settings.ts';
import { orderStatusSchema } from './orders.ts';
import { safeguardSchema } from './usage.ts';

export { premiumBarrings, roamingTypes, throttlingTiers } from './line-settings.ts';

// ---------------------------------------------------------------------------------------------------------------
// Line settings (docs/product/settings.md "Out-of-bundle limits and alerts", "Line changes and when they apply";
// order items SAFEGUARD and SETTING)
// ---------------------------------------------------------------------------------------------------------------

export const contractSettingsSchema = z.object({
  premiumBarring: z.enum(premiumBarrings),
  internationalBarring: z.boolean(),
  roamingType: z.enum(roamingTypes),
  throttling: z.enum(throttlingTiers),
});

export const lineResourceSchema = z.enum([...safeguardResources, ...settingResources]);

/**
 * A change of a line's settings as its order line says it: requested, waiting until `applyAt`
 * (docs/product/settings.md "Line changes and when they apply": limits within 2 minutes, roaming up to 4 hours), then
 * applied (SUCCESS) or failed. Values as the order history shows them: cents as strings, enum values, `0`/`1`.
 */
export const lineChangeSchema = z.object({
  id: z.number().int(),
  orderRef: z.string(),
  kind: z.enum(['SAFEGUARD', 'SETTING']),
  resource: lineResourceSchema,
  oldValue: z.string().nullable(),
  newValue: z.string(),
  status: orderStatusSchema,
  createdAt: z.string(),
  applyAt: z.string(),
  executedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type LineChange = z.infer<typeof lineChangeSchema>;

/** GET …/contract/{id}/settings: the line's settings, its PIN and PUK, its safeguards and its recent changes. */
export const lineSettingsSchema = z.object({
  contractId: z.number().int(),
  settings: contractSettingsSchema,
  codes: z.object({ pin: z.string().nullable(), puk: z.string().nullable() }),
  safeguards: z.array(safeguardSchema),
  /** Waiting changes, and those applied or failed in the last 24 hours. */
  changes: z.array(lineChangeSchema),
});
export type LineSettings = z.infer<typeof lineSettingsSchema>;

/** POST …/safeguard: a limit or alert threshold of OSG, PSG or DSG, in cents. */
export const safeguardChangeSchema = z.object({
  type: z.enum(safeguardResources),
  amount: z.number().int('validation:limit.cents').min(0, 'validation:limit.negative').max(10_000_000),
});

/** POST …/settings: one setting of the line. */
export const settingChangeSchema = z.discriminatedUnion('resource', [
  z.object({ resource: z.literal('ROAMING'), value: z.enum(roamingTypes) }),
  z.object({ resource: z.literal('THROTTLING'), value: z.enum(throttlingTiers) }),
  z.object({ resource: z.literal('PREMIUM_BARRING'), value: z.enum(premiumBarrings) }),
  z.object({ resource: z.literal('INTERNATIONAL_BARRING'), value: z.boolean() }),
]);
export type SettingChange = z.infer<typeof settingChangeSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Alerts (docs/product/settings.md "Notifications")
// ---------------------------------------------------------------------------------------------------------------

export const notificationChannels = ['SMS', 'EMAIL', 'PUSH'] as const;
export const notificationTypes = ['80PC', '100PC', 'OOB', 'INV', 'OTHER'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];
export type NotificationType = (typeof notificationTypes)[number];

export const notificationSettingSchema = z.object({
  id: z.number().int(),
  contractId: z.number().int(),
  type: z.enum(notificationTypes),
  channel: z.enum(notificationChannels),
  active: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

export const notificationSettingsSchema = z.object({ settings: z.array(notificationSettingSchema) });

export const notificationsPatchSchema = z.object({
  settings: z
    .array(z.object({ id: z.number().int().positive(), active: z.boolean() }))
    .min(1)
    .max(50),
});

/** One message the server sent the customer (the list of the last notifications). */
export const sentNotificationSchema = z.object({
  id: z.number().int(),
  contractId: z.number().int().nullable(),
  msisdn: z.string().nullable(),
  type: z.enum(notificationTypes),
  channel: z.enum(notificationChannels),
  title: z.string(),
  status: z.enum(['sent', 'failed', 'noRecipient']),
  sentAt: z.string(),
});
export type SentNotification = z.infer<typeof sentNotificationSchema>;
export const sentNotificationsSchema = z.object({ notifications: z.array(sentNotificationSchema) });

// ---------------------------------------------------------------------------------------------------------------
// Web Push
// ---------------------------------------------------------------------------------------------------------------

const base64Url = z.string().regex(/^[A-Za-z0-9_-]+$/, 'validation:invalid');

/**
 * The browser's PushSubscription (its toJSON()) and the device it lives on; its notifications speak the user's
 * language (the one saved with POST /user/language).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(1000),
  keys: z.object({ p256dh: base64Url.min(80).max(100), auth: base64Url.min(16).max(32) }),
  deviceId: z.string().min(8).max(100).optional(),
});

export const pushEndpointSchema = z.object({ endpoint: z.url({ protocol: /^https?$/ }).max(1000) });

/** What the service worker receives in a push: already in the customer's language, and where a click leads. */
export const pushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  lang: languageSchema,
  url: z.string().startsWith('/'),
  tag: z.string(),
  type: z.enum(notificationTypes),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Privacy and page views
// ---------------------------------------------------------------------------------------------------------------

/** GET /customer/{id}/privacy: the sales and marketing consents, and whether this user may change them. */
export const privacyStateSchema = privacySettingsSchema.extend({ editable: z.boolean() });
export type PrivacyState = z.infer<typeof privacyStateSchema>;
export { privacySettingsSchema };

/**
 * A page view (docs/product/settings.md "Cookies and consent"): the route's name and the language, nothing that names
 * the user.
 */
export const pageViewSchema = z.object({ route: z.string().regex(PAGE_VIEW_ROUTE, 'validation:invalid'), lang: languageSchema });
