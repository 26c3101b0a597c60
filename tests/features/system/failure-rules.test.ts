import { describe, expect, it } from 'vitest';
import { unauthorizedTarget } from '#features/auth/data/auth-rules.ts';
import type { ApiFailure } from '#features/system/data/api-events.ts';
import { failureAction } from '#features/system/data/failure-rules.ts';

/*
 * docs/product/errors.md "Global error handler", as the handler (src/app/use-global-failures.ts) applies it: the action
 * of failureAction, and for a 401 acted on, the session's rule of where it leads (auth-rules.ts unauthorizedTarget).
 */

type Call = 'pull' | 'silent pull' | 'public' | 'session call';
type Answer = 401 | 503 | 404 | 409 | 500 | 'refused' | 'offline' | 'timeout';
type Device = 'touch, refresh, guid' | 'touch, no refresh' | 'touch, no guid' | 'desktop, refresh, guid';
/** When the call started: in the current session generation, or before the last login, renewal or redirect. */
type Started = 'current' | 'before last renewal';

type Row = [answer: Answer, call: Call, device: Device, started: Started, path: string, redirecting: boolean, expected: string];

const generation = 7;

const failureOf = (answer: Answer, call: Call, started: Started): ApiFailure => {
  const network = answer === 'refused' || answer === 'offline' || answer === 'timeout';
  return {
    status: network ? 0 : answer,
    code:
      answer === 'timeout'
        ? 'timeout'
        : network
          ? 'network'
          : answer === 404
            ? 'customerNotFound'
            : answer === 409
              ? 'contractBlocked'
              : 'x',
    isNetwork: network,
    refused: answer === 'refused',
    silent: call !== 'pull',
    sessionCall: call === 'session call',
    authenticated: call !== 'public',
    startedIn: started === 'current' ? generation : generation - 1,
  };
};

const sessionOf = (device: Device) => ({
  touch: device.startsWith('touch'),
  userGuid: device === 'touch, no guid' ? null : 'u-1',
  hasRefresh: device !== 'touch, no refresh',
});

const decide = ([answer, call, device, started, path, redirecting]: Row): string => {
  const action = failureAction(failureOf(answer, call, started), { generation, redirecting, path });
  if (action.kind === 'unauthorized') return unauthorizedTarget(sessionOf(device));
  if (action.kind === 'notice') return `notice ${action.status} ${action.code}`;
  return action.kind;
};

const phone: Device = 'touch, refresh, guid';

describe('what a failed call leads to (docs/product/errors.md "Global error handler")', () => {
  it.each<Row>([
    // A 401 of the authenticated API, from any screen, silent calls (the bills' pulls) included.
    [401, 'silent pull', phone, 'current', '/bills/main', false, 'renew'],
    [401, 'pull', phone, 'current', '/settings/main', false, 'renew'],
    [401, 'silent pull', 'touch, no refresh', 'current', '/bills/main', false, 'login'],
    [401, 'silent pull', 'touch, no guid', 'current', '/bills/main', false, 'login'],
    [401, 'silent pull', 'desktop, refresh, guid', 'current', '/bills/main', false, 'login'],
    [401, 'pull', phone, 'current', '/orders/activate', false, 'renew'],
    // A call started before the last renewal, login or redirect: its session or its screen is gone.
    [401, 'silent pull', phone, 'before last renewal', '/bills/main', false, 'ignore'],
    [401, 'pull', 'desktop, refresh, guid', 'before last renewal', '/', false, 'ignore'],
    [503, 'pull', phone, 'before last renewal', '/bills/main', false, 'ignore'],
    [404, 'pull', phone, 'before last renewal', '/settings/main', false, 'ignore'],
    ['refused', 'pull', phone, 'before last renewal', '/settings/main', false, 'ignore'],
    // One redirect at a time: while one is under way, nothing else is acted on.
    [401, 'pull', phone, 'current', '/bills/main', true, 'ignore'],
    [503, 'pull', phone, 'current', '/bills/main', true, 'ignore'],
    [404, 'pull', phone, 'current', '/settings/main', true, 'ignore'],
    // A 401 that is a caller's answer: the login screens' own, a public call's (wrong credentials or PIN), the session's.
    [401, 'pull', phone, 'current', '/login', false, 'ignore'],
    [401, 'pull', phone, 'current', '/login/renew?redirect=%2F', false, 'ignore'],
    [401, 'public', phone, 'current', '/', false, 'ignore'],
    [401, 'session call', phone, 'current', '/', false, 'ignore'],
    // A 503 goes to maintenance from anywhere, a login screen and a silent or public call included, once.
    [503, 'silent pull', phone, 'current', '/bills/main', false, 'maintenance'],
    [503, 'pull', 'desktop, refresh, guid', 'current', '/settings/main', false, 'maintenance'],
    [503, 'public', phone, 'current', '/login', false, 'maintenance'],
    [503, 'public', phone, 'current', '/maintenance', false, 'ignore'],
    // A refused connection says so, silent calls included; other network failures show no notice.
    ['refused', 'silent pull', phone, 'current', '/bills/main', false, 'notice 0 connectionRefused'],
    ['refused', 'pull', phone, 'current', '/settings/main', false, 'notice 0 connectionRefused'],
    ['offline', 'pull', phone, 'current', '/settings/main', false, 'ignore'],
    ['timeout', 'pull', phone, 'current', '/settings/main', false, 'ignore'],
    // Any other failure: the red notice with its code and message, unless the caller or the screen shows its own.
    [404, 'pull', phone, 'current', '/settings/main', false, 'notice 404 customerNotFound'],
    [409, 'pull', 'desktop, refresh, guid', 'current', '/settings/main', false, 'notice 409 contractBlocked'],
    [500, 'pull', phone, 'current', '/', false, 'notice 500 x'],
    [409, 'silent pull', phone, 'current', '/bills/main', false, 'ignore'],
    // Not on the login, recovery and account screens, the maintenance page, SIM activation, the e-mail confirmation.
    [404, 'pull', phone, 'current', '/login', false, 'ignore'],
    [404, 'pull', phone, 'current', '/login/recover-password', false, 'ignore'],
    ['refused', 'public', phone, 'current', '/login?expired=1', false, 'ignore'],
    ['refused', 'public', phone, 'current', '/login/recover-password/sms', false, 'ignore'],
    [500, 'public', phone, 'current', '/account/create-account', false, 'ignore'],
    [500, 'public', phone, 'current', '/orders/activate', false, 'ignore'],
    [500, 'public', phone, 'current', '/account/confirm-email/u/t', false, 'ignore'],
    // A path that merely begins like a quiet one is not one.
    [404, 'pull', phone, 'current', '/loginx', false, 'notice 404 customerNotFound'],
  ])('%s of a %s, %s, started %s, on %s, redirecting %s → %s', (...row) => {
    expect(decide(row)).toBe(row[6]);
  });
});
