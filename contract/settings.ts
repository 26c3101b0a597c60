import { z } from 'zod';

export const notificationChannels = ['SMS', 'EMAIL', 'PUSH'] as const;
export const notificationTypes = ['80PC', '100PC', 'OOB', 'INV', 'OTHER'] as const;
export const notificationSettingSchema = z.object({
  id: z.number().int(),
  type: z.enum(notificationTypes),
  channel: z.enum(notificationChannels),
  active: z.boolean(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;

export const premiumBarrings = ['all', 'info', 'game', 'payment', 'erotic', 'none'] as const;
export const roamingTypes = ['WORLD_COVERAGE', 'EU_INCLUDE_SWISS', 'EU_WITHOUT_SWISS', 'CALLS_SMS_ONLY', 'COVERAGE_NONE'] as const;
export const throttlingTiers = ['512K', '2M', '5M', '100M', 'NONE'] as const;

export const contractSettingsSchema = z.object({
  premiumBarring: z.enum(premiumBarrings),
  internationalBarring: z.boolean(),
  roamingType: z.enum(roamingTypes),
  throttling: z.enum(throttlingTiers),
  pin: z.string().nullable(),
  puk: z.string().nullable(),
});
export type ContractSettings = z.infer<typeof contractSettingsSchema>;

/** A limit change: SAFEGUARD type with _LIMIT or _ALERT form, amount in cents. */
export const safeguardChangeSchema = z.object({
  type: z.enum(['OSG_LIMIT', 'OSG_ALERT', 'PSG_LIMIT', 'PSG_ALERT', 'DSG_LIMIT', 'DSG_ALERT']),
  amount: z.number().int().min(0).max(100_000),
});
