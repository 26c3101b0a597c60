import { describe, expect, it } from 'vitest';
import type { SimState as SimContract } from '#contract/activation-rules';
import { alertConditions, alertHiddenMs, canActivateSim, dueAlerts, isHidden, type AlertInput } from '#features/home/data/alert-rules.ts';

const ready: SimContract = { status: 'IN_DELIVERY', subStatus: 'SIM_SENT', identificationStatus: 'OK', fraudStatus: 'OK' };
const active: SimContract = { status: 'ACTIVATED', subStatus: 'ACTIVATED', identificationStatus: 'OK', fraudStatus: 'OK' };

describe('canActivateSim (docs/product/activation.md "When a SIM can be activated": IN_DELIVERY + SIM_SENT + identification OK + fraud OK)', () => {
  it.each([
    ['ready', ready, true],
    ['active', active, false],
    ['not in delivery', { ...ready, status: 'IN_VALIDATION' }, false],
    ['SIM delivery failed', { ...ready, subStatus: 'SIM_DELIVERY_FAILED' }, false],
    ['identification needed', { ...ready, identificationStatus: 'NEED_IDENTIFICATION' }, false],
    ['identification missing', { ...ready, identificationStatus: null }, false],
    ['fraud not OK', { ...ready, fraudStatus: 'NOK' }, false],
    ['fraud missing', { ...ready, fraudStatus: null }, false],
  ] as const)('%s → %s', (_name, contract, expected) => {
    expect(canActivateSim(contract)).toBe(expected);
  });
});

const base: Omit<AlertInput, 'closedAt' | 'now'> = { isPlainUser: false, contracts: [active], situation: null, osg: null };

describe('alertConditions', () => {
  it.each([
    ['nothing due', base, []],
    ['owner with a SIM ready', { ...base, contracts: [active, ready] }, ['activateSim']],
    ['plain user with a SIM ready', { ...base, isPlainUser: true, contracts: [ready] }, []],
    ['open invoice and in debt', { ...base, situation: { hasOpenInvoice: true, isInDebt: true } }, ['invoiceSituation']],
    ['open invoice, not in debt', { ...base, situation: { hasOpenInvoice: true, isInDebt: false } }, []],
    ['in debt without open invoice', { ...base, situation: { hasOpenInvoice: false, isInDebt: true } }, []],
    ['plain user in debt', { ...base, isPlainUser: true, situation: { hasOpenInvoice: true, isInDebt: true } }, []],
    ['overspent above the limit', { ...base, osg: { overSpentCredit: 5230, current: 5000 } }, ['overspentLimit']],
    ['overspent exactly at the limit', { ...base, osg: { overSpentCredit: 5000, current: 5000 } }, ['overspentLimit']],
    ['overspent under the limit', { ...base, osg: { overSpentCredit: 4999, current: 5000 } }, []],
    ['plain user over the limit', { ...base, isPlainUser: true, osg: { overSpentCredit: 6000, current: 5000 } }, ['overspentLimit']],
    ['a limit of 0 (none set)', { ...base, osg: { overSpentCredit: 0, current: 0 } }, []],
    [
      'all three, in display order',
      { ...base, contracts: [ready], situation: { hasOpenInvoice: true, isInDebt: true }, osg: { overSpentCredit: 9000, current: 5000 } },
      ['activateSim', 'invoiceSituation', 'overspentLimit'],
    ],
  ] as const)('%s', (_name, input, expected) => {
    expect(alertConditions(input)).toEqual(expected);
  });
});

describe('24-hour hiding after closing (docs/product/home.md "Alert modals")', () => {
  const closed = Date.UTC(2026, 0, 10, 12);
  it.each([
    ['never closed', undefined, closed, false],
    ['just closed', closed, closed, true],
    ['23 h 59 later', closed, closed + alertHiddenMs - 60_000, true],
    ['exactly 24 h later', closed, closed + alertHiddenMs, false],
    ['25 h later', closed, closed + alertHiddenMs + 3_600_000, false],
  ] as const)('%s → hidden %s', (_name, closedAt, now, expected) => {
    expect(isHidden(closedAt, now)).toBe(expected);
  });

  it('a closed alert is left out and the next one shows; it comes back after 24 h', () => {
    const input = { ...base, contracts: [ready], situation: { hasOpenInvoice: true, isInDebt: true } };
    expect(dueAlerts({ ...input, closedAt: { activateSim: closed }, now: closed + 1000 })).toEqual(['invoiceSituation']);
    expect(dueAlerts({ ...input, closedAt: { activateSim: closed }, now: closed + alertHiddenMs + 1 })).toEqual([
      'activateSim',
      'invoiceSituation',
    ]);
  });
});
