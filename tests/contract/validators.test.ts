import { describe, expect, it } from 'vitest';
import { normalizePhone } from '#contract/rules';
import {
  bicMatchesIban,
  bicSchema,
  changePasswordSchema,
  customerNumberSchema,
  emailSchema,
  energyNumberSchema,
  iccidSchema,
  ibanSchema,
  idCardNumberSchema,
  landlineSchema,
  loginKind,
  nationalNumberValid,
  newPinFormSchema,
  newPinSchema,
  orderNumberSchema,
  passwordSchema,
  phoneSchema,
  pinSchema,
  postalCodeSchema,
  verificationCodeSchema,
  contactMessageSchema,
  loginIdentifierSchema,
  newPasswordSchema,
} from '#contract/validators';
import type { z } from 'zod';
import {
  createAccountRequestSchema,
  pinLoginRequestSchema,
  pinSetupRequestSchema,
  recoverBySmsRequestSchema,
  resetPasswordRequestSchema,
} from '#contract/auth';

const firstMessage = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'invalid');
};

describe('newPinFormSchema: a new PIN says why it is refused', () => {
  it.each([
    [{ pin: '2580', confirm: '2580' }, null, null],
    [{ pin: '1111', confirm: '1111' }, null, 'validation:pinRepeated'],
    [{ pin: '4321', confirm: '4321' }, null, 'validation:pinSequence'],
    [{ pin: '1990', confirm: '1990' }, '1990-02-03', 'validation:pinBirthYear'],
    [{ pin: '1990', confirm: '1990' }, null, null],
    [{ pin: '2580', confirm: '2581' }, null, 'validation:pinConfirm'],
    [{ pin: '25a0', confirm: '25a0' }, null, 'validation:pin'],
  ] as const)('%j (born %s) → %s', (value, birthDate, message) => {
    expect(firstMessage(newPinFormSchema(birthDate), value)).toBe(message);
  });
});

describe('normalizePhone: the separators people type dropped, a country prefix kept for the rule to refuse', () => {
  it.each([
    ['0470 12 34 56', '0470123456'],
    ['+32470123456', '+32470123456'],
    ['0032 2 123 45 67', '003221234567'],
    ['02/123.45.67', '021234567'],
    ['0470-12-34-56', '0470123456'],
    ['\u00a00470 123 456 ', '0470123456'],
    ['+33612345678', '+33612345678'],
    ['', ''],
  ])('%j → %j', (typed, national) => {
    expect(normalizePhone(typed)).toBe(national);
  });
});

describe.each([
  [
    'phone',
    phoneSchema,
    ['0470123456', '0499999999', ' 0470123456 ', '0470 12 34 56', '0470/12.34.56', '0470-12-34-56', '(0470) 12 34 56'],
    [
      ['', 'validation:required'],
      // docs/product/validation.md "Phone numbers": no plus sign or country prefix.
      ['+32470123456', 'validation:phone'],
      ['+32 470 12 34 56', 'validation:phone'],
      ['0032470123456', 'validation:phone'],
      ['32470123456', 'validation:phone'],
      ['+33612345678', 'validation:phone'],
      ['021234567', 'validation:phone'],
      ['047012345', 'validation:phone'],
      ['0370123456', 'validation:phone'],
      ['04701234567', 'validation:phone'],
    ],
  ],
  [
    'landline (or mobile) phone',
    landlineSchema,
    ['021234567', '02 123 45 67', '02/123.45.67', '042234567', '010 12 34 56', '0470 12 34 56', '078 15 00 00'],
    [
      ['', 'validation:required'],
      ['+32 2 123 45 67', 'validation:landline'],
      ['0032 470 12 34 56', 'validation:landline'],
      ['12345', 'validation:landline'],
      ['0021234567', 'validation:landline'],
      ['02123456', 'validation:landline'],
      ['047012345678', 'validation:landline'],
      ['+33 1 23 45 67 89', 'validation:landline'],
    ],
  ],
  [
    'password',
    passwordSchema,
    ['Demo!2026', 'Abcdefg#', 'Zz_zzzzzz'],
    [
      ['', 'validation:required'],
      ['Ab!1', 'validation:password.length'],
      ['demo!2026', 'validation:password.capital'],
      ['Demo2026x', 'validation:password.special'],
    ],
  ],
  [
    'PIN',
    pinSchema,
    ['0000', '1234'],
    [
      ['123', 'validation:pin'],
      ['12345', 'validation:pin'],
      ['12a4', 'validation:pin'],
    ],
  ],
  [
    'verification code',
    verificationCodeSchema,
    ['123456', '000000'],
    [
      ['', 'validation:required'],
      ['12345', 'validation:code'],
      ['1234567', 'validation:code'],
      ['12345a', 'validation:code'],
    ],
  ],
  ['activation code', verificationCodeSchema, ['123456'], [['12 3456', 'validation:code']]],
  [
    'customer number',
    customerNumberSchema,
    ['MT00000001', 'mt12345678'],
    [
      ['MT1234567', 'validation:customerNumber'],
      ['MX12345678', 'validation:customerNumber'],
      ['MT123456789', 'validation:customerNumber'],
    ],
  ],
  [
    'energy number',
    energyNumberSchema,
    ['ME00000001', 'ME1'],
    [
      ['ME', 'validation:energyNumber'],
      ['MEx1', 'validation:energyNumber'],
    ],
  ],
  [
    'order number',
    orderNumberSchema,
    ['O-0000000001'],
    [
      ['O-000000001', 'validation:orderNumber'],
      ['O0000000001', 'validation:orderNumber'],
      ['X-0000000001', 'validation:orderNumber'],
    ],
  ],
  [
    'e-mail',
    emailSchema,
    ['sophie.dubois@example.be', 'a@b.co'],
    [
      ['', 'validation:required'],
      ['sophie', 'validation:email'],
      ['a@b', 'validation:email'],
    ],
  ],
  [
    'postal code',
    postalCodeSchema,
    ['1000', '9999', '4000'],
    [
      ['0999', 'validation:postalCode'],
      ['10000', 'validation:postalCode'],
      ['abcd', 'validation:postalCode'],
    ],
  ],
  [
    'IBAN',
    ibanSchema,
    ['BE68539007547034', 'BE68 5390 0754 7034', 'NL91ABNA0417164300', 'DE89370400440532013000'],
    [
      ['BE68539007547035', 'validation:iban.format'],
      // The IBAN check digits hold, the Belgian national check digits do not:
      ['BE41539007547035', 'validation:iban.format'],
      // A letter in a Belgian account number:
      ['BE3453900754703A', 'validation:iban.format'],
      ['GB29NWBK60161331926819', 'validation:iban.country'],
      ['BE6853900754703', 'validation:iban.format'],
      ['', 'validation:required'],
    ],
  ],
  [
    'BIC',
    bicSchema,
    ['GEBABEBB', 'GEBABEBBXXX', 'gebabebbxxx', 'abnanl2a', 'GKCC BE BB'],
    [
      ['GEBABEB', 'validation:bic.length'],
      // A branch BIC: 11 characters not ending in XXX.
      ['GEBABEBB036', 'validation:bic.length'],
      ['GEBA1EBB', 'validation:bic.format'],
      ['NWBKGB2L', 'validation:bic.country'],
      ['', 'validation:required'],
    ],
  ],
  [
    'ICCID',
    iccidSchema,
    ['8932000000000000006', '89320000000000000006'],
    [
      ['8932000000000000001', 'validation:iccid'],
      ['1234', 'validation:iccid'],
    ],
  ],
  [
    'ID card',
    idCardNumberSchema,
    ['591-1234567-32'.replace(/-/g, '').padEnd(12, '0').slice(0, 10) + String(Number('5911234567') % 97 || 97).padStart(2, '0')],
    [['123456789012', 'validation:idCard']],
  ],
  [
    'contact message',
    contactMessageSchema,
    ['Bonjour, ma facture est fausse.', 'x'.repeat(500)],
    [
      ['', 'validation:required'],
      ['court', 'validation:message.short'],
      ['x'.repeat(501), 'validation:message.long'],
    ],
  ],
] as const)('%s', (_name, schema, valid, invalid) => {
  it.each(valid as readonly string[])('accepts %j', (value) => {
    expect(firstMessage(schema, value)).toBeNull();
  });
  it.each(invalid as readonly (readonly [string, string])[])('rejects %j with %s', (value, message) => {
    expect(firstMessage(schema, value)).toBe(message);
  });
});

describe('login kinds', () => {
  it.each([
    ['MT00000001', 'customerNumber'],
    ['ME00000001', 'energyNumber'],
    ['0470000003', 'phone'],
    ['sophie.dubois@example.be', 'email'],
    ['hello', null],
    ['MT1', null],
  ])('%s is %s', (login, kind) => {
    expect(loginKind(login)).toBe(kind);
  });
});

describe('national register number', () => {
  it.each([
    ['85073003328', undefined, true],
    ['85073003328', '1985-07-30', true],
    ['85073003328', '1985-07-31', false],
    ['85073003329', undefined, false],
    ['17073003384', undefined, true],
    ['1707300338', undefined, false],
  ])('%s (born %s) → %s', (value, birth, ok) => {
    expect(nationalNumberValid(value, birth)).toBe(ok);
  });
});

describe('password change and PIN confirmation', () => {
  it.each([
    [{ old_pwd: 'Demo!2026', pwd: 'Demo!2027', confirm: 'Demo!2027' }, null],
    [{ old_pwd: 'Demo!2026', pwd: 'Demo!2026', confirm: 'Demo!2026' }, 'validation:password.reuse'],
    [{ old_pwd: 'Demo!2026', pwd: 'Demo!2027', confirm: 'Demo!2028' }, 'validation:password.confirm'],
  ])('%j → %s', (value, message) => {
    expect(firstMessage(changePasswordSchema, value)).toBe(message);
  });

  it.each([
    [{ pin: '2580', confirm: '2580' }, null],
    [{ pin: '2580', confirm: '2508' }, 'validation:pinConfirm'],
  ])('%j → %s', (value, message) => {
    expect(firstMessage(newPinSchema, value)).toBe(message);
  });

  it('the BIC must match the IBAN country', () => {
    expect(bicMatchesIban('BE68539007547034', 'GEBABEBB')).toBe(true);
    expect(bicMatchesIban('BE68539007547034', 'ABNANL2A')).toBe(false);
  });
});

describe('auth request schemas (docs/product/auth.md "The device PIN", "Session lifetime and renewal")', () => {
  it.each([
    ['login identifier', loginIdentifierSchema, 'MT00000001', null],
    ['login identifier', loginIdentifierSchema, 'hello', 'validation:login'],
    ['login identifier', loginIdentifierSchema, '', 'validation:required'],
    ['new password', newPasswordSchema, { pwd: 'Demo!2027', confirm: 'Demo!2027' }, null],
    ['new password', newPasswordSchema, { pwd: 'Demo!2027', confirm: 'Demo!2028' }, 'validation:password.confirm'],
    ['new password', newPasswordSchema, { pwd: 'demo2027', confirm: 'demo2027' }, 'validation:password.capital'],
    ['new PIN', newPinSchema, { pin: '12345', confirm: '12345' }, 'validation:pin'],
    ['new PIN', newPinSchema, { pin: '', confirm: '' }, 'validation:pin'],
    ['reset by e-mail', resetPasswordRequestSchema, { email: 'sophie.dubois@example.be' }, null],
    ['reset by phone', resetPasswordRequestSchema, { msisdn: '0470000003' }, null],
    ['reset by phone', resetPasswordRequestSchema, { msisdn: '+33470000003' }, 'validation:phone'],
    ['recover by SMS', recoverBySmsRequestSchema, { msisdn: '0470000003', code: '123456', pwd: 'Demo!2027' }, null],
    ['recover by SMS', recoverBySmsRequestSchema, { msisdn: '0470000003', code: '12345', pwd: 'Demo!2027' }, 'validation:code'],
    ['recover by SMS', recoverBySmsRequestSchema, { msisdn: '0470000003', code: '123456', pwd: 'Demo2027' }, 'validation:password.special'],
    ['create account', createAccountRequestSchema, { customer: 'MT00000001', email: 'sophie.dubois@example.be' }, null],
    ['create account', createAccountRequestSchema, { msisdn: '0470000009' }, null],
    ['PIN login', pinLoginRequestSchema, { guid: 'g', deviceId: 'd', deviceKey: 'k'.repeat(43), pin: '1234' }, null],
    ['PIN login', pinLoginRequestSchema, { guid: 'g', deviceId: 'd', deviceKey: 'k'.repeat(43), pin: '12a4' }, 'validation:pin'],
    ['PIN setup', pinSetupRequestSchema, { deviceId: 'd', deviceKey: 'short', pin: '1234' }, 'validation:invalid'],
  ] as const)('%s %j → %s', (_name, schema, value, message) => {
    expect(firstMessage(schema, value)).toBe(message);
  });

  it.each([[{ customer: 'MT123', email: 'sophie.dubois@example.be' }], [{ msisdn: '0370000009' }], [{}]])(
    'create account refuses %j',
    (value) => {
      expect(createAccountRequestSchema.safeParse(value).success).toBe(false);
    },
  );
});
