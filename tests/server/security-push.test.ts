import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestApp } from './test-app.ts';

/*
 * A push subscription belongs to one account (docs/product/security.md "Push subscriptions"): re-subscribing an
 * endpoint another account holds is refused, so nobody who learns an endpoint can move someone's alerts to their own
 * account.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newSubscription = () => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(24).toString('base64url')}`,
  keys: { p256dh: randomBytes(65).toString('base64url'), auth: randomBytes(16).toString('base64url') },
});

const subscribe = (token: string, body: object) =>
  t.app.inject({ method: 'POST', url: '/api/user/push-subscriptions', headers: bearer(token), payload: body });

const rowOf = (endpoint: string) =>
  t.db.selectFrom('push_subscriptions').select(['user_id', 'p256dh']).where('endpoint', '=', endpoint).executeTakeFirst();

describe('push subscriptions belong to one account', () => {
  it("refuses to move Sophie's endpoint to Marc's account; Sophie keeps it and can still remove it", async () => {
    const sophie = (await login(t.app, 'MT00000001')).token;
    const marc = (await login(t.app, 'MT00000003')).token;
    const subscription = newSubscription();
    expect((await subscribe(sophie, { ...subscription, deviceId: 'sophie-phone-1' })).statusCode).toBe(200);

    const stolen = await subscribe(marc, { endpoint: subscription.endpoint, keys: newSubscription().keys, deviceId: 'marc-laptop-1' });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json()).toMatchObject({ code: 'pushEndpointTaken', fields: [{ field: 'endpoint' }] });
    expect(await rowOf(subscription.endpoint)).toEqual({ user_id: 1, p256dh: subscription.keys.p256dh });

    // Marc's removal of it finds nothing of his; Sophie's own removal works.
    const marcRemoves = await t.app.inject({
      method: 'POST',
      url: '/api/user/push-subscriptions/remove',
      headers: bearer(marc),
      payload: { endpoint: subscription.endpoint },
    });
    expect(marcRemoves.json()).toEqual({ success: false });
    const sophieRemoves = await t.app.inject({
      method: 'POST',
      url: '/api/user/push-subscriptions/remove',
      headers: bearer(sophie),
      payload: { endpoint: subscription.endpoint },
    });
    expect(sophieRemoves.json()).toEqual({ success: true });
  });

  it('lets the holder refresh its own subscription (new keys from the browser)', async () => {
    const sophie = (await login(t.app, 'MT00000001')).token;
    const subscription = newSubscription();
    expect((await subscribe(sophie, subscription)).statusCode).toBe(200);
    const keys = newSubscription().keys;
    expect((await subscribe(sophie, { endpoint: subscription.endpoint, keys })).statusCode).toBe(200);
    expect(await rowOf(subscription.endpoint)).toEqual({ user_id: 1, p256dh: keys.p256dh });
  });
});
