import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, serializeConsent } from '#contract/consent';
import { demoPassword } from '#contract/fixtures/demo';
import { appContext } from '#server/app';
import { DEVICE_COOKIE, MAX_COOKIES_PER_USER } from '#server/lib/device-cookies';
import { MAX_DEVICES_PER_USER, registerDevice } from '#server/lib/devices';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER, savePushSubscription } from '#server/lib/alert-data';
import { issueCode, issueLink, KEPT_PER_KIND } from '#server/lib/one-time-codes';
import { recordFailure, loginPolicy } from '#server/lib/rate-limit';
import { PAGE_VIEW_DAYS, purgeExpired } from '#server/lib/retention';
import { findLoginUser } from '#server/lib/users';
import { createSession, MAX_LOGINS_PER_USER } from '#server/lib/sessions';
import { ANON_WRITES_PER_MINUTE } from '#server/plugins/anonymous-writes';
import { MAX_KEYS_PER_ADDRESS } from '#server/plugins/idempotency';
import { MAX_PAGE_VIEW_ROWS_PER_DAY } from '#server/routes/settings/privacy';
import { APP_ORIGIN, createTestApp, type TestApp } from './test-app.ts';
import { sqlRow } from './test-database.ts';

/*
 * Nothing that traffic writes grows without limit (docs/product/security.md "Rate limits and lockouts" and "Rate limits
 * and lockouts"): anonymous writes are limited per address, and every table that anonymous or logged-in traffic can
 * grow has a bound (driven past it here) and an expiry (the clean-up job of lib/retention.ts, run on a clock moved past
 * it). The attack of the report: 3,000 POST /public/page-view with fresh Idempotency-Keys in 4 seconds added 3,000 rows
 * kept 8 days.
 */

const DAY = 24 * 60 * 60 * 1000;
const consent = `${CONSENT_COOKIE}=${serializeConsent({ statistic: true, marketing: false })}`;
/** The one value of a one-column query (a count: BIGINT on PostgreSQL, hence Number). */
const count = async (t: TestApp, text: string, ...args: unknown[]): Promise<number> => {
  const row = await sqlRow<Record<string, unknown>>(t.db, text, ...args);
  return Number(Object.values(row)[0]);
};

const pageView = (t: TestApp, remoteAddress: string, route = 'home') =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/page-view',
    remoteAddress,
    headers: { origin: APP_ORIGIN, cookie: consent, 'idempotency-key': `pv-${randomBytes(12).toString('base64url')}` },
    payload: { route, lang: 'fr' },
  });

describe('anonymous writes are limited per address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('3,000 page views with fresh Idempotency-Keys from one address add at most a minute’s worth of rows', async () => {
    const clock = appContext(t.app).clock;
    const start = new Date('2031-03-03T10:00:00.000Z');
    clock.set(start);
    try {
      const keysBefore = await count(t, 'SELECT COUNT(*) FROM idempotency_keys');
      const statuses = new Map<number, number>();
      let retryAfter = '';
      for (let i = 0; i < 3000; i += 1) {
        const response = await pageView(t, '203.0.113.70');
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode === 429) retryAfter = String(response.headers['retry-after']);
      }
      expect(Object.fromEntries(statuses)).toEqual({ 200: ANON_WRITES_PER_MINUTE, 429: 3000 - ANON_WRITES_PER_MINUTE });
      expect(Number(retryAfter)).toBeGreaterThan(0);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      expect((await count(t, 'SELECT COUNT(*) FROM idempotency_keys')) - keysBefore).toBeLessThanOrEqual(ANON_WRITES_PER_MINUTE);
      expect(await count(t, 'SELECT COUNT(*) FROM page_views')).toBe(1);
      expect(await count(t, "SELECT count FROM page_views WHERE route = 'home'")).toBe(ANON_WRITES_PER_MINUTE);

      // Another address is not held back by this one; an IPv6 caller counts by its /64.
      expect((await pageView(t, '198.51.100.71')).statusCode).toBe(200);
      for (let i = 0; i < ANON_WRITES_PER_MINUTE; i += 1)
        expect((await pageView(t, `2001:db8:1:2::${(i + 1).toString(16)}`)).statusCode).toBe(200);
      expect((await pageView(t, '2001:db8:1:2:ffff::1')).statusCode).toBe(429);

      // A minute later, the address writes again; its counter expires with its window.
      clock.set(new Date(start.getTime() + 61_000));
      expect((await pageView(t, '203.0.113.70')).statusCode).toBe(200);
      const removed = await purgeExpired(appContext(t.app), new Date(start.getTime() + 10 * 60_000));
      expect(removed.rate_counters).toBeGreaterThanOrEqual(3);
      expect(await count(t, 'SELECT COUNT(*) FROM rate_counters')).toBe(0);
    } finally {
      clock.set(null);
    }
  }, 180_000);

  it('never counts a sign-in: the customers behind one address (a carrier-grade NAT) all log in with the right password', async () => {
    const logins = ['MT00000001', 'MT00000003', 'MT00000004', 'MT00000005'];
    const answers = [];
    for (let i = 0; i < ANON_WRITES_PER_MINUTE + 20; i += 1) {
      answers.push(
        await t.app.inject({
          method: 'POST',
          url: '/api/public/users/login',
          remoteAddress: '203.0.113.90',
          headers: { origin: APP_ORIGIN, 'x-auth-mode': 'bearer' },
          payload: { login: logins[i % logins.length], password: demoPassword },
        }),
      );
    }
    expect(answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.statusCode)).toEqual([]);
    // The address's other anonymous writes are still limited.
    expect((await pageView(t, '203.0.113.90')).statusCode).toBe(200);
  }, 180_000);
});

describe('every table that traffic grows has a bound and an expiry', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Without the per-address limit, to show the bounds behind it.
    t = await createTestApp({ anonymousWritesPerMinute: 100_000 });
  });
  afterAll(() => t.close());

  it('anonymous callers: idempotency keys per address, page-view rows per day; both expire', async () => {
    const clock = appContext(t.app).clock;
    const start = new Date('2031-04-04T10:00:00.000Z');
    clock.set(start);
    try {
      for (let i = 0; i < MAX_PAGE_VIEW_ROWS_PER_DAY + 50; i += 1) {
        const response = await pageView(t, '203.0.113.80', `route-${i}`);
        expect(response.statusCode).toBe(200);
      }
      // The newest answered keys, and the one of the request that was running when the older ones were dropped.
      expect(await count(t, "SELECT COUNT(*) FROM idempotency_keys WHERE owner = 'address:203.0.113.80'")).toBeLessThanOrEqual(
        MAX_KEYS_PER_ADDRESS + 1,
      );
      expect(await count(t, 'SELECT COUNT(*) FROM page_views WHERE day = ?', '2031-04-04')).toBe(MAX_PAGE_VIEW_ROWS_PER_DAY);
      // A route already counted that day still counts.
      expect((await pageView(t, '203.0.113.80', 'route-0')).json()).toEqual({ counted: true });
      expect((await pageView(t, '203.0.113.80', 'route-9999')).json()).toEqual({ counted: false });

      // An anonymous caller's keys go after a day; page views after their 400 days.
      await purgeExpired(appContext(t.app), new Date(start.getTime() + DAY + 60_000));
      expect(await count(t, "SELECT COUNT(*) FROM idempotency_keys WHERE owner = 'address:203.0.113.80'")).toBe(0);
      expect(await count(t, 'SELECT COUNT(*) FROM page_views WHERE day = ?', '2031-04-04')).toBe(MAX_PAGE_VIEW_ROWS_PER_DAY);
      await purgeExpired(appContext(t.app), new Date(start.getTime() + (PAGE_VIEW_DAYS + 2) * DAY));
      expect(await count(t, 'SELECT COUNT(*) FROM page_views WHERE day = ?', '2031-04-04')).toBe(0);
    } finally {
      clock.set(null);
    }
  }, 60_000);

  it('an account: sessions, devices, device cookies, links, codes, push subscriptions, guess counters; all expire', async () => {
    const { db } = t;
    const userId = (await findLoginUser(db, 'MT00000004'))?.id ?? 0;
    expect(userId).toBeGreaterThan(0);
    const now = new Date('2031-05-05T10:00:00.000Z');
    for (let i = 0; i < MAX_LOGINS_PER_USER + 5; i += 1) await createSession(db, userId, now);
    for (let i = 0; i < MAX_DEVICES_PER_USER + 5; i += 1) await registerDevice(db, userId, `client-${i}`, `key-${i}`, now);
    for (let i = 0; i < KEPT_PER_KIND + 5; i += 1) await issueLink(db, userId, 'recoverPassword', now);
    for (let i = 0; i < KEPT_PER_KIND + 5; i += 1) await issueCode(db, '0470000042', 'recoverPassword', now);
    for (let i = 0; i < MAX_PUSH_SUBSCRIPTIONS_PER_USER + 5; i += 1)
      await savePushSubscription(db, { userId, endpoint: `https://push.example/${i}`, p256dh: 'p', auth: 'a', deviceId: null }, now);
    await recordFailure(db, 'login:mt00000004', now, loginPolicy);

    expect(await count(t, 'SELECT COUNT(DISTINCT family_id) FROM sessions WHERE user_id = ? AND revoked_at IS NULL', userId)).toBe(
      MAX_LOGINS_PER_USER,
    );
    expect(await count(t, 'SELECT COUNT(*) FROM devices WHERE user_id = ?', userId)).toBe(MAX_DEVICES_PER_USER);
    expect(await count(t, "SELECT COUNT(*) FROM link_tokens WHERE user_id = ? AND purpose = 'recoverPassword'", userId)).toBe(
      KEPT_PER_KIND,
    );
    expect(await count(t, "SELECT COUNT(*) FROM sms_codes WHERE msisdn = '0470000042'")).toBe(KEPT_PER_KIND);
    expect(await count(t, 'SELECT COUNT(*) FROM push_subscriptions WHERE user_id = ?', userId)).toBe(MAX_PUSH_SUBSCRIPTIONS_PER_USER);

    // Device cookies: one per browser login, the newest MAX_COOKIES_PER_USER kept.
    for (let i = 0; i < MAX_COOKIES_PER_USER + 3; i += 1) {
      const login = await t.app.inject({
        method: 'POST',
        url: '/api/public/users/login',
        remoteAddress: '198.51.100.90',
        headers: { origin: APP_ORIGIN },
        payload: { login: 'MT00000004', password: demoPassword },
      });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.cookies.some((c) => c.name === DEVICE_COOKIE)).toBe(true);
    }
    expect(await count(t, 'SELECT COUNT(*) FROM device_cookies WHERE user_id = ?', userId)).toBe(MAX_COOKIES_PER_USER);

    // A year and a half later, with no login since, nothing of it is left.
    const later = new Date(now.getTime() + 540 * DAY);
    await purgeExpired(appContext(t.app), later);
    expect(await count(t, 'SELECT COUNT(*) FROM sessions WHERE user_id = ?', userId)).toBe(0);
    expect(await count(t, 'SELECT COUNT(*) FROM devices WHERE user_id = ?', userId)).toBe(0);
    expect(await count(t, 'SELECT COUNT(*) FROM device_cookies WHERE user_id = ?', userId)).toBe(0);
    expect(await count(t, 'SELECT COUNT(*) FROM link_tokens WHERE user_id = ?', userId)).toBe(0);
    expect(await count(t, "SELECT COUNT(*) FROM sms_codes WHERE msisdn = '0470000042'")).toBe(0);
    expect(await count(t, 'SELECT COUNT(*) FROM push_subscriptions WHERE user_id = ?', userId)).toBe(0);
    expect(await count(t, "SELECT COUNT(*) FROM login_attempts WHERE key = 'login:mt00000004'")).toBe(0);
  }, 60_000);
});
