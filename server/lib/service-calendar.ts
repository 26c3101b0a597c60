import { cycleDates, type BillCycle, type CycleDates } from '#contract/bill-cycle';
import { localDate } from '#contract/calendar';

/*
 * The bill cycles on the service's calendar (contract/calendar.ts: Europe/Brussels days). The calendar itself is the
 * contract's, shared with the app; the route files still name it through this module.
 */

export { localDate, localDayRange } from '#contract/calendar';

export type CyclePeriod = CycleDates;

/**
 * The bill cycle containing today's local date (`back` = 0) or `back` cycles earlier, as calendar dates. The
 * rule is the contract's (docs/product/consumption.md "Periods": start = most recent occurrence of the start day, end =
 * start + one unit − 1 day), the app's too, applied to the service's calendar so that the period matches the one the
 * app computes.
 */
export const cyclePeriod = (now: Date, cycle: BillCycle, back = 0): CyclePeriod => cycleDates(cycle, localDate(now.getTime()), back);
