import type { UsageSummary } from '#contract/usage';
import type { UsageSummaryRow } from '#db/schema';
import { toSafeguardRow } from './safeguard-row.ts';

/** A bill's summary row (pure: the summary pull stores it, and so does a first visit's start, data/first-visit.ts). */
export const toUsageSummaryRow = (summary: UsageSummary, contractId: number, period: UsageSummaryRow['period']): UsageSummaryRow => ({
  contractId,
  period,
  start: summary.period.start,
  end: summary.period.end,
  balances: summary.balances,
  overspent: summary.cdrOverspent,
  charges: summary.charges,
  free: summary.free,
  plan: summary.plan,
  safeguards: summary.safeguard.map(toSafeguardRow),
  recentIds: summary.cdrUsage.map((r) => r.id),
});
