// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { PullCallOptions } from '#lib/use-pull';
import {
  averageRange,
  rangeState,
  useAverage,
  useRecordsLoad,
  useUsageQuery,
  type RecordsLoad,
} from '#features/consumption/data/use-usage-query.ts';
import type { ResolvedPeriod } from '#features/consumption/data/period.ts';
import type { AggregateResult } from '#workers/usage-core';
import { brusselsEndOfDay, brusselsMidnight } from '../../fixtures/service-zone.ts';

/*
 * The consumption summary downloads its records as one load: the period's range and the average's six bills
 * (src/features/consumption/data/use-usage-query.ts). Each figure reads its own range of that load: offline after a
 * visit of home, which downloaded the current bill only, the period's totals come from the stored bill with its age,
 * while the average and a bill never downloaded say what is missing (docs/product/consumption.md "Loading and
 * partial figures"). The regression: the whole load counted as one, so the stored current bill read as never
 * downloaded.
 */

type Deferred = { resolve: () => void; reject: (error: unknown) => void; options: PullCallOptions };
const pulls = vi.hoisted(() => ({ calls: [] as { ranges: unknown; deferred: Deferred }[] }));

// The load's download: settled by each test (offline: it fails; online: it runs until told).
vi.mock('#data/usage-records-pull', () => ({
  pullUsageRanges: (_customerId: number, _contractId: number, ranges: unknown, options: PullCallOptions) =>
    new Promise<void>((resolve, reject) => pulls.calls.push({ ranges, deferred: { resolve, reject, options } })),
}));

const aggregate = { matched: 113 } as AggregateResult;
// The usage worker computes over the stored records; here it answers at once for the figures it is asked.
vi.mock('#data/usage-worker-client', () => ({
  usageWorker: () => ({
    aggregateOnly: () => Promise.resolve(aggregate),
    average: () => Promise.resolve({ average: { data: 1, call: 2, sms: 3 } }),
  }),
}));

const customerId = 3;
const contractId = 4;
const current = { from: '2026-11-15', to: '2026-12-14' };
const previous = { from: '2026-10-15', to: '2026-11-14' };
const average = { from: '2026-05-15', to: '2026-11-14' };
const period: ResolvedPeriod = {
  ...current,
  fromMs: brusselsMidnight('2026-11-15'),
  toMs: brusselsEndOfDay('2026-12-14'),
};
// The six completed bills of the average, as completedCycles gives them (their first and last day only matter here).
const cycles = [
  { from: brusselsMidnight('2026-05-15'), to: brusselsEndOfDay('2026-06-14') },
  { from: brusselsMidnight('2026-10-15'), to: brusselsEndOfDay('2026-11-14') },
];
const homeVisit = 1_790_000_000_000;
const noFilters = { types: [], direction: 'all' as const, oobOnly: false };

beforeEach(async () => {
  pulls.calls.length = 0;
  await db.meta.clear();
  // What home's online visit left: the current bill's records completely downloaded, nothing of the past bills.
  await db.meta.put({ resource: resourceKeys.usageRecords(customerId, contractId, current.from, current.to), fetchedAt: homeVisit });
});

describe('rangeState: what a load tells about one range', () => {
  const load = (ranges: RecordsLoad['ranges'], state: { error?: unknown; settled?: boolean } = {}) => ({
    ranges,
    error: state.error ?? null,
    settled: state.settled ?? false,
  });
  const offline = new Error('offline');

  it.each([
    [
      'every range downloaded',
      load([
        { ...current, fetchedAt: 5 },
        { ...average, fetchedAt: 2 },
      ]),
      current,
      { complete: true, fetchedAt: 5, unknown: false },
    ],
    [
      'offline: its own range downloaded, another never',
      load(
        [
          { ...current, fetchedAt: 5 },
          { ...average, fetchedAt: undefined },
        ],
        { error: offline, settled: true },
      ),
      current,
      { complete: true, fetchedAt: 5, unknown: false },
    ],
    [
      'offline: the range never downloaded',
      load(
        [
          { ...current, fetchedAt: 5 },
          { ...average, fetchedAt: undefined },
        ],
        { error: offline, settled: true },
      ),
      average,
      { complete: false, fetchedAt: undefined, unknown: true },
    ],
    [
      'offline: a bill inside a range never downloaded',
      load([{ ...average, fetchedAt: undefined }], { error: offline, settled: true }),
      previous,
      { complete: false, fetchedAt: undefined, unknown: true },
    ],
    ['a bill inside a downloaded range', load([{ ...average, fetchedAt: 7 }]), previous, { complete: true, fetchedAt: 7, unknown: false }],
    [
      'online, while the load downloads another range: no figure yet',
      load([
        { ...current, fetchedAt: 5 },
        { ...average, fetchedAt: undefined },
      ]),
      current,
      { complete: false, fetchedAt: 5, unknown: false },
    ],
    [
      'a load ended by a server error: the ranges downloaded before are whole',
      load(
        [
          { ...current, fetchedAt: 5 },
          { ...average, fetchedAt: undefined },
        ],
        { error: new Error('500'), settled: true },
      ),
      current,
      { complete: true, fetchedAt: 5, unknown: false },
    ],
    ['before the stored marks are read', load([]), current, { complete: false, fetchedAt: undefined, unknown: false }],
    ['no range', load([{ ...current, fetchedAt: 5 }], { settled: true }), null, { complete: false, fetchedAt: undefined, unknown: false }],
  ])('%s', (_name, state, range, expected) => {
    expect(rangeState(state, range)).toEqual(expected);
  });

  it('a range overlapping a downloaded one without lying inside it is not known', () => {
    const state = load([{ ...current, fetchedAt: 5 }], { error: offline, settled: true });
    expect(rangeState(state, { from: '2026-11-10', to: '2026-11-20' })).toMatchObject({ complete: false, unknown: true });
  });
});

/** The consumption summary's hooks over one load, as SummaryBody wires them. */
const renderSummary = () =>
  renderHook(() => {
    const load = useRecordsLoad(customerId, contractId, [current, average]);
    return {
      load,
      query: useUsageQuery(customerId, contractId, period, noFilters, { list: false, load }),
      average: useAverage(customerId, contractId, cycles, { load }),
    };
  });

describe('the consumption summary over the records stored by home', () => {
  it('offline: the period from the stored current bill with its age; the average unknown', async () => {
    const { result } = renderSummary();
    await waitFor(() => expect(pulls.calls).toHaveLength(1));
    expect(pulls.calls[0]!.ranges).toEqual([current, average]);
    act(() => pulls.calls[0]!.deferred.reject(new Error('offline')));

    await waitFor(() => expect(result.current.query.aggregate).toBe(aggregate));
    expect(result.current.query).toMatchObject({ status: 'ready', count: 113, unknown: false, fetchedAt: homeVisit });
    expect(result.current.average).toMatchObject({ average: null, unknown: true, fetchedAt: undefined });
  });

  it('online: no figure while the load downloads the average, then both', async () => {
    const { result } = renderSummary();
    await waitFor(() => expect(pulls.calls).toHaveLength(1));
    act(() => pulls.calls[0]!.deferred.options.onProgress?.({ loaded: 0, total: 900 }));
    await waitFor(() => expect(result.current.load.ranges).toHaveLength(2));
    expect(result.current.query).toMatchObject({ aggregate: null, unknown: false, busy: true });
    expect(result.current.average).toMatchObject({ average: null, unknown: false });

    await act(async () => {
      await db.meta.put({
        resource: resourceKeys.usageRecords(customerId, contractId, average.from, average.to),
        fetchedAt: homeVisit + 1,
      });
      pulls.calls[0]!.deferred.resolve();
    });
    await waitFor(() => expect(result.current.average.average).toEqual({ data: 1, call: 2, sms: 3 }));
    expect(result.current.query).toMatchObject({ aggregate, unknown: false, fetchedAt: homeVisit });
    expect(result.current.average.fetchedAt).toBe(homeVisit + 1);
  });
});

describe("averageRange: the API's dates of the average's bills, on the service's calendar (Europe/Brussels)", () => {
  it("gives the Brussels dates of the first and last bill, whatever the device's time zone", () => {
    // March 2026 in Brussels: from 23:00 UTC on 28 February to 21:59:59.999 UTC on 31 March (summer time).
    expect(averageRange([{ from: Date.parse('2026-02-28T23:00:00.000Z'), to: Date.parse('2026-03-31T21:59:59.999Z') }])).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
    });
  });
});
