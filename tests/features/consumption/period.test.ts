import { describe, expect, it } from 'vitest';
import { checkRange, periodFromSearch, resolvePeriod, completedCycles } from '#features/consumption/data/period.ts';

const monthly = (startDay: number) => ({ startDay, frequencyUnit: 'MONTH' as const, frequencyDuration: 1 });

describe('resolvePeriod (docs/product/consumption.md "Periods": start = last start day, end = start + 1 unit − 1 day)', () => {
  it.each([
    ['current, start day 5, mid-month', 'current', 5, new Date(2026, 1, 20, 10), '2026-02-05', '2026-03-04'],
    ['current, start day 5, before the start day', 'current', 5, new Date(2026, 1, 3, 10), '2026-01-05', '2026-02-04'],
    ['previous, start day 5', 'previous', 5, new Date(2026, 1, 20, 10), '2026-01-05', '2026-02-04'],
    ['current, start day 1', 'current', 1, new Date(2026, 0, 1, 0, 30), '2026-01-01', '2026-01-31'],
    ['previous across the year end', 'previous', 1, new Date(2026, 0, 15), '2025-12-01', '2025-12-31'],
    ['start day 31 falls on 29 Feb in a leap year', 'current', 31, new Date(2024, 1, 29, 12), '2024-02-29', '2024-03-30'],
    ['start day 31, 28 Feb of a leap year', 'current', 31, new Date(2024, 1, 28, 12), '2024-01-31', '2024-02-28'],
    ['start day 28, leap year', 'current', 28, new Date(2024, 2, 1, 12), '2024-02-28', '2024-03-27'],
  ] as const)('%s', (_name, kind, startDay, now, from, to) => {
    const resolved = resolvePeriod({ kind }, monthly(startDay), now);
    expect(resolved).toMatchObject({ from, to });
  });

  it('a chosen range covers whole local days', () => {
    const resolved = resolvePeriod({ kind: 'range', from: '2026-03-01', to: '2026-03-02' }, null, new Date(2026, 3, 1));
    expect(resolved).toEqual({
      from: '2026-03-01',
      to: '2026-03-02',
      fromMs: new Date(2026, 2, 1).getTime(),
      toMs: new Date(2026, 2, 2, 23, 59, 59, 999).getTime(),
    });
  });

  it('without a bill cycle, bills follow calendar months', () => {
    expect(resolvePeriod({ kind: 'current' }, null, new Date(2026, 4, 17))).toMatchObject({ from: '2026-05-01', to: '2026-05-31' });
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
  const cycles = completedCycles(monthly(1), new Date(2026, 6, 15));
  expect(cycles).toHaveLength(6);
  expect(new Date(cycles[0]!.from)).toEqual(new Date(2026, 0, 1));
  expect(new Date(cycles[5]!.to)).toEqual(new Date(2026, 5, 30, 23, 59, 59, 999));
});
