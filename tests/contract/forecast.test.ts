import { describe, expect, it } from 'vitest';
import { forecast } from '#contract/forecast';

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
    ['30 minutes in', 5, 100, 1_800_000, { projected: null, willExceed: false, exhaustion: null, ratio: null }],
    ['exactly one hour in', 1, 360, 3_600_000, { projected: 720, willExceed: true, exhaustion: 15 * DAY, ratio: 2 }],
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
});

describe('forecast as the consumption screens import it', () => {
  it('is the contract’s rule, re-exported by the usage worker’s module', async () => {
    const worker = await import('#workers/usage-core');
    expect(worker.forecast).toBe(forecast);
  });
});
