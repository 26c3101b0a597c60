import { describe, expect, it } from 'vitest';
import {
  detectTouch,
  failureKey,
  hasRefreshToken,
  hasUsablePin,
  linkTarget,
  pinPromptPauseMs,
  refreshLifetimeMs,
  shouldOfferPinSetup,
  unauthorizedTarget,
  type DeviceState,
} from '#features/auth/data/auth-rules.ts';
import { safeRedirect } from '#features/auth/data/session.ts';

const now = Date.parse('2026-05-10T10:00:00Z');
const device = (changes: Partial<DeviceState> = {}): DeviceState => ({
  userGuid: 'u-1',
  pinExpiresAt: now + 1000,
  pinPromptDismissedAt: null,
  refreshExpiresAt: now + 1000,
  ...changes,
});

describe('a 401 goes to PIN renewal or login (docs/product/auth.md "Session lifetime and renewal")', () => {
  it.each([
    [{ touch: true, userGuid: 'u-1', hasRefresh: true }, 'renew'],
    [{ touch: false, userGuid: 'u-1', hasRefresh: true }, 'login'],
    [{ touch: true, userGuid: null, hasRefresh: true }, 'login'],
    [{ touch: true, userGuid: undefined, hasRefresh: true }, 'login'],
    [{ touch: true, userGuid: 'u-1', hasRefresh: false }, 'login'],
    [{ touch: false, userGuid: null, hasRefresh: false }, 'login'],
  ] as const)('%j → %s', (input, target) => {
    expect(unauthorizedTarget(input)).toBe(target);
  });
});

describe('usable PIN', () => {
  it.each([
    ['valid PIN', device(), undefined, true],
    ['for this user', device(), 'u-1', true],
    ['for another user', device(), 'u-2', false],
    ['expired', device({ pinExpiresAt: now }), undefined, false],
    ['none set', device({ pinExpiresAt: null }), undefined, false],
    ['no user', device({ userGuid: null }), undefined, false],
    ['no device', null, undefined, false],
  ] as const)('%s → %s', (_name, value, guid, expected) => {
    expect(hasUsablePin(value, now, guid)).toBe(expected);
  });
});

describe('refresh token known to exist', () => {
  it.each([
    [device(), true],
    [device({ refreshExpiresAt: now - 1 }), false],
    [device({ refreshExpiresAt: null }), false],
    [null, false],
  ] as const)('%j → %s', (value, expected) => {
    expect(hasRefreshToken(value, now)).toBe(expected);
  });
});

describe('PIN setup offered after a password login', () => {
  it.each([
    ['touch, no PIN yet', true, device({ pinExpiresAt: null }), 'u-1', true],
    ['touch, no device row', true, null, 'u-1', true],
    ['desktop', false, device({ pinExpiresAt: null }), 'u-1', false],
    ['touch, PIN already set', true, device(), 'u-1', false],
    ['touch, PIN of another user', true, device(), 'u-2', true],
    ['touch, expired PIN', true, device({ pinExpiresAt: now - 1 }), 'u-1', true],
    ['"later" yesterday', true, device({ pinExpiresAt: null, pinPromptDismissedAt: now - 86_400_000 }), 'u-1', false],
    ['"later" 30 days ago', true, device({ pinExpiresAt: null, pinPromptDismissedAt: now - pinPromptPauseMs }), 'u-1', true],
    ['"later" by another user', true, device({ userGuid: 'u-2', pinExpiresAt: null, pinPromptDismissedAt: now - 1000 }), 'u-1', true],
  ] as const)('%s → %s', (_name, touch, value, userGuid, expected) => {
    expect(shouldOfferPinSetup({ touch, device: value, userGuid, now })).toBe(expected);
  });
});

describe('failure messages of account calls (docs/product/api.md "Save-call results"; docs/product/errors.md "Error catalogue")', () => {
  const known = new Set(['invalidPin', 'tooManyCodeRequests', 'smsCodeInvalid', 'linkExpired', 'invalidParameters', 'samePassword']);
  it.each([
    [-1, undefined, 'errors:network'],
    [-1, 'invalidPin', 'errors:network'],
    [429, 'tooManyCodeRequests', 'errors:tooManyCodeRequests'],
    [400, 'smsCodeInvalid', 'errors:smsCodeInvalid'],
    [422, 'samePassword', 'errors:samePassword'],
    [400, 'invalidParameters', 'errors:invalidParameters'],
    [400, 'somethingNew', 'errors:invalidParameters'],
    [404, undefined, 'errors:linkExpired'],
    [419, undefined, 'errors:linkExpired'],
    [429, undefined, 'errors:tooManyLoginAttempts'],
    [500, undefined, 'errors:serverError'],
    [503, 'unknownCode', 'errors:serverError'],
  ] as const)('%s %s → %s', (status, code, key) => {
    expect(failureKey(status, code, known)).toBe(key);
  });
});

describe('login by link target', () => {
  it.each([
    [null, null, '/'],
    ['/consumption/main', null, '/consumption/main'],
    ['/consumption/main', '12', '/consumption/main?contractId=12'],
    ['/consumption/details?period=previous', '12', '/consumption/details?period=previous&contractId=12'],
    [null, '7', '/?contractId=7'],
    ['https://evil.example', '7', '/?contractId=7'],
    ['//evil.example', null, '/'],
    ['/bills/main', 'abc', '/bills/main'],
    ['/bills/main', '-3', '/bills/main'],
    ['/bills/main?contractId=1', '9', '/bills/main?contractId=9'],
  ] as const)('redirect %s, contractId %s → %s', (redirect, contractId, target) => {
    expect(linkTarget(redirect, contractId, safeRedirect)).toBe(target);
  });
});

describe('touch device', () => {
  it.each([
    [{ maxTouchPoints: 5, coarsePointer: true }, true],
    [{ maxTouchPoints: 1, coarsePointer: false }, true],
    [{ maxTouchPoints: 0, coarsePointer: true }, true],
    [{ maxTouchPoints: 0, coarsePointer: false }, false],
  ] as const)('%j → %s', (env, expected) => {
    expect(detectTouch(env)).toBe(expected);
  });
});

describe('refresh lifetime is 3 calendar months (docs/product/security.md "Tokens")', () => {
  it.each([
    ['2026-01-15T00:00:00Z', '2026-04-15T00:00:00Z'],
    ['2026-05-10T10:00:00Z', '2026-08-10T10:00:00Z'],
  ])('%s → %s', (from, to) => {
    const start = Date.parse(from);
    expect(new Date(start + refreshLifetimeMs(start)).toISOString()).toBe(new Date(to).toISOString());
  });
});
