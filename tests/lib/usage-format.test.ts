import { describe, expect, it } from 'vitest';
import { formatBundleAmount, formatCallLength, formatUsageAmount } from '#lib/usage-format';

describe('formatUsageAmount', () => {
  it.each([
    ['sms', 33, 'fr', '33\u00a0SMS'],
    ['sms', 33, 'nl', '33\u00a0sms'],
    ['sms', 1234, 'fr', '1\u202f234\u00a0SMS'],
    ['sms', 0, 'en', '0\u00a0SMS'],
    ['data', 1.5 * 1024 ** 3, 'fr', '1,50\u202fGo'],
    ['data', 1.5 * 1024 ** 3, 'nl', '1,50 GB'],
  ] as const)('%s %d in %s is "%s": every amount carries its unit', (kind, value, lang, expected) => {
    expect(formatUsageAmount(kind, value, lang)).toBe(expected);
  });
});

describe('call time: bundles in minutes, usage in hours and minutes, one call to the second', () => {
  const norm = (s: string): string => s.replace(/[\u202f\u00a0]/g, ' ');
  it('a 500-minute bundle reads "500 min", not "8 h 20 min 00 s"', () => {
    expect(norm(formatBundleAmount('call', 30_000, 'fr'))).toBe('500 min');
  });
  it('long usage reads "3 h 43 min"', () => {
    expect(norm(formatUsageAmount('call', 13_385, 'fr'))).toBe('3 h 43 min');
  });
  it('one call of the details keeps its seconds', () => {
    expect(norm(formatCallLength(125, 'fr'))).toBe('2 min 05 s');
  });
});
