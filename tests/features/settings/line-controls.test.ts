import { describe, expect, it } from 'vitest';
import type { LineState } from '#contract/line-settings';
import {
  limitPresets,
  spendAgainstLimit,
  switchIsOn,
  switchRefusedByDunning,
  switchValue,
  type SwitchResource,
} from '#features/settings/data/line-controls.ts';

/*
 * The settings screen's quick controls (src/features/settings/data/line-controls.ts): what a switch shows and asks
 * for, when dunning refuses it, which limit presets a line is offered, and the spent-against-limit bar.
 */

const active: LineState = { status: 'ACTIVE', subStatus: null, fraudulentBehaviour: false, dunningLevelReached: false };
const dunning: LineState = { ...active, dunningLevelReached: true };

describe('switches', () => {
  it.each<[SwitchResource, string, boolean]>([
    ['ROAMING', 'WORLD_COVERAGE', true],
    ['ROAMING', 'EU_INCLUDE_SWISS', true],
    ['ROAMING', 'CALLS_SMS_ONLY', true],
    ['ROAMING', 'COVERAGE_NONE', false],
    ['PREMIUM_BARRING', 'all', true],
    ['PREMIUM_BARRING', 'none', false],
    ['PREMIUM_BARRING', 'game', false],
  ])('%s at %s shows on: %s', (resource, value, on) => {
    expect(switchIsOn(resource, value)).toBe(on);
  });

  it.each<[SwitchResource, boolean, string]>([
    ['ROAMING', true, 'EU_INCLUDE_SWISS'],
    ['ROAMING', false, 'COVERAGE_NONE'],
    ['PREMIUM_BARRING', true, 'all'],
    ['PREMIUM_BARRING', false, 'none'],
  ])('%s switched %s asks for %s', (resource, on, value) => {
    expect(switchValue(resource, on)).toBe(value);
  });

  it.each<[string, LineState, SwitchResource, string, boolean]>([
    ['roaming off, in dunning: back on raises the cost', dunning, 'ROAMING', 'COVERAGE_NONE', true],
    ['roaming on, in dunning: off lowers it', dunning, 'ROAMING', 'EU_INCLUDE_SWISS', false],
    ['roaming off, no dunning', active, 'ROAMING', 'COVERAGE_NONE', false],
    ['premium all blocked, in dunning: unblocking raises it', dunning, 'PREMIUM_BARRING', 'all', true],
    ['premium unblocked, in dunning: blocking all lowers it', dunning, 'PREMIUM_BARRING', 'none', false],
    ['one category blocked, in dunning: all blocked lowers it', dunning, 'PREMIUM_BARRING', 'game', false],
    ['premium all blocked, no dunning', active, 'PREMIUM_BARRING', 'all', false],
  ])('%s', (_case, line, resource, value, refused) => {
    expect(switchRefusedByDunning(line, resource, value)).toBe(refused);
  });
});

describe('limit presets', () => {
  it.each<[string, number, number, boolean, number[]]>([
    ['every preset within a € 100 maximum, and the line’s € 30', 10_000, 3_000, false, [0, 1_000, 2_000, 3_000, 5_000, 10_000]],
    ['a € 150 maximum is offered too', 15_000, 2_000, false, [0, 1_000, 2_000, 5_000, 10_000, 15_000]],
    ['a € 30 maximum cuts the list and adds itself', 3_000, 1_000, false, [0, 1_000, 2_000, 3_000]],
    ['a limit above the maximum (lowered since) is not offered', 5_000, 7_500, false, [0, 1_000, 2_000, 5_000]],
    ['a € 50 maximum is a preset already', 5_000, 1_000, false, [0, 1_000, 2_000, 5_000]],
    ['a € 0 maximum: only € 0', 0, 0, false, [0]],
    ['dunning: nothing above the € 20 limit', 10_000, 2_000, true, [0, 1_000, 2_000]],
    ['dunning with a € 15 limit: only lower presets and its own', 10_000, 1_500, true, [0, 1_000, 1_500]],
    ['dunning at € 0: € 0 only', 10_000, 0, true, [0]],
  ])('%s', (_case, max, limit, inDunning, presets) => {
    expect(limitPresets(max, limit, inDunning)).toEqual(presets);
  });
});

describe('spent against the limit', () => {
  it.each<[string, number, number, number | null, { share: number; level: string }]>([
    ['nothing spent', 0, 3_000, 2_000, { share: 0, level: 'ok' }],
    ['half the limit, below the alert', 1_500, 3_000, 2_000, { share: 0.5, level: 'ok' }],
    ['past the alert', 2_500, 3_000, 2_000, { share: 2_500 / 3_000, level: 'alert' }],
    ['no alert set', 2_500, 3_000, null, { share: 2_500 / 3_000, level: 'ok' }],
    ['at the limit', 3_000, 3_000, 2_000, { share: 1, level: 'reached' }],
    ['beyond the limit (late costs): the bar stays full', 4_200, 3_000, 2_000, { share: 1, level: 'reached' }],
    ['a € 0 limit with nothing spent', 0, 0, null, { share: 0, level: 'ok' }],
    ['a € 0 limit with a cost', 50, 0, null, { share: 1, level: 'reached' }],
  ])('%s', (_case, spent, limit, alert, expected) => {
    expect(spendAgainstLimit(spent, limit, alert)).toEqual(expected);
  });
});
