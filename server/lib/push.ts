import { readFileSync } from 'node:fs';
import type { RequestDetails } from 'web-push';
import type { PushPayload } from '#contract/settings';
import type { Db } from '../db/engine.ts';

/*
 * Web Push with VAPID (RFC 8291 message encryption, RFC 8292 VAPID), through the `web-push` library: it encrypts the
 * payload with the subscription's keys (aes128gcm) and signs the VAPID JWT; the request itself goes out with fetch,
 * with a time-out, no redirects, and only to a known push service (the endpoint comes from a browser: the server
 * must not be made to post to an address of the operator's own network).
 *
 * The VAPID key pair is made on the first start and kept in the database (server_secrets 'vapidKeys'), so that
 * subscriptions (bound to the public key by the browser) survive restarts and every instance signs with the same pair.
 * A server of before kept it in DATA_DIR/vapid-keys.json: that pair is taken over once, so its subscriptions keep
 * working.
 */

export type VapidKeys = { publicKey: string; privateKey: string };

const isVapidKeys = (value: unknown): value is VapidKeys =>
  typeof value === 'object' &&
  value !== null &&
  'publicKey' in value &&
  'privateKey' in value &&
  typeof value.publicKey === 'string' &&
  typeof value.privateKey === 'string';

/**
 * The key pair in `file`, or null when there is no such file. A file that exists but does not hold a key pair stops
 * the start: a new pair would silently orphan every subscription.
 */
const vapidKeysFromFile = (file: string): VapidKeys | null => {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return null;
    throw error;
  }
  const stored: unknown = JSON.parse(text);
  if (!isVapidKeys(stored)) throw new Error(`${file} does not hold a VAPID key pair (publicKey, privateKey)`);
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
};

const VAPID_SECRET = 'vapidKeys';

/**
 * The service's key pair, from the database; on the first start, the pair of `importFile` (an older server's) or a
 * new one. Of two instances starting together, the first pair written is kept by both.
 */
/** Who push services reach when no VAPID_SUBJECT is configured. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:no-reply@localhost';

export const vapidKeysOf = async (db: Db, importFile: string | null): Promise<VapidKeys> => {
  const read = async (): Promise<VapidKeys | null> => {
    const row = await db.selectFrom('server_secrets').select('value').where('name', '=', VAPID_SECRET).executeTakeFirst();
    if (!row) return null;
    const stored: unknown = JSON.parse(row.value.toString('utf8'));
    if (!isVapidKeys(stored)) throw new Error('server_secrets.vapidKeys does not hold a VAPID key pair');
    return stored;
  };
  const known = await read();
  if (known) return known;
  // web-push is loaded when it is needed, not by every start of the server (docs/server.md "Start-up").
  const keys = (importFile ? vapidKeysFromFile(importFile) : null) ?? (await import('web-push')).default.generateVAPIDKeys();
  await db
    .insertInto('server_secrets')
    .values({ name: VAPID_SECRET, value: Buffer.from(JSON.stringify(keys), 'utf8'), created_at: new Date().toISOString() })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const kept = await read();
  if (!kept) throw new Error('the VAPID key pair just written is missing');
  return kept;
};

/**
 * Push services of the browsers (Chrome/Edge/Opera via FCM, Firefox, Safari, Windows): a subscription's endpoint must
 * be one of them. In test mode, plain-HTTP loopback addresses are accepted too: the tests' own push service.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
];
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

export const isAllowedPushEndpoint = (endpoint: string, allowLoopback: boolean): boolean => {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (allowLoopback && LOOPBACK_HOSTS.includes(url.hostname) && (url.protocol === 'http:' || url.protocol === 'https:')) return true;
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  return PUSH_SERVICE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`));
};

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

/** `gone`: the push service says the subscription no longer exists (404, 410): it must be forgotten. */
export type PushOutcome = { ok: true; status: number } | { ok: false; status: number | null; gone: boolean; error: string };

export type PushSender = {
  publicKey: string;
  send: (
    target: PushTarget,
    payload: PushPayload,
    options?: { ttlSeconds?: number; urgency?: 'low' | 'normal' | 'high' },
  ) => Promise<PushOutcome>;
};

export type PushOptions = {
  keys: VapidKeys;
  /** VAPID `sub`: how the push service reaches the operator (mailto: or https:). */
  subject: string;
  /** Accept plain-HTTP loopback endpoints (test mode). */
  allowLoopback: boolean;
  timeoutMs?: number;
};

/** A push message is urgent enough to wake a phone, and useless after a day. */
const DEFAULT_TTL_SECONDS = 24 * 60 * 60;

export const createPushSender = ({ keys, subject, allowLoopback, timeoutMs = 10_000 }: PushOptions): PushSender => ({
  publicKey: keys.publicKey,
  send: async (target, payload, options = {}) => {
    if (!isAllowedPushEndpoint(target.endpoint, allowLoopback)) {
      return { ok: false, status: null, gone: true, error: 'endpoint is not a known push service' };
    }
    const { default: webpush } = await import('web-push');
    let details: RequestDetails;
    try {
      details = webpush.generateRequestDetails(
        { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: options.ttlSeconds ?? DEFAULT_TTL_SECONDS,
          urgency: options.urgency ?? 'normal',
          contentEncoding: 'aes128gcm',
        },
      );
    } catch (error) {
      // Keys the browser sent that do not form a P-256 point: this subscription can never be used.
      return { ok: false, status: null, gone: true, error: error instanceof Error ? error.message : String(error) };
    }
    const headers = Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)]));
    try {
      const response = await fetch(details.endpoint, {
        method: 'POST',
        headers,
        body: details.body ? new Uint8Array(details.body) : undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
      // Drain the answer so the connection can be reused.
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return { ok: true, status: response.status };
      return {
        ok: false,
        status: response.status,
        gone: response.status === 404 || response.status === 410,
        error: `push service answered ${response.status}`,
      };
    } catch (error) {
      return { ok: false, status: null, gone: false, error: error instanceof Error ? error.message : String(error) };
    }
  },
});
