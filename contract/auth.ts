import { z } from 'zod';
import { languageSchema } from './common.ts';
import { emailSchema, loginIdentifierSchema, newPasswordSchema, passwordSchema, phoneSchema, pinSchema, verificationCodeSchema } from './validators.ts';

export const scopes = ['LEGACY', 'TEMP', 'DEFAULT'] as const;
export const roles = ['owner', 'admin', 'user', 'none'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;
/** Short role codes that also appear in payloads (SPEC §3, §6). */
export const roleCodes = { O: 'owner', A: 'admin', U: 'user' } as const satisfies Record<string, Role>;

/** SPEC §3 "Auth user", as the server sends it (snake_case). */
export const authUserSchema = z.object({
  id: z.number().int(),
  guid: z.string(),
  customer_id: z.number().int().nullable(),
  scope: z.enum(scopes),
  role: roleSchema,
  email: z.string().nullable(),
  msisdn: z.string().nullable(),
  energy_ref: z.string().nullable(),
  language: z.object({ app: languageSchema }),
  personal_data: z.object({
    first_name: z.string(),
    last_name: z.string(),
    birth_date: z.string().nullable(),
  }),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** A plain user logs in with its phone number; everyone else with customer number, energy number or e-mail. */
export const loginRequestSchema = z.object({
  login: loginIdentifierSchema,
  password: z.string({ error: 'validation:required' }).min(1, 'validation:required').max(128),
  deviceId: z.string().max(100).optional(),
  deviceKey: z.string().max(200).optional(),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * Login answer. Tokens travel in HttpOnly cookies (ARCHITECTURE.md); the body repeats them only for non-browser
 * clients, and the app never stores them.
 */
export const loginResponseSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  expires_at: z.string(),
  user: authUserSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const tokenExpiredRequestSchema = z.object({ token: z.string().max(500).optional() });
export const tokenExpiredResponseSchema = z.object({ expired: z.boolean(), expires_at: z.string().nullable() });

export const logoutRequestSchema = z.object({ deviceId: z.string().max(100).optional(), accessOnly: z.boolean().optional() });

export const renewAccessRequestSchema = z.object({
  refresh_token: z.string().max(500).optional(),
  deviceKey: z.string().max(200).optional(),
});

export const pinLoginRequestSchema = z.object({
  guid: z.string().min(1).max(64),
  deviceId: z.string().min(1).max(100),
  deviceKey: z.string().min(1).max(200),
  pin: pinSchema,
});

export const pinSetupRequestSchema = z.object({
  deviceId: z.string().min(1).max(100),
  deviceKey: z.string().min(1).max(200),
  pin: pinSchema,
});

export const languageRequestSchema = z.object({ lang: languageSchema });

export const changePasswordRequestSchema = z
  .object({ old_pwd: z.string().min(1, 'validation:required').max(128), pwd: passwordSchema })
  .refine((v) => v.old_pwd !== v.pwd, { path: ['pwd'], message: 'validation:password.reuse' });

export const resetPasswordRequestSchema = z.union([
  z.object({ email: emailSchema }),
  z.object({ msisdn: phoneSchema }),
]);

export const recoverBySmsRequestSchema = z.object({ msisdn: phoneSchema, code: verificationCodeSchema, pwd: passwordSchema });
export const createPasswordRequestSchema = z.object({ pwd: passwordSchema });
export const createAccountRequestSchema = z.union([
  z.object({ customer: z.string().trim().min(1, 'validation:required').max(254), email: emailSchema }),
  z.object({ msisdn: phoneSchema }),
]);

/** Recovery initialisation answer (SPEC §7): a user with customer_ref or email. */
export const recoveryInitResponseSchema = z.object({
  user: z.object({ customer_ref: z.string().nullable(), email: z.string().nullable() }),
});

/** Recovery state kept per browser session (SPEC §3). */
export const recoveryStateSchema = z.object({
  guid: z.string().nullable(),
  token: z.string().nullable(),
  customer: z.string().nullable(),
  invalid: z.boolean(),
  enableSms: z.boolean(),
  createAccount: z.boolean(),
});
export type RecoveryState = z.infer<typeof recoveryStateSchema>;

export { newPasswordSchema };
