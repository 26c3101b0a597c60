import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { demoPassword } from '#contract/fixtures/demo';
import { DEVICE_COOKIE } from '#server/lib/device-cookies';
import { renderMessage } from '#server/lib/messages';
import { bearer, bearerLoginResponseSchema } from './test-app.ts';
import { authTestApp, cookieOf, keptCookies, latestMessage, linkParts, newDevice, post, type Device } from './auth-helpers.ts';

/*
 * A password change or reset ends every foothold of the account (docs/product/security.md "Password change ends every
 * foothold"): every session, PIN, trusted browser (device cookie) and push subscription, except the session that made a
 * change (which is renewed) and its own device; the confirmation e-mail says so. The attack of the report: an attacker
 * set a PIN on their device; the victim changed the password; the attacker's PIN login still answered 200.
 */

const t = authTestApp();
const LOGIN = '/api/public/users/login';

type Foothold = { token: string; guid: string; device: Device; cookie: string; endpoint: string };

/** A browser logged in to the account with a PIN, a push subscription and its device cookie: what an attacker keeps. */
const foothold = async (login: string, password = demoPassword): Promise<Foothold> => {
  const device = newDevice();
  const response = await post(t.app, LOGIN, { login, password, ...device });
  expect(response.statusCode, response.body).toBe(200);
  const body = bearerLoginResponseSchema.parse(response.json());
  expect((await post(t.app, '/api/user/pin', { ...device, pin: '2580' }, { headers: bearer(body.token) })).statusCode).toBe(200);
  const endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(20).toString('base64url')}`;
  const keys = { p256dh: randomBytes(65).toString('base64url'), auth: randomBytes(16).toString('base64url') };
  const subscribed = await post(
    t.app,
    '/api/user/push-subscriptions',
    { endpoint, keys, deviceId: device.deviceId },
    { headers: bearer(body.token) },
  );
  expect(subscribed.statusCode).toBe(200);
  return { token: body.token, guid: body.user.guid, device, cookie: cookieOf(response, DEVICE_COOKIE) ?? '', endpoint };
};

const pinLogin = (f: Foothold) => post(t.app, '/api/public/users/login/pin', { guid: f.guid, ...f.device, pin: '2580' });
const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(token) });
const subscriptionExists = async (endpoint: string): Promise<boolean> =>
  (await t.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', endpoint).execute()).length === 1;

/** Locks the account for untrusted browsers (a stranger's guesses), so that only a still-trusted cookie gets through. */
const lockAccount = async (login: string) => {
  for (let i = 0; i < 6; i += 1)
    await post(t.app, LOGIN, { login, password: 'Wrong!2026' }, { browser: true, remoteAddress: '203.0.113.66' });
};
const loginWithCookie = (login: string, password: string, cookie: string): Promise<LightMyRequestResponse> =>
  post(t.app, LOGIN, { login, password }, { browser: true, cookies: { [DEVICE_COOKIE]: cookie }, remoteAddress: '198.51.100.5' });

describe('a logged-in password change', () => {
  it("ends the attacker's session, PIN, trusted browser and push subscription; renews the session that made it", async () => {
    const attacker = await foothold('MT00000005');
    const owner = await foothold('MT00000005');
    const change = await post(
      t.app,
      '/api/user/password',
      { old_pwd: demoPassword, pwd: 'Nouveau!2026' },
      { headers: bearer(owner.token) },
    );
    expect(change.statusCode, change.body).toBe(200);

    // The attacker: no PIN, no session, no push, no trust.
    expect((await pinLogin(attacker)).statusCode).toBe(401);
    expect((await me(attacker.token)).statusCode).toBe(401);
    expect(await subscriptionExists(attacker.endpoint)).toBe(false);
    await lockAccount('MT00000005');
    expect((await loginWithCookie('MT00000005', 'Nouveau!2026', attacker.cookie)).statusCode).toBe(429);

    // The owner: the renewed session works (the old token ended with the rest), this device keeps its PIN and its
    // push subscription, and this browser is trusted under its new cookie.
    const renewed = change.json<{ success: boolean; token: string; refresh_token: string; expires_at: string }>();
    expect(renewed).toMatchObject({ success: true, token: expect.any(String) as unknown, refresh_token: expect.any(String) as unknown });
    expect((await me(owner.token)).statusCode).toBe(401);
    expect((await me(renewed.token)).statusCode).toBe(200);
    expect((await pinLogin(owner)).statusCode).toBe(200);
    expect(await subscriptionExists(owner.endpoint)).toBe(true);
    const newCookie = cookieOf(change, DEVICE_COOKIE) ?? '';
    expect(newCookie).not.toBe(owner.cookie);
    expect((await loginWithCookie('MT00000005', 'Nouveau!2026', newCookie)).statusCode).toBe(200);

    // And the confirmation says so.
    const mail = await latestMessage(t.app, 'yasmine.elamrani@example.be');
    expect(mail.subject).toBe('Votre mot de passe a été modifié');
    expect(mail.body).toContain('nous avons fermé toutes les autres connexions à votre compte');
    expect(mail.body).toMatch(/sessions.*codes PIN.*navigateurs reconnus.*notifications push/s);
    expect(mail.path).toBe('/login/recover-password');
  });

  it('renews a browser session in cookies, without tokens in the body', async () => {
    const device = newDevice();
    const loggedIn = await post(t.app, LOGIN, { login: 'MT00000004', password: demoPassword, ...device }, { browser: true });
    const cookies = keptCookies(loggedIn);
    const change = await post(t.app, '/api/user/password', { old_pwd: demoPassword, pwd: 'Nouveau!2026' }, { browser: true, cookies });
    expect(change.statusCode, change.body).toBe(200);
    expect(change.json()).not.toHaveProperty('token');
    const access = cookieOf(change, 'access_token');
    expect(access).toBeDefined();
    expect(access).not.toBe(cookies.access_token);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/me', cookies: { access_token: access ?? '' } })).statusCode).toBe(200);
  });
});

describe("wrong current passwords are the account's failed logins", () => {
  const change = (token: string, oldPassword: string) =>
    post(t.app, '/api/user/password', { old_pwd: oldPassword, pwd: 'Nouveau!2026' }, { headers: bearer(token) });
  const login = (password: string) =>
    post(t.app, LOGIN, { login: 'MT00000001', password }, { browser: true, remoteAddress: '198.51.100.70' });
  const session = async (): Promise<string> => {
    const response = await post(t.app, LOGIN, { login: 'MT00000001', password: demoPassword });
    expect(response.statusCode).toBe(200);
    return bearerLoginResponseSchema.parse(response.json()).token;
  };

  it('a stolen session that guesses the current password locks the login, and itself, after five', async () => {
    const token = await session();
    for (let i = 0; i < 5; i += 1) {
      const wrong = await change(token, `Guess!${i}2026`);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toMatchObject({ code: 'invalidCredentials', fields: [{ field: 'old_pwd' }] });
    }
    // The sixth guess is refused unchecked, even the right one, and so is a login from a browser the account does not trust.
    const sixth = await change(token, demoPassword);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ code: 'tooManyLoginAttempts' });
    expect((await login(demoPassword)).statusCode).toBe(429);
  });

  it('failed logins and wrong current passwords add up on one counter', async () => {
    const token = await session();
    for (let i = 0; i < 3; i += 1) expect((await login('Wrong!2026')).statusCode).toBe(401);
    for (let i = 0; i < 2; i += 1) expect((await change(token, 'Wrong!2026')).statusCode).toBe(422);
    expect((await change(token, demoPassword)).statusCode).toBe(429);
    expect((await login(demoPassword)).statusCode).toBe(429);
  });
});

describe('a password reset by e-mail link or SMS code', () => {
  it('by link: ends every PIN, session, trusted browser and push subscription, and trusts the browser that reset', async () => {
    const attacker = await foothold('MT00000003');
    expect((await post(t.app, '/api/public/users/reset-password', { email: 'marc.janssens@example.be' })).statusCode).toBe(200);
    const { uuid, token } = linkParts((await latestMessage(t.app, 'marc.janssens@example.be')).path);
    const reset = await post(t.app, `/api/public/users/recover-password/${uuid}/${token}`, { pwd: 'Reprise!2026' }, { browser: true });
    expect(reset.statusCode, reset.body).toBe(200);

    expect((await pinLogin(attacker)).statusCode).toBe(401);
    expect((await me(attacker.token)).statusCode).toBe(401);
    expect(await subscriptionExists(attacker.endpoint)).toBe(false);
    await lockAccount('MT00000003');
    expect((await loginWithCookie('MT00000003', 'Reprise!2026', attacker.cookie)).statusCode).toBe(429);
    expect((await loginWithCookie('MT00000003', 'Reprise!2026', cookieOf(reset, DEVICE_COOKIE) ?? '')).statusCode).toBe(200);

    const mail = await latestMessage(t.app, 'marc.janssens@example.be');
    expect(mail.subject).toBe('Uw wachtwoord is gewijzigd');
    expect(mail.body).toContain('hebben we alle andere verbindingen met uw account gesloten');
  });

  it('by SMS code: the same for a plain user without an e-mail address, whose confirmation comes by SMS', async () => {
    // A plain user of line 0470000006, created by phone: no e-mail address.
    expect((await post(t.app, '/api/public/users/create-account', { msisdn: '0470000006', lang: 'en' })).statusCode).toBe(200);
    const created = await post(t.app, '/api/public/users/create-account/sms', {
      msisdn: '0470000006',
      code: (await latestMessage(t.app, '0470000006')).code,
      pwd: 'Depart!2026',
    });
    expect(created.statusCode, created.body).toBe(200);
    const attacker = await foothold('0470000006', 'Depart!2026');
    expect((await post(t.app, '/api/public/users/reset-password', { msisdn: '0470000006', lang: 'en' })).statusCode).toBe(200);
    const { code } = await latestMessage(t.app, '0470000006');
    const reset = await post(t.app, '/api/public/users/recover-password/sms', { msisdn: '0470000006', code, pwd: 'Reprise!2026' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await pinLogin(attacker)).statusCode).toBe(401);
    expect((await me(attacker.token)).statusCode).toBe(401);
    expect(await subscriptionExists(attacker.endpoint)).toBe(false);
    const sms = await latestMessage(t.app, '0470000006');
    expect(sms.channel).toBe('SMS');
    expect(sms.body).toMatch(/(mot de passe a été modifié|wachtwoord is gewijzigd|password was changed).*(PIN|pincodes)/);
  });
});

describe('the confirmation in the three languages', () => {
  it.each([
    ['fr', /toutes les autres connexions.*codes PIN.*navigateurs reconnus.*notifications push/s],
    ['nl', /alle andere verbindingen.*pincodes.*herkende browsers.*pushmeldingen/s],
    ['en', /every other connection.*PINs.*browsers we recognised.*push notifications/s],
  ] as const)('%s says what ended and how to take the account back', (lang, ended) => {
    const { subject, text } = renderMessage(lang, 'passwordChanged', { name: 'Sam', link: 'https://m.example.be/login/recover-password' });
    expect(subject.length).toBeGreaterThan(5);
    expect(text).toMatch(ended);
    expect(text).toContain('https://m.example.be/login/recover-password');
  });
});
