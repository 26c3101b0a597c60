import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPayloadSchema, type PushPayload } from '#contract/settings';
import webpush from 'web-push';
import type { Db } from '#server/db/database';
import { createPushSender, isAllowedPushEndpoint, vapidKeysOf, type PushSender, type VapidKeys } from '#server/lib/push';
import { closeTestDatabase, openTestDatabase } from './test-database.ts';
import { startTestPushService, type TestPushService } from '../../e2e/fixtures/test-push-service.ts';

/*
 * The push sender against a local push service that decrypts the payload with the subscription's own keys and checks
 * the VAPID JWT (e2e/fixtures/test-push-service.ts): proves RFC 8291/8188 encryption and RFC 8292 headers without any
 * outside service.
 */

let service: TestPushService;
let db: Db;
let keys: VapidKeys;
let sender: PushSender;
const dir = mkdtempSync(join(tmpdir(), 'vapid-'));

beforeAll(async () => {
  service = await startTestPushService();
  db = await openTestDatabase({ seed: false });
  keys = await vapidKeysOf(db, null);
  sender = createPushSender({ keys, subject: 'mailto:ops@example.be', allowLoopback: true });
});
afterAll(async () => {
  await service.close();
  await closeTestDatabase(db);
  rmSync(dir, { recursive: true, force: true });
});

const payload: PushPayload = {
  title: 'Test',
  body: 'Les notifications push fonctionnent — ça marche.',
  lang: 'fr',
  url: '/settings/alerts',
  tag: 'test',
  type: 'OTHER',
};

describe('push sender', () => {
  it('encrypts with the subscription keys (aes128gcm) and signs a VAPID JWT for the push service origin', async () => {
    const subscription = service.subscribe();
    const outcome = await sender.send({ endpoint: subscription.endpoint, ...subscription.keys }, payload, {
      ttlSeconds: 3600,
      urgency: 'high',
    });
    expect(outcome).toEqual({ ok: true, status: 201 });
    const push = await service.waitFor((p) => p.subscriptionId === subscription.id);
    expect(push.problems).toEqual([]);
    expect(pushPayloadSchema.parse(JSON.parse(push.payload ?? ''))).toEqual(payload);
    expect(push.vapidKey).toBe(keys.publicKey);
    expect(push.vapid).toMatchObject({ aud: service.origin, sub: 'mailto:ops@example.be' });
    expect(push.headers).toMatchObject({
      ttl: '3600',
      urgency: 'high',
      'content-encoding': 'aes128gcm',
      'content-type': 'application/octet-stream',
    });
  });

  it('does not decrypt with another subscription’s keys (the check can fail)', async () => {
    const mine = service.subscribe();
    const other = service.subscribe();
    await sender.send({ endpoint: mine.endpoint, p256dh: other.keys.p256dh, auth: other.keys.auth }, payload);
    const push = await service.waitFor((p) => p.subscriptionId === mine.id);
    expect(push.payload).toBeNull();
    expect(push.problems.join()).toMatch(/does not decrypt/);
  });

  it.each([
    [404, true],
    [410, true],
    [429, false],
    [500, false],
  ])('a %i answer is a failure; gone (forget the subscription): %s', async (status, gone) => {
    const subscription = service.subscribe();
    service.answerWith(subscription.id, status);
    const outcome = await sender.send({ endpoint: subscription.endpoint, ...subscription.keys }, payload);
    expect(outcome).toMatchObject({ ok: false, status, gone });
  });

  it('never posts to an address that is not a push service', async () => {
    const strict = createPushSender({ keys, subject: 'mailto:ops@example.be', allowLoopback: false });
    const subscription = service.subscribe();
    const before = service.received.length;
    const outcome = await strict.send({ endpoint: subscription.endpoint, ...subscription.keys }, payload);
    expect(outcome).toMatchObject({ ok: false, gone: true });
    expect(service.received).toHaveLength(before);
  });

  it('reports a push service that does not answer as a failure, not gone', async () => {
    const quick = createPushSender({ keys, subject: 'mailto:ops@example.be', allowLoopback: true, timeoutMs: 200 });
    const outcome = await quick.send({ endpoint: 'http://127.0.0.1:9/push/x', ...service.subscribe().keys }, payload);
    expect(outcome).toMatchObject({ ok: false, gone: false, status: null });
  });
});

describe('push endpoints allowed', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', false, true],
    ['https://updates.push.services.mozilla.com/wpush/v2/abc', false, true],
    ['https://web.push.apple.com/QGx', false, true],
    ['https://db5p.notify.windows.com/w/?token=abc', false, true],
    ['http://fcm.googleapis.com/fcm/send/abc', false, false],
    ['https://fcm.googleapis.com.evil.example/x', false, false],
    ['https://user:pw@fcm.googleapis.com/x', false, false],
    ['https://intranet.operator.be/admin', false, false],
    ['http://127.0.0.1:4000/push/x', false, false],
    ['http://127.0.0.1:4000/push/x', true, true],
    ['http://localhost:4000/push/x', true, true],
    ['http://10.0.0.1/push/x', true, false],
    ['not a url', true, false],
  ])('%s (loopback allowed: %s) → %s', (endpoint, loopback, allowed) => {
    expect(isAllowedPushEndpoint(endpoint, loopback)).toBe(allowed);
  });
});

describe('VAPID keys in the database', () => {
  it('are made once and read back by every later start, of any instance', async () => {
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
    expect(await vapidKeysOf(db, null)).toEqual(keys);
    // A file found later is not taken over: the database's pair is the one the subscriptions are bound to.
    const file = join(dir, 'late.json');
    writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()));
    expect(await vapidKeysOf(db, file)).toEqual(keys);
  });

  it('are made once even when instances start together', async () => {
    const other = await openTestDatabase({ seed: false });
    try {
      const pairs = await Promise.all([vapidKeysOf(other, null), vapidKeysOf(other, null), vapidKeysOf(other, null)]);
      expect(new Set(pairs.map((pair) => pair.publicKey)).size).toBe(1);
    } finally {
      await closeTestDatabase(other);
    }
  });

  it('take over the key pair file of a server of before (DATA_DIR/vapid-keys.json), so its subscriptions keep working', async () => {
    const other = await openTestDatabase({ seed: false });
    try {
      const old = webpush.generateVAPIDKeys();
      const file = join(dir, 'vapid-keys.json');
      writeFileSync(file, JSON.stringify(old), { mode: 0o600 });
      expect(await vapidKeysOf(other, file)).toEqual(old);
      expect(await vapidKeysOf(other, null)).toEqual(old);
    } finally {
      await closeTestDatabase(other);
    }
  });

  it('refuse a file that holds no key pair rather than making a new one', async () => {
    const other = await openTestDatabase({ seed: false });
    try {
      const file = join(dir, 'broken.json');
      writeFileSync(file, '{"publicKey": 1}');
      await expect(vapidKeysOf(other, file)).rejects.toThrow(/does not hold a VAPID key pair/);
      expect(readFileSync(file, 'utf8')).toBe('{"publicKey": 1}');
      expect(await other.selectFrom('server_secrets').select('name').execute()).toEqual([]);
    } finally {
      await closeTestDatabase(other);
    }
  });
});
