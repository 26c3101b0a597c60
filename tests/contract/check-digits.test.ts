import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idCardNumber, idCardNumberValid, luhnCheckDigit, luhnValid, mod97, nationalNumber } from '#contract/check-digits';
import { idCardNumberSchema, nationalNumberValid } from '#contract/validators';

describe('mod97', () => {
  it.each([
    ['0', 0],
    ['97', 0],
    ['98', 1],
    ['1234567890', 1234567890 % 97],
    // Longer than a double can hold exactly: computed digit by digit.
    ['123456789012345678901234567890', Number(BigInt('123456789012345678901234567890') % 97n)],
  ])('%s mod 97 = %i', (digits, remainder) => {
    expect(mod97(digits)).toBe(remainder);
  });
});

describe('national register number', () => {
  it.each([
    // Born before 2000: 97 − (first 9 digits mod 97); from 2000: the same over "2" + the 9 digits.
    ['1986-04-12', 142, '86041214271'],
    ['2001-06-21', 88, '01062108853'],
  ])('%s, serial %i → %s, which the validator accepts', (birthDate, serial, number) => {
    expect(nationalNumber(birthDate, serial)).toBe(number);
    expect(nationalNumberValid(number, birthDate)).toBe(true);
  });

  it('property: every generated number passes the validator with its birth date', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1920-01-01'), max: new Date('2025-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 997 }),
        (date, serial) => {
          const birthDate = date.toISOString().slice(0, 10);
          expect(nationalNumberValid(nationalNumber(birthDate, serial), birthDate)).toBe(true);
        },
      ),
    );
  });
});

describe('eID card number', () => {
  it.each([
    ['5912345678', '591234567829'],
    // 10 digits divisible by 97: the check is 97.
    ['0000000097', '000000009797'],
  ])('%s → %s', (head, number) => {
    expect(idCardNumber(head)).toBe(number);
    expect(idCardNumberValid(number)).toBe(true);
    expect(idCardNumberSchema.safeParse(number).success).toBe(true);
  });

  it.each(['591234567828', '59123456782', 'abcdefghijkl'])('rejects %s', (number) => {
    expect(idCardNumberValid(number)).toBe(false);
  });
});

describe('Luhn (ICCID)', () => {
  it.each([
    ['893200000000000000', '6'],
    ['7992739871', '3'],
  ])('%s completes with %s', (payload, digit) => {
    expect(luhnCheckDigit(payload)).toBe(digit);
    expect(luhnValid(payload + digit)).toBe(true);
    expect(luhnValid(payload + String((Number(digit) + 1) % 10))).toBe(false);
  });
});
