import { describe, expect, it } from 'vitest';
import { formatUsageAmount } from '#lib/usage-format';

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
