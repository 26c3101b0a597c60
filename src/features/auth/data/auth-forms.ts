import { z } from 'zod';
import { passwordSchema, phoneSchema, verificationCodeSchema } from '#contract/validators';

/**
 * Form schemas shared by the recovery and account-creation screens (same rules as the server,
 * docs/product/validation.md).
 */
export const phoneFormSchema = z.object({ msisdn: phoneSchema });

/** A phone, the 6-digit SMS code, and a new password typed twice. */
export const smsCodeFormSchema = z
  .object({ msisdn: phoneSchema, code: verificationCodeSchema, pwd: passwordSchema, confirm: z.string() })
  .refine((v) => v.pwd === v.confirm, { path: ['confirm'], message: 'validation:password.confirm' });
