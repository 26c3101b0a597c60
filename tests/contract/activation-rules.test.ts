import { describe, expect, it } from 'vitest';
import {
  activationStage,
  canActivateSim,
  canRequestActivation,
  canSendIdentification,
  hasActivationFailed,
  isActivationInProgress,
  isSimReturned,
  needsIdentification,
  type SimState,
} from '#contract/activation-rules';

/*
 * The SIM activation rules of docs/product/activation.md "When a SIM can be activated", "Where a SIM order stands",
 * shared by the app and the server, as tables of cases.
 */

const state = (
  status: string,
  subStatus: string | null,
  identificationStatus: string | null = 'OK',
  fraudStatus: string | null = 'OK',
): SimState => ({
  status,
  subStatus,
  identificationStatus,
  fraudStatus,
});

describe('the SIM can be activated: IN_DELIVERY, SIM_SENT, identification OK, fraud OK', () => {
  it.each([
    [state('IN_DELIVERY', 'SIM_SENT'), true],
    [state('IN_DELIVERY', 'SIM_SENT', 'NEED_IDENTIFICATION'), false],
    [state('IN_DELIVERY', 'SIM_SENT', 'NEED_VALIDATION'), false],
    [state('IN_DELIVERY', 'SIM_SENT', null), false],
    [state('IN_DELIVERY', 'SIM_SENT', 'OK', 'NOK'), false],
    [state('IN_DELIVERY', 'SIM_SENT', 'OK', null), false],
    [state('IN_DELIVERY', 'SIM_DELIVERY_FAILED'), false],
    [state('IN_DELIVERY', 'ORDER_VALIDATED'), false],
    [state('ACTIVATED', 'SIM_SENT'), false],
    [state('IN_VALIDATION', 'SIM_SENT'), false],
  ])('%j → %s', (contract, expected) => {
    expect(canActivateSim(contract)).toBe(expected);
  });
});

describe('activation in progress and failure', () => {
  it.each([
    ['ACTIVATION_REQUESTED', true, false],
    ['ACTIVATION_EXECUTED', true, false],
    ['PORT_IN_REQUESTED', true, false],
    ['PORT_IN_ACCEPTED', true, false],
    ['PORT_IN_EXECUTED', true, false],
    ['ACTIVATION_FAILED', false, true],
    ['PORT_IN_FAILED', false, true],
    ['SIM_SENT', false, false],
    ['ACTIVATED', false, false],
    [null, false, false],
  ])('%s: in progress %s, failed %s', (subStatus, inProgress, failed) => {
    expect(isActivationInProgress(subStatus)).toBe(inProgress);
    expect(hasActivationFailed(subStatus)).toBe(failed);
  });
});

describe('SIM returned: IN_DELIVERY with SIM_DELIVERY_FAILED', () => {
  it.each([
    [state('IN_DELIVERY', 'SIM_DELIVERY_FAILED'), true],
    [state('IN_DELIVERY', 'SIM_SENT'), false],
    [state('CANCELED', 'SIM_DELIVERY_FAILED'), false],
  ])('%j → %s', (contract, expected) => {
    expect(isSimReturned(contract)).toBe(expected);
  });
});

describe('identification needed: NEED_IDENTIFICATION or NOT_PASSED', () => {
  it.each([
    ['NEED_IDENTIFICATION', true],
    ['NOT_PASSED', true],
    ['NEED_VALIDATION', false],
    ['OK', false],
    ['NOK', false],
    ['REFUSED', false],
    [null, false],
  ])('%s → %s', (status, expected) => {
    expect(needsIdentification(status)).toBe(expected);
  });
});

describe('a new request may start when the SIM can be activated, or after a failure of a SIM still in delivery', () => {
  it.each([
    [state('IN_DELIVERY', 'SIM_SENT'), true],
    [state('IN_DELIVERY', 'PORT_IN_FAILED'), true],
    [state('IN_DELIVERY', 'ACTIVATION_FAILED'), true],
    [state('IN_DELIVERY', 'PORT_IN_FAILED', 'OK', 'NOK'), false],
    [state('IN_DELIVERY', 'PORT_IN_REQUESTED'), false],
    [state('IN_DELIVERY', 'SIM_DELIVERY_FAILED'), false],
    [state('IN_DELIVERY', 'SIM_SENT', 'NEED_IDENTIFICATION'), false],
    [state('ACTIVATED', 'ACTIVATED'), false],
  ])('%j → %s', (contract, expected) => {
    expect(canRequestActivation(contract)).toBe(expected);
  });
});

describe('documents can be sent while identification is needed and nothing is under way', () => {
  it.each([
    [state('IN_DELIVERY', 'SIM_SENT', 'NEED_IDENTIFICATION'), true],
    [state('IN_DELIVERY', 'SIM_SENT', 'NOT_PASSED'), true],
    [state('IDENTIFICATION', 'BLOCKED_IDENTIFICATION', 'NEED_IDENTIFICATION'), true],
    [state('IN_DELIVERY', 'SIM_SENT', 'NEED_VALIDATION'), false],
    [state('IN_DELIVERY', 'SIM_SENT', 'OK'), false],
    [state('IN_DELIVERY', 'SIM_DELIVERY_FAILED', 'NEED_IDENTIFICATION'), false],
    [state('ACTIVATED', 'ACTIVATED', 'NEED_IDENTIFICATION'), false],
  ])('%j → %s', (contract, expected) => {
    expect(canSendIdentification(contract)).toBe(expected);
  });
});

describe('the stage of an order, in order of precedence', () => {
  it.each([
    [state('ACTIVATED', 'ACTIVATED'), 'active'],
    [state('TERMINATED', 'TERMINATED'), 'closed'],
    [state('CANCELED', 'SIM_SENT'), 'closed'],
    [state('IN_DELIVERY', 'ACTIVATION_REQUESTED'), 'inProgress'],
    [state('IN_DELIVERY', 'PORT_IN_EXECUTED'), 'inProgress'],
    [state('IN_DELIVERY', 'PORT_IN_FAILED'), 'failed'],
    [state('IN_DELIVERY', 'ACTIVATION_FAILED'), 'failed'],
    [state('IN_DELIVERY', 'SIM_DELIVERY_FAILED'), 'returned'],
    [state('IN_DELIVERY', 'SIM_SENT', 'REFUSED'), 'refused'],
    [state('IN_DELIVERY', 'SIM_SENT', 'NOK'), 'refused'],
    [state('IN_DELIVERY', 'SIM_SENT', 'NEED_IDENTIFICATION'), 'identification'],
    [state('IN_DELIVERY', 'SIM_SENT', 'NOT_PASSED'), 'identification'],
    [state('IN_DELIVERY', 'SIM_SENT', 'NEED_VALIDATION'), 'validation'],
    [state('IN_DELIVERY', 'SIM_SENT', 'OK', 'NOK'), 'blocked'],
    [state('IN_DELIVERY', 'BLOCKED_FRAUD'), 'blocked'],
    [state('IN_DELIVERY', 'BLOCKED_CREDIT_CHECK'), 'blocked'],
    [state('IN_DELIVERY', 'SIM_SENT'), 'ready'],
    [state('IN_VALIDATION', 'ORDER_VALIDATED'), 'preparing'],
  ])('%j → %s', (contract, stage) => {
    expect(activationStage(contract)).toBe(stage);
  });
});
