import { currentCycle, monthlyCycle, type BillCycle } from '#contract/bill-cycle';
import { isoLocalDate } from '#lib/usage-format';

/**
 * The current bill's dates (ISO, inclusive) of a contract: the bill cycle of docs/product/consumption.md "Periods",
 * calendar months without one. The consumption screen's "current bill" resolves to the same range, so a pull started
 * elsewhere (home) is the one it reads, offline too.
 */
export const currentCycleRange = (billCycle: BillCycle | null, now: Date): { from: string; to: string } => {
  const period = currentCycle(billCycle ?? monthlyCycle(1), now);
  return { from: isoLocalDate(period.start), to: isoLocalDate(period.end) };
};
