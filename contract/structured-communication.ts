import { mod97Check } from './check-digits.ts';

/*
 * The Belgian structured communication ("communication structurée", "gestructureerde mededeling", OGM/VCS) of a
 * bank transfer: 10 digits and their 2 check digits (the remainder of the 10 digits divided by 97, written 97
 * when it is 0), shown as +++ddd/dddd/ddddd+++. Banks also accept *** instead of +++ and the 12 digits alone;
 * the payment QR code (payment-qr.ts) carries the 12 digits. No imports but the check digits, so the app, the
 * server and the seed share it.
 */

const FORMATTED = /^(?:\+\+\+|\*\*\*)(\d{3})\/(\d{4})\/(\d{5})(?:\+\+\+|\*\*\*)$/;

/** '+++ddd/dddd/ddddd+++' from its 12 digits (no check). */
export const formatStructuredCommunication = (twelveDigits: string): string =>
  `+++${twelveDigits.slice(0, 3)}/${twelveDigits.slice(3, 7)}/${twelveDigits.slice(7, 12)}+++`;

/** The communication for the last 10 digits of `base`, followed by their check digits. */
export const structuredCommunication = (base: number): string => {
  const head = String(Math.trunc(Math.abs(base)) % 10_000_000_000).padStart(10, '0');
  return formatStructuredCommunication(head + mod97Check(head));
};

/**
 * The 12 digits of a communication typed or printed in any of the accepted forms (+++…+++, ***…***, or the
 * digits alone, spaces ignored) whose check digits hold; null otherwise.
 */
export const structuredCommunicationDigits = (value: string): string | null => {
  const compact = value.replace(/\s+/g, '');
  const match = FORMATTED.exec(compact);
  const digits = match ? match.slice(1).join('') : /^\d{12}$/.test(compact) ? compact : null;
  if (digits === null) return null;
  return mod97Check(digits.slice(0, 10)) === digits.slice(10) ? digits : null;
};

/**
 * A communication written +++ddd/dddd/ddddd+++ whose check digits hold (the form the invoices carry).
 * @internal Exported for its tests (knip --production).
 */
export const isValidStructuredCommunication = (value: string): boolean =>
  /^\+\+\+\d{3}\/\d{4}\/\d{5}\+\+\+$/.test(value) && structuredCommunicationDigits(value) !== null;
