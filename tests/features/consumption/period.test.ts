import { describe, expect, it } from 'vitest';
import { checkRange, earlierBillOf, periodFromSearch, resolvePeriod, completedCycles } from '#features/consumption/data/period.ts';
import { brusselsEndOfDay, brusselsMidnight } from '../../fixtures/service-zone.ts';

const monthly = (startDay: number) => ({ startDay, frequencyUnit: 'MONTH' as const, frequencyDuration: 1 });
/** An instant of a Brussels day (the service's calendar), whatever the runner's TZ. */
const at = (iso: string, hours = 0, minutes = 0): Date => new Date(brusselsMidnight(iso) + hours * 3_600_000 + minutes * 60_000);

describe('resolvePeriod (docs/product/consumption.md "Periods": start = last start day, end = start + 1 unit − 1 day)', () => {
  it.each([
    ['current, start day 5, mid-month', 'current', 5, at('2026-02-20', 10), '2026-02-05', '2026-03-04'],
    ['current, start day 5, before the start day', 'current', 5, at('2026-02-03', 10), '2026-01-05', '2026-02-04'],
    ['previous, start day 5', 'previous', 5, at('2026-02-20', 10), '2026-01-05', '2026-02-04'],
    ['current, start day 1', 'current', 1, at('2026-01-01', 0, 30), '2026-01-01', '2026-01-31'],
    ['previous across the year end', 'previous', 1, at('2026-01-15'), '2025-12-01', '2025-12-31'],
    ['start day 31 falls on 29 Feb in a leap year', 'current', 31, at('2024-02-29', 12), '2024-02-29', '2024-03-30'],
    ['start day 31, 28 Feb of a leap year', 'current', 31, at('2024-02-28', 12), '2024-01-31', '2024-02-28'],
    ['start day 28, leap year', 'current', 28, at('2024-03-01', 12), '2024-02-28', '2024-03-27'],
  ] as const)('%s', (_name, kind, startDay, now, from, to) => {
    const resolved = resolvePeriod({ kind }, monthly(startDay), now);
    expect(resolved).toMatchObject({ from, to });
  });

  it('a chosen range covers whole Brussels days', () => {
    const resolved = resolvePeriod({ kind: 'range', from: '2026-03-01', to: '2026-03-02' }, null, at('2026-04-01'));
    expect(resolved).toEqual({
      from: '2026-03-01',
      to: '2026-03-02',
      fromMs: brusselsMidnight('2026-03-01'),
      toMs: brusselsEndOfDay('2026-03-02'),
    });
  });

  it('without a bill cycle, bills follow calendar months', () => {
    expect(resolvePeriod({ kind: 'current' }, null, at('2026-05-17'))).toMatchObject({ from: '2026-05-01', to: '2026-05-31' });
  });
});

describe('earlierBillOf: a range that is exactly an earlier closed bill (an older invoice’s records)', () => {
  const now = new Date(brusselsMidnight('2026-11-24') + 10 * 3_600_000);
  const monthly = (startDay: number) => ({ id: 1, startDay, frequencyUnit: 'MONTH' as const, frequencyDuration: 1 });
  it.each<[string, string, number, string | null]>([
    ['2026-09-05', '2026-10-04', 5, '2026-09-05'],
    ['2026-09-01', '2026-09-30', 1, '2026-09-01'],
    // The previous bill and the current one are chosen by name, not as a range.
    ['2026-10-05', '2026-11-04', 5, null],
    ['2026-11-05', '2026-12-04', 5, null],
    // Not a whole cycle.
    ['2026-09-05', '2026-10-03', 5, null],
    ['2026-09-06', '2026-10-05', 5, null],
    ['not-a-date', '2026-10-04', 5, null],
  ])('%s to %s, cycle from the %i: %s', (from, to, startDay, expected) => {
    expect(earlierBillOf({ from, to }, monthly(startDay), now)).toBe(expected);
  });
});

describe('checkRange', () => {
  it.each([
    ['valid', '2026-01-01', '2026-01-31', null],
    ['one day', '2026-01-01', '2026-01-01', null],
    ['reversed', '2026-02-01', '2026-01-31', 'rangeOrder'],
    ['empty', '', '2026-01-31', 'rangeInvalid'],
    ['impossible date', '2026-02-30', '2026-03-01', 'rangeInvalid'],
    ['not a date', 'yesterday', '2026-03-01', 'rangeInvalid'],
    ['more than 10 years', '2010-01-01', '2026-01-01', 'rangeTooLong'],
    // Counted in calendar days: from winter time to summer time, the local days are an hour short of 3,660 × 24 h.
    ['the longest range, 3,660 days', '2016-03-24', '2026-03-31', null],
    ['one day more, winter to summer time', '2016-03-24', '2026-04-01', 'rangeTooLong'],
  ] as const)('%s → %s', (_name, from, to, expected) => {
    expect(checkRange(from, to)).toBe(expected);
  });
});

describe('periodFromSearch', () => {
  it.each([
    ['', { kind: 'current' }],
    ['period=previous', { kind: 'previous' }],
    ['period=range&from=2026-01-01&to=2026-01-31', { kind: 'range', from: '2026-01-01', to: '2026-01-31' }],
    ['period=bogus', { kind: 'current' }],
  ] as const)('%s', (search, expected) => {
    expect(periodFromSearch(new URLSearchParams(search))).toEqual(expected);
  });
});

it('completedCycles gives the 6 bills before the current one, oldest first', () => {
  const cycles = completedCycles(monthly(1), at('2026-07-15'));
  expect(cycles).toHaveLength(6);
  expect(cycles[0]!.from).toBe(brusselsMidnight('2026-01-01'));
  expect(cycles[5]!.to).toBe(brusselsEndOfDay('2026-06-30'));
});

describe("periods on the service's calendar (Europe/Brussels), whatever the device's time zone", () => {
  it.each([
    // 00:30 on 1 April in Brussels: 31 March in UTC and New York.
    ['current bill just after Brussels midnight', 'current', 1, '2026-03-31T22:30:00Z', '2026-04-01', '2026-04-30'],
    // 23:30 on 31 March in Brussels: 1 April in Tokyo.
    ['current bill just before Brussels midnight', 'current', 1, '2026-03-31T21:30:00Z', '2026-03-01', '2026-03-31'],
    // 00:30 on 26 October in Brussels, winter time: the previous bill ends with the 25-hour day.
    ['previous bill ending on the autumn DST day', 'previous', 26, '2026-10-25T23:30:00Z', '2026-09-26', '2026-10-25'],
  ] as const)('%s', (_name, kind, startDay, now, from, to) => {
    const resolved = resolvePeriod({ kind }, monthly(startDay), new Date(now));
    expect(resolved).toEqual({ from, to, fromMs: brusselsMidnight(from), toMs: brusselsEndOfDay(to) });
  });

  it('a chosen range over the spring DST day covers its 23 Brussels hours', () => {
    expect(resolvePeriod({ kind: 'range', from: '2026-03-29', to: '2026-03-29' }, null, new Date('2026-04-10T10:00:00Z'))).toEqual({
      from: '2026-03-29',
      to: '2026-03-29',
      fromMs: Date.parse('2026-03-28T23:00:00.000Z'),
      toMs: Date.parse('2026-03-29T21:59:59.999Z'),
    });
  });
});
