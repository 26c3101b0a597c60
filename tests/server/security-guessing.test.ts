import { describe, expect, it } from 'vitest';
import { demoPassword } from '#contract/fixtures/demo';
import { appContext } from '#server/app';
import { DEVICE_COOKIE } from '#server/lib/device-cookies';
import { bearer } from './test-app.ts';
import { authTestApp, cookieOf, DAY, latestMessage, linkParts, post } from './auth-helpers.ts';

/*
 * No stranger locks an owner out, and guessing is bounded (docs/product/security.md "Rate limits and lockouts"): a
 * daily guess budget per account that holds on the test clock (at most 50 wrong passwords in any 24 hours, from any
 * number of addresses, without a trusted browser); a lock that a successful recovery ends; device cookies that rotate
 * and expire (OWASP); energy-link guesses on a counter of their own.
 */

const t = authTestApp();
const LOGIN = '/api/public/users/login';

const attempt = (login: string, password: string, extra: { cookie?: string; remoteAddress?: string } = {}) =>
  post(
    t.app,
    LOGIN,
    { login, password },
    {
      browser: true,
      remoteAddress: extra.remoteAddress ?? '203.0.113.9',
      ...(extra.cookie ? { cookies: { [DEVICE_COOKIE]: extra.cookie } } : {}),
    },
  );

/** Runs `body` on a pinned server clock, then gives the clock back. */
const onTestClock = async <T>(start: Date, body: (move: (ms: number) => Date) => Promise<T>): Promise<T> => {
  const clock = appContext(t.app).clock;
  let now = start.getTime();
  clock.set(new Date(now));
  try {
    return await body((ms) => {
      now += ms;
      clock.set(new Date(now));
      return new Date(now);
    });
  } finally {
    clock.set(null);
  }
};

describe('the daily guess budget holds on the test clock', () => {
  it('a patient guesser who waits out every lock, from a new address each time, gets at most 50 guesses in any 24 hours', async () => {
    const guesses: number[] = [];
    const start = new Date(Date.now() + 400 * DAY);
    await onTestClock(start, async (move) => {
      let now = start;
      let address = 0;
      while (now.getTime() - start.getTime() < 2 * DAY) {
        address += 1;
        const response = await attempt('MT00000004', 'Wrong!2026', {
          remoteAddress: `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
        });
        if (response.statusCode === 429) {
          // Exactly as long as the server says, and not a second more.
          now = move(Number(response.headers['retry-after']) * 1000);
          continue;
        }
        expect(response.statusCode).toBe(401);
        guesses.push(now.getTime());
        now = move(1000);
      }
    });
    // The most guesses in any window of 24 hours (each guess opens a window).
    const most = Math.max(...guesses.map((from) => guesses.filter((at) => at >= from && at < from + DAY).length));
    expect(guesses.length).toBeGreaterThanOrEqual(90);
    expect(most).toBeLessThanOrEqual(50);
  }, 300_000);
});

describe('no stranger keeps the owner out', () => {
  it('a successful recovery ends the lock, and the browser that recovered stays trusted while the guessing goes on', async () => {
    for (let i = 0; i < 6; i += 1) await attempt('MT00000003', 'Wrong!2026');
    // The owner on a new browser: locked out by the stranger.
    expect((await attempt('MT00000003', demoPassword, { remoteAddress: '198.51.100.30' })).statusCode).toBe(429);
    expect((await post(t.app, '/api/public/users/reset-password', { email: 'marc.janssens@example.be' })).statusCode).toBe(200);
    const { uuid, token } = linkParts((await latestMessage(t.app, 'marc.janssens@example.be')).path);
    const reset = await post(t.app, `/api/public/users/recover-password/${uuid}/${token}`, { pwd: 'Reprise!2026' }, { browser: true });
    expect(reset.statusCode).toBe(200);
    // The lock ended with the recovery: the new password works from any browser.
    expect((await attempt('MT00000003', 'Reprise!2026', { remoteAddress: '198.51.100.31' })).statusCode).toBe(200);
    // The stranger goes on (about 10 requests every 31 minutes kept the account locked): the recovering browser, with
    // the device cookie the recovery gave it, is let in all the same.
    for (let i = 0; i < 10; i += 1) await attempt('MT00000003', 'Wrong!2026');
    expect((await attempt('MT00000003', 'Reprise!2026', { remoteAddress: '198.51.100.32' })).statusCode).toBe(429);
    const cookie = cookieOf(reset, DEVICE_COOKIE) ?? '';
    expect((await attempt('MT00000003', 'Reprise!2026', { cookie, remoteAddress: '198.51.100.33' })).statusCode).toBe(200);
  });
});

describe('device cookies rotate and expire (OWASP)', () => {
  it('a replaced cookie is trusted no more; the newest is, until it expires', async () => {
    const first = await attempt('MT00000001', demoPassword, { remoteAddress: '198.51.100.40' });
    const old = cookieOf(first, DEVICE_COOKIE) ?? '';
    const second = await attempt('MT00000001', demoPassword, { cookie: old, remoteAddress: '198.51.100.40' });
    const current = cookieOf(second, DEVICE_COOKIE) ?? '';
    expect(current).not.toBe(old);
    for (let i = 0; i < 6; i += 1) await attempt('MT00000001', 'Wrong!2026');
    expect((await attempt('MT00000001', demoPassword, { cookie: old, remoteAddress: '198.51.100.41' })).statusCode).toBe(429);
    const trusted = await attempt('MT00000001', demoPassword, { cookie: current, remoteAddress: '198.51.100.42' });
    expect(trusted.statusCode).toBe(200);
    const newest = cookieOf(trusted, DEVICE_COOKIE) ?? '';

    // 181 days later the newest has expired: the guesser's lock applies to it like to any browser.
    await onTestClock(new Date(Date.now() + 181 * DAY), async () => {
      for (let i = 0; i < 6; i += 1) await attempt('MT00000001', 'Wrong!2026');
      expect((await attempt('MT00000001', demoPassword, { cookie: newest, remoteAddress: '198.51.100.43' })).statusCode).toBe(429);
    });
  });
});

describe('energy-link guesses have their own counter', () => {
  it("Emma's wrong energy passwords lock neither her own login nor Yasmine's link of her energy account", async () => {
    const emma = bearer((await post(t.app, LOGIN, { login: 'MT00000004', password: demoPassword })).json<{ token: string }>().token);
    const yasmine = bearer((await post(t.app, LOGIN, { login: 'MT00000005', password: demoPassword })).json<{ token: string }>().token);
    const link = (headers: Record<string, string>, password: string) =>
      post(t.app, '/api/user/link', { login: 'ME00000005', password, accept: true }, { headers });
    for (let i = 0; i < 5; i += 1) expect((await link(emma, 'Wrong!2026')).statusCode).toBe(400);
    // Her own counter stops her …
    expect((await link(emma, 'Wrong!2026')).statusCode).toBe(429);
    // … and only her: her login from a new browser, and Yasmine's link of her own energy account, work.
    expect((await attempt('MT00000004', demoPassword, { remoteAddress: '198.51.100.50' })).statusCode).toBe(200);
    const linked = await link(yasmine, demoPassword);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ energyId: 'ME00000005', energyLinkConfirmed: true });
  });
});
