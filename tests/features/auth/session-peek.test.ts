import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '#db/db';
import type { DeviceRow, SessionRow } from '#db/schema';
import { loginRouteTarget } from '#features/auth/data/session-peek.ts';
import { sessionRow } from '../../fixtures/session-row.ts';

/* Where /login sends the user before its form shows (the route's loader): read without Dexie, as the login route ships none. */

const now = 1_800_000_000_000;
const session = (expiresAt: number): SessionRow => sessionRow({ customerId: 10, expiresAt, loggedInAt: now - 1000 });
const device = (pinExpiresAt: number | null): DeviceRow => ({
  id: 'current',
  deviceId: 'd-1',
  deviceKey: 'k',
  userGuid: 'u-1',
  firstName: 'Sophie',
  pinExpiresAt,
  pinPromptDismissedAt: null,
  refreshExpiresAt: now + 1000,
});

beforeEach(async () => {
  await Promise.all([db.session.clear(), db.devices.clear()]);
});

describe('loginRouteTarget', () => {
  it.each([
    ['nothing stored', null, null, 0, '/login', null],
    ['a live session', session(now + 1), null, 0, '/login?redirect=%2Fbills%2Fmain', '/bills/main'],
    ['a live session, a redirect to another origin', session(now + 1), null, 0, '/login?redirect=%2F%2Fevil.example', '/'],
    ['an expired session', session(now), null, 0, '/login?expired=1', null],
    ['a PIN on a touch device', null, device(now + 1), 5, '/login?expired=1&redirect=%2Fx', '/login/pin?redirect=%2Fx'],
    ['a PIN on a touch device, ?password', null, device(now + 1), 5, '/login?password', null],
    ['an expired PIN on a touch device', null, device(now), 5, '/login', null],
    ['a PIN on a desktop', null, device(now + 1), 0, '/login', null],
  ] as const)('%s', async (_case, storedSession, storedDevice, touchPoints, path, target) => {
    vi.stubGlobal('navigator', { maxTouchPoints: touchPoints });
    if (storedSession) await db.session.put(storedSession);
    if (storedDevice) await db.devices.put(storedDevice);
    expect(await loginRouteTarget(new URL(path, 'http://localhost'), now)).toBe(target);
  });
});
