import { describe, expect, it } from 'vitest';
import { errorBodySchema } from '#contract/common';
import { demoPassword } from '#contract/fixtures/demo';
import { bearer, bearerLoginResponseSchema } from './test-app.ts';
import { authTestApp, DAY, keptCookies, later, newDevice, post, type Device } from './auth-helpers.ts';

const t = authTestApp();

const loginWithDevice = async (loginId: string, device: Device) => {
  const response = await post(t.app, '/api/public/users/login', { login: loginId, password: demoPassword, ...device });
  expect(response.statusCode).toBe(200);
  return bearerLoginResponseSchema.parse(response.json());
};

/** Password login on a device, then PIN setup; returns the user's guid. */
const withPin = async (loginId: string, device: Device, pin = '2468'): Promise<string> => {
  const body = await loginWithDevice(loginId, device);
  const setup = await post(t.app, '/api/user/pin', { ...device, pin }, { headers: bearer(body.token) });
  expect(setup.statusCode).toBe(200);
  return body.user.guid;
};

const pinLogin = (guid: string, device: Device, pin: string) => post(t.app, '/api/public/users/login/pin', { guid, ...device, pin });

describe('device binding on password login', () => {
  it('answers the device with no PIN yet, then with the PIN expiry after setup (3 months)', async () => {
    const device = newDevice();
    const first = await loginWithDevice('MT00000001', device);
    expect(first.device).toEqual({ id: device.deviceId, pin_expires_at: null });
    const setup = await post(t.app, '/api/user/pin', { ...device, pin: '1357' }, { headers: bearer(first.token) });
    const expires = Date.parse(setup.json<{ expires_at: string }>().expires_at);
    expect(expires - Date.now()).toBeGreaterThan(88 * DAY);
    expect(expires - Date.now()).toBeLessThan(93 * DAY);
    const again = await loginWithDevice('MT00000001', device);
    expect(again.device?.pin_expires_at).toBe(setup.json<{ expires_at: string }>().expires_at);
  });

  it.each([
    { name: 'a key without its id', extra: { deviceKey: 'k'.repeat(43) }, field: 'deviceId' },
    { name: 'an id without its key', extra: { deviceId: 'abc' }, field: 'deviceKey' },
    { name: 'a short key', extra: { deviceId: 'abc', deviceKey: 'short' }, field: 'deviceKey' },
  ])('answers 400 for $name', async ({ extra, field }) => {
    const response = await post(t.app, '/api/public/users/login', { login: 'MT00000001', password: demoPassword, ...extra });
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).fields?.map((f) => f.field)).toContain(field);
  });

  it('PIN setup needs a session and a well-formed PIN', async () => {
    const device = newDevice();
    expect((await post(t.app, '/api/user/pin', { ...device, pin: '1234' })).statusCode).toBe(401);
    const { token } = await loginWithDevice('MT00000003', device);
    const bad = await post(t.app, '/api/user/pin', { ...device, pin: '12a4' }, { headers: bearer(token) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: [{ field: 'pin', message: 'validation:pin' }] });
  });

  it('PIN setup refuses the PINs guessed first, saying why', async () => {
    const device = newDevice();
    const { token } = await loginWithDevice('MT00000003', device);
    const born = (
      await t.db
        .selectFrom('contacts as c')
        .innerJoin('customers as u', 'u.id', 'c.customer_id')
        .select('c.birth_date')
        .where('u.mobile_id', '=', 'MT00000003')
        .executeTakeFirstOrThrow()
    ).birth_date;
    expect(born).toMatch(/^\d{4}-/);
    for (const [pin, message] of [
      ['0000', 'validation:pinRepeated'],
      ['7777', 'validation:pinRepeated'],
      ['1234', 'validation:pinSequence'],
      ['6789', 'validation:pinSequence'],
      ['4321', 'validation:pinSequence'],
      [(born ?? '').slice(0, 4), 'validation:pinBirthYear'],
    ]) {
      const refused = await post(t.app, '/api/user/pin', { ...device, pin }, { headers: bearer(token) });
      expect(refused.statusCode, pin).toBe(400);
      expect(refused.json(), pin).toMatchObject({ code: 'invalidParameters', fields: [{ field: 'pin', message }] });
    }
    expect((await post(t.app, '/api/user/pin', { ...device, pin: '2580' }, { headers: bearer(token) })).statusCode).toBe(200);
  });
});

describe('PIN login', () => {
  it('logs in with the right PIN and sets the session cookies', async () => {
    const device = newDevice();
    const guid = await withPin('MT00000004', device, '0420');
    const response = await pinLogin(guid, device, '0420');
    expect(response.statusCode).toBe(200);
    const body = bearerLoginResponseSchema.parse(response.json());
    expect(body.user).toMatchObject({ guid, role: 'owner' });
    expect(Object.keys(keptCookies(response)).sort()).toEqual(['access_token', 'refresh_token']);
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(body.token) });
    expect(me.statusCode).toBe(200);
  });

  it('works for a plain user too', async () => {
    const device = newDevice();
    const guid = await withPin('0470000003', device, '9875');
    expect((await pinLogin(guid, device, '9875')).json()).toMatchObject({ user: { role: 'user', msisdn: '0470000003' } });
  });

  it('is useless without the key of the device the PIN was set on', async () => {
    const device = newDevice();
    const guid = await withPin('MT00000005', device, '1470');
    const otherKey = { deviceId: device.deviceId, deviceKey: newDevice().deviceKey };
    const response = await pinLogin(guid, otherKey, '1470');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'invalidCredentials' });
    // Wrong keys do not count against the device: the owner can still log in.
    expect((await pinLogin(guid, device, '1470')).statusCode).toBe(200);
  });

  it('answers 401 invalidCredentials for an unknown device or user', async () => {
    const device = newDevice();
    const guid = await withPin('MT00000001', device);
    expect((await pinLogin(guid, newDevice(), '2468')).json()).toMatchObject({ statusCode: 401, code: 'invalidCredentials' });
    expect((await pinLogin('00000000-0000-0000-0000-000000000000', device, '2468')).json()).toMatchObject({
      statusCode: 401,
      code: 'invalidCredentials',
    });
  });

  it('revokes the device after 5 wrong PINs; the password brings it back without a PIN', async () => {
    const device = newDevice();
    const guid = await withPin('jan.claes@martin-logistics.example.be', device, '5565');
    // A session opened with the PIN before the attack dies with the device.
    const before = bearerLoginResponseSchema.parse((await pinLogin(guid, device, '5565')).json());
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const wrong = await pinLogin(guid, device, '0000');
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ code: 'invalidPin' });
    }
    const fifth = await pinLogin(guid, device, '0000');
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json()).toMatchObject({ code: 'tooManyPinAttempts' });
    // Even the right PIN no longer works.
    expect((await pinLogin(guid, device, '5565')).json()).toMatchObject({ statusCode: 403, code: 'tooManyPinAttempts' });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(before.token) })).statusCode).toBe(401);
    const renewed = await post(t.app, '/api/public/users/renew-access', {
      refresh_token: before.refresh_token,
      deviceKey: device.deviceKey,
    });
    expect(renewed.statusCode).toBe(419);
    // Password login: the device is known again, without a PIN until a new one is set.
    const back = await loginWithDevice('jan.claes@martin-logistics.example.be', device);
    expect(back.device).toEqual({ id: device.deviceId, pin_expires_at: null });
    expect((await pinLogin(guid, device, '5565')).json()).toMatchObject({ statusCode: 401, code: 'invalidCredentials' });
    await post(t.app, '/api/user/pin', { ...device, pin: '6062' }, { headers: bearer(back.token) });
    expect((await pinLogin(guid, device, '6062')).statusCode).toBe(200);
  });

  it('forgives wrong PINs after a right one (the count is of consecutive failures)', async () => {
    const device = newDevice();
    const guid = await withPin('MT00000003', device, '3141');
    for (let round = 0; round < 2; round += 1) {
      for (let attempt = 0; attempt < 4; attempt += 1) expect((await pinLogin(guid, device, '9999')).statusCode).toBe(401);
      expect((await pinLogin(guid, device, '3141')).statusCode).toBe(200);
    }
  });

  it('expires 3 months after it was set (fake clock)', async () => {
    const device = newDevice();
    const guid = await withPin('MT00000001', device, '8080');
    const almost = await later(t.app, 88 * DAY, () => pinLogin(guid, device, '8080'));
    expect(almost.statusCode).toBe(200);
    const expired = await later(t.app, 93 * DAY, () => pinLogin(guid, device, '8080'));
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: 'pinExpired' });
    // Back in the present the device stays revoked: the password is needed, then a new PIN.
    expect((await pinLogin(guid, device, '8080')).json()).toMatchObject({ statusCode: 403, code: 'pinExpired' });
  });

  it('answers 400 for a PIN that is not 4 digits', async () => {
    const response = await pinLogin('g', newDevice(), '12345');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fields: [{ field: 'pin', message: 'validation:pin' }] });
  });
});

describe('login by link', () => {
  const issue = async (loginId: string, extra: Record<string, unknown> = {}) => {
    const response = await post(t.app, '/api/test/login-link', { login: loginId, ...extra });
    expect(response.statusCode).toBe(200);
    return response.json<{ uuid: string; token: string; path: string }>();
  };

  it('logs in once; the same link again is 419', async () => {
    const { uuid, token, path } = await issue('MT00000003', { contractId: 4, redirect: '/consumption/main' });
    expect(path).toBe(`/login/${uuid}/${token}?contractId=4&redirect=%2Fconsumption%2Fmain`);
    const first = await post(t.app, `/api/public/users/login/${uuid}/${token}`, {});
    expect(first.statusCode).toBe(200);
    expect(bearerLoginResponseSchema.parse(first.json()).user.guid).toBe(uuid);
    const second = await post(t.app, `/api/public/users/login/${uuid}/${token}`, {});
    expect(second.statusCode).toBe(419);
    expect(second.json()).toMatchObject({ code: 'linkExpired' });
  });

  it('answers 404 for an unknown token or a token of another user', async () => {
    const sophie = await issue('MT00000001');
    const marc = await issue('MT00000003');
    expect((await post(t.app, `/api/public/users/login/${sophie.uuid}/${'x'.repeat(43)}`, {})).json()).toMatchObject({
      statusCode: 404,
      code: 'linkMismatch',
    });
    expect((await post(t.app, `/api/public/users/login/${sophie.uuid}/${marc.token}`, {})).statusCode).toBe(404);
  });

  it('expires after 24 hours', async () => {
    const { uuid, token } = await issue('MT00000001');
    const response = await later(t.app, DAY + 60_000, () => post(t.app, `/api/public/users/login/${uuid}/${token}`, {}));
    expect(response.statusCode).toBe(419);
  });

  it('binds the session to a device when one is sent', async () => {
    const { uuid, token } = await issue('MT00000005');
    const device = newDevice();
    const response = await post(t.app, `/api/public/users/login/${uuid}/${token}`, device);
    expect(response.json()).toMatchObject({ device: { id: device.deviceId, pin_expires_at: null } });
  });
});

describe('growing waits per address', () => {
  it('locks an address that fails on many accounts, whatever the account, and lets others in', async () => {
    const attacker = { remoteAddress: '203.0.113.7' };
    for (let i = 0; i < 50; i += 1) {
      const response = await post(
        t.app,
        '/api/public/users/login',
        { login: `MT1${String(i).padStart(7, '0')}`, password: 'Wrong!2026' },
        attacker,
      );
      expect(response.statusCode).toBe(401);
    }
    const locked = await post(t.app, '/api/public/users/login', { login: 'MT00000001', password: demoPassword }, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'tooManyLoginAttempts', retryAfter: 60 });
    // Another address is not affected.
    expect(
      (await post(t.app, '/api/public/users/login', { login: 'MT00000001', password: demoPassword }, { remoteAddress: '198.51.100.1' }))
        .statusCode,
    ).toBe(200);
    // The wait ends after a minute.
    const released = await later(t.app, 61_000, () =>
      post(t.app, '/api/public/users/login', { login: 'MT00000001', password: demoPassword }, attacker),
    );
    expect(released.statusCode).toBe(200);
  });
});

describe('growing waits per account', () => {
  it('doubles the wait with each further failure and releases after it', async () => {
    const account = 'marc.janssens@example.be';
    for (let i = 0; i < 5; i += 1) await post(t.app, '/api/public/users/login', { login: account, password: 'Wrong!2026' });
    const first = await post(t.app, '/api/public/users/login', { login: account, password: demoPassword });
    expect(first.json()).toMatchObject({ statusCode: 429, retryAfter: 30 });
    // After 31 s one more wrong password: the next wait is 60 s.
    const sixth = await later(t.app, 31_000, () => post(t.app, '/api/public/users/login', { login: account, password: 'Wrong!2026' }));
    expect(sixth.statusCode).toBe(401);
    const second = await later(t.app, 32_000, () => post(t.app, '/api/public/users/login', { login: account, password: demoPassword }));
    expect(second.json()).toMatchObject({ statusCode: 429, code: 'tooManyLoginAttempts' });
    expect(second.json<{ retryAfter: number }>().retryAfter).toBeGreaterThan(55);
    const released = await later(t.app, 31_000 + 61_000, () =>
      post(t.app, '/api/public/users/login', { login: account, password: demoPassword }),
    );
    expect(released.statusCode).toBe(200);
  });
});
