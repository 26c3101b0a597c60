import { sqlRow } from './test-database.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUserSchema, tokenExpiredResponseSchema } from '#contract/auth';
import { errorBodySchema } from '#contract/common';
import { demoPassword, demoUsers, type DemoUserKey } from '#contract/fixtures/demo';
import { buildApp } from '#server/app';
import { APP_ORIGIN, bearer, bearerLoginResponseSchema, createTestApp, login, staticFixtureDir, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const postLogin = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/public/users/login', payload: payload as Record<string, unknown> });

const loginCases = (Object.keys(demoUsers) as DemoUserKey[])
  .filter((key) => key !== 'legacy')
  .flatMap((key) => demoUsers[key].logins.map((loginId) => ({ key, loginId })));

describe('POST /api/public/users/login', () => {
  it.each(loginCases)('logs $key in with $loginId', async ({ key, loginId }) => {
    const { response } = await login(t.app, loginId);
    const body = bearerLoginResponseSchema.parse(response.json());
    const demo = demoUsers[key];
    expect(`${body.user.personal_data.first_name} ${body.user.personal_data.last_name}`).toBe(demo.name);
    expect(body.user.role).toBe(demo.role);
    expect(body.user.language.app).toBe(demo.language);
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.token).not.toBe(body.refresh_token);
  });

  it('accepts an e-mail address in any case and customer numbers in lower case', async () => {
    await expect(login(t.app, 'SOPHIE.Dubois@Example.BE')).resolves.toBeTruthy();
    await expect(login(t.app, 'mt00000001')).resolves.toBeTruthy();
  });

  it('takes a plain user\'s number typed with spaces or separators (docs/product/validation.md "Phone numbers")', async () => {
    for (const typed of ['0470 00 00 03', ' 0470/00.00.03 ']) {
      const { response } = await login(t.app, typed);
      expect(bearerLoginResponseSchema.parse(response.json()).user).toMatchObject({ role: 'user', msisdn: '0470000003' });
    }
  });

  it('stores only hashes of the tokens', async () => {
    const { token, refreshToken } = await login(t.app, 'MT00000003');
    const rows = await t.db.selectFrom('sessions').select(['access_token_hash', 'refresh_token_hash']).execute();
    const stored = rows.flatMap((row) => [row.access_token_hash, row.refresh_token_hash]);
    expect(stored).not.toContain(token);
    expect(stored).not.toContain(refreshToken);
    expect(stored.every((hash) => /^[0-9a-f]{64}$/.test(hash ?? ''))).toBe(true);
  });

  it('sets HttpOnly, SameSite=Strict cookies with the lifetimes of docs/product/security.md "Cookies"', async () => {
    const { response, token, refreshToken } = await login(t.app, 'MT00000001');
    const access = response.cookies.find((cookie) => cookie.name === 'access_token');
    const refresh = response.cookies.find((cookie) => cookie.name === 'refresh_token');
    expect(access).toMatchObject({ value: token, path: '/', httpOnly: true, sameSite: 'Strict', maxAge: 86_400 });
    expect(refresh).toMatchObject({ value: refreshToken, path: '/api/public/users', httpOnly: true, sameSite: 'Strict' });
    // Three calendar months: between 89 and 92 days.
    expect(refresh?.maxAge).toBeGreaterThanOrEqual(89 * 86_400);
    expect(refresh?.maxAge).toBeLessThanOrEqual(92 * 86_400);
    // Plain HTTP on localhost (inject's default host) is local development: no Secure flag.
    expect(access?.secure).toBeFalsy();
  });

  it("marks the cookies Secure by PUBLIC_URL's scheme, whatever the Host header says", async () => {
    const onHttps = await buildApp({ demo: true, db: t.db, staticDir: staticFixtureDir, mail: { publicUrl: 'https://portal.example.be' } });
    try {
      for (const host of ['portal.example.be', 'localhost']) {
        const response = await onHttps.inject({
          method: 'POST',
          url: '/api/public/users/login',
          headers: { host },
          payload: { login: 'MT00000001', password: demoPassword },
        });
        expect(response.statusCode).toBe(200);
        expect(
          response.cookies.every((cookie) => cookie.secure === true),
          host,
        ).toBe(true);
      }
    } finally {
      await onHttps.close();
    }
    // Plain-HTTP PUBLIC_URL (local development): a Secure cookie would be dropped by the browser.
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/public/users/login',
      headers: { host: 'portal.example.be' },
      payload: { login: 'MT00000001', password: demoPassword },
    });
    expect(plain.cookies.some((cookie) => cookie.secure === true)).toBe(false);
  });

  it('answers 401 invalidCredentials for a wrong password', async () => {
    const response = await postLogin({ login: 'MT00000001', password: 'Wrong!2026' });
    expect(response.statusCode).toBe(401);
    expect(errorBodySchema.parse(response.json())).toMatchObject({ statusCode: 401, code: 'invalidCredentials' });
    expect(response.cookies).toHaveLength(0);
  });

  it('answers the same 401 for an unknown login', async () => {
    const unknown = await postLogin({ login: 'MT99999999', password: demoPassword });
    const wrong = await postLogin({ login: 'MT00000001', password: 'Wrong!2026' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a phone number for an owner and an e-mail for a plain user', async () => {
    // Lucas has an e-mail address, but plain users log in with their phone number only (docs/product/auth.md "Login
    // identifiers").
    expect((await postLogin({ login: 'lucas.peeters@example.be', password: demoPassword })).statusCode).toBe(401);
    // Sophie's customer number works; her mobile number is not a login.
    expect((await postLogin({ login: '0470000001', password: demoPassword })).statusCode).toBe(401);
  });

  it('answers 403 legacyWithoutCustomer for a LEGACY user without customer, only with the right password', async () => {
    const [legacyLogin] = demoUsers.legacy.logins;
    const ok = await postLogin({ login: legacyLogin, password: demoPassword });
    expect(ok.statusCode).toBe(403);
    expect(ok.json()).toMatchObject({ statusCode: 403, code: 'legacyWithoutCustomer' });
    expect(ok.cookies).toHaveLength(0);
    const wrong = await postLogin({ login: legacyLogin, password: 'Wrong!2026' });
    expect(wrong.statusCode).toBe(401);
  });

  it.each([
    { name: 'missing login', payload: { password: demoPassword }, field: 'login', message: 'validation:required' },
    { name: 'empty login', payload: { login: '', password: demoPassword }, field: 'login', message: 'validation:required' },
    { name: 'badly formed login', payload: { login: 'not a login', password: demoPassword }, field: 'login', message: 'validation:login' },
    {
      name: 'number with +32',
      payload: { login: '+32 470 00 00 03', password: demoPassword },
      field: 'login',
      message: 'validation:phone',
    },
    { name: 'number with 0032', payload: { login: '0032470000003', password: demoPassword }, field: 'login', message: 'validation:phone' },
    { name: 'missing password', payload: { login: 'MT00000001' }, field: 'password', message: 'validation:required' },
    { name: 'login of the wrong type', payload: { login: 42, password: demoPassword }, field: 'login', message: 'validation:required' },
  ])('answers 400 with the field at fault for a $name', async ({ payload, field, message }) => {
    const response = await postLogin(payload);
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body).toMatchObject({ statusCode: 400, code: 'invalidParameters', message: 'Invalid parameters' });
    expect(body.fields).toContainEqual({ field, message });
  });
});

describe('login rate limit', () => {
  it('locks an identifier after 5 failures with a growing wait, then lets the right password in', async () => {
    const jan = 'jan.claes@martin-logistics.example.be';
    for (let i = 0; i < 5; i += 1) {
      // Case variants count for the same identifier.
      const response = await postLogin({ login: i % 2 ? jan.toUpperCase() : jan, password: 'Wrong!2026' });
      expect(response.statusCode).toBe(401);
    }
    const locked = await postLogin({ login: jan, password: demoPassword });
    expect(locked.statusCode).toBe(429);
    expect(errorBodySchema.parse(locked.json())).toMatchObject({ statusCode: 429, code: 'tooManyLoginAttempts', retryAfter: 30 });
    expect(locked.headers['retry-after']).toBe('30');
    await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { now: new Date(Date.now() + 31_000).toISOString() } });
    try {
      expect((await postLogin({ login: jan, password: demoPassword })).statusCode).toBe(200);
    } finally {
      await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { now: null } });
    }
  });

  it('counts unknown identifiers too', async () => {
    for (let i = 0; i < 5; i += 1) await postLogin({ login: 'MT12345678', password: 'Wrong!2026' });
    expect((await postLogin({ login: 'MT12345678', password: 'Wrong!2026' })).statusCode).toBe(429);
  });
});

describe('session', () => {
  it('GET /api/user/me answers with the cookie', async () => {
    const { token } = await login(t.app, 'MT00000001');
    const response = await t.app.inject({ method: 'GET', url: '/api/user/me', cookies: { access_token: token } });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ user: unknown; expires_at: string }>();
    expect(authUserSchema.parse(body.user)).toMatchObject({ customer_id: 1, role: 'owner' });
    expect(Date.parse(body.expires_at)).toBeGreaterThan(Date.now());
  });

  it('GET /api/user/me answers with a Bearer token', async () => {
    const { token } = await login(t.app, '0470000003');
    const response = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ user: { role: 'user', msisdn: '0470000003' } });
  });

  it.each([
    { name: 'no token', headers: {} },
    { name: 'an unknown token', headers: bearer('x'.repeat(43)) },
    { name: 'a malformed Authorization header', headers: { authorization: 'Basic abc' } },
  ])('GET /api/user/me answers 401 unauthenticated with $name', async ({ headers }) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/me', headers });
    expect(response.statusCode).toBe(401);
    expect(errorBodySchema.parse(response.json())).toMatchObject({ statusCode: 401, code: 'unauthenticated' });
  });

  it('checks authentication before validating input', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/customer/abc/full' });
    expect(response.statusCode).toBe(401);
  });

  it('logout revokes the session on the server and clears both cookies', async () => {
    const { token } = await login(t.app, 'MT00000004');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: { ...bearer(token), cookie: 'consent=v1.s0.m0' },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    const cleared = Object.fromEntries(out.cookies.map((cookie) => [cookie.name, cookie]));
    expect(cleared.access_token?.value).toBe('');
    expect(cleared.refresh_token?.value).toBe('');
    // The consent cookie is the browser's choice, not the account's: logout leaves it (docs/product/auth.md "Logout").
    expect(Object.keys(cleared).sort()).toEqual(['access_token', 'refresh_token']);
    // The token itself is dead, not just the cookie: a client that kept it gets 401.
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    expect(me.statusCode).toBe(401);
    const row = await sqlRow<{ revoked_at: string | null }>(
      t.db,
      'SELECT revoked_at FROM sessions WHERE id = (SELECT MAX(id) FROM sessions)',
    );
    expect(row.revoked_at).not.toBeNull();
  });

  it('logout with accessOnly drops only the access token', async () => {
    const { token } = await login(t.app, 'MT00000005');
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      cookies: { access_token: token },
      headers: { origin: APP_ORIGIN },
      payload: { accessOnly: true },
    });
    expect(out.statusCode).toBe(200);
    // The access cookie is cleared at its path and at the one it had before (/api): no other cookie.
    expect([...new Set(out.cookies.map((cookie) => cookie.name))]).toEqual(['access_token']);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(401);
    const row = await sqlRow<{ revoked_at: string | null }>(
      t.db,
      'SELECT revoked_at FROM sessions WHERE id = (SELECT MAX(id) FROM sessions)',
    );
    // The session (and its refresh token) stays alive for renew-access.
    expect(row.revoked_at).toBeNull();
  });

  it('logout without a session answers 401', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/logout', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/public/token/expired', () => {
  const ask = (options: { payload?: Record<string, unknown>; cookies?: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/public/token/expired',
      payload: options.payload ?? {},
      ...(options.cookies ? { cookies: options.cookies, headers: { origin: APP_ORIGIN } } : {}),
    });

  it('says a fresh token (body or cookie) has not expired', async () => {
    const { token } = await login(t.app, 'MT00000001');
    for (const response of [await ask({ payload: { token } }), await ask({ cookies: { access_token: token } })]) {
      expect(response.statusCode).toBe(200);
      const body = tokenExpiredResponseSchema.parse(response.json());
      expect(body.expired).toBe(false);
      expect(Date.parse(body.expires_at ?? '')).toBeGreaterThan(Date.now());
    }
  });

  it('says an unknown or missing token has expired', async () => {
    expect((await ask({ payload: { token: 'nope' } })).json()).toEqual({ expired: true, expires_at: null });
    expect((await ask({})).json()).toEqual({ expired: true, expires_at: null });
  });

  it('says a revoked token has expired', async () => {
    const { token } = await login(t.app, 'MT00000001');
    await t.app.inject({ method: 'POST', url: '/api/user/logout', headers: bearer(token), payload: {} });
    expect((await ask({ payload: { token } })).json()).toMatchObject({ expired: true });
  });

  it('follows the clock: a token is expired one day later', async () => {
    const { token } = await login(t.app, 'MT00000001');
    const later = new Date(Date.now() + 25 * 60 * 60 * 1000).toISOString();
    const moved = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { now: later } });
    expect(moved.statusCode).toBe(200);
    try {
      expect((await ask({ payload: { token } })).json()).toMatchObject({ expired: true });
      expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(401);
    } finally {
      await t.app.inject({ method: 'POST', url: '/api/test/clock', payload: { now: null } });
    }
    expect((await ask({ payload: { token } })).json()).toMatchObject({ expired: false });
  });
});

describe('POST /api/user/language', () => {
  it('persists the language of the user', async () => {
    const { token } = await login(t.app, 'MT00000003');
    const response = await t.app.inject({ method: 'POST', url: '/api/user/language', headers: bearer(token), payload: { lang: 'en' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ lang: 'en' });
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
    expect(me.json()).toMatchObject({ user: { language: { app: 'en' } } });
    const { response: again } = await login(t.app, 'MT00000003');
    expect(again.json()).toMatchObject({ user: { language: { app: 'en' } } });
  });

  it('refuses a language the app does not have', async () => {
    const { token } = await login(t.app, 'MT00000003');
    const response = await t.app.inject({ method: 'POST', url: '/api/user/language', headers: bearer(token), payload: { lang: 'de' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalidParameters', fields: [{ field: 'lang', message: 'validation:invalid' }] });
  });
});

describe('tokens never reach a browser script (cookie mode), only a client that asks for bearer mode', () => {
  const noTokens = (body: Record<string, unknown>, cookies: { value: string }[]) => {
    expect(body).not.toHaveProperty('token');
    expect(body).not.toHaveProperty('refresh_token');
    expect(cookies.length).toBeGreaterThanOrEqual(2);
    const text = JSON.stringify(body);
    // A cleared cookie (the access token's former /api one) has no value.
    for (const cookie of cookies) if (cookie.value) expect(text).not.toContain(cookie.value);
  };

  it('password login, link login and renew-access answer the browser without a token in the body', async () => {
    const loginAnswer = await postLogin({ login: 'MT00000003', password: demoPassword });
    expect(loginAnswer.statusCode).toBe(200);
    noTokens(loginAnswer.json(), loginAnswer.cookies);

    const refresh = loginAnswer.cookies.find((cookie) => cookie.name === 'refresh_token')?.value ?? '';
    const renewed = await t.app.inject({
      method: 'POST',
      url: '/api/public/users/renew-access',
      cookies: { refresh_token: refresh },
      headers: { origin: APP_ORIGIN },
      payload: {},
    });
    expect(renewed.statusCode).toBe(200);
    noTokens(renewed.json(), renewed.cookies);

    const link = (await t.app.inject({ method: 'POST', url: '/api/test/login-link', payload: { login: 'MT00000003' } })).json<{
      path: string;
    }>();
    const byLink = await t.app.inject({ method: 'POST', url: `/api/public/users${link.path}`, payload: {} });
    expect(byLink.statusCode).toBe(200);
    noTokens(byLink.json(), byLink.cookies);
  });

  it('bearer mode (X-Auth-Mode: bearer) answers the tokens, which then work as Authorization: Bearer', async () => {
    const { token, refreshToken } = await login(t.app, 'MT00000003');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) })).statusCode).toBe(200);
  });

  it('keeps no token in the idempotency store, whatever the mode', async () => {
    const keyed = async (key: string, headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/public/users/login',
        headers: { 'idempotency-key': key, ...headers },
        payload: { login: 'MT00000003', password: demoPassword },
      });
    const bearerAnswer = await keyed('login-bearer-0001', { 'x-auth-mode': 'bearer' });
    expect(bearerAnswer.statusCode).toBe(200);
    const cookieAnswer = await keyed('login-cookie-0001', {});
    expect(cookieAnswer.statusCode).toBe(200);
    const stored = await t.db.selectFrom('idempotency_keys').select(['key', 'response_body']).where('key', 'like', 'login-%').execute();
    // The bearer answer carried tokens: not stored at all (a retry logs in again).
    expect(stored.map((row) => row.key)).toEqual(['login-cookie-0001']);
    for (const row of await t.db.selectFrom('idempotency_keys').select('response_body').execute()) {
      expect(row.response_body ?? '').not.toMatch(/"(refresh_)?token"/);
    }
    const bearerBody = bearerAnswer.json<{ token: string; refresh_token: string }>();
    const everything = JSON.stringify(await t.db.selectFrom('idempotency_keys').selectAll().execute());
    expect(everything).not.toContain(bearerBody.token);
    expect(everything).not.toContain(bearerBody.refresh_token);
  });
});
