import { formatDate } from '#lib/format';

/** A calendar date 'YYYY-MM-DD' as the device's local day (never shifted by a time zone). */
export const calendarDay = (isoDate: string): Date => {
  const [year = 1970, month = 1, day = 1] = isoDate.slice(0, 10).split('-').map(Number);
  return new Date(year, month - 1, day);
};

/** Today on the device's calendar, 'YYYY-MM-DD', for the invoice rules. */
export const todayOnDevice = (now: Date = new Date()): string =>
  `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/** "5 janv. 2026" from a calendar date. */
export const formatDay = (isoDate: string, language: string): string => formatDate(calendarDay(isoDate), language);

/** "5 janv. 2026" from an instant (the local day it falls on). */
export const formatInstantDay = (isoInstant: string, language: string): string => formatDate(Date.parse(isoInstant), language);

/** The local calendar date of an instant. */
export const dayOfInstant = (isoInstant: string): string => todayOnDevice(new Date(Date.parse(isoInstant)));
