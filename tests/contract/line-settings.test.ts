import { describe, expect, it } from 'vitest';
import {
  amountRefusal,
  blockedCategories,
  changeDelayMs,
  dunningRefuses,
  lineRefusal,
  parseEuroCents,
  raisesExposure,
  safeguardResourceParts,
  settingsAccess,
  type LineResource,
  type LineState,
} from '#contract/line-settings';

describe('euro amounts typed by the customer → cents', () => {
  it.each([
    ['25', 2500],
    ['25,5', 2550],
    ['25.50', 2550],
    ['0', 0],
    ['0,05', 5],
    ['1 000', 100_000],
    ['1\u00a0000,99 €', 100_099],
    ['  30 ', 3000],
    ['25€', 2500],
    ['', null],
    ['-5', null],
    ['25,555', null],
    ['2,5,0', null],
    ['abc', null],
    ['1e3', null],
    ['12345678', null],
  ])('%j → %s', (text, cents) => {
    expect(parseEuroCents(text)).toBe(cents);
  });
});

describe('limit bounds', () => {
  const osg = { current: 3000, alert: 2000, max: 15_000 };
  it.each([
    ['LIMIT', 0, null, null],
    ['LIMIT', 15_000, null, null],
    ['LIMIT', 15_001, null, 'limitAboveMax'],
    ['LIMIT', -1, null, 'negative'],
    ['LIMIT', 25.5, null, 'negative'],
    ['ALERT', 3000, null, null],
    ['ALERT', 3001, null, 'alertAboveLimit'],
    // A lower limit waits to apply: the alert is checked against it.
    ['ALERT', 2500, 2000, 'alertAboveLimit'],
    ['ALERT', 5000, 8000, null],
    ['ALERT', 0, null, null],
  ] as const)('%s %i (waiting limit %s) → %s', (form, cents, pending, refusal) => {
    expect(amountRefusal(form, cents, osg, pending)).toBe(refusal);
  });
});

describe('which settings a role may change', () => {
  it.each([
    ['owner', 'edit'],
    ['admin', 'edit'],
    ['user', 'read'],
    ['none', 'none'],
    ['', 'none'],
  ])('%s → %s for the line, the alerts and privacy', (role, access) => {
    for (const area of ['line', 'alerts', 'privacy'] as const) expect(settingsAccess(role, area)).toBe(access);
  });
});

const line = (patch: Partial<LineState> = {}): LineState => ({
  status: 'ACTIVATED',
  subStatus: 'ACTIVATED',
  fraudulentBehaviour: false,
  dunningLevelReached: false,
  ...patch,
});

describe('which lines may change', () => {
  it.each([
    [line(), null],
    [line({ status: 'IN_DELIVERY', subStatus: 'SIM_SENT' }), null],
    [line({ subStatus: 'BLOCKED' }), 'contractBlocked'],
    [line({ subStatus: 'BLOCKED_CREDIT_CHECK' }), 'contractBlocked'],
    [line({ subStatus: 'BLOCKED_GRAYDON_DEPOSIT' }), 'contractBlocked'],
    [line({ subStatus: 'BLOCKED_FRAUD' }), 'contractBlocked'],
    [line({ fraudulentBehaviour: true }), 'contractBlocked'],
    // docs/product/home.md "Blockages" lists four blockages; a missing identification is not one of them.
    [line({ subStatus: 'BLOCKED_IDENTIFICATION' }), null],
    [line({ status: 'TERMINATED', subStatus: 'TERMINATED' }), 'contractClosed'],
    [line({ status: 'CANCELED', subStatus: null }), 'contractClosed'],
    [line({ dunningLevelReached: true }), null],
  ])('%j → %s', (state, refusal) => {
    expect(lineRefusal(state)).toBe(refusal);
  });
});

describe('changes that raise what a line may cost', () => {
  it.each([
    ['OSG_LIMIT', '5000', '6000', true],
    ['OSG_LIMIT', '5000', '4000', false],
    ['DSG_LIMIT', null, '100', true],
    ['OSG_ALERT', '1000', '9000', false],
    ['ROAMING', 'EU_INCLUDE_SWISS', 'WORLD_COVERAGE', true],
    ['ROAMING', 'EU_INCLUDE_SWISS', 'EU_WITHOUT_SWISS', false],
    ['ROAMING', 'COVERAGE_NONE', 'CALLS_SMS_ONLY', true],
    ['ROAMING', 'WORLD_COVERAGE', 'COVERAGE_NONE', false],
    ['PREMIUM_BARRING', 'all', 'erotic', true],
    ['PREMIUM_BARRING', 'none', 'all', false],
    ['PREMIUM_BARRING', 'erotic', 'game', true],
    ['PREMIUM_BARRING', 'payment', 'all', false],
    ['INTERNATIONAL_BARRING', '1', '0', true],
    ['INTERNATIONAL_BARRING', '0', '1', false],
    ['THROTTLING', 'NONE', '512K', false],
    ['THROTTLING', '512K', 'NONE', false],
  ] as const)('%s %s → %s raises: %s', (resource, from, to, raises) => {
    expect(raisesExposure(resource, from, to)).toBe(raises);
    expect(dunningRefuses(line({ dunningLevelReached: true }), resource, from, to)).toBe(raises);
    expect(dunningRefuses(line(), resource, from, to)).toBe(false);
  });
});

describe('premium blocking in words', () => {
  it.each([
    ['none', []],
    ['all', ['adult', 'news', 'gaming', 'mobility', 'parking']],
    ['info', ['news']],
    ['game', ['gaming']],
    ['payment', ['mobility', 'parking']],
    ['erotic', ['adult']],
  ] as const)('%s blocks %j', (variant, categories) => {
    expect(blockedCategories[variant]).toEqual(categories);
  });
});

describe('when a change takes effect', () => {
  it.each([
    ['OSG_LIMIT', 2 * 60_000],
    ['PSG_ALERT', 2 * 60_000],
    ['THROTTLING', 2 * 60_000],
    ['INTERNATIONAL_BARRING', 2 * 60_000],
    ['ROAMING', 4 * 3_600_000],
  ] as const)('%s after %i ms', (resource: LineResource, delay) => {
    expect(changeDelayMs(resource)).toBe(delay);
  });

  it('splits a safeguard resource into its type and form', () => {
    expect(safeguardResourceParts('DSG_ALERT')).toEqual({ type: 'DSG', form: 'ALERT' });
  });
});
