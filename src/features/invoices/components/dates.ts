import { localDate, startOfLocalDay } from '#contract/calendar';
import { formatDate } from '#lib/format';

/** A calendar date 'YYYY-MM-DD' as its Brussels midnight, the day formatDate shows (never shifted by the device's zone). */
export const calendarDay = (isoDate: string): Date => new Date(startOfLocalDay(isoDate.slice(0, 10)));

/** Today on the service's calendar (Europe/Brussels, as the server's invoice rules), 'YYYY-MM-DD', whatever the device's zone. */
export const todayOnDevice = (now: Date = new Date()): string => localDate(now.getTime());

/** "5 janv. 2026" from a calendar date. */
export const formatDay = (isoDate: string, language: string): string => formatDate(calendarDay(isoDate), language);

/** "5 janv. 2026" from an instant (the Brussels day it falls on). */
export const formatInstantDay = (isoInstant: string, language: string): string => formatDate(Date.parse(isoInstant), language);

/** The Brussels calendar date of an instant. */
export const dayOfInstant = (isoInstant: string): string => todayOnDevice(new Date(Date.parse(isoInstant)));
