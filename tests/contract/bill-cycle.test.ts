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

// Expectations are built with local Date constructors so the suite passes in any TZ.
const parse = (iso: string): [number, number, number] => {
  const [y, m, d] = iso.split('-').map(Number);
  return [y!, m! - 1, d!];
};
const localMidnight = (iso: string): Date => new Date(...parse(iso));
const localEndOfDay = (iso: string): Date => new Date(...parse(iso), 23, 59, 59, 999);
const noon = (iso: string): Date => new Date(...parse(iso), 12, 0, 0, 0);
const ymd = (d: Date): string => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const show = (p: BillPeriod): [string, string] => [ymd(p.start), ymd(p.end)];

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
    ['00:00:00.000', new Date(2026, 2, 5, 0, 0, 0, 0)],
    ['23:59:59.999', new Date(2026, 2, 5, 23, 59, 59, 999)],
  ])('uses the local calendar date at %s', (_label, now) => {
    expect(show(currentCycle(monthly(5), now))).toEqual(['2026-03-05', '2026-04-04']);
  });

  it('spans DST changes with local midnights, not 24 h steps', () => {
    // Europe switches on the last Sundays of March and October; whatever the TZ, bounds stay on midnight.
    for (const today of ['2026-03-29', '2026-10-25']) {
      const { start, end } = currentCycle(monthly(25), noon(today));
      expect([start.getHours(), start.getMinutes()]).toEqual([0, 0]);
      expect([end.getHours(), end.getMinutes(), end.getSeconds(), end.getMilliseconds()]).toEqual([23, 59, 59, 999]);
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
    expect(cur.start.getDay()).toBe(1);
    expect(ymd(new Date(prev.end.getFullYear(), prev.end.getMonth(), prev.end.getDate() + 1))).toBe(ymd(cur.start));
    expect(ymd(new Date(cur.start.getFullYear(), cur.start.getMonth(), cur.start.getDate() + 13))).toBe(ymd(cur.end));
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
        fc.date({ min: new Date(1990, 0, 1), max: new Date(2060, 11, 31), noInvalidDate: true }),
        (startDay, date) => {
          const cycle = monthly(startDay);
          const cur = cycleContaining(cycle, date);
          const prev = previousCycle(cycle, date);
          expect(cur.start.getTime()).toBeLessThanOrEqual(date.getTime());
          expect(cur.end.getTime()).toBeGreaterThanOrEqual(date.getTime());
          const lastOfMonth = new Date(cur.start.getFullYear(), cur.start.getMonth() + 1, 0).getDate();
          expect(cur.start.getDate()).toBe(Math.min(startDay, lastOfMonth));
          const dayAfterPrev = new Date(prev.end.getFullYear(), prev.end.getMonth(), prev.end.getDate() + 1);
          expect(ymd(dayAfterPrev)).toBe(ymd(cur.start));
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

  it('property: agrees with the local-time face for every unit', () => {
    const units = ['MONTH', 'WEEK', 'DAY', 'YEAR'] as const;
    fc.assert(
      fc.property(
        fc.constantFrom(...units),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 28 }),
        fc.date({ min: new Date(1990, 0, 1), max: new Date(2060, 11, 31), noInvalidDate: true }),
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
