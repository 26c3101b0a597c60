import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  currentCycle,
  cycleContaining,
  cycleDates,
  lastCycles,
  periodToRange,
  previousCycle,
  type BillCycle,
  type BillPeriod,
} from '#contract/bill-cycle';
import { brusselsDay, brusselsEndOfDay, brusselsMidnight, brusselsNoon } from '../fixtures/service-zone.ts';

// Expectations are Brussels days (the service's calendar, tests/fixtures/service-zone.ts), so the suite passes in any TZ.
const localMidnight = (iso: string): Date => new Date(brusselsMidnight(iso));
const localEndOfDay = (iso: string): Date => new Date(brusselsEndOfDay(iso));
const noon = brusselsNoon;
const ymd = (d: Date): string => brusselsDay(d);
const show = (p: BillPeriod): [string, string] => [ymd(p.start), ymd(p.end)];
/** The calendar date `n` days after `iso`. */
const addDays = (iso: string, n: number): string =>
  new Date(Date.parse(`${iso}T00:00:00.000Z`) + n * 86_400_000).toISOString().slice(0, 10);

const monthly = (startDay: number): BillCycle => ({ startDay, frequencyUnit: 'MONTH', frequencyDuration: 1 });

describe('currentCycle, monthly', () => {
  it.each([
    // startDay, today, expected start, expected end
    [1, '2026-01-15', '2026-01-01', '2026-01-31'],
    [1, '2026-02-01', '2026-02-01', '2026-02-28'],
    [1, '2026-12-31', '2026-12-01', '2026-12-31'],
    [1, '2027-01-01', '2027-01-01', '2027-01-31'],
    [1, '2027-02-14', '2027-02-01', '2027-02-28'],
    [1, '2028-02-14', '2028-02-01', '2028-02-29'],
    [5, '2026-03-04', '2026-02-05', '2026-03-04'],
    [5, '2026-03-05', '2026-03-05', '2026-04-04'],
    [5, '2026-12-20', '2026-12-05', '2027-01-04'],
    [5, '2027-01-03', '2026-12-05', '2027-01-04'],
    [5, '2027-01-05', '2027-01-05', '2027-02-04'],
    [28, '2026-12-27', '2026-11-28', '2026-12-27'],
    [28, '2027-01-10', '2026-12-28', '2027-01-27'],
    [28, '2027-02-27', '2027-01-28', '2027-02-27'],
    [28, '2027-02-28', '2027-02-28', '2027-03-27'],
    [28, '2028-02-28', '2028-02-28', '2028-03-27'],
    [28, '2028-02-29', '2028-02-28', '2028-03-27'],
    // 31: short months use their last day; the following cycle goes back to the 31st.
    [31, '2026-04-29', '2026-03-31', '2026-04-29'],
    [31, '2026-04-30', '2026-04-30', '2026-05-30'],
    [31, '2026-12-31', '2026-12-31', '2027-01-30'],
    [31, '2027-01-30', '2026-12-31', '2027-01-30'],
    [31, '2027-01-31', '2027-01-31', '2027-02-27'],
    [31, '2027-02-27', '2027-01-31', '2027-02-27'],
    [31, '2027-02-28', '2027-02-28', '2027-03-30'],
    [31, '2028-02-28', '2028-01-31', '2028-02-28'],
    [31, '2028-02-29', '2028-02-29', '2028-03-30'],
    [30, '2027-02-28', '2027-02-28', '2027-03-29'],
    [29, '2027-02-28', '2027-02-28', '2027-03-28'],
    [29, '2028-02-28', '2028-01-29', '2028-02-28'],
    [29, '2028-02-29', '2028-02-29', '2028-03-28'],
  ])('start day %i on %s → %s … %s', (startDay, today, start, end) => {
    const period = currentCycle(monthly(startDay), noon(today));
    expect(period.start).toEqual(localMidnight(start));
    expect(period.end).toEqual(localEndOfDay(end));
  });

  it.each([
    ['00:00:00.000', new Date(brusselsMidnight('2026-03-05'))],
    ['23:59:59.999', new Date(brusselsEndOfDay('2026-03-05'))],
  ])('uses the Brussels calendar date at %s', (_label, now) => {
    expect(show(currentCycle(monthly(5), now))).toEqual(['2026-03-05', '2026-04-04']);
  });

  it('spans DST changes with Brussels midnights, not 24 h steps', () => {
    // Europe switches on the last Sundays of March and October; whatever the TZ, bounds stay on Brussels midnight.
    for (const today of ['2026-03-29', '2026-10-25']) {
      const { start, end } = currentCycle(monthly(25), noon(today));
      expect(start.getTime()).toBe(brusselsMidnight(ymd(start)));
      expect(end.getTime()).toBe(brusselsEndOfDay(ymd(end)));
    }
  });
});

describe('other units and durations', () => {
  it.each<[BillCycle, string, string, string]>([
    [{ startDay: 1, frequencyUnit: 'WEEK', frequencyDuration: 1 }, '2026-11-22', '2026-11-16', '2026-11-22'],
    [{ startDay: 1, frequencyUnit: 'WEEK', frequencyDuration: 1 }, '2026-11-23', '2026-11-23', '2026-11-29'],
    [{ startDay: 7, frequencyUnit: 'WEEK', frequencyDuration: 1 }, '2026-11-22', '2026-11-22', '2026-11-28'],
    [{ startDay: 0, frequencyUnit: 'WEEK', frequencyDuration: 1 }, '2026-11-21', '2026-11-15', '2026-11-21'],
    [{ startDay: 3, frequencyUnit: 'WEEK', frequencyDuration: 1 }, '2026-12-30', '2026-12-30', '2027-01-05'],
    [{ startDay: 1, frequencyUnit: 'DAY', frequencyDuration: 1 }, '2026-12-31', '2026-12-31', '2026-12-31'],
    [{ startDay: 1, frequencyUnit: 'MONTH', frequencyDuration: 3 }, '2026-05-10', '2026-04-01', '2026-06-30'],
    [{ startDay: 15, frequencyUnit: 'MONTH', frequencyDuration: 2 }, '2027-01-10', '2026-11-15', '2027-01-14'],
    [{ startDay: 1, frequencyUnit: 'YEAR', frequencyDuration: 1 }, '2026-07-01', '2026-01-01', '2026-12-31'],
    [{ startDay: 60, frequencyUnit: 'YEAR', frequencyDuration: 1 }, '2028-02-29', '2028-02-29', '2029-02-28'],
    [{ startDay: 366, frequencyUnit: 'YEAR', frequencyDuration: 1 }, '2028-06-01', '2027-12-31', '2028-12-30'],
  ])('%o on %s → %s … %s', (cycle, today, start, end) => {
    expect(show(currentCycle(cycle, noon(today)))).toEqual([start, end]);
  });

  it('weekly cycles of two weeks are 14 days that tile', () => {
    const cycle: BillCycle = { startDay: 1, frequencyUnit: 'WEEK', frequencyDuration: 2 };
    const cur = currentCycle(cycle, noon('2026-11-22'));
    const prev = previousCycle(cycle, noon('2026-11-22'));
    expect(new Date(`${ymd(cur.start)}T00:00:00.000Z`).getUTCDay()).toBe(1);
    expect(addDays(ymd(prev.end), 1)).toBe(ymd(cur.start));
    expect(addDays(ymd(cur.start), 13)).toBe(ymd(cur.end));
  });

  it.each<[BillCycle]>([
    [{ startDay: 0, frequencyUnit: 'MONTH', frequencyDuration: 1 }],
    [{ startDay: 32, frequencyUnit: 'MONTH', frequencyDuration: 1 }],
    [{ startDay: 1.5, frequencyUnit: 'MONTH', frequencyDuration: 1 }],
    [{ startDay: 8, frequencyUnit: 'WEEK', frequencyDuration: 1 }],
    [{ startDay: 367, frequencyUnit: 'YEAR', frequencyDuration: 1 }],
    [{ startDay: 1, frequencyUnit: 'MONTH', frequencyDuration: 0 }],
  ])('rejects %o', (cycle) => {
    expect(() => currentCycle(cycle, noon('2026-01-01'))).toThrow(RangeError);
  });

  it('rejects an invalid date', () => {
    expect(() => currentCycle(monthly(1), new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('previousCycle, lastCycles, periodToRange', () => {
  it.each([
    [1, '2026-01-15', '2025-12-01', '2025-12-31'],
    [5, '2027-01-03', '2026-11-05', '2026-12-04'],
    [31, '2027-03-15', '2027-01-31', '2027-02-27'],
    [31, '2028-03-31', '2028-02-29', '2028-03-30'],
  ])('start day %i on %s: previous is %s … %s', (startDay, today, start, end) => {
    expect(show(previousCycle(monthly(startDay), noon(today)))).toEqual([start, end]);
  });

  it('lists cycles oldest first, with or without the current one', () => {
    const cycle = monthly(31);
    const now = noon('2027-03-15');
    expect(lastCycles(cycle, now, 3).map(show)).toEqual([
      ['2026-12-31', '2027-01-30'],
      ['2027-01-31', '2027-02-27'],
      ['2027-02-28', '2027-03-30'],
    ]);
    expect(lastCycles(cycle, now, 2, { includeCurrent: false }).map(show)).toEqual([
      ['2026-12-31', '2027-01-30'],
      ['2027-01-31', '2027-02-27'],
    ]);
    expect(lastCycles(cycle, now, 0)).toEqual([]);
  });

  it('gives inclusive epoch bounds', () => {
    const period = currentCycle(monthly(1), noon('2026-06-10'));
    expect(periodToRange(period)).toEqual({
      from: localMidnight('2026-06-01').getTime(),
      to: localMidnight('2026-07-01').getTime() - 1,
    });
  });

  it('property: the cycle contains the day, starts on the start day, and cycles tile', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 31 }),
        fc.date({ min: new Date(Date.UTC(1990, 0, 1)), max: new Date(Date.UTC(2060, 11, 31)), noInvalidDate: true }),
        (startDay, date) => {
          const cycle = monthly(startDay);
          const cur = cycleContaining(cycle, date);
          const prev = previousCycle(cycle, date);
          expect(cur.start.getTime()).toBeLessThanOrEqual(date.getTime());
          expect(cur.end.getTime()).toBeGreaterThanOrEqual(date.getTime());
          const [year = 1970, month = 1, day] = ymd(cur.start).split('-').map(Number);
          // Day 0 of the next month (months count from 0 in Date.UTC) is the last of this one.
          const lastOfMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
          expect(day).toBe(Math.min(startDay, lastOfMonth));
          expect(addDays(ymd(prev.end), 1)).toBe(ymd(cur.start));
        },
      ),
    );
  });
});

describe('cycleDates (calendar dates, as the server and the seed use the rule)', () => {
  it.each<[BillCycle, string, number, string, string]>([
    [monthly(5), '2026-11-22', 0, '2026-11-05', '2026-12-04'],
    [monthly(5), '2026-11-05', 0, '2026-11-05', '2026-12-04'],
    [monthly(5), '2026-11-04', 0, '2026-10-05', '2026-11-04'],
    [monthly(5), '2026-01-03', 0, '2025-12-05', '2026-01-04'],
    [monthly(31), '2026-03-01', 0, '2026-02-28', '2026-03-30'],
    [monthly(5), '2026-11-22', 1, '2026-10-05', '2026-11-04'],
    [monthly(1), '2026-11-22', 5, '2026-06-01', '2026-06-30'],
    [monthly(31), '2027-03-15', 1, '2027-01-31', '2027-02-27'],
    [{ startDay: 1, frequencyUnit: 'WEEK', frequencyDuration: 1 }, '2026-11-22', 1, '2026-11-09', '2026-11-15'],
    [{ startDay: 1, frequencyUnit: 'MONTH', frequencyDuration: 3 }, '2026-05-10', 1, '2026-01-01', '2026-03-31'],
    [{ startDay: 1, frequencyUnit: 'YEAR', frequencyDuration: 1 }, '2026-07-01', 0, '2026-01-01', '2026-12-31'],
    [{ startDay: 1, frequencyUnit: 'DAY', frequencyDuration: 1 }, '2026-12-31', 2, '2026-12-29', '2026-12-29'],
  ])('%o on %s, %i back → %s … %s', (cycle, date, back, start, end) => {
    expect(cycleDates(cycle, date, back)).toEqual({ start, end });
  });

  it.each(['2026-02-30', '2026-13-01', '26-01-01', '2026-1-1', ''])('rejects the date %j', (date) => {
    expect(() => cycleDates(monthly(1), date)).toThrow(RangeError);
  });

  it('rejects a negative or fractional count of cycles back', () => {
    expect(() => cycleDates(monthly(1), '2026-01-01', -1)).toThrow(RangeError);
    expect(() => cycleDates(monthly(1), '2026-01-01', 0.5)).toThrow(RangeError);
  });

  it('property: agrees with the face of instants (Brussels days) for every unit', () => {
    const units = ['MONTH', 'WEEK', 'DAY', 'YEAR'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...units),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 28 }),
        fc.date({ min: new Date(Date.UTC(1990, 0, 1)), max: new Date(Date.UTC(2060, 11, 31)), noInvalidDate: true }),
        fc.integer({ min: 0, max: 3 }),
        (frequencyUnit, frequencyDuration, day, date, back) => {
          const cycle: BillCycle = { startDay: frequencyUnit === 'WEEK' ? day % 8 : day, frequencyUnit, frequencyDuration };
          const periods = lastCycles(cycle, date, back + 1);
          const oldest = periods[0];
          if (!oldest) throw new Error('no cycle');
          expect(cycleDates(cycle, ymd(date), back)).toEqual({ start: ymd(oldest.start), end: ymd(oldest.end) });
        },
      ),
    );
  });
});

describe("cycles on the service's calendar (Europe/Brussels), whatever the device's time zone", () => {
  // Instants around Brussels midnights and its DST changes (29 March 2026, 02:00 → 03:00; 25 October, 03:00 → 02:00),
  // where the device's calendar (UTC, New York, Tokyo) is on another day or its midnight at another instant.
  const iso = (p: BillPeriod): [string, string] => [p.start.toISOString(), p.end.toISOString()];
  it.each<[string, BillCycle, string, string, string]>([
    ['00:30 on 1 April in Brussels is April', monthly(1), '2026-03-31T22:30:00Z', '2026-03-31T22:00:00.000Z', '2026-04-30T21:59:59.999Z'],
    ['23:30 on 31 March in Brussels is March', monthly(1), '2026-03-31T21:30:00Z', '2026-02-28T23:00:00.000Z', '2026-03-31T21:59:59.999Z'],
    ['a cycle starting on the spring DST day', monthly(29), '2026-03-28T23:30:00Z', '2026-03-28T23:00:00.000Z', '2026-04-28T21:59:59.999Z'],
    ['a cycle starting on the autumn DST day', monthly(25), '2026-10-24T22:30:00Z', '2026-10-24T22:00:00.000Z', '2026-11-24T22:59:59.999Z'],
  ])('current bill: %s', (_name, cycle, now, start, end) => {
    expect(iso(currentCycle(cycle, new Date(now)))).toEqual([start, end]);
  });

  it('previous bill: ends with the 25-hour day of 25 October at Brussels midnight', () => {
    // 00:30 on 26 October in Brussels (winter time): the current bill started that day.
    expect(iso(previousCycle(monthly(26), new Date('2026-10-25T23:30:00Z')))).toEqual([
      '2026-09-25T22:00:00.000Z',
      '2026-10-25T22:59:59.999Z',
    ]);
  });

  it('the completed bills of the average are Brussels months', () => {
    expect(lastCycles(monthly(1), new Date('2026-03-31T22:30:00Z'), 2, { includeCurrent: false }).map(iso)).toEqual([
      ['2026-01-31T23:00:00.000Z', '2026-02-28T22:59:59.999Z'],
      ['2026-02-28T23:00:00.000Z', '2026-03-31T21:59:59.999Z'],
    ]);
  });
});
