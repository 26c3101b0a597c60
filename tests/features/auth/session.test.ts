import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#api/api-error';

/*
 * The session on fake-indexeddb with the API mocked: the device binds to its user, a revoked PIN is forgotten,
 * a refused refresh token is forgotten, logout wipes everything, an expiry keeps only the device.
 */

/** A failed call as the API client reports it (status 0 with code `network`: no answer). */
const apiError = (status: number, code: string) => new ApiError({ status, code, message: code, endpoint: 'test' });

const callMock = vi.hoisted(() => vi.fn());
const abortMock = vi.hoisted(() => vi.fn());
vi.mock('#api/client', async (importOriginal) => ({
  ...(await importOriginal<Record<string, unknown>>()),
  call: callMock,
  abortAll: abortMock,
}));

const { db } = await import('#db/db');
const { endpoints } = await import('#contract/endpoints');
const session = await import('#features/auth/data/session.ts');

const user = (guid = 'u-1') => ({
  id: 1,
  guid,
  customer_id: 10,
  scope: 'DEFAULT' as const,
  role: 'owner' as const,
  email: 'sophie.dubois@example.be',
  msisdn: null,
  energy_ref: null,
  language: { app: 'fr' as const },
  personal_data: { first_name: 'Sophie', last_name: 'Dubois', birth_date: null },
});

const answer = (guid = 'u-1', pin: string | null = null, deviceId?: string) => ({
  token: 't',
  refresh_token: 'r',
  expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  refresh_expires_at: new Date(Date.now() + 90 * 86_400_000).toISOString(),
  user: user(guid),
  ...(deviceId ? { device: { id: deviceId, pin_expires_at: pin } } : {}),
});

beforeEach(async () => {
  callMock.mockReset();
  abortMock.mockReset();
  await Promise.all(db.tables.map((table) => table.clear()));
});

describe('password login', () => {
  it('creates the device first and sends its id and key', async () => {
    callMock.mockImplementation((_endpoint: unknown, options: { body: { deviceId: string } }) =>
      Promise.resolve(answer('u-1', null, options.body.deviceId)),
    );
    const { session: row } = await session.login({ login: 'MT00000001', password: 'Demo!2026' });
    const device = await db.devices.get('current');
    expect(device?.deviceKey.length).toBeGreaterThanOrEqual(43);
    expect(callMock.mock.calls[0]?.[0]).toBe(endpoints.login);
    expect(callMock.mock.calls[0]?.[1]).toMatchObject({
      body: { login: 'MT00000001', deviceId: device?.deviceId, deviceKey: device?.deviceKey },
    });
    expect(row.userGuid).toBe('u-1');
    expect(device).toMatchObject({ userGuid: 'u-1', firstName: 'Sophie', pinExpiresAt: null });
    expect(device?.refreshExpiresAt).toBeGreaterThan(Date.now());
  });

  it("a different user wipes the previous one's data and PIN", async () => {
    await db.session.put(session.sessionFromUser(user('u-1'), answer().expires_at));
    await db.customers.put({ id: 10 } as never);
    await db.devices.put({
      id: 'current',
      deviceId: 'd',
      deviceKey: 'k'.repeat(43),
      userGuid: 'u-1',
      firstName: 'Sophie',
      pinExpiresAt: Date.now() + 1000,
      pinPromptDismissedAt: null,
      refreshExpiresAt: Date.now() + 1000,
    });
    callMock.mockResolvedValue(answer('u-2'));
    await session.login({ login: '0470000003', password: 'Demo!2026' });
    expect(await db.customers.count()).toBe(0);
    expect(await db.devices.get('current')).toMatchObject({ deviceId: 'd', userGuid: 'u-2', pinExpiresAt: null });
  });
});

describe('PIN login', () => {
  const withPin = () =>
    db.devices.put({
      id: 'current',
      deviceId: 'd',
      deviceKey: 'k'.repeat(43),
      userGuid: 'u-1',
      firstName: 'Sophie',
      pinExpiresAt: Date.now() + 1000,
      pinPromptDismissedAt: null,
      refreshExpiresAt: Date.now() + 1000,
    });

  it('sends guid, device and PIN; the PIN is never compared locally', async () => {
    await withPin();
    callMock.mockResolvedValue(answer('u-1', new Date(Date.now() + 5000).toISOString(), 'd'));
    const result = await session.loginWithPin('1234');
    expect(result.ok).toBe(true);
    expect(callMock.mock.calls[0]?.[1]).toMatchObject({ body: { guid: 'u-1', deviceId: 'd', deviceKey: 'k'.repeat(43), pin: '1234' } });
  });

  it.each([
    ['invalidPin', 401, false],
    ['tooManyPinAttempts', 403, true],
    ['pinExpired', 403, true],
    ['invalidCredentials', 401, true],
  ] as const)('%s (%s) → revoked %s', async (code, status, revoked) => {
    await withPin();
    callMock.mockRejectedValue(apiError(status, code));
    const result = await session.loginWithPin('0000');
    expect(result).toMatchObject({ ok: false, code, revoked });
    const device = await db.devices.get('current');
    expect(device?.pinExpiresAt === null).toBe(revoked);
  });
});

describe('renew access', () => {
  it.each([
    [419, null],
    [429, null],
    [0, 'kept'],
    [500, 'kept'],
  ] as const)('a %s answer → refresh marker %s', async (status, kept) => {
    await db.devices.put({
      id: 'current',
      deviceId: 'd',
      deviceKey: 'k'.repeat(43),
      userGuid: 'u-1',
      firstName: null,
      pinExpiresAt: null,
      pinPromptDismissedAt: null,
      refreshExpiresAt: Date.now() + 1000,
    });
    callMock.mockRejectedValue(apiError(status, status === 0 ? 'network' : 'invalidToken'));
    const result = await session.renewAccess();
    expect(result.ok).toBe(false);
    const device = await db.devices.get('current');
    expect(device?.refreshExpiresAt === null ? null : 'kept').toBe(kept);
  });

  it('sends the device key and stores the rotated session', async () => {
    await db.devices.put({
      id: 'current',
      deviceId: 'd',
      deviceKey: 'k'.repeat(43),
      userGuid: 'u-1',
      firstName: null,
      pinExpiresAt: null,
      pinPromptDismissedAt: null,
      refreshExpiresAt: Date.now() + 1000,
    });
    callMock.mockResolvedValue(answer('u-1', null, 'd'));
    const result = await session.renewAccess();
    expect(result.ok).toBe(true);
    expect(callMock.mock.calls[0]?.[0]).toBe(endpoints.renewAccess);
    expect(callMock.mock.calls[0]?.[1]).toMatchObject({ body: { deviceKey: 'k'.repeat(43) } });
    expect((await db.devices.get('current'))?.refreshExpiresAt).toBeGreaterThan(Date.now() + 80 * 86_400_000);
  });
});

describe('renewals across tabs (Web Locks)', () => {
  /** A LockManager of one origin, as the browser gives every tab: one holder per name at a time, others queue. */
  const locksOfOneOrigin = () => {
    const queues = new Map<string, Promise<unknown>>();
    return {
      request: <T>(name: string, callback: () => Promise<T>): Promise<T> => {
        const previous = queues.get(name) ?? Promise.resolve();
        const next = previous.then(callback, callback);
        queues.set(
          name,
          next.catch(() => undefined),
        );
        return next;
      },
    };
  };

  const slowAnswer = () => new Promise((resolve) => setTimeout(() => resolve(answer('u-1')), 20));

  it('two renewals at once send one request: the second finds the session the first stored', async () => {
    vi.stubGlobal('navigator', { onLine: true, locks: locksOfOneOrigin() });
    try {
      callMock.mockImplementation(slowAnswer);
      const [a, b] = await Promise.all([session.renewAccess(), session.renewAccess()]);
      expect(callMock).toHaveBeenCalledTimes(1);
      expect(a.ok && b.ok).toBe(true);
      if (a.ok && b.ok) expect(b.session).toEqual(a.session);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a renewal asked after the last one renews again', async () => {
    vi.stubGlobal('navigator', { onLine: true, locks: locksOfOneOrigin() });
    try {
      callMock.mockImplementation(slowAnswer);
      await session.renewAccess();
      await new Promise((resolve) => setTimeout(resolve, 2));
      await session.renewAccess();
      expect(callMock).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('logout and local drops', () => {
  const seed = async () => {
    await db.session.put(session.sessionFromUser(user(), answer().expires_at));
    await db.customers.put({ id: 10 } as never);
    await db.devices.put({
      id: 'current',
      deviceId: 'd',
      deviceKey: 'k'.repeat(43),
      userGuid: 'u-1',
      firstName: null,
      pinExpiresAt: Date.now() + 1000,
      pinPromptDismissedAt: null,
      refreshExpiresAt: Date.now() + 1000,
    });
  };

  it('logout cancels requests, sends the device id and wipes every table', async () => {
    await seed();
    callMock.mockResolvedValue({ success: true });
    await session.logout();
    expect(abortMock).toHaveBeenCalled();
    expect(callMock.mock.calls[0]?.[1]).toMatchObject({ body: { deviceId: 'd', accessOnly: false } });
    const counts = await Promise.all(db.tables.map((table) => table.count()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('logout offline still wipes everything', async () => {
    await seed();
    callMock.mockRejectedValue(apiError(0, 'network'));
    await session.logout();
    const counts = await Promise.all(db.tables.map((table) => table.count()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('the flag variant only ends the access token', async () => {
    await seed();
    callMock.mockResolvedValue({ success: true });
    await session.logout({ accessOnly: true });
    expect(callMock.mock.calls[0]?.[1]).toMatchObject({ body: { accessOnly: true } });
    expect(await db.customers.count()).toBe(1);
    const row = await db.session.get('current');
    expect(row && session.isSessionExpired(row)).toBe(true);
  });

  it('an expiry drops the data but keeps the device, its PIN and the queued changes', async () => {
    await seed();
    await db.pendingMutations.put({ key: 'm1', type: 'contact', payload: {}, createdAt: 1, state: 'needs-auth', attempts: 1 } as never);
    await session.dropLocalSession();
    expect(await db.pendingMutations.count()).toBe(1);
    expect(await db.customers.count()).toBe(0);
    expect(await db.session.count()).toBe(0);
    expect((await db.devices.get('current'))?.pinExpiresAt).not.toBeNull();
  });

  it('on start, an expired stored session is dropped without asking the server', async () => {
    await seed();
    await db.session.update('current', { expiresAt: Date.now() - 1 });
    expect(await session.checkSessionOnStart()).toBe('expired');
    expect(callMock).not.toHaveBeenCalled();
    expect(await db.session.count()).toBe(0);
  });

  it.each([
    [{ expired: true, expires_at: null }, 'expired'],
    [{ expired: false, expires_at: new Date(Date.now() + 5000).toISOString() }, 'valid'],
  ] as const)('on start the server answers %j → %s', async (reply, result) => {
    await seed();
    callMock.mockResolvedValue(reply);
    expect(await session.checkSessionOnStart()).toBe(result);
    expect(callMock.mock.calls[0]?.[0]).toBe(endpoints.tokenExpired);
  });

  it('on start without an answer, the stored expiry decides', async () => {
    await seed();
    callMock.mockRejectedValue(apiError(0, 'network'));
    expect(await session.checkSessionOnStart()).toBe('valid');
  });

  it('no session at all', async () => {
    expect(await session.checkSessionOnStart()).toBe('none');
  });
});
