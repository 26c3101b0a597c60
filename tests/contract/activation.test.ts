import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  activateOrderRequestSchema,
  activationChoiceSchema,
  identificationFieldsSchema,
  identityFilesIssue,
  otherAccountNumberSchema,
  portInRequestSchema,
} from '#contract/activation';
import { residentCardNumber, residentCardNumberValid } from '#contract/check-digits';
import { activationIdentifierKind } from '#contract/rules';
import { iccidSchema, nationalNumberValid, residentCardNumberSchema } from '#contract/validators';

/*
 * The identifiers and identity numbers of SIM activation (docs/product/validation.md
 * "Customer, energy and order numbers", "Identity documents"), as tables of cases.
 */

const firstMessage = (schema: z.ZodType, value: unknown): string | null => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid');
};

const fieldsOf = (schema: z.ZodType, value: unknown): Record<string, string> => {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('the identifier of an order to activate', () => {
  it.each([
    ['O-0000000001', 'orderNumber'],
    ['o-0000000001', 'orderNumber'],
    [' O-0000000001 ', 'orderNumber'],
    ['MT00000006', 'customerNumber'],
    ['mt00000006', 'customerNumber'],
    ['0470000008', 'phone'],
    ['0470 00 00 08', 'phone'],
    ['0470/00.00.08', 'phone'],
    ['O-000000001', null],
    ['O-00000000011', null],
    ['0000000001', null],
    ['MT0000006', null],
    ['ME00000001', null],
    ['+32470000008', null],
    ['0032470000008', null],
    ['0370000008', null],
    ['sophie.dubois@example.be', null],
    ['', null],
  ])('%j is %s', (value, kind) => {
    expect(activationIdentifierKind(value)).toBe(kind);
  });

  it.each([
    [{ identifier: 'o-0000000001', code: '123456' }, null],
    [{ identifier: '0470 00 00 08', code: ' 123456 ' }, null],
    [{ identifier: '', code: '123456' }, 'validation:required'],
    [{ identifier: 'O-1', code: '123456' }, 'validation:activationIdentifier'],
    [{ identifier: 'O-0000000001', code: '' }, 'validation:required'],
    [{ identifier: 'O-0000000001', code: '12345' }, 'validation:code'],
    [{ identifier: 'O-0000000001', code: '12345a' }, 'validation:code'],
  ])('%j → %s', (value, message) => {
    expect(firstMessage(activateOrderRequestSchema, value)).toBe(message);
  });

  it('normalizes the identifier: one spelling for the server', () => {
    expect(activateOrderRequestSchema.parse({ identifier: ' o-0000000001', code: '123456' }).identifier).toBe('O-0000000001');
    expect(activateOrderRequestSchema.parse({ identifier: '0470 00 00 08', code: '123456' }).identifier).toBe('0470000008');
    expect(activateOrderRequestSchema.parse({ identifier: '0470-00.00/08', code: '123456' }).identifier).toBe('0470000008');
  });
});

describe('the national register number, both centuries', () => {
  it.each([
    // Same first nine digits: born in 2001 the check is taken over "2" + the nine digits, born in 1901 over the nine.
    ['01031400237', '2001-03-14', true],
    ['01031400237', '1901-03-14', false],
    ['01031400208', '1901-03-14', true],
    ['01031400208', '2001-03-14', false],
    ['01031400237', undefined, true],
    ['01031400208', undefined, true],
    ['99123199742', '1999-12-31', true],
    ['00010100105', '2000-01-01', true],
    ['00010100105', '2000-01-02', false],
    ['99.12.31-997.42', '1999-12-31', true],
    ['99123199743', undefined, false],
    ['9912319974', undefined, false],
    ['991231997421', undefined, false],
    ['9912319974a', undefined, false],
  ])('%s (born %s) → %s', (value, birthDate, ok) => {
    expect(nationalNumberValid(value, birthDate)).toBe(ok);
  });
});

describe('the residence card number: a letter, 7 digits and their mod-97 check', () => {
  it.each([
    ['B', '1234567', 'B123456748'],
    ['F', '7654321', 'F765432151'],
    // 7 digits divisible by 97: the check is 97.
    ['K', '0000097', 'K000009797'],
  ])('%s%s → %s', (letter, digits, number) => {
    expect(residentCardNumber(letter, digits)).toBe(number);
    expect(residentCardNumberValid(number)).toBe(true);
  });

  it.each([
    ['B 1234567 48', null],
    ['b123456748', null],
    ['B123456749', 'validation:residentCard'],
    ['1123456748', 'validation:residentCard'],
    ['B12345674', 'validation:residentCard'],
  ])('%j → %s', (value, message) => {
    expect(firstMessage(residentCardNumberSchema, value)).toBe(message);
  });
});

describe('the identification form: the card number checked per document type', () => {
  const national = '85073003328';
  it.each([
    [{ documentType: 'belgianIdCard', cardNumber: '591-2345678-29', nationalNumber: national }, {}],
    [{ documentType: 'belgianIdCard', cardNumber: '591234567828', nationalNumber: national }, { cardNumber: 'validation:idCard' }],
    [{ documentType: 'belgianIdCard', cardNumber: 'B123456748', nationalNumber: national }, { cardNumber: 'validation:idCard' }],
    [{ documentType: 'belgianIdCard', cardNumber: '', nationalNumber: national }, { cardNumber: 'validation:required' }],
    [{ documentType: 'belgianIdCard', cardNumber: '591234567829' }, { nationalNumber: 'validation:required' }],
    [
      { documentType: 'belgianIdCard', cardNumber: '591234567829', nationalNumber: '85073003329' },
      { nationalNumber: 'validation:nationalNumber' },
    ],
    [{ documentType: 'belgianResidentCard', cardNumber: 'B 1234567 48', nationalNumber: national }, {}],
    [
      { documentType: 'belgianResidentCard', cardNumber: '591234567829', nationalNumber: national },
      { cardNumber: 'validation:residentCard' },
    ],
    [{ documentType: 'otherId', cardNumber: 'EM 123456' }, {}],
    [{ documentType: 'otherId', cardNumber: 'EM1', nationalNumber: '' }, { cardNumber: 'validation:otherIdNumber' }],
    [{ documentType: 'otherId', cardNumber: 'EM123456', nationalNumber: '123' }, { nationalNumber: 'validation:nationalNumber' }],
    [{ documentType: 'passport', cardNumber: 'EM123456' }, { documentType: 'validation:required' }],
  ])('%j → %j', (value, fields) => {
    expect(fieldsOf(identificationFieldsSchema, value)).toEqual(fields);
  });

  it('gives the numbers in one spelling', () => {
    expect(
      identificationFieldsSchema.parse({ documentType: 'belgianIdCard', cardNumber: '591-2345678-29', nationalNumber: '85.07.30-033.28' }),
    ).toEqual({
      documentType: 'belgianIdCard',
      cardNumber: '591234567829',
      nationalNumber: '85073003328',
    });
  });
});

describe('the SIM card number (ICCID, Luhn)', () => {
  it.each([
    ['8932010000000000087', null],
    ['8932 0100 0000 0000 087', null],
    ['89320100000000000870', 'validation:iccid'],
    ['8932010000000000088', 'validation:iccid'],
    ['7932010000000000087', 'validation:iccid'],
    ['893201000000000008', 'validation:iccid'],
    ['', 'validation:iccid'],
  ])('%j → %s', (value, message) => {
    expect(firstMessage(iccidSchema, value)).toBe(message);
  });
});

describe('a new number or a transfer', () => {
  const iccid = '8932010000000000087';
  it.each([
    [{ mode: 'new_number', iccid }, {}],
    [{ mode: 'new_number', iccid: '' }, { iccid: 'validation:required' }],
    [{ mode: 'port_in', portIn: { iccid, msisdn: '0478123456', type: 'postpaid', otherAccountNumber: 'ac-123 456' } }, {}],
    [
      { mode: 'port_in', portIn: { iccid, msisdn: '0478123456', type: 'postpaid' } },
      { 'portIn.otherAccountNumber': 'validation:required' },
    ],
    [
      { mode: 'port_in', portIn: { iccid, msisdn: '0478123456', type: 'postpaid', otherAccountNumber: 'AB1' } },
      { 'portIn.otherAccountNumber': 'validation:otherAccountNumber' },
    ],
    [{ mode: 'port_in', portIn: { iccid, msisdn: '0499887766', type: 'prepaid', otherIccid: '8932077700001234508' } }, {}],
    [
      { mode: 'port_in', portIn: { iccid, msisdn: '0499887766', type: 'prepaid', otherIccid: '8932' } },
      { 'portIn.otherIccid': 'validation:iccid' },
    ],
    [
      { mode: 'port_in', portIn: { iccid, msisdn: '0499887766', type: 'prepaid', otherIccid: iccid } },
      { 'portIn.otherIccid': 'validation:otherIccidSame' },
    ],
    [
      { mode: 'port_in', portIn: { iccid, msisdn: '+3221234567', type: 'prepaid', otherIccid: '8932077700001234508' } },
      { 'portIn.msisdn': 'validation:phone' },
    ],
    [{ mode: 'port_in', portIn: { iccid, msisdn: '0499887766' } }, { 'portIn.type': 'validation:required' }],
  ])('%j → %j', (value, fields) => {
    expect(fieldsOf(activationChoiceSchema, value)).toEqual(fields);
  });

  it('keeps only the proof of the type chosen, normalized', () => {
    expect(
      portInRequestSchema.parse({ iccid, msisdn: '0478123456', type: 'postpaid', otherAccountNumber: 'ac-123 456', otherIccid: 'x' }),
    ).toEqual({
      iccid,
      msisdn: '0478123456',
      type: 'postpaid',
      otherAccountNumber: 'AC123456',
      otherIccid: null,
    });
    expect(firstMessage(otherAccountNumberSchema, 'ABCDEFGHIJKLMNOPQRSTU')).toBe('validation:otherAccountNumber');
  });
});

describe('the files of an identification', () => {
  const photo = { type: 'image/jpeg', size: 2_000_000 };
  const pdf = { type: 'application/pdf', size: 300_000 };
  const MB5 = 5 * 1024 * 1024;
  it.each([
    ['belgianIdCard', [photo, photo], null],
    ['belgianIdCard', [pdf], null],
    ['belgianIdCard', [photo], 'validation:identity.bothSides'],
    ['belgianResidentCard', [photo], 'validation:identity.bothSides'],
    ['otherId', [photo], null],
    ['otherId', [], 'validation:identity.filesRequired'],
    ['otherId', [photo, photo, photo, photo], null],
    ['otherId', [photo, photo, photo, photo, photo], 'validation:identity.filesTooMany'],
    ['otherId', [{ type: 'image/gif', size: 1000 }], 'validation:identity.fileType'],
    ['otherId', [{ type: 'text/plain', size: 1000 }], 'validation:identity.fileType'],
    ['otherId', [{ type: 'image/png', size: MB5 }], null],
    ['otherId', [{ type: 'image/png', size: MB5 + 1 }], 'validation:identity.fileSize'],
    ['otherId', [{ type: 'image/heic', size: 0 }], 'validation:identity.fileEmpty'],
  ] as const)('%s with %j → %s', (type, files, issue) => {
    expect(identityFilesIssue(type, files)).toBe(issue);
  });
});
