import { describe, expect, it } from 'vitest';
import { invoicingPatchSchema } from '#contract/customer';
import { bicSchema, ibanSchema, normalizeBic, postalCodeValid } from '#contract/validators';

/** The field and message of every issue, as the server's 400 answer lists them. */
const issues = (value: unknown): [string, string][] => {
  const result = invoicingPatchSchema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('IBAN and BIC (docs/product/validation.md "IBAN and BIC")', () => {
  it.each([
    ['BE68539007547034', 'BE68539007547034'],
    ['be68 5390 0754 7034', 'BE68539007547034'],
    ['BE71096123456769', 'BE71096123456769'],
    ['NL91ABNA0417164300', 'NL91ABNA0417164300'],
  ])('accepts the IBAN %s as %s', (input, stored) => {
    expect(ibanSchema.parse(input)).toBe(stored);
  });

  it.each([
    // The IBAN check digits hold, Belgium's national check (the last two digits) does not.
    ['BE41539007547035', 'validation:iban.format'],
    // A letter in a Belgian account number, which has digits only.
    ['BE3453900754703A', 'validation:iban.format'],
    ['BE68539007547035', 'validation:iban.format'],
    ['CH9300762011623852957', 'validation:iban.country'],
    ['', 'validation:required'],
  ])('refuses the IBAN %s with %s', (input, message) => {
    const result = ibanSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it.each([
    ['GEBABEBB', 'GEBABEBB'],
    ['GEBABEBBXXX', 'GEBABEBB'],
    ['gkcc be bb xxx', 'GKCCBEBB'],
    ['GEBABEBB036', 'GEBABEBB036'],
  ])('normalises the BIC %j to %s', (input, stored) => {
    expect(normalizeBic(input)).toBe(stored);
  });

  it('stores an 11-character BIC ending in XXX as its first 8', () => {
    expect(bicSchema.parse('BBRUBEBBXXX')).toBe('BBRUBEBB');
  });
});

describe('postal code valid for the country', () => {
  it.each([
    ['BE', '1000', true],
    ['BE', '0999', false],
    ['BE', '10000', false],
    ['NL', '1012 AB', true],
    ['NL', '1012ab', true],
    ['NL', '1012', false],
    ['FR', '75001', true],
    ['FR', '7500', false],
    ['DE', '10115', true],
    ['LU', 'L-1111', true],
    ['LU', '1111', true],
    ['PL', '00-950', true],
    ['PT', '1000-001', true],
    ['IE', 'D02 X285', true],
    ['GB', 'SW1A 1AA', false],
    ['XX', '1000', false],
  ])('%s %j → %s', (country, code, valid) => {
    expect(postalCodeValid(country, code)).toBe(valid);
  });
});

describe('PATCH /customer/{id}/invoicing body', () => {
  const dd = { mode: 'DD', iban: 'BE68539007547034', bic: 'GEBABEBB', agreement: true };
  const address = { street: 'Rue des Tanneurs', number: '12', box: null, city: 'Bruxelles', zipCode: '1000', country: 'BE' };

  it.each<[string, unknown, [string, string][]]>([
    ['direct debit with the agreement', { payment: dd }, []],
    ['direct debit with a head-office BIC of 11 characters', { payment: { ...dd, bic: 'GEBABEBBXXX' } }, []],
    ['bank transfer without an account', { payment: { mode: 'BT' } }, []],
    ['direct debit without the agreement', { payment: { ...dd, agreement: false } }, [['payment.agreement', 'validation:agreement']]],
    [
      'direct debit without an IBAN',
      { payment: { mode: 'DD', bic: 'GEBABEBB', agreement: true } },
      [['payment.iban', 'validation:required']],
    ],
    ['a BIC of another country than the IBAN', { payment: { ...dd, bic: 'ABNANL2A' } }, [['payment.bic', 'validation:bic.match']]],
    [
      'a Belgian IBAN whose national check fails',
      { payment: { ...dd, iban: 'BE41539007547035' } },
      [['payment.iban', 'validation:iban.format']],
    ],
    ['a letter in a Belgian IBAN', { payment: { ...dd, iban: 'BE3453900754703A' } }, [['payment.iban', 'validation:iban.format']]],
    ['a branch BIC', { payment: { ...dd, bic: 'GEBABEBB036' } }, [['payment.bic', 'validation:bic.length']]],
    ['an address in the Netherlands', { address: { ...address, zipCode: '1012 AB', city: 'Amsterdam', country: 'NL' } }, []],
    [
      'a Belgian postal code in the Netherlands',
      { address: { ...address, country: 'NL' } },
      [['address.zipCode', 'validation:postalCode']],
    ],
    ['a country outside the EU', { address: { ...address, country: 'CH' } }, [['address.country', 'validation:country']]],
    ['an empty street', { address: { ...address, street: ' ' } }, [['address.street', 'validation:required']]],
    [
      'a holder without e-mail',
      { holder: { firstName: 'Sophie', lastName: 'Dubois', email: '' } },
      [['holder.email', 'validation:required']],
    ],
  ])('%s', (_name, body, expected) => {
    expect(issues(body)).toEqual(expected);
  });
});
