import { describe, expect, it } from 'vitest';
import { demoPassword } from '#contract/fixtures/demo';
import { DEVICE_COOKIE } from '#server/lib/device-cookies';
import { authTestApp, cookieOf, post } from './auth-helpers.ts';

/*
 * Password-guessing limits: counted per account (not per identifier string), and a browser that logged in to the
 * account before (its device cookie) is never locked out by failures from elsewhere (OWASP device cookies). Only
 * failures count, once the password was checked (issue 42): a correct password is never refused because of guesses in
 * flight, and guesses sent at once are checked no more than one at a time would be.
 */

const t = authTestApp();
const LOGIN = '/api/public/users/login';
const attacker = '203.0.113.9';

const attempt = (login: string, password: string, extra: { cookie?: string; remoteAddress?: string } = {}) =>
  post(
    t.app,
    LOGIN,
    { login, password },
    {
      browser: true,
      remoteAddress: extra.remoteAddress ?? attacker,
      ...(extra.cookie ? { cookies: { [DEVICE_COOKIE]: extra.cookie } } : {}),
    },
  );

/** The owner's browser: a successful login, which hands it its device cookie. */
const ownersBrowser = async (login: string, remoteAddress = '198.51.100.7'): Promise<string> => {
  const response = await attempt(login, demoPassword, { remoteAddress });
  expect(response.statusCode).toBe(200);
  const cookie = cookieOf(response, DEVICE_COOKIE);
  expect(cookie).toMatch(/^\d+\.[\w-]+\.[\w-]+$/);
  const set = response.cookies.find((c) => c.name === DEVICE_COOKIE);
  expect(set).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/public/users' });
  return cookie ?? '';
};

describe('failures are counted per account, whatever identifier names it', () => {
  it("Sophie's customer number, e-mail and energy number share 5 tries", async () => {
    for (const login of ['MT00000001', 'sophie.dubois@example.be', 'ME00000001', 'mt00000001', 'SOPHIE.DUBOIS@example.be']) {
      expect((await attempt(login, 'Wrong!2026')).statusCode).toBe(401);
    }
    const locked = await attempt('ME00000001', demoPassword);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'tooManyLoginAttempts' });
  });

  it('an identifier that names no account is counted on its own (the limiter reveals nothing)', async () => {
    for (let i = 0; i < 5; i += 1) expect((await attempt('MT09999999', 'Wrong!2026')).statusCode).toBe(401);
    expect((await attempt('MT09999999', 'Wrong!2026')).statusCode).toBe(429);
  });
});

describe('device cookies: the owner is never locked out by failures from elsewhere', () => {
  it('a guesser locks the account for untrusted browsers, not for the browser the owner logged in with', async () => {
    const cookie = await ownersBrowser('MT00000003');
    for (let i = 0; i < 8; i += 1) await attempt('MT00000003', 'Wrong!2026');
    expect((await attempt('MT00000003', demoPassword)).statusCode).toBe(429);
    const owner = await attempt('marc.janssens@example.be', demoPassword, { cookie, remoteAddress: '198.51.100.7' });
    expect(owner.statusCode).toBe(200);
    // Each success hands out a fresh cookie (a new nonce).
    expect(cookieOf(owner, DEVICE_COOKIE)).not.toBe(cookie);
  });

  it('an office address locked by failures on many accounts still lets a trusted browser in', async () => {
    const office = '192.0.2.80';
    const cookie = await ownersBrowser('MT00000004', office);
    for (let i = 0; i < 55; i += 1) await attempt(`MT0000${String(1000 + i).padStart(4, '0')}`, 'Wrong!2026', { remoteAddress: office });
    expect((await attempt('MT00000005', demoPassword, { remoteAddress: office })).statusCode).toBe(429);
    expect((await attempt('MT00000004', demoPassword, { cookie, remoteAddress: office })).statusCode).toBe(200);
  });

  it('a forged cookie, or the cookie of another account, is untrusted', async () => {
    const marcs = await ownersBrowser('MT00000003');
    const [user, nonce] = marcs.split('.');
    for (let i = 0; i < 6; i += 1) await attempt('MT00000005', 'Wrong!2026');
    const forged = `${user}.${nonce}.${'A'.repeat(43)}`;
    const yasminesForged = `5.${nonce}.${marcs.split('.')[2]}`;
    for (const cookie of [forged, yasminesForged, marcs]) {
      expect((await attempt('MT00000005', demoPassword, { cookie, remoteAddress: '198.51.100.9' })).statusCode).toBe(429);
    }
  });

  it('guessing from the trusted browser locks that browser, which then falls back to the account limit', async () => {
    const cookie = await ownersBrowser('MT00000001');
    for (let i = 0; i < 5; i += 1) expect((await attempt('MT00000001', 'Wrong!2026', { cookie })).statusCode).toBe(401);
    const locked = await attempt('MT00000001', 'Wrong!2026', { cookie });
    // Its own cookie is locked now: the attempt counts against the account (still free), not refused outright.
    expect(locked.statusCode).toBe(401);
    // The account's untrusted counter was untouched by the trusted failures until the cookie locked.
    expect((await attempt('MT00000001', demoPassword, { remoteAddress: '198.51.100.20' })).statusCode).toBe(200);
  });
});

describe('only failures count, after the password was checked', () => {
  const inFlightRows = () => t.db.selectFrom('login_attempts').select('key').where('key', 'like', 'in-flight:%').execute();

  it('ten simultaneous correct logins to one account all get in, and use up no attempt', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => attempt('MT00000001', demoPassword)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    // Nothing was counted: five wrong passwords are still free, the sixth is refused.
    for (let i = 0; i < 5; i += 1) expect((await attempt('MT00000001', 'Wrong!2026')).statusCode).toBe(401);
    expect((await attempt('MT00000001', 'Wrong!2026')).statusCode).toBe(429);
    expect(await inFlightRows()).toEqual([]);
  });

  it('with four failures counted, ten correct logins sent at once all get in (the last free attempt is no bottleneck)', async () => {
    for (let i = 0; i < 4; i += 1) expect((await attempt('MT00000003', 'Wrong!2026')).statusCode).toBe(401);
    const answers = await Promise.all(Array.from({ length: 10 }, () => attempt('MT00000003', demoPassword)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
  });

  it('twenty wrong passwords sent at once: five are checked, the others refused unchecked; the locked account refuses the right one', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt('MT00000004', `Wrong!${i}pass`)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    for (const refused of answers.filter((answer) => answer.statusCode === 429)) {
      expect(refused.json()).toMatchObject({ statusCode: 429, code: 'tooManyLoginAttempts' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    const locked = await attempt('MT00000004', demoPassword, { remoteAddress: '198.51.100.60' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'tooManyLoginAttempts' });
    expect(await inFlightRows()).toEqual([]);
  });
});
