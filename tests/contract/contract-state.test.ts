import { describe, expect, it } from 'vitest';
import {
  anyLineBlockedForDebt,
  contractBlockages,
  isModificationRestricted,
  optimizeRedirect,
  orderRefusal,
  refusalErrorCode,
  type ContractStateFacts,
  lineAction,
  lineStatus,
  lineTone,
} from '#contract/contract-state';
import { contractStatuses } from '#contract/contracts';
import { errorCodes } from '#contract/errors';

const active: ContractStateFacts = { status: 'ACTIVATED', subStatus: 'ACTIVATED', dunningLevelReached: false, fraudulentBehaviour: false };
const line = (over: Partial<ContractStateFacts>): ContractStateFacts => ({ ...active, ...over });

describe('contractBlockages (docs/product/home.md "Blockages"; docs/product/subscription.md "Who may change a subscription")', () => {
  it.each([
    ['an active line', line({}), false, []],
    ['a general block', line({ subStatus: 'BLOCKED' }), false, ['general']],
    ['a credit-check block, nothing owed', line({ subStatus: 'BLOCKED_CREDIT_CHECK' }), false, ['credit']],
    ['a deposit block, nothing owed', line({ subStatus: 'BLOCKED_GRAYDON_DEPOSIT' }), false, ['credit']],
    ['a credit block with an open balance: unpaid', line({ subStatus: 'BLOCKED_CREDIT_CHECK' }), true, ['unpaid']],
    ['dunning', line({ dunningLevelReached: true }), false, ['unpaid']],
    ['an open balance alone is no blockage', line({}), true, []],
    ['a fraud block', line({ subStatus: 'BLOCKED_FRAUD' }), false, ['fraud']],
    ['suspected fraudulent behaviour', line({ fraudulentBehaviour: true }), false, ['suspectedFraud']],
    [
      'several, most serious first (Emma’s 0470000006: fraud block and flag)',
      line({ subStatus: 'BLOCKED_FRAUD', fraudulentBehaviour: true, dunningLevelReached: true }),
      false,
      ['fraud', 'suspectedFraud', 'unpaid'],
    ],
    ['an identification block is not an order blockage', line({ subStatus: 'BLOCKED_IDENTIFICATION' }), false, []],
  ] as const)('%s', (_name, facts, openBalance, expected) => {
    expect(contractBlockages(facts, openBalance)).toEqual(expected);
  });
});

describe('anyLineBlockedForDebt: paying unblocks a line (issue 43 point 8: "pay to unblock", never "to keep your services")', () => {
  it.each([
    ['no line', [], true, false],
    ['active lines only, in debt', [line({}), line({})], true, false],
    ['one line in dunning among others', [line({}), line({ dunningLevelReached: true })], false, true],
    ['a credit block with an open balance', [line({ subStatus: 'BLOCKED_CREDIT_CHECK' })], true, true],
    ['a credit block, nothing owed', [line({ subStatus: 'BLOCKED_CREDIT_CHECK' })], false, false],
    ['a general block in debt is not for the debt', [line({ subStatus: 'BLOCKED' })], true, false],
  ] as const)('%s → %s', (_name, lines, openBalance, expected) => {
    expect(anyLineBlockedForDebt(lines, openBalance)).toBe(expected);
  });
});

describe('isModificationRestricted: only an ACTIVATED line may change (docs/product/subscription.md "Who may change a subscription")', () => {
  it.each(contractStatuses.map((status) => [status, status !== 'ACTIVATED'] as const))('%s → restricted %s', (status, expected) => {
    expect(isModificationRestricted(status)).toBe(expected);
  });

  it('lets an active line through both checks and refuses what each check names besides it', () => {
    // First check: "not allowed for ACTIVATED, CANCELED or IN_DELIVERY"; second: "barred for ACTIVATED, TERMINATED and SUSPENDED".
    expect(['ACTIVATED', 'CANCELED', 'IN_DELIVERY', 'TERMINATED', 'SUSPENDED'].map(isModificationRestricted)).toEqual([
      false,
      true,
      true,
      true,
      true,
    ]);
  });
});

describe('orderRefusal', () => {
  const none = { plainUser: false, openBalance: false, openLines: [] };
  it.each([
    ['an active, unblocked line may change its plan', { ...none, contract: active }, null],
    ['a plain user, before anything else', { ...none, plainUser: true, contract: line({ subStatus: 'BLOCKED_FRAUD' }) }, 'plainUser'],
    ['Marc: dunning', { ...none, contract: line({ dunningLevelReached: true }) }, 'unpaid'],
    ['credit with an open balance', { ...none, openBalance: true, contract: line({ subStatus: 'BLOCKED_GRAYDON_DEPOSIT' }) }, 'unpaid'],
    ['a blockage comes before the restriction', { ...none, contract: line({ status: 'SUSPENDED', subStatus: 'BLOCKED' }) }, 'general'],
    ['a line in delivery', { ...none, contract: line({ status: 'IN_DELIVERY', subStatus: 'SIM_SENT' }) }, 'restricted'],
    ['a terminated line', { ...none, contract: line({ status: 'TERMINATED', subStatus: 'TERMINATED' }) }, 'restricted'],
    ['a SIM swap waiting', { ...none, contract: active, openLines: [{ kind: 'CONTRACT', status: 'PENDING' }] }, 'waitingRequest'],
    [
      'a suspension being carried out',
      { ...none, contract: active, openLines: [{ kind: 'CONTRACT', status: 'QUEUED' }] },
      'waitingRequest',
    ],
    ['an option order being executed', { ...none, contract: active, openLines: [{ kind: 'OPTION', status: 'QUEUED' }] }, 'pendingOrder'],
    ['a plan change being executed', { ...none, contract: active, openLines: [{ kind: 'PRODUCT', status: 'QUEUED' }] }, 'pendingOrder'],
    [
      'a plan or option order still waiting for its date is no refusal',
      {
        ...none,
        contract: active,
        openLines: [
          { kind: 'OPTION', status: 'PENDING' },
          { kind: 'PRODUCT', status: 'PENDING' },
        ],
      },
      null,
    ],
    [
      'a limit or setting change under way is no refusal',
      {
        ...none,
        contract: active,
        openLines: [
          { kind: 'SETTING', status: 'QUEUED' },
          { kind: 'SAFEGUARD', status: 'PENDING' },
        ],
      },
      null,
    ],
  ] as const)('%s', (_name, input, expected) => {
    expect(orderRefusal(input)).toBe(expected);
  });
});

describe('optimizeRedirect (docs/product/subscription.md "The optimize screen")', () => {
  it.each([
    [null, false, false],
    ['fraud', false, true],
    ['restricted', false, true],
    ['fraud', true, false],
    ['plainUser', false, true],
  ] as const)('refusal %s, viewing a closed order %s → redirect %s', (refusal, closed, expected) => {
    expect(optimizeRedirect(refusal, closed)).toBe(expected);
  });
});

it('gives every refusal an error code of the catalogue', () => {
  for (const code of Object.values(refusalErrorCode)) expect(errorCodes).toContain(code);
});

describe('lineStatus: one status per line, the most serious fact first (docs/product/home.md "Line status")', () => {
  const line = (status: string, subStatus: string | null = null, extra: Partial<{ dunning: boolean; fraud: boolean }> = {}) => ({
    status,
    subStatus,
    dunningLevelReached: extra.dunning ?? false,
    fraudulentBehaviour: extra.fraud ?? false,
  });
  it.each([
    // Emma's 0470000006: active, blocked for fraud and flagged → one status, blocked for fraud, and a call to make.
    [line('ACTIVATED', 'BLOCKED_FRAUD', { fraud: true }), false, 'blockedFraud', 'callService', 'danger'],
    [line('ACTIVATED', null, { fraud: true }), false, 'blockedSuspectedFraud', 'callService', 'danger'],
    [line('ACTIVATED', null, { dunning: true }), false, 'blockedUnpaid', 'payInvoices', 'danger'],
    [line('ACTIVATED', 'BLOCKED_CREDIT_CHECK'), false, 'blockedCredit', 'callService', 'danger'],
    [line('ACTIVATED', 'BLOCKED_GRAYDON_DEPOSIT'), true, 'blockedUnpaid', 'payInvoices', 'danger'],
    [line('ACTIVATED', 'BLOCKED'), false, 'blocked', 'callService', 'danger'],
    [line('TERMINATED', 'TERMINATED'), false, 'terminated', null, 'danger'],
    [line('CANCELED'), false, 'canceled', null, 'danger'],
    [line('SUSPENDED', 'SUSPENDED'), false, 'suspended', 'callService', 'danger'],
    [line('IN_DELIVERY', 'SIM_DELIVERY_FAILED'), false, 'simReturned', 'callService', 'danger'],
    [line('IN_DELIVERY', 'PORT_IN_REQUESTED'), false, 'activating', null, 'warning'],
    [line('IN_DELIVERY', 'ACTIVATION_REQUESTED'), false, 'activating', null, 'warning'],
    [line('IN_DELIVERY', 'SIM_SENT'), false, 'toActivate', 'activateSim', 'warning'],
    [line('ACTIVATED', 'ACTIVATED'), false, 'active', null, 'success'],
    [line('IN_VALIDATION', 'STARTED'), false, 'preparing', null, 'warning'],
  ] as const)('%j (open balance %s) → %s, action %s, %s', (facts, openBalance, status, action, tone) => {
    const found = lineStatus(facts, openBalance);
    expect(found).toBe(status);
    expect(lineAction(found)).toBe(action);
    expect(lineTone(found)).toBe(tone);
  });
});
