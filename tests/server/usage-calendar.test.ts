import { monthlyCycle } from '#contract/bill-cycle';
import { describe, expect, it } from 'vitest';
import { pageWindow, buildPagination } from '#server/lib/paging';
import { localDate, localDateTime, localDayRange, startOfLocalDay } from '#contract/calendar';
import { cyclePeriod } from '#server/lib/service-calendar';

const HOUR = 3_600_000;

describe('service calendar (Europe/Brussels days)', () => {
  it.each([
    { date: '2026-01-15', start: '2026-01-14T23:00:00.000Z' },
    { date: '2026-07-15', start: '2026-07-14T22:00:00.000Z' },
    // DST starts on 29 March 2026 at 02:00 and ends on 25 October 2026 at 03:00: midnight is still winter/summer time.
    { date: '2026-03-29', start: '2026-03-28T23:00:00.000Z' },
    { date: '2026-03-30', start: '2026-03-29T22:00:00.000Z' },
    { date: '2026-10-25', start: '2026-10-24T22:00:00.000Z' },
    { date: '2026-10-26', start: '2026-10-25T23:00:00.000Z' },
    { date: '2028-02-29', start: '2028-02-28T23:00:00.000Z' },
  ])('starts $date at $start', ({ date, start }) => {
    expect(new Date(startOfLocalDay(date)).toISOString()).toBe(start);
  });

  it.each([
    { from: '2026-03-29', to: '2026-03-29', hours: 23 },
    { from: '2026-10-25', to: '2026-10-25', hours: 25 },
    { from: '2026-11-01', to: '2026-11-30', hours: 30 * 24 },
  ])('spans $hours hours from $from to $to inclusive', ({ from, to, hours }) => {
    const range = localDayRange(from, to);
    expect(range.to - range.from + 1).toBe(hours * HOUR);
  });

  it.each([
    { instant: '2026-11-04T22:59:59.999Z', date: '2026-11-04', time: '2026-11-04 23:59:59' },
    { instant: '2026-11-04T23:00:00.000Z', date: '2026-11-05', time: '2026-11-05 00:00:00' },
    { instant: '2026-06-30T22:30:00.000Z', date: '2026-07-01', time: '2026-07-01 00:30:00' },
    { instant: '2026-10-25T00:30:00.000Z', date: '2026-10-25', time: '2026-10-25 02:30:00' },
    { instant: '2026-10-25T01:30:00.000Z', date: '2026-10-25', time: '2026-10-25 02:30:00' },
  ])('puts $instant on $date ($time)', ({ instant, date, time }) => {
    expect(localDate(Date.parse(instant))).toBe(date);
    expect(localDateTime(Date.parse(instant))).toBe(time);
  });

  it.each([
    { now: '2026-11-22T06:00:00Z', startDay: 5, back: 0, start: '2026-11-05', end: '2026-12-04' },
    { now: '2026-11-22T06:00:00Z', startDay: 5, back: 1, start: '2026-10-05', end: '2026-11-04' },
    { now: '2026-11-04T23:30:00Z', startDay: 5, back: 0, start: '2026-11-05', end: '2026-12-04' },
    { now: '2026-11-04T22:30:00Z', startDay: 5, back: 0, start: '2026-10-05', end: '2026-11-04' },
    { now: '2026-03-10T12:00:00Z', startDay: 31, back: 0, start: '2026-02-28', end: '2026-03-30' },
    { now: '2028-03-10T12:00:00Z', startDay: 31, back: 0, start: '2028-02-29', end: '2028-03-30' },
    { now: '2026-01-10T12:00:00Z', startDay: 15, back: 0, start: '2025-12-15', end: '2026-01-14' },
    { now: '2026-01-01T00:30:00Z', startDay: 1, back: 0, start: '2026-01-01', end: '2026-01-31' },
  ])('cycle of day $startDay at $now (back $back): $start … $end', ({ now, startDay, back, start, end }) => {
    expect(cyclePeriod(new Date(now), monthlyCycle(startDay), back)).toEqual({ start, end });
  });
});

describe('pagination', () => {
  const path = '/api/x/history';
  it.each([
    { page: 1, size: 25, total: 0, rows: 0, expected: { from: null, to: null, last_page: 1, prev: false, next: false } },
    { page: 1, size: 25, total: 25, rows: 25, expected: { from: 1, to: 25, last_page: 1, prev: false, next: false } },
    { page: 2, size: 25, total: 26, rows: 1, expected: { from: 26, to: 26, last_page: 2, prev: true, next: false } },
    { page: 3, size: 10, total: 95, rows: 10, expected: { from: 21, to: 30, last_page: 10, prev: true, next: true } },
    { page: 12, size: 10, total: 95, rows: 0, expected: { from: null, to: null, last_page: 10, prev: true, next: false } },
  ])('page $page by $size of $total', ({ page, size, total, rows, expected }) => {
    const pagination = buildPagination(pageWindow(page, size), total, rows, path, {
      'megalist-batchSize': size,
      type: 'sms',
      from: undefined,
    });
    expect(pagination).toMatchObject({
      current_page: page,
      per_page: size,
      total,
      from: expected.from,
      to: expected.to,
      last_page: expected.last_page,
    });
    expect(pagination.links.prev !== null).toBe(expected.prev);
    expect(pagination.links.next !== null).toBe(expected.next);
    expect(pagination.links.first).toBe(`${path}?megalist-batchSize=${size}&type=sms&megalist-page=1`);
  });
});
