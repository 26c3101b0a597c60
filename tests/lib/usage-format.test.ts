import { describe, expect, it } from 'vitest';
import { formatBundleAmount, formatCallLength, formatUsageAmount, isoLocalDate, localDayEnd, localDayStart } from '#lib/usage-format';

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

describe("calendar days of the API's from/to: the service's (Europe/Brussels), whatever the device's time zone", () => {
  it.each([
    ['00:30 on 1 February in Brussels', '2026-01-31T23:30:00Z', '2026-02-01'],
    ['23:30 on 1 February in Brussels', '2026-02-01T22:30:00Z', '2026-02-01'],
    ['00:30 on the spring DST day', '2026-03-28T23:30:00Z', '2026-03-29'],
    ['23:30 on the autumn DST day, winter time', '2026-10-25T22:30:00Z', '2026-10-25'],
  ])('isoLocalDate at %s', (_name, at, expected) => {
    expect(isoLocalDate(Date.parse(at))).toBe(expected);
    expect(isoLocalDate(new Date(at))).toBe(expected);
  });

  it.each([
    ['a winter day', '2026-02-01', '2026-01-31T23:00:00.000Z', '2026-02-01T22:59:59.999Z'],
    ['the spring DST day (23 hours)', '2026-03-29', '2026-03-28T23:00:00.000Z', '2026-03-29T21:59:59.999Z'],
    ['the autumn DST day (25 hours)', '2026-10-25', '2026-10-24T22:00:00.000Z', '2026-10-25T22:59:59.999Z'],
  ])('localDayStart and localDayEnd of %s', (_name, iso, start, end) => {
    expect(new Date(localDayStart(iso)).toISOString()).toBe(start);
    expect(new Date(localDayEnd(iso)).toISOString()).toBe(end);
  });
});
