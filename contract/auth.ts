import { z } from 'zod';
import { languageSchema } from './common.ts';
import {
  customerNumberSchema,
  emailSchema,
  loginIdentifierSchema,
  passwordSchema,
  phoneSchema,
  newPinValueSchema,
  pinSchema,
  verificationCodeSchema,
} from './validators.ts';

export const scopes = ['LEGACY', 'TEMP', 'DEFAULT'] as const;
export const roles = ['owner', 'admin', 'user', 'none'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

/**
 * The signed-in user (docs/product/roles.md "Roles", "Scopes"; docs/product/auth.md "Login identifiers"), as the
 * server sends it (snake_case).
 */
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

/**
 * This device, as the app names it (docs/product/security.md "The PIN's device binding"): `deviceId` a random UUID,
 * `deviceKey` a random secret of at least 32 bytes (base64url, ≥ 43 characters) made with WebCrypto. The server
 * stores only hashes; a PIN works only together with the key of the device it was set on.
 */
export const deviceIdSchema = z.string({ error: 'validation:required' }).min(1, 'validation:required').max(100, 'validation:invalid');
export const deviceKeySchema = z.string({ error: 'validation:required' }).min(32, 'validation:invalid').max(200, 'validation:invalid');

/** Both halves of a device or neither: a key without its id (or the reverse) is a client bug worth a 400. */
const devicePair = (value: { deviceId?: string | undefined; deviceKey?: string | undefined }, ctx: z.RefinementCtx): void => {
  if (value.deviceId !== undefined && value.deviceKey === undefined)
    ctx.addIssue({ code: 'custom', path: ['deviceKey'], message: 'validation:required' });
  if (value.deviceKey !== undefined && value.deviceId === undefined)
    ctx.addIssue({ code: 'custom', path: ['deviceId'], message: 'validation:required' });
};

/**
 * A plain user logs in with its phone number; everyone else with customer number, energy number or e-mail.
 * With `deviceId` + `deviceKey` the session is bound to this device (needed before `setupPin`, and then
 * `renewAccess` must send the same key).
 */
export const loginRequestSchema = z
  .object({
    login: loginIdentifierSchema,
    password: z.string({ error: 'validation:required' }).min(1, 'validation:required').max(128),
    deviceId: deviceIdSchema.optional(),
    deviceKey: deviceKeySchema.optional(),
  })
  .superRefine(devicePair);

/**
 * Bearer mode: a non-browser client (a script, a partner's server) that cannot keep cookies sends this header with
 * the value `bearer` on the login, PIN login, link login and renew-access calls; only then does the answer's body
 * carry `token` and `refresh_token` (then sent back as `Authorization: Bearer <token>` and in renew-access's
 * `refresh_token`). Without it (the browser, cookie mode) the tokens travel only in HttpOnly cookies, out of reach
 * of any script. The app never asks for bearer mode.
 */
export const authModeHeader = 'X-Auth-Mode';
export const bearerAuthMode = 'bearer';

/**
 * Login answer (password, PIN, link, renewal). Tokens travel in HttpOnly cookies (docs/architecture.md); the body
 * carries them only in bearer mode (`X-Auth-Mode: bearer`, non-browser clients). `device` is present when the
 * session is bound to a device: `pin_expires_at` is null while no PIN is set on it (→ offer PIN setup on a touch
 * device).
 */
export const loginResponseSchema = z.object({
  token: z.string().optional(),
  refresh_token: z.string().optional(),
  expires_at: z.string(),
  /** When the refresh token (and so this login) ends: 3 months after the password or PIN login. */
  refresh_expires_at: z.string(),
  user: authUserSchema,
  device: z.object({ id: z.string(), pin_expires_at: z.string().nullable() }).optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const tokenExpiredRequestSchema = z.object({ token: z.string().max(500).optional() });
export const tokenExpiredResponseSchema = z.object({ expired: z.boolean(), expires_at: z.string().nullable() });

/** `deviceId`: this device's PIN stops working too (full logout). `accessOnly`: only the access token dies. */
export const logoutRequestSchema = z.object({ deviceId: z.string().max(100).optional(), accessOnly: z.boolean().optional() });

/**
 * Silent renewal with the refresh token (HttpOnly cookie; `refresh_token` in the body for non-browser clients).
 * `deviceKey` is required when the session is bound to a device. Rotates the refresh token; a rotated token that
 * comes back revokes its whole family. 419 `invalidToken`: unknown, expired, revoked or reused → forget it and log
 * in; 429: too many failures from this address.
 */
export const renewAccessRequestSchema = z.object({
  refresh_token: z.string().max(500).optional(),
  deviceKey: z.string().max(200).optional(),
});

/** PIN login (and PIN renewal at /login/renew): the user's guid, this device, and the PIN. */
export const pinLoginRequestSchema = z.object({
  guid: z.string({ error: 'validation:required' }).min(1, 'validation:required').max(64),
  deviceId: deviceIdSchema,
  deviceKey: deviceKeySchema,
  pin: pinSchema,
});

/** Sets the PIN of this device (logged in). The answer's `expires_at` is the PIN's expiry (3 months). */
/** The birth-year rule needs the user: the server checks it with the account's birth date (routes/auth/session.ts). */
export const pinSetupRequestSchema = z.object({
  deviceId: deviceIdSchema,
  deviceKey: deviceKeySchema,
  pin: newPinValueSchema(),
});
export const pinSetupResponseSchema = z.object({ expires_at: z.string() });

/** Optional with every body: the language of the e-mail or SMS the call sends (default: the account's). */
const messageLang = { lang: languageSchema.optional() };

export const languageRequestSchema = z.object({ lang: languageSchema });

/**
 * Logged-in change (docs/product/auth.md "Changing the password": old_pwd, pwd). The "must differ" rule is the
 * server's answer (422 `samePassword`, field pwd), so that the form's check and the server's agree on one message; a
 * wrong old password is 422 `invalidCredentials` on field old_pwd (not 401: the session is fine).
 */
export const changePasswordRequestSchema = z.object({
  old_pwd: z.string({ error: 'validation:required' }).min(1, 'validation:required').max(128),
  pwd: passwordSchema,
});

/**
 * The answer of a logged-in change: every other session, PIN, trusted browser and push subscription of the account
 * has ended, and the session that made the change is renewed (new tokens, in cookies; in the body too for a client
 * in bearer mode, whose old tokens no longer work).
 */
export const changePasswordResponseSchema = z.object({
  success: z.boolean(),
  expires_at: z.string(),
  refresh_expires_at: z.string(),
  token: z.string().optional(),
  refresh_token: z.string().optional(),
});

/** Starts a recovery: a link by e-mail (/login/recover-password/{uuid}/{token}) or a 6-digit code by SMS. */
export const resetPasswordRequestSchema = z.union([
  z.object({ email: emailSchema, ...messageLang }),
  z.object({ msisdn: phoneSchema, ...messageLang }),
]);

/** Ends an SMS recovery: the code sent to the phone and the new password. */
export const recoverBySmsRequestSchema = z.object({ msisdn: phoneSchema, code: verificationCodeSchema, pwd: passwordSchema });
export const createPasswordRequestSchema = z.object({ pwd: passwordSchema });

/**
 * Account creation: customer number + the contact e-mail → a link to /login/create-password/{uuid}/{token}; or a
 * phone number (a line of the operator without a plain-user account) → an SMS code for `createAccountBySms`.
 */
export const createAccountRequestSchema = z.union([
  z.object({ customer: customerNumberSchema, email: emailSchema, ...messageLang }),
  z.object({ msisdn: phoneSchema, ...messageLang }),
]);

/** Ends an account creation by phone: the code sent by SMS and the password; the account logs in with the phone number. */
export const createAccountBySmsRequestSchema = z.object({ msisdn: phoneSchema, code: verificationCodeSchema, pwd: passwordSchema });

/** E-mail confirmation link /account/confirm-email/{uuid}/{token}: uuid = the customer's guid. */
export const confirmEmailRequestSchema = z.object({
  token: z.string({ error: 'validation:required' }).min(1, 'validation:required').max(200),
});

/** Login by link /login/{uuid}/{token}: optional device, as for a password login. */
export const linkLoginRequestSchema = z
  .object({ deviceId: deviceIdSchema.optional(), deviceKey: deviceKeySchema.optional() })
  .superRefine(devicePair);

/** Recovery initialisation answer (docs/product/auth.md "Password recovery"): a user with customer_ref or email. */
export const recoveryInitResponseSchema = z.object({
  user: z.object({ customer_ref: z.string().nullable(), email: z.string().nullable() }),
});

/** Recovery state kept per browser session (docs/product/auth.md "Password recovery"). */
export const recoveryStateSchema = z.object({
  guid: z.string().nullable(),
  token: z.string().nullable(),
  customer: z.string().nullable(),
  invalid: z.boolean(),
  enableSms: z.boolean(),
  createAccount: z.boolean(),
});
export type RecoveryState = z.infer<typeof recoveryStateSchema>;
