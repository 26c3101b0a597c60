/*
 * The login identifier rules of SPEC §5 as plain predicates, without zod: the login form validates with them
 * before any schema is loaded (the login route ships only what a logged-out visitor needs). validators.ts builds its schemas on the same
 * patterns and predicates, so the form and the server keep one source of truth. Messages are translation keys of
 * the `validation` namespace.
 */

/** Belgian mobile: 10 digits starting with 04, no plus sign or country prefix. */
export const phonePattern = /^04\d{8}$/;
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

/** Which kind of identifier the login field holds (SPEC §1: customer number, energy number, e-mail, or phone). */
export const loginKind = (login: string): LoginKind | null => {
  const value = login.trim();
  const upper = value.toUpperCase();
  if (customerNumberPattern.test(upper)) return 'customerNumber';
  if (energyNumberPattern.test(upper)) return 'energyNumber';
  if (phonePattern.test(value)) return 'phone';
  if (value.length > 0 && value.length <= emailMaxLength && emailPattern.test(value)) return 'email';
  return null;
};

/** The login field's message, or undefined when valid: the same answer as loginIdentifierSchema's first issue. */
export const loginIdentifierError = (input: string): string | undefined => {
  const value = input.trim();
  if (value.length === 0) return 'validation:required';
  if (value.length > emailMaxLength || loginKind(value) === null) return 'validation:login';
  return undefined;
};

/** A password to log in with: anything but empty (the rules of a new password apply when it is chosen). */
export const loginPasswordError = (value: string): string | undefined => (value.length === 0 ? 'validation:required' : undefined);

export type ActivationIdentifierKind = 'orderNumber' | 'customerNumber' | 'phone';

/**
 * Which identifier a SIM activation names (SPEC §5: an order number, a customer number or a phone number), with
 * letters in any case and spaces ignored; null for anything else.
 */
export const activationIdentifierKind = (input: string): ActivationIdentifierKind | null => {
  const value = input.replace(/\s+/g, '').toUpperCase();
  if (orderNumberPattern.test(value)) return 'orderNumber';
  if (customerNumberPattern.test(value)) return 'customerNumber';
  if (phonePattern.test(value)) return 'phone';
  return null;
};
