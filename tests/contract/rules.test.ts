import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isLanguage } from '#contract/language';
import { emailPattern, loginIdentifierError, loginKind, loginPasswordError, normalizeLogin, pinWeakness } from '#contract/rules';
import { languageSchema } from '#contract/common';
import { loginIdentifierSchema } from '#contract/validators';

/*
 * The zod-free rules the login route validates with (it ships no zod) give the same answers as the contract's schemas,
 * which the server applies: one source of truth.
 */

const firstMessage = (value: string): string | undefined => {
  const result = loginIdentifierSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

const identifiers: readonly [string, string | undefined][] = [
  ['MT00000001', undefined],
  [' mt00000001 ', undefined],
  ['ME1', undefined],
  ['me00000042', undefined],
  ['0470123456', undefined],
  [' 0470123456', undefined],
  ['0470 00 00 03', undefined],
  ['0470/00.00.03', undefined],
  ['sophie.dubois@example.be', undefined],
  ["o'brien+tag@mail.example.co", undefined],
  ['', 'validation:required'],
  ['   ', 'validation:required'],
  ['MT1234567', 'validation:login'],
  // A plus sign or a country prefix: the phone rule's message, which says "without +32".
  ['+32470123456', 'validation:phone'],
  ['+32 470 00 00 03', 'validation:phone'],
  ['0032470000003', 'validation:phone'],
  ['+33612345678', 'validation:phone'],
  ['32470000003', 'validation:login'],
  ['sophie', 'validation:login'],
  ['a@b', 'validation:login'],
  ['.a@b.co', 'validation:login'],
  ['a..b@b.co', 'validation:login'],
  ['a@-b.co', 'validation:login'],
  [`${'a'.repeat(250)}@b.co`, 'validation:login'],
  [`${'a'.repeat(245)}@b.co`, undefined],
  ['ME', 'validation:login'],
];

describe('login identifier', () => {
  it.each(identifiers)('%j → %s, as loginIdentifierSchema says', (value, message) => {
    expect(loginIdentifierError(value)).toBe(message);
    expect(firstMessage(value)).toBe(message);
  });

  it.each([
    ['MT00000001', 'customerNumber'],
    ['ME00000001', 'energyNumber'],
    ['0470123456', 'phone'],
    [' 0470 12 34 56 ', 'phone'],
    ['+32470123456', null],
    ['a@b.co', 'email'],
    ['nope', null],
  ] as const)('kind of %j is %s', (value, kind) => {
    expect(loginKind(value)).toBe(kind);
  });
});

describe('normalizeLogin: what the login form sends and the server looks up', () => {
  it.each([
    ['0470 00 00 03', '0470000003'],
    [' 0470-00-00-03 ', '0470000003'],
    [' MT00000001 ', 'MT00000001'],
    ['sophie.dubois@example.be', 'sophie.dubois@example.be'],
    ['+32470000003', '+32470000003'],
  ])('%j → %j, and the schema parses to the same', (typed, sent) => {
    expect(normalizeLogin(typed)).toBe(sent);
    const parsed = loginIdentifierSchema.safeParse(typed);
    if (parsed.success) expect(parsed.data).toBe(sent);
    else expect(typed).toContain('+');
  });
});

describe('e-mail pattern', () => {
  it.each([
    'a@b.co',
    'sophie.dubois@example.be',
    'x_y-z+1@sub.domain.eu',
    'a@b',
    'a@@b.co',
    '.a@b.co',
    'a.@b.co',
    'a@b.c',
    'a b@c.de',
    'é@b.co',
  ])('%j: the same answer as zod’s own e-mail pattern', (value) => {
    expect(emailPattern.test(value)).toBe(z.regexes.email.test(value));
  });
});

describe('login password', () => {
  it.each([
    ['', 'validation:required'],
    [' ', undefined],
    ['Demo!2026', undefined],
  ] as const)('%j → %s', (value, message) => {
    expect(loginPasswordError(value)).toBe(message);
  });
});

describe('language', () => {
  it.each(['fr', 'nl', 'en', 'de', 'FR', '', null, undefined, 3])('%j: the same answer as languageSchema', (value) => {
    expect(isLanguage(value)).toBe(languageSchema.safeParse(value).success);
  });
});

describe('pinWeakness: the new PINs guessed first', () => {
  it.each([
    ['0000', null, 'pinRepeated'],
    ['1111', null, 'pinRepeated'],
    ['1234', null, 'pinSequence'],
    ['2345', null, 'pinSequence'],
    ['6789', null, 'pinSequence'],
    ['4321', null, 'pinSequence'],
    ['9876', null, 'pinSequence'],
    ['1985', '1985-04-12', 'pinBirthYear'],
    ['1985', null, null],
    ['1985', '1986-04-12', null],
    ['2580', '1985-04-12', null],
    ['1357', null, null],
    ['1231', null, null],
    ['1123', null, null],
    ['7890', null, null],
    ['12a4', null, null],
  ] as const)('%s (born %s) → %s', (pin, birthDate, weakness) => {
    expect(pinWeakness(pin, birthDate)).toBe(weakness);
  });
});
