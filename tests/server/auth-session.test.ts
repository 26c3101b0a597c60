import { sqlRow, sqlRows } from './test-database.ts';
import { describe, expect, it } from 'vitest';
import { demoPassword } from '#contract/fixtures/demo';
import { bearer, bearerLoginResponseSchema, login } from './test-app.ts';
import { authTestApp, cookieOf, DAY, later, newDevice, post, resetLimits, type Device } from './auth-helpers.ts';

const t = authTestApp();

const RENEW = '/api/public/users/renew-access';
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
const renewWithCookie = (refreshToken: string, body: Record<string, unknown> = {}) =>
  post(t.app, RENEW, body, { cookies: { refresh_token: refreshToken } });

const deviceLogin = async (loginId: string, device: Device) =>
  bearerLoginResponseSchema.parse(
    (await post(t.app, '/api/public/users/login', { login: loginId, password: demoPassword, ...device })).json(),
  );

describe('renew access (refresh-token rotation)', () => {
  it('rotates: new pair in cookies and body, the old access and refresh tokens die', async () => {
    const { token, refreshToken } = await login(t.app, 'MT00000001');
    const renewed = await renewWithCookie(refreshToken);
    expect(renewed.statusCode).toBe(200);
    const body = bearerLoginResponseSchema.parse(renewed.json());
    expect(body.refresh_token).not.toBe(refreshToken);
    expect(cookieOf(renewed, 'refresh_token')).toBe(body.refresh_token);
    expect(cookieOf(renewed, 'access_token')).toBe(body.token);
    expect((await me(body.token)).statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    // The renewed pair can itself be renewed (the chain goes on).
    expect((await renewWithCookie(body.refresh_token)).statusCode).toBe(200);
  });

  it('keeps the 3-month end of the original login (renewing does not extend it)', async () => {
    const first = bearerLoginResponseSchema.parse((await login(t.app, 'MT00000003')).response.json());
    const renewed = bearerLoginResponseSchema.parse((await later(t.app, 20 * DAY, () => renewWithCookie(first.refresh_token))).json());
    expect(renewed.refresh_expires_at).toBe(first.refresh_expires_at);
  });

  it('detects reuse: an old refresh token revokes the whole family', async () => {
    const { refreshToken } = await login(t.app, 'MT00000004');
    const second = bearerLoginResponseSchema.parse((await renewWithCookie(refreshToken)).json());
    const third = bearerLoginResponseSchema.parse((await renewWithCookie(second.refresh_token)).json());
    // The first token comes back (a copy in an attacker's hands):
    const reuse = await renewWithCookie(refreshToken);
    expect(reuse.statusCode).toBe(419);
    expect(reuse.json()).toMatchObject({ code: 'invalidToken' });
    // … and every descendant is dead, the legitimate one included.
    expect((await me(third.token)).statusCode).toBe(401);
    expect((await renewWithCookie(third.refresh_token)).statusCode).toBe(419);
    const reasons = (
      await sqlRows<{ revoked_reason: string | null }>(
        t.db,
        'SELECT DISTINCT revoked_reason FROM sessions WHERE family_id = (SELECT family_id FROM sessions ORDER BY id DESC LIMIT 1)',
      )
    ).map((row) => row.revoked_reason);
    expect(reasons).toContain('reuse');
  });

  it('clears the refresh cookie on 419', async () => {
    const response = await renewWithCookie('x'.repeat(43));
    expect(response.statusCode).toBe(419);
    expect(cookieOf(response, 'refresh_token')).toBe('');
  });

  it('answers 419 without a refresh token and after 3 months', async () => {
    expect((await post(t.app, RENEW, {})).statusCode).toBe(419);
    const { refreshToken } = await login(t.app, 'MT00000005');
    expect((await later(t.app, 93 * DAY, () => renewWithCookie(refreshToken))).statusCode).toBe(419);
  });

  it('accepts the refresh token in the body for non-browser clients', async () => {
    const { refreshToken } = await login(t.app, 'MT00000005');
    expect((await post(t.app, RENEW, { refresh_token: refreshToken })).statusCode).toBe(200);
  });

  it('needs the device key when the session is bound to a device', async () => {
    const device = newDevice();
    const session = await deviceLogin('MT00000001', device);
    expect((await renewWithCookie(session.refresh_token)).statusCode).toBe(419);
    // A failed attempt without the key does not burn the token for its owner.
    const ok = await renewWithCookie(session.refresh_token, { deviceKey: device.deviceKey });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ device: { id: device.deviceId } });
  });

  it('answers 429 once an address failed too often', async () => {
    const address = { remoteAddress: '192.0.2.44' };
    for (let i = 0; i < 50; i += 1) await post(t.app, RENEW, { refresh_token: `bogus-${i}` }, address);
    const locked = await post(t.app, RENEW, { refresh_token: 'bogus' }, address);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'tooManyLoginAttempts' });
  });

  it('renews after a logout with accessOnly', async () => {
    const { token, refreshToken } = await login(t.app, 'MT00000003');
    await post(t.app, '/api/user/logout', { accessOnly: true }, { headers: bearer(token) });
    expect((await me(token)).statusCode).toBe(401);
    expect((await renewWithCookie(refreshToken)).statusCode).toBe(200);
  });
});

describe('logout', () => {
  it('invalidates the session and its refresh token on the server', async () => {
    const { token, refreshToken } = await login(t.app, 'MT00000001');
    const out = await post(t.app, '/api/user/logout', {}, { headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await me(token)).statusCode).toBe(401);
    expect((await renewWithCookie(refreshToken)).statusCode).toBe(419);
    expect((await post(t.app, '/api/public/token/expired', { token })).json()).toMatchObject({ expired: true });
  });

  it('with the device id, the PIN of that device stops working; other devices keep theirs', async () => {
    const phone = newDevice();
    const tablet = newDevice();
    const onPhone = await deviceLogin('MT00000004', phone);
    await post(t.app, '/api/user/pin', { ...phone, pin: '1212' }, { headers: bearer(onPhone.token) });
    const onTablet = await deviceLogin('MT00000004', tablet);
    await post(t.app, '/api/user/pin', { ...tablet, pin: '3434' }, { headers: bearer(onTablet.token) });
    await post(t.app, '/api/user/logout', { deviceId: phone.deviceId }, { headers: bearer(onPhone.token) });
    const guid = onPhone.user.guid;
    expect((await post(t.app, '/api/public/users/login/pin', { guid, ...phone, pin: '1212' })).statusCode).toBe(401);
    expect((await post(t.app, '/api/public/users/login/pin', { guid, ...tablet, pin: '3434' })).statusCode).toBe(200);
    expect((await me(onTablet.token)).statusCode).toBe(200);
  });

  it('ends the renewed descendants too (the whole family)', async () => {
    const { refreshToken } = await login(t.app, 'MT00000005');
    const renewed = bearerLoginResponseSchema.parse((await renewWithCookie(refreshToken)).json());
    await post(t.app, '/api/user/logout', {}, { headers: bearer(renewed.token) });
    expect((await renewWithCookie(renewed.refresh_token)).statusCode).toBe(419);
  });
});

describe('POST /api/user/password', () => {
  const change = (token: string, payload: Record<string, unknown>) =>
    post(t.app, '/api/user/password', payload, { headers: bearer(token) });

  it('answers 422 samePassword when the new one equals the old one', async () => {
    const { token } = await login(t.app, 'MT00000003');
    const response = await change(token, { old_pwd: demoPassword, pwd: demoPassword });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'samePassword', fields: [{ field: 'pwd', message: 'validation:password.reuse' }] });
  });

  it('answers 422 invalidCredentials on old_pwd for a wrong old password, and limits the guesses', async () => {
    const { token } = await login(t.app, 'MT00000003');
    const wrong = await change(token, { old_pwd: 'Nope!2026', pwd: 'Other!2026' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toMatchObject({ code: 'invalidCredentials', fields: [{ field: 'old_pwd' }] });
    for (let i = 0; i < 4; i += 1) await change(token, { old_pwd: 'Nope!2026', pwd: 'Other!2026' });
    expect((await change(token, { old_pwd: demoPassword, pwd: 'Other!2026' })).json()).toMatchObject({
      statusCode: 429,
      code: 'tooManyLoginAttempts',
    });
    await resetLimits(t.app);
  });

  it('answers 400 with the field for a weak new password', async () => {
    const { token } = await login(t.app, 'MT00000003');
    const response = await change(token, { old_pwd: demoPassword, pwd: 'weakpass' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: unknown[] }>().fields).toContainEqual({ field: 'pwd', message: 'validation:password.capital' });
  });

  it('changes the password and ends the other sessions', async () => {
    const other = await login(t.app, 'yasmine.elamrani@example.be');
    const current = await login(t.app, 'MT00000005');
    const response = await change(current.token, { old_pwd: demoPassword, pwd: 'Nouveau!2026' });
    expect(response.statusCode).toBe(200);
    // The session that made the change is renewed: its old token ends with the others, the new one works.
    const renewed = response.json<{ success: boolean; token: string }>();
    expect(renewed.success).toBe(true);
    expect((await me(current.token)).statusCode).toBe(401);
    expect((await me(renewed.token)).statusCode).toBe(200);
    expect((await me(other.token)).statusCode).toBe(401);
    expect((await post(t.app, '/api/public/users/login', { login: 'MT00000005', password: demoPassword })).statusCode).toBe(401);
    expect((await post(t.app, '/api/public/users/login', { login: 'MT00000005', password: 'Nouveau!2026' })).statusCode).toBe(200);
  });

  it('needs a session', async () => {
    expect((await post(t.app, '/api/user/password', { old_pwd: demoPassword, pwd: 'Other!2026' })).statusCode).toBe(401);
  });
});

describe('concurrent renewals (several tabs) within the grace window', () => {
  it('five simultaneous renew-access calls with one token: all 200 with the same successor, and the session lives on', async () => {
    const reuses = async () => (await sqlRow<{ n: number }>(t.db, "SELECT COUNT(*) AS n FROM sessions WHERE revoked_reason = 'reuse'")).n;
    const reusesBefore = await reuses();
    const { refreshToken } = await login(t.app, 'MT00000003');
    // As the browser sends them: the refresh cookie, no body token, cookie mode.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => post(t.app, RENEW, {}, { cookies: { refresh_token: refreshToken }, browser: true })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const successors = new Set(answers.map((answer) => cookieOf(answer, 'refresh_token')));
    const accessTokens = new Set(answers.map((answer) => cookieOf(answer, 'access_token')));
    expect(successors.size).toBe(1);
    expect(accessTokens.size).toBe(1);
    const [access] = [...accessTokens];
    const [refresh] = [...successors];
    expect(refresh).not.toBe(refreshToken);
    expect((await me(access ?? '')).statusCode).toBe(200);
    // The chain goes on from the one successor.
    expect((await renewWithCookie(refresh ?? '')).statusCode).toBe(200);
    expect(await reuses()).toBe(reusesBefore);
  });

  it('after the window the old token is a reuse again: the family is revoked', async () => {
    const { refreshToken } = await login(t.app, 'MT00000003');
    const renewed = bearerLoginResponseSchema.parse((await renewWithCookie(refreshToken)).json());
    const late = await later(t.app, 11_000, () => renewWithCookie(refreshToken));
    expect(late.statusCode).toBe(419);
    expect((await me(renewed.token)).statusCode).toBe(401);
  });

  it('a device-bound session gets the successor only with the device key', async () => {
    const device = newDevice();
    const first = await deviceLogin('MT00000004', device);
    const ok = await renewWithCookie(first.refresh_token, { deviceKey: device.deviceKey });
    expect(ok.statusCode).toBe(200);
    const withoutKey = await renewWithCookie(first.refresh_token, {});
    expect(withoutKey.statusCode).toBe(419);
  });
});
