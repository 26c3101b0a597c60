import { describe, expect, it } from 'vitest';
import type { ContractStateFacts } from '#contract/contract-state';
import { outOfBundleForecast, spendingCap, usageBarred, type OutOfBundleForecastInput } from '#contract/estimate';
import { forecast, MIN_FORECAST_ELAPSED_MS } from '#contract/forecast';

describe('forecast', () => {
  // Epoch numbers, not local dates: a 30-day cycle must be 30 × 24 h in every TZ for these figures.
  const start = Date.UTC(2026, 10, 1);
  const DAY = 86_400_000;
  const end = start + 30 * DAY - 1;
  it.each<
    [string, number, number, number, { projected: number | null; willExceed: boolean; exhaustion: number | null; ratio: number | null }]
  >([
    ['nothing used', 0, 100, 10 * DAY, { projected: 0, willExceed: false, exhaustion: null, ratio: 0 }],
    ['on pace to exceed', 50, 100, 10 * DAY, { projected: 150, willExceed: true, exhaustion: 20 * DAY, ratio: 1.5 }],
    ['well within', 10, 100, 15 * DAY, { projected: 20, willExceed: false, exhaustion: null, ratio: 0.2 }],
    // Reached only at the first instant after the cycle: not within it.
    ['exactly on the limit', 50, 100, 15 * DAY, { projected: 100, willExceed: false, exhaustion: null, ratio: 1 }],
    ['already over', 200, 100, 10 * DAY, { projected: 600, willExceed: true, exhaustion: 5 * DAY, ratio: 6 }],
    ['unlimited (limit 0)', 100, 0, 10 * DAY, { projected: 300, willExceed: false, exhaustion: null, ratio: null }],
    // What the screens show waits for about three days of use (MIN_SHOWN_FORECAST_MS).
    ['a day and a half in', 5, 100, 1.5 * DAY, { projected: null, willExceed: false, exhaustion: null, ratio: null }],
    ['exactly three days in', 6, 100, 3 * DAY, { projected: 60, willExceed: false, exhaustion: null, ratio: 0.6 }],
    ['before the cycle', 0, 100, -DAY, { projected: null, willExceed: false, exhaustion: null, ratio: null }],
    ['after the cycle', 120, 100, 40 * DAY, { projected: 120, willExceed: true, exhaustion: 25 * DAY, ratio: 1.2 }],
    ['NaN used', Number.NaN, 100, 10 * DAY, { projected: null, willExceed: false, exhaustion: null, ratio: null }],
  ])('%s', (_name, used, limit, elapsed, expected) => {
    const got = forecast({ used, limit, cycleStart: new Date(start), cycleEnd: end, now: start + elapsed });
    expect(got.projected === null ? null : Number(got.projected.toFixed(9))).toBe(expected.projected);
    expect(got.willExceed).toBe(expected.willExceed);
    expect(got.exhaustionDate === null ? null : Math.round(got.exhaustionDate.getTime() - start)).toBe(expected.exhaustion);
    expect(got.ratio === null ? null : Number(got.ratio.toFixed(9))).toBe(expected.ratio);
  });

  // A pace a few percent over the bundle is said, not warned about: over by more than 10 % only.
  it.each([
    ['5 % over the bundle', 35, 10 * DAY, 105, false],
    ['10 % over the bundle', 11, 3 * DAY, 110, false],
    ['15 % over the bundle', 46, 12 * DAY, 115, true],
  ] as const)('%s: a warning only past 10 %', (_name, used, elapsed, projected, warns) => {
    const got = forecast({ used, limit: 100, cycleStart: start, cycleEnd: end, now: start + elapsed });
    expect(Number(got.projected?.toFixed(9))).toBe(projected);
    expect(got.willExceed).toBe(warns);
    expect(got.exhaustionDate).not.toBeNull();
  });

  it.each([
    ['30 minutes in', 5, 1_800_000, null],
    ['exactly one hour in', 1, 3_600_000, 720],
  ] as const)('the estimate’s projection (from one hour in): %s', (_name, used, elapsed, projected) => {
    const got = forecast({ used, limit: 0, cycleStart: start, cycleEnd: end, now: start + elapsed, minElapsedMs: MIN_FORECAST_ELAPSED_MS });
    expect(got.projected).toBe(projected);
  });
});

describe('forecast as the consumption screens import it', () => {
  it('is the contract’s rule, re-exported by the usage worker’s module', async () => {
    const worker = await import('#workers/usage-core');
    expect(worker.forecast).toBe(forecast);
  });
});

describe('outOfBundleForecast: the next invoice’s forecast within the line’s limits', () => {
  // The same 30-day cycle in epoch numbers: 10 days in, the pace triples what was charged (2 × more to come).
  const start = Date.UTC(2026, 10, 1);
  const DAY = 86_400_000;
  const HOUR = 3_600_000;
  const end = start + 30 * DAY - 1;
  const active: ContractStateFacts = {
    status: 'ACTIVATED',
    subStatus: 'ACTIVATED',
    dunningLevelReached: false,
    fraudulentBehaviour: false,
  };
  // Sophie's own limits (all costs € 30, premium € 10) and the lines' defaults (€ 50, premium € 20), as the API sends them.
  const own = { osg: { current: 3000, default: 5000, max: 15_000 }, psg: { current: 1000, default: 2000, max: 5000 } };
  const defaults = { osg: { current: 5000, default: 5000, max: 15_000 }, psg: { current: 2000, default: 2000, max: 5000 } };
  type Case = {
    charged: { credit: number; premium: number };
    limits?: OutOfBundleForecastInput['limits'];
    line?: Partial<ContractStateFacts>;
    elapsed?: number;
  };
  it.each<[string, Case, number]>([
    ['cap not reached: the pace, in full', { charged: { credit: 500, premium: 0 }, limits: own }, 1000],
    ['cap reached on the way: up to the cap', { charged: { credit: 1200, premium: 0 }, limits: own }, 1800],
    ['cap reached exactly: nothing more', { charged: { credit: 3000, premium: 0 }, limits: own }, 0],
    // Marc: € 52,30 charged against € 50, usage past the cap is barred; what was charged stays, nothing negative.
    ['cap already passed: nothing more, never negative', { charged: { credit: 5230, premium: 0 }, limits: defaults }, 0],
    [
      'cap of 0: nothing out of bundle',
      { charged: { credit: 0, premium: 0 }, limits: { osg: { current: 0, default: 5000, max: 15_000 } } },
      0,
    ],
    // Premium at its own pace within € 10 (600 of 800 more), the rest at its own (400): within € 30 in all.
    ['premium cap: premium up to its cap, the rest at its pace', { charged: { credit: 600, premium: 400 }, limits: own }, 1000],
    ['premium cap reached: only the rest goes on', { charged: { credit: 1200, premium: 1000 }, limits: own }, 400],
    ['premium and general caps: the lower room wins', { charged: { credit: 2500, premium: 500 }, limits: own }, 500],
    [
      'no limit set: the default one',
      { charged: { credit: 2000, premium: 0 }, limits: { osg: { current: null, default: 5000, max: 15_000 } } },
      3000,
    ],
    [
      'no limit nor default: the line’s maximum',
      { charged: { credit: 6000, premium: 0 }, limits: { osg: { current: null, default: null, max: 15_000 } } },
      9000,
    ],
    ['no safeguard at all: the pace, uncapped', { charged: { credit: 6000, premium: 0 }, limits: {} }, 12_000],
    ['nothing charged yet', { charged: { credit: 0, premium: 0 }, limits: own }, 0],
    [
      'blocked for fraud (Emma’s 0470000006)',
      { charged: { credit: 530, premium: 0 }, limits: defaults, line: { subStatus: 'BLOCKED_FRAUD', fraudulentBehaviour: true } },
      0,
    ],
    ['general block', { charged: { credit: 530, premium: 0 }, limits: defaults, line: { subStatus: 'BLOCKED' } }, 0],
    ['credit-check block', { charged: { credit: 530, premium: 0 }, limits: defaults, line: { subStatus: 'BLOCKED_CREDIT_CHECK' } }, 0],
    ['deposit block', { charged: { credit: 530, premium: 0 }, limits: defaults, line: { subStatus: 'BLOCKED_GRAYDON_DEPOSIT' } }, 0],
    ['barred by dunning (Marc)', { charged: { credit: 1000, premium: 0 }, limits: defaults, line: { dunningLevelReached: true } }, 0],
    ['suspended', { charged: { credit: 530, premium: 0 }, limits: defaults, line: { status: 'SUSPENDED' } }, 0],
    // Suspected fraud bars changes only: the line still works and its use goes on.
    [
      'suspected fraud: still in use',
      { charged: { credit: 500, premium: 0 }, limits: defaults, line: { fraudulentBehaviour: true } },
      1000,
    ],
    ['cycle’s first day, first 30 minutes: no forecast', { charged: { credit: 100, premium: 0 }, limits: own, elapsed: HOUR / 2 }, 0],
    // 6 hours in, € 1 charged would be € 120 by the end: the cap leaves € 29.
    ['cycle’s first day, 6 hours in: up to the cap', { charged: { credit: 100, premium: 0 }, limits: own, elapsed: 6 * HOUR }, 2900],
    ['after the cycle: nothing more', { charged: { credit: 500, premium: 0 }, limits: own, elapsed: 40 * DAY }, 0],
    ['unusable charges: nothing', { charged: { credit: Number.NaN, premium: Number.NaN }, limits: own }, 0],
  ])('%s', (_name, { charged, limits = {}, line = {}, elapsed = 10 * DAY }, expected) => {
    const input = { charged, limits, line: { ...active, ...line }, cycleStart: start, cycleEnd: end, now: start + elapsed };
    const further = outOfBundleForecast(input);
    expect(further).toBe(expected);
    // The rule's promise: at most what the general limit still allows, never below zero.
    expect(further).toBeGreaterThanOrEqual(0);
    const credit = Number.isFinite(charged.credit) ? charged.credit : 0;
    expect(further).toBeLessThanOrEqual(Math.max(0, spendingCap(limits.osg) - credit));
  });

  it.each<[string, Partial<ContractStateFacts>, boolean]>([
    ['an active line', {}, false],
    ['fraud', { subStatus: 'BLOCKED_FRAUD' }, true],
    ['general block', { subStatus: 'BLOCKED' }, true],
    ['credit check', { subStatus: 'BLOCKED_CREDIT_CHECK' }, true],
    ['deposit', { subStatus: 'BLOCKED_GRAYDON_DEPOSIT' }, true],
    ['dunning', { dunningLevelReached: true }, true],
    ['suspended', { status: 'SUSPENDED' }, true],
    ['suspected fraud only', { fraudulentBehaviour: true }, false],
  ])('usageBarred: %s → %s', (_name, line, expected) => {
    expect(usageBarred({ ...active, ...line })).toBe(expected);
  });
});
