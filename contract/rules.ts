/*
 * The login identifier rules of docs/product/validation.md "Login identifier" as plain predicates, without zod: the
 * login form validates with them before any schema is loaded (the login route ships only what a logged-out visitor
 * needs). validators.ts builds its schemas on the same patterns and predicates, so the form and the server keep one
 * source of truth. Messages are translation keys of the `validation` namespace.
 */

/**
 * Belgian mobile as stored (docs/product/validation.md "Phone numbers"): 10 digits starting with 04, no plus sign or
 * country prefix.
 */
export const phonePattern = /^04\d{8}$/;
/**
 * Belgian landline (or other non-mobile number) in its national form: 0 and 8 more digits. Zones have one digit
 * (02 Brussels, 03, 04 Liège, 09) or two (010–019, 050–089), and numbers such as 070 and 078 have the same length;
 * the 9 digits keep a Liège number (04 + 7 digits) apart from a mobile (04 + 8 digits).
 */
export const landlinePattern = /^0[1-9]\d{7}$/;

/**
 * A Belgian phone number as people type it, in the national form the rules check and the server stores: spaces,
 * dots, slashes, dashes and brackets dropped (`0470 12 34 56` → `0470123456`, `02/123.45.67` → `021234567`).
 * A plus sign or a country prefix stays as typed, so the rule refuses it: the phone fields take the national form
 * only (docs/product/validation.md "Phone numbers").
 */
export const normalizePhone = (input: string): string => input.trim().replace(/[\s./()\-\u00a0]/g, '');

/**
 * A number typed with a plus sign or an international prefix (`+32 470…`, `0032470…`, `+33…`): the phone fields
 * and the login field answer with the phone rule's message ("…sans +32") rather than a generic one, so the
 * customer knows what to drop.
 */
export const hasCountryPrefix = (input: string): boolean => /^(?:\+|00)\d{6,}$/.test(normalizePhone(input));

/** MT followed by 8 digits. */
export const customerNumberPattern = /^MT\d{8}$/;
/** ME followed by digits. */
export const energyNumberPattern = /^ME\d+$/;
/** 'O-' followed by 10 digits. */
export const orderNumberPattern = /^O-\d{10}$/;
/** zod's default e-mail pattern (z.email()), named here so that the schema and the predicate share it. */
export const emailPattern = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
/** The longest e-mail address (RFC 5321), also the longest login identifier. */
export const emailMaxLength = 254;

export type LoginKind = 'customerNumber' | 'energyNumber' | 'email' | 'phone';

/**
 * The login identifier as the server looks it up: trimmed, and a mobile number typed with spaces or other
 * separators (`0470 00 00 03`) in its national form; anything else as typed (letters are compared in any case).
 */
export const normalizeLogin = (login: string): string => {
  const value = login.trim();
  const phone = normalizePhone(value);
  return phonePattern.test(phone) ? phone : value;
};

/**
 * Which kind of identifier the login field holds (docs/product/auth.md "Login identifiers": customer number,
 * energy number, e-mail, or a plain user's mobile number).
 */
export const loginKind = (login: string): LoginKind | null => {
  const value = normalizeLogin(login);
  const upper = value.toUpperCase();
  if (customerNumberPattern.test(upper)) return 'customerNumber';
  if (energyNumberPattern.test(upper)) return 'energyNumber';
  if (phonePattern.test(value)) return 'phone';
  if (value.length > 0 && value.length <= emailMaxLength && emailPattern.test(value)) return 'email';
  return null;
};

/**
 * The login field's message, or undefined when valid: the same answer as loginIdentifierSchema's first issue. A
 * mobile number with +32 or 0032 gets the phone rule's message (docs/product/validation.md "Login identifier").
 */
export const loginIdentifierError = (input: string): string | undefined => {
  const value = input.trim();
  if (value.length === 0) return 'validation:required';
  if (hasCountryPrefix(value)) return 'validation:phone';
  if (value.length > emailMaxLength || loginKind(value) === null) return 'validation:login';
  return undefined;
};

/** A password to log in with: anything but empty (the rules of a new password apply when it is chosen). */
export const loginPasswordError = (value: string): string | undefined => (value.length === 0 ? 'validation:required' : undefined);

export type ActivationIdentifierKind = 'orderNumber' | 'customerNumber' | 'phone';

/**
 * Which identifier a SIM activation names (docs/product/validation.md "Customer, energy and order numbers": an order
 * number, a customer number or a phone number), with letters in any case and spaces ignored; null for anything else.
 */
export const activationIdentifierKind = (input: string): ActivationIdentifierKind | null => {
  const value = input.replace(/\s+/g, '').toUpperCase();
  if (orderNumberPattern.test(value)) return 'orderNumber';
  if (customerNumberPattern.test(value)) return 'customerNumber';
  if (phonePattern.test(normalizePhone(value))) return 'phone';
  return null;
};

/** Why a new PIN is too easy to guess (a key of the `validation` namespace), or null when it is not. */
export type PinWeakness = 'pinRepeated' | 'pinSequence' | 'pinBirthYear';

/**
 * A PIN is refused when it is guessed first: one digit four times (0000, 1111), four digits in a row up or down
 * (1234, 4321, 6789), or the person's birth year (`birthDate` as YYYY-MM-DD, when known). Only new PINs are checked;
 * a PIN typed to log in is whatever was chosen.
 */
export const pinWeakness = (pin: string, birthDate?: string | null): PinWeakness | null => {
  if (!/^\d{4}$/.test(pin)) return null;
  if (/^(\d)\1{3}$/.test(pin)) return 'pinRepeated';
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((digit, i) => digit - digits[i]!);
  if (steps.every((step) => step === 1) || steps.every((step) => step === -1)) return 'pinSequence';
  if (birthDate && /^\d{4}-/.test(birthDate) && birthDate.slice(0, 4) === pin) return 'pinBirthYear';
  return null;
};
