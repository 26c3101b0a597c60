import { describe, expect, it } from 'vitest';
import { dayTicks, usageAxis } from '#features/consumption/data/chart-axis.ts';

const GB = 1024 ** 3;
const MB = 1024 ** 2;

describe('usageAxis', () => {
  it.each([
    // kind, largest day, language, tick labels
    ['data', 1.86 * GB, 'fr', ['0\u202fGo', '0,5\u202fGo', '1\u202fGo', '1,5\u202fGo', '2\u202fGo']],
    ['data', 1.86 * GB, 'nl', ['0 GB', '0,5 GB', '1 GB', '1,5 GB', '2 GB']],
    ['data', 40 * MB, 'fr', ['0\u202fMo', '10\u202fMo', '20\u202fMo', '30\u202fMo', '40\u202fMo']],
    ['data', 0, 'fr', ['0\u202fMo', '1\u202fMo']],
    ['call', 3368, 'nl', ['0 min', '15 min', '30 min', '45 min', '60 min']],
    ['call', 3 * 3600 + 100, 'fr', ['0\u202fh', '1\u202fh', '2\u202fh', '3\u202fh', '4\u202fh']],
    ['call', 50, 'fr', ['0\u202fs', '15\u202fs', '30\u202fs', '45\u202fs', '60\u202fs']],
    ['sms', 3, 'fr', ['0', '1', '2', '3']],
    ['sms', 33, 'nl', ['0', '10', '20', '30', '40']],
  ] as const)('%s up to %d in %s: round ticks in one unit', (kind, max, lang, labels) => {
    const axis = usageAxis(kind, max, lang);
    expect(axis.ticks.map(axis.label)).toEqual(labels);
  });

  it.each([
    ['data', 1.86 * GB],
    ['data', 2 * GB],
    ['call', 3368],
    ['call', 7201],
    ['sms', 33],
    ['sms', 1],
  ] as const)('%s: the top (%d) is at or above the largest day, and the last tick is the top', (kind, max) => {
    const axis = usageAxis(kind, max, 'fr');
    expect(axis.top).toBeGreaterThanOrEqual(max);
    expect(axis.ticks.at(-1)).toBe(axis.top);
    expect(axis.ticks[0]).toBe(0);
  });
});

describe('dayTicks: the time axis labels one day a week, never a day twice', () => {
  const days = (n: number) => Array.from({ length: n }, (_, i) => i);
  it.each([
    // days in the period, chart width (px), labelled day indexes
    [30, 340, [0, 7, 14, 21, 28]],
    [31, 900, [0, 7, 14, 21, 28]],
    [30, 200, [0, 14, 28]],
    [7, 500, [0, 1, 2, 3, 4, 5, 6]],
    [7, 340, [0, 2, 4, 6]],
    [1, 340, [0]],
    [90, 340, [0, 21, 42, 63, 84]],
  ] as const)('%d days on %d px: %j', (count, width, expected) => {
    const ticks = dayTicks(days(count), width);
    expect(ticks).toEqual(expected);
    expect(new Set(ticks).size).toBe(ticks.length);
  });
});
