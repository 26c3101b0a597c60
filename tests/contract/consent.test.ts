import { describe, expect, it } from 'vitest';
import { allowsStatistics, consentCookieValue, parseConsent, serializeConsent } from '#contract/consent';

describe('consent cookie', () => {
  it.each([
    [{ statistic: true, marketing: false }, 'v1.s1.m0'],
    [{ statistic: false, marketing: true }, 'v1.s0.m1'],
    [{ statistic: false, marketing: false }, 'v1.s0.m0'],
  ])('%j is written %s and read back', (flags, value) => {
    expect(serializeConsent(flags)).toBe(value);
    expect(parseConsent(value)).toEqual({ necessary: true, ...flags });
  });

  it.each([null, undefined, '', 'v1.s1', 'v2.s1.m1', 'v1.s2.m0', 'true', 'v1.s1.m0 '])('%j is no decision', (value) => {
    expect(parseConsent(value)).toBeNull();
  });

  it.each([
    ['consent=v1.s1.m0', true],
    ['a=1; consent=v1.s1.m1; b=2', true],
    ['consent=v1.s0.m1', false],
    ['notconsent=v1.s1.m1', false],
    ['', false],
    [undefined, false],
  ])('statistics allowed by the header %j: %s', (header, allowed) => {
    expect(allowsStatistics(header)).toBe(allowed);
  });

  it('reads the cookie among others', () => {
    expect(consentCookieValue('x=y; consent=v1.s0.m0')).toBe('v1.s0.m0');
    expect(consentCookieValue('x=y')).toBeNull();
  });
});
