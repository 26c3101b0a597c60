import { isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { idCardNumberValid, luhnValid, nationalNumberCenturies, residentCardNumberValid } from './check-digits.ts';
import {
  activationIdentifierKind,
  customerNumberPattern,
  emailMaxLength,
  emailPattern,
  energyNumberPattern,
  landlinePattern,
  loginIdentifierError,
  normalizeLogin,
  normalizePhone,
  orderNumberPattern,
  phonePattern,
  pinWeakness,
} from './rules.ts';

export { loginKind, normalizeLogin } from './rules.ts';

/*
 * The validation rules of docs/product/validation.md as reusable schemas. Messages are translation keys of the
 * `validation` namespace so that the form and the server's 400 answer speak the same language.
 */

const digits = (n: number) => new RegExp(`^\\d{${n}}$`);

/**
 * Belgian mobile: 10 digits starting with 04, no plus sign or country prefix (docs/product/validation.md "Phone
 * numbers"). The separators people type are dropped first (`0470 12 34 56`, `0470/12.34.56`), so the form and the
 * server accept it and store `0470123456`; `+32470123456` is refused with the message that says "without +32".
 */
export const phoneSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .transform(normalizePhone)
  .pipe(z.string().regex(phonePattern, 'validation:phone'));

/**
 * The contact's "phone" field: a Belgian landline in its national form (`021234567`), or a mobile (`0470123456`),
 * normalised the same way, and like it without a country prefix.
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

/** A 6-digit code sent by SMS or e-mail: account creation, password recovery, SIM activation. */
export const verificationCodeSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .regex(digits(6), 'validation:code');

/** MT followed by 8 digits. */
export const customerNumberSchema = z.string().trim().toUpperCase().regex(customerNumberPattern, 'validation:customerNumber');
/**
 * ME followed by digits.
 * @internal Exported for its tests (knip --production).
 */
export const energyNumberSchema = z.string().trim().toUpperCase().regex(energyNumberPattern, 'validation:energyNumber');
/**
 * 'O-' followed by 10 digits.
 * @internal Exported for its tests (knip --production).
 */
export const orderNumberSchema = z.string().trim().toUpperCase().regex(orderNumberPattern, 'validation:orderNumber');

export const emailSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .max(emailMaxLength, 'validation:email')
  .pipe(z.email({ pattern: emailPattern, error: 'validation:email' }));

/**
 * Belgian postal codes: 4 digits, 1000–9999.
 * @internal Exported for its tests (knip --production).
 */
export const postalCodeSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .regex(/^[1-9]\d{3}$/, 'validation:postalCode');

/**
 * The login field: one of the four identifiers (rules.ts `loginIdentifierError` gives the message), sent on as the
 * server looks it up (`normalizeLogin`: a mobile typed with spaces in its national form).
 */
export const loginIdentifierSchema = z
  .string({ error: 'validation:required' })
  .superRefine((value, ctx) => {
    const message = loginIdentifierError(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  })
  .transform(normalizeLogin);

/**
 * SIM activation names the order by its order number, the customer number or the phone number
 * (docs/product/validation.md "Customer, energy and order numbers"); the value is normalized (no spaces, capitals) so
 * that the server looks up one spelling.
 */
export const activationIdentifierSchema = z
  .string({ error: 'validation:required' })
  .trim()
  .min(1, 'validation:required')
  .max(40, 'validation:activationIdentifier')
  .refine((v) => activationIdentifierKind(v) !== null, 'validation:activationIdentifier')
  .transform((v) => (activationIdentifierKind(v) === 'phone' ? normalizePhone(v) : v.replace(/\s+/g, '').toUpperCase()));

/**
 * EU (and EEA payment-area) countries accepted for IBAN and BIC (docs/product/validation.md "IBAN and BIC": an EU
 * country).
 */
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
export type EuCountry = (typeof euCountries)[number];
const euSet = new Set<string>(euCountries);

export const normalizeIban = (value: string): string => value.replace(/\s+/g, '').toUpperCase();

/**
 * IBAN (docs/product/validation.md "IBAN and BIC": valid format, EU country), checked by ibantools: the country's
 * length and BBAN format, the ISO 7064 mod-97 check digits, and the national check digits where the country has them
 * (Belgium's last two digits are a mod-97 of the first ten: BE41539007547035 passes the IBAN checksum but not
 * Belgium's).
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

/**
 * A BIC as stored: without spaces, in capitals, and an 11-character BIC ending in XXX (the bank's head office)
 * shortened to its first 8 characters, which name the same office.
 */
export const normalizeBic = (value: string): string => {
  const compact = value.replace(/\s+/g, '').toUpperCase();
  return compact.length === 11 && compact.endsWith('XXX') ? compact.slice(0, 8) : compact;
};

/**
 * BIC (docs/product/validation.md "IBAN and BIC"): 8 characters (bank code, ISO country, location; an 11-character
 * BIC ending in XXX is accepted and stored as its first 8), valid (ibantools), of an EU country. A branch BIC (11
 * characters not ending in XXX) is refused: direct debits are collected through the bank's head office.
 */
export const bicSchema = z
  .string({ error: 'validation:required' })
  .transform(normalizeBic)
  .pipe(
    z
      .string()
      .min(1, 'validation:required')
      .length(8, 'validation:bic.length')
      .refine((v) => isValidBIC(v), 'validation:bic.format')
      .refine((v) => euSet.has(v.slice(4, 6)), 'validation:bic.country'),
  );

/** The BIC must belong to the IBAN's country (docs/product/validation.md "IBAN and BIC"). */
export const bicMatchesIban = (iban: string, bic: string): boolean => normalizeIban(iban).slice(0, 2) === normalizeBic(bic).slice(4, 6);

/**
 * Postal codes of the EU countries (docs/product/validation.md "Addresses": the postal code must be valid, for an
 * address in any country the billing address may be in), as written in each country; letters in capitals, the
 * optional country prefix of LT, LU, LV and SI allowed.
 */
export const postalCodePatterns: Readonly<Record<EuCountry, RegExp>> = {
  AT: /^\d{4}$/,
  BE: /^[1-9]\d{3}$/,
  BG: /^\d{4}$/,
  CY: /^\d{4}$/,
  CZ: /^\d{3} ?\d{2}$/,
  DE: /^\d{5}$/,
  DK: /^\d{4}$/,
  EE: /^\d{5}$/,
  ES: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/,
  FI: /^\d{5}$/,
  FR: /^(?:[0-8]\d|9[0-8])\d{3}$/,
  GR: /^\d{3} ?\d{2}$/,
  HR: /^\d{5}$/,
  HU: /^[1-9]\d{3}$/,
  IE: /^[AC-FHKNPRTV-Y]\d[\dW] ?[\dAC-FHKNPRTV-Y]{4}$/,
  IT: /^\d{5}$/,
  LT: /^(?:LT-)?\d{5}$/,
  LU: /^(?:L-)?\d{4}$/,
  LV: /^(?:LV-)?\d{4}$/,
  MT: /^[A-Z]{3} ?\d{2,4}$/,
  NL: /^[1-9]\d{3} ?[A-Z]{2}$/,
  PL: /^\d{2}-\d{3}$/,
  PT: /^\d{4}-\d{3}$/,
  RO: /^\d{6}$/,
  SE: /^\d{3} ?\d{2}$/,
  SI: /^(?:SI-)?\d{4}$/,
  SK: /^\d{3} ?\d{2}$/,
};

export const isEuCountry = (value: string): value is EuCountry => euSet.has(value);

/** The postal code is one of the country's (spaces around it ignored, letters in any case). */
export const postalCodeValid = (country: string, code: string): boolean =>
  isEuCountry(country) && postalCodePatterns[country].test(code.trim().toUpperCase());

/**
 * Belgian national register number: 11 digits, YYMMDD + 3-digit serial + 2-digit mod-97 check; people born
 * from 2000 on get the check computed over "2" + the first 9 digits. When a birth date is given, the number must
 * start with it (docs/product/validation.md "Identity documents").
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

/**
 * Residence card: the card's letter (A, B, D, E, F, H, K, L, M, N …), 7 digits and 2 check digits (the remainder
 * of the 7 digits mod 97, as on the eID card).
 */
export const residentCardNumberSchema = z
  .string()
  .transform((v) => v.replace(/[\s.-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .regex(/^[A-Z]\d{9}$/, 'validation:residentCard')
      .refine(residentCardNumberValid, 'validation:residentCard'),
  );

/** SIM ICCID: 19 or 20 digits starting with 89, Luhn-valid over the digits. */
export const iccidSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .regex(/^89\d{17,18}$/, { error: 'validation:iccid', abort: true })
      .refine(luhnValid, 'validation:iccid'),
  );

/**
 * Contact form message: required, not too short, at most 500 characters (docs/product/validation.md "Contact form").
 */
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
  size: z.number().int().min(1, 'validation:attachment.empty').max(maxAttachmentBytes, 'validation:attachment.size'),
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

/** @internal Exported for its tests (knip --production). */
export const newPinSchema = newPinFormSchema();
