import { isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { idCardNumberValid, luhnValid, nationalNumberCenturies } from './check-digits.ts';
import {
  customerNumberPattern,
  emailMaxLength,
  emailPattern,
  energyNumberPattern,
  landlinePattern,
  loginKind,
  normalizePhone,
  phonePattern,
  pinWeakness,
} from './rules.ts';

export {
  loginIdentifierError,
  loginKind,
  loginPasswordError,
  normalizePhone,
  pinWeakness,
  type LoginKind,
  type PinWeakness,
} from './rules.ts';

/*
 * The validation rules of SPEC §5 as reusable schemas. Messages are translation keys of the `validation`
 * namespace so that the form and the server's 400 answer speak the same language.
 */

const digits = (n: number) => new RegExp(`^\\d{${n}}$`);

/**
 * Belgian mobile: 10 digits starting with 04, no plus sign or country prefix (SPEC §5). What the user typed is
 * normalised first (`0470 12 34 56`, `+32470123456`), so the form and the server accept it and store `0470123456`.
 */
export const phoneSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .transform(normalizePhone)
  .pipe(z.string().regex(phonePattern, 'validation:phone'));

/**
 * The contact's "phone" field: a Belgian landline in its national form (`021234567`), or a mobile (`0470123456`),
 * normalised the same way.
 */
export const landlineSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .transform(normalizePhone)
  .pipe(z.string().refine((v) => landlinePattern.test(v) || phonePattern.test(v), 'validation:landline'));

/** At least 8 characters, one capital and one special character. */
export const passwordSchema = z
  .string({ error: 'validation:required' })
  .min(1, 'validation:required')
  .min(8, 'validation:password.length')
  .regex(/[A-Z]/, 'validation:password.capital')
  .regex(/[^A-Za-z0-9]/, 'validation:password.special')
  .max(128, 'validation:password.long');

export const pinSchema = z.string({ error: 'validation:required' }).regex(digits(4), 'validation:pin');

/** A PIN being chosen: 4 digits, not one that is guessed first (rules.ts `pinWeakness`; the birth year when known). */
export const newPinValueSchema = (birthDate?: string | null) =>
  pinSchema.superRefine((pin, ctx) => {
    const weakness = pinWeakness(pin, birthDate);
    if (weakness) ctx.addIssue({ code: 'custom', message: `validation:${weakness}` });
  });

export const verificationCodeSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .regex(digits(6), 'validation:code');

export const activationCodeSchema = verificationCodeSchema;

/** MT followed by 8 digits. */
export const customerNumberSchema = z.string().trim().toUpperCase().regex(customerNumberPattern, 'validation:customerNumber');
/** ME followed by digits. */
export const energyNumberSchema = z.string().trim().toUpperCase().regex(energyNumberPattern, 'validation:energyNumber');
/** 'O-' followed by 10 digits. */
export const orderNumberSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^O-\d{10}$/, 'validation:orderNumber');

export const emailSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .max(emailMaxLength, 'validation:email')
  .pipe(z.email({ pattern: emailPattern, error: 'validation:email' }));

/** Belgian postal codes: 4 digits, 1000–9999. */
export const postalCodeSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .regex(/^[1-9]\d{3}$/, 'validation:postalCode');

export const loginIdentifierSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .max(emailMaxLength, 'validation:login')
  .refine((v) => loginKind(v) !== null, 'validation:login');

/** SIM activation accepts an order number or a phone number (SPEC §5). */
export const activationIdentifierSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .refine(
    (v) => orderNumberSchema.safeParse(v).success || phoneSchema.safeParse(v).success || customerNumberSchema.safeParse(v).success,
    'validation:activationIdentifier',
  );

/** EU (and EEA payment-area) countries accepted for IBAN and BIC (SPEC §5: "EU country"). */
export const euCountries = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
] as const;
const euSet = new Set<string>(euCountries);

export const normalizeIban = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/**
 * IBAN (SPEC §5: valid format, EU country), checked by ibantools: the country's length and BBAN format, the
 * ISO 7064 mod-97 check digits, and the national check digits where the country has them (Belgium's last two
 * digits are a mod-97 of the first ten: BE41539007547035 passes the IBAN checksum but not Belgium's).
 */
export const ibanSchema = z
  .string({ error: 'validation:required' })
  .transform(normalizeIban)
  .pipe(
    z
      .string()
      .min(1, 'validation:required')
      .regex(/^[A-Z]{2}\d{2}[A-Z0-9]{8,30}$/, 'validation:iban.format')
      .refine((v) => euSet.has(v.slice(0, 2)), 'validation:iban.country')
      .refine((v) => isValidIBAN(v), 'validation:iban.format'),
  );

/** BIC: 8 (or 11) characters, bank code, ISO country, location, optional branch (ibantools), of an EU country. */
export const bicSchema = z
  .string({ error: 'validation:required' })
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, 'validation:required')
      .refine((v) => isValidBIC(v), 'validation:bic.format')
      .refine((v) => euSet.has(v.slice(4, 6)), 'validation:bic.country'),
  );

/** The BIC must belong to the IBAN's country (SPEC §5). */
export const bicMatchesIban = (iban: string, bic: string): boolean =>
  normalizeIban(iban).slice(0, 2) === bic.replace(/\s+/g, '').toUpperCase().slice(4, 6);

/**
 * Belgian national register number: 11 digits, YYMMDD + 3-digit serial + 2-digit mod-97 check; people born
 * from 2000 on get the check computed over "2" + the first 9 digits. When a birth date is given, the number must
 * start with it (SPEC §5).
 */
export const nationalNumberValid = (value: string, birthDate?: string): boolean => {
  const n = value.replace(/[\s.-]/g, '');
  if (!/^\d{11}$/.test(n)) return false;
  const { before2000: ok19, from2000: ok20 } = nationalNumberCenturies(n);
  if (!ok19 && !ok20) return false;
  if (birthDate) {
    const [y, m, d] = birthDate.split('-');
    if (!y || !m || !d) return false;
    if (n.slice(0, 6) !== `${y.slice(2)}${m}${d}`) return false;
    if (Number(y) >= 2000 !== ok20) return false;
  }
  return true;
};

export const nationalNumberSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .refine((v) => nationalNumberValid(v), 'validation:nationalNumber');

/** Belgian eID card number: 12 digits, the last two a mod-97 check of the first ten. */
export const idCardNumberSchema = z
  .string()
  .transform((v) => v.replace(/[\s.-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{12}$/, 'validation:idCard')
      .refine(idCardNumberValid, 'validation:idCard'),
  );

/** Residence card: a letter followed by 9 digits (B, C, D, E, F, H, K, L, M). */
export const residentCardNumberSchema = z
  .string()
  .transform((v) => v.replace(/[\s.-]/g, '').toUpperCase())
  .pipe(z.string().regex(/^[BCDEFHKLM]\d{9}$/, 'validation:residentCard'));

/** SIM ICCID: 19 or 20 digits starting with 89, Luhn-valid over the digits. */
export const iccidSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .regex(/^89\d{17,18}$/, 'validation:iccid')
      .refine(luhnValid, 'validation:iccid'),
  );

/** Contact form message: required, not too short, at most 500 characters (SPEC §5, §9). */
export const contactMessageMax = 500;
export const contactMessageMin = 10;
export const contactMessageSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .min(contactMessageMin, 'validation:message.short')
  .max(contactMessageMax, 'validation:message.long');

export const maxAttachmentBytes = 2 * 1024 * 1024;
export const maxIdentityUploadBytes = 5 * 1024 * 1024;
export const attachmentTypes = ['application/pdf', 'image/png', 'image/jpeg'] as const;

export const attachmentSchema = z.object({
  name: z.string().regex(/\.(pdf|png|jpe?g)$/i, 'validation:attachment.type'),
  type: z.enum(attachmentTypes, { error: 'validation:attachment.type' }),
  size: z.number().int().min(1).max(maxAttachmentBytes, 'validation:attachment.size'),
});

/** A new password: rules above, confirmation matches, and (when changing) differs from the old one. */
export const newPasswordSchema = z
  .object({ pwd: passwordSchema, confirm: z.string() })
  .refine((v) => v.pwd === v.confirm, { path: ['confirm'], message: 'validation:password.confirm' });

export const changePasswordSchema = z
  .object({ old_pwd: z.string().min(1, 'validation:required'), pwd: passwordSchema, confirm: z.string() })
  .refine((v) => v.pwd === v.confirm, { path: ['confirm'], message: 'validation:password.confirm' })
  .refine((v) => v.pwd !== v.old_pwd, { path: ['pwd'], message: 'validation:password.reuse' });

/** The PIN setup form: a new PIN (with the user's birth date, when known, for the birth-year rule) and its confirmation. */
export const newPinFormSchema = (birthDate?: string | null) =>
  z
    .object({ pin: newPinValueSchema(birthDate), confirm: z.string() })
    .refine((v) => v.pin === v.confirm, { path: ['confirm'], message: 'validation:pinConfirm' });

export const newPinSchema = newPinFormSchema();
