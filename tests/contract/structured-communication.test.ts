import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatStructuredCommunication,
  isValidStructuredCommunication,
  structuredCommunication,
  structuredCommunicationDigits,
} from '#contract/structured-communication';

describe('structured communication', () => {
  it.each([
    [1234567890, '+++123/4567/89002+++'],
    // A remainder of 0 is written 97.
    [97, '+++000/0000/09797+++'],
    // Only the last 10 digits count.
    [91234567890, '+++123/4567/89002+++'],
    [1, '+++000/0000/00101+++'],
    [9_999_999_999, '+++999/9999/99948+++'],
  ])('%i → %s', (base, text) => {
    expect(structuredCommunication(base)).toBe(text);
    expect(isValidStructuredCommunication(text)).toBe(true);
  });

  it.each([
    ['+++123/4567/89002+++', '123456789002'],
    ['***123/4567/89002***', '123456789002'],
    ['123456789002', '123456789002'],
    [' +++ 123/4567/89002 +++ ', '123456789002'],
    ['+++000/0000/09797+++', '000000009797'],
    // Wrong check digits.
    ['+++123/4567/89000+++', null],
    ['123456789000', null],
    // Wrong shapes.
    ['+++123/4567/8900+++', null],
    ['+++123-4567-89002+++', null],
    ['12345678900', null],
    ['RF18539007547034', null],
    ['', null],
  ])('digits of %j → %s', (input, digits) => {
    expect(structuredCommunicationDigits(input)).toBe(digits);
  });

  it.each([
    '+++123/4567/89000+++',
    '+++123/4567/8900+++',
    '123/4567/89002',
    '+++123-4567-89002+++',
    '***123/4567/89002***',
    '123456789002',
  ])('the invoice form rejects %s', (text) => {
    expect(isValidStructuredCommunication(text)).toBe(false);
  });

  it('formats 12 digits as +++ddd/dddd/ddddd+++', () => {
    expect(formatStructuredCommunication('123456789002')).toBe('+++123/4567/89002+++');
  });

  it('property: every generated communication is valid, and changing one digit makes it invalid', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 9_999_999_999 }),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1, max: 9 }),
        (base, at, delta) => {
          const text = structuredCommunication(base);
          const digits = structuredCommunicationDigits(text);
          expect(digits).not.toBeNull();
          const changed = (digits ?? '').split('');
          changed[at] = String((Number(changed[at]) + delta) % 10);
          // A single changed digit always changes the remainder mod 97 (10^k is never a multiple of 97).
          expect(structuredCommunicationDigits(changed.join(''))).toBeNull();
        },
      ),
    );
  });
});
