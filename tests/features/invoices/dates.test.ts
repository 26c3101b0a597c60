import { describe, expect, it } from 'vitest';
import { calendarDay, dayOfInstant, formatDay, todayOnDevice } from '#features/invoices/components/dates.ts';

// The invoice rules' "today" and an invoice's day are Brussels days (contract/calendar.ts), whatever the device's zone.
describe("invoice dates on the service's calendar (Europe/Brussels)", () => {
  it.each([
    ['00:30 on 29 March in Brussels (28 March in UTC and New York)', '2026-03-28T23:30:00Z', '2026-03-29'],
    ['23:30 on 25 October in Brussels, winter time (26 October in Tokyo)', '2026-10-25T22:30:00Z', '2026-10-25'],
  ])('%s', (_name, at, day) => {
    expect(todayOnDevice(new Date(at))).toBe(day);
    expect(dayOfInstant(at)).toBe(day);
  });

  it('a calendar date is shown as that day, from its Brussels midnight', () => {
    expect(calendarDay('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(formatDay('2026-03-29', 'fr').replace(/[\u202f\u00a0]/g, ' ')).toBe('29 mars 2026');
  });
});
