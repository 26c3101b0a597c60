/*
 * Check digits of Belgian identifiers (docs/product/validation.md "Customer, energy and order numbers",
 * "Identity documents"): the one implementation, used by the contract's validators (what a form and
 * the server accept) and by the demo seed (which must produce numbers that pass them). No imports, so any layer can
 * use it.
 *
 * Most Belgian numbers carry a mod-97 check: the structured communication of a bank transfer
 * (structured-communication.ts) and the eID card number (remainder, 97 when it is 0) and the national register number
 * (97 − remainder). SIM ICCIDs carry a Luhn digit. IBAN and BIC are not here: ibantools checks them
 * (validators.ts ibanSchema, bicSchema), with every country's length, format and national check digits.
 */

/** Remainder of a decimal string divided by 97, digit by digit, so any length is exact without BigInt. */
export const mod97 = (digits: string): number => {
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder;
};

/**
 * The two check digits of a Belgian structured communication or an eID card number: the remainder of the
 * digits divided by 97, written 97 when it is 0.
 */
export const mod97Check = (digits: string): string => String(mod97(digits) || 97).padStart(2, '0');

/**
 * Check digits of a national register number: 97 − (the first 9 digits mod 97); for people born from 2000 on
 * the 9 digits are prefixed with a 2.
 */
const nationalNumberCheck = (nineDigits: string, bornFrom2000: boolean): string =>
  String(97 - mod97(bornFrom2000 ? `2${nineDigits}` : nineDigits)).padStart(2, '0');

/** A national register number from a birth date ('YYYY-MM-DD') and its 3-digit serial (odd men, even women). */
export const nationalNumber = (birthDate: string, serial: number): string => {
  const [year = '', month = '', day = ''] = birthDate.split('-');
  const head = `${year.slice(2)}${month}${day}${String(serial).padStart(3, '0')}`;
  return head + nationalNumberCheck(head, Number(year) >= 2000);
};

/** Which century's check an 11-digit national register number passes (both are possible in theory). */
export const nationalNumberCenturies = (elevenDigits: string): { before2000: boolean; from2000: boolean } => {
  const nine = elevenDigits.slice(0, 9);
  const check = elevenDigits.slice(9);
  return { before2000: nationalNumberCheck(nine, false) === check, from2000: nationalNumberCheck(nine, true) === check };
};

/** A 12-digit eID card number: the 10 given digits and their check digits. */
export const idCardNumber = (tenDigits: string): string => tenDigits + mod97Check(tenDigits);

export const idCardNumberValid = (twelveDigits: string): boolean =>
  /^\d{12}$/.test(twelveDigits) && mod97Check(twelveDigits.slice(0, 10)) === twelveDigits.slice(10);

/**
 * A Belgian residence card number: the card's letter, 7 digits and their check digits, computed like the eID
 * card's (the remainder mod 97, 97 when it is 0).
 * @internal Exported for its tests (knip --production).
 */
export const residentCardNumber = (letter: string, sevenDigits: string): string => letter + sevenDigits + mod97Check(sevenDigits);

export const residentCardNumberValid = (value: string): boolean =>
  /^[A-Z]\d{9}$/.test(value) && mod97Check(value.slice(1, 8)) === value.slice(8);

/** The Luhn digit that completes `payload` (SIM ICCIDs). */
export const luhnCheckDigit = (payload: string): string => {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let digit = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return String((10 - (sum % 10)) % 10);
};

/** A digit string whose last digit is its Luhn check. */
export const luhnValid = (digitsOnly: string): boolean =>
  /^\d+$/.test(digitsOnly) && luhnCheckDigit(digitsOnly.slice(0, -1)) === digitsOnly.slice(-1);
