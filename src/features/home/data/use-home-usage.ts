import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { currentCycleRange } from '#data/cycle-range';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { ContractRow, UsageSummaryRow } from '#db/schema';
import { now } from '#lib/clock';
import { useFirstFrame } from '#lib/first-frame';
import { fromLive, type LiveResult } from '#lib/live-result';
import { localDayEnd, localDayStart } from '#lib/usage-format';
import { usePull } from '#lib/use-pull';
import { useStable } from '#lib/use-stable';
import { forecast, type Forecast } from '#workers/usage-core';
import { pullUsageSummary, pullUsageRecords } from './pulls.ts';

export type { ContractRow };

export type BalanceView = {
  kind: 'data' | 'call' | 'sms';
  used: number;
  /** Bundle size, 0 = unlimited. */
  limit: number;
  remaining: number | null;
  oobCents: number;
  forecast: Forecast;
};

export type HomeUsage = {
  summary: UsageSummaryRow | undefined;
  balances: BalanceView[];
  cycleEnd: number | null;
  fetchedAt: number | undefined;
};

const kinds = { DATA: 'data', CALL: 'call', SMS: 'sms' } as const;

/** Balances of a summary with remaining amount and the forecast at the present pace (pure). */
export const toBalanceViews = (summary: UsageSummaryRow, now: number): BalanceView[] => {
  const cycleStart = localDayStart(summary.start.slice(0, 10));
  const cycleEnd = localDayEnd(summary.end.slice(0, 10));
  return (['DATA', 'CALL', 'SMS'] as const).flatMap((type) => {
    const b = summary.balances.find((x) => x.type === type);
    if (!b) return [];
    return [{
      kind: kinds[type],
      used: b.value,
      limit: b.balanceValue,
      remaining: b.balanceValue > 0 ? Math.max(0, b.balanceValue - b.value) : null,
      oobCents: b.overspentValue,
      forecast: forecast({ used: b.value, limit: b.balanceValue, cycleStart, cycleEnd, now }),
    }];
  });
};

/** The current bill's usage of one contract as its live query reads it (and the route, for the first frame). */
export const readContractUsage = async (customerId: number | null, contractId: number | null): Promise<{ data: HomeUsage }> => {
  if (customerId === null || contractId === null) return { data: { summary: undefined, balances: [], cycleEnd: null, fetchedAt: undefined } };
  const [summary, meta] = await Promise.all([
    db.usageSummaries.get([contractId, 'current']),
    db.meta.get(resourceKeys.usageSummary(customerId, contractId, 'current')),
  ]);
  return currentUsageOf(summary, meta?.fetchedAt);
};

/** The live query's answer for a stored summary and its fetch time, as of now (its first frame's too). */
export const currentUsageOf = (summary: UsageSummaryRow | undefined, fetchedAt: number | undefined): { data: HomeUsage } => ({
  data: homeUsageOf(summary, fetchedAt, now()),
});

/** The usage home shows of a stored summary as of `at` (pure): the live query's, and the server's first answer's. */
export const homeUsageOf = (summary: UsageSummaryRow | undefined, fetchedAt: number | undefined, at: number): HomeUsage => ({
  summary,
  balances: summary ? toBalanceViews(summary, at) : [],
  cycleEnd: summary ? localDayEnd(summary.end.slice(0, 10)) : null,
  fetchedAt,
});

export const usageFrameKey = (customerId: number | null, contractId: number | null) => `home-usage:${customerId}:${contractId}`;

/**
 * The current bill's usage of one contract, from Dexie; pulls the summary when older than 15 minutes. `settled`:
 * the pull for this contract has finished, so an empty summary means "no usage yet", not "still loading".
 * Offline: shows the stored summary with its age; the failed refresh is reported, nothing is lost.
 */
export const useContractUsage = (customerId: number | null, contract: ContractRow | undefined) => {
  const contractId = contract?.id ?? null;
  const live = useStable(
    useLiveQuery(
      () => readContractUsage(customerId, contractId),
      [customerId, contractId],
      useFirstFrame<{ data: HomeUsage }>(usageFrameKey(customerId, contractId)),
    ),
  );
  const result: LiveResult<HomeUsage> = useMemo(() => fromLive(live), [live]);
  const { refresh, refreshError, settled } = usePull(
    customerId === null || contractId === null ? null : [customerId, contractId, 'current'],
    pullUsageSummary,
  );
  // The current bill's records, for the consumption screens offline (their totals, days and list): fetched on an
  // online visit of home too, once the summary is in so that home's own figures come first. The consumption
  // screen reuses this download (same range) instead of starting another.
  const range = contract && settled ? currentCycleRange(contract.billCycle, new Date()) : null;
  usePull(customerId === null || contractId === null || range === null ? null : [customerId, contractId, range], pullUsageRecords);
  // The same object while nothing in it changed: home's gauges (a memo) skip the renders that home's other queries
  // cause (issue 41: each of home's queries arriving re-rendered the whole screen, a long task at 4× CPU).
  return useMemo(() => ({ result, error: refreshError, refresh, settled }), [result, refreshError, refresh, settled]);
};
