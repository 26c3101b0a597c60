import { ApiError } from '#api/api-error';
import { call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import { db } from '#db/db';

/*
 * Web Push on this device (docs/product/settings.md "Push notifications", with its refusal message): the browser's
 * permission and subscription, registered with the server for this device. Permission is asked only from a user's
 * click (`enablePush`), never on load. Online only: subscribing needs the browser's push service and the server.
 */

export type PushStatus = 'unsupported' | 'denied' | 'off' | 'on';

export const pushSupported = (): boolean =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

const registration = async (): Promise<ServiceWorkerRegistration | undefined> =>
  pushSupported() ? navigator.serviceWorker.getRegistration() : undefined;

/** Where push stands on this device: not possible, refused by the user, not enabled, or enabled (with its endpoint). */
export const readPushStatus = async (): Promise<{ status: PushStatus; endpoint: string | null }> => {
  if (!pushSupported()) return { status: 'unsupported', endpoint: null };
  if (Notification.permission === 'denied') return { status: 'denied', endpoint: null };
  const reg = await registration();
  // No service worker (development server, or not installed yet): nothing can receive a push.
  if (!reg) return { status: 'unsupported', endpoint: null };
  const subscription = await reg.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? { status: 'on', endpoint: subscription.endpoint } : { status: 'off', endpoint: null };
};

const keyBytes = (base64Url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

const sameKey = (a: ArrayBuffer | null, b: Uint8Array): boolean => {
  if (!a || a.byteLength !== b.byteLength) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
};

/**
 * Ask for the permission (call it from a click: browsers refuse prompts without a user gesture), subscribe with the
 * server's VAPID key and register the subscription for this device. Returns the new status; throws when the push
 * service or the server cannot be reached.
 */
export const enablePush = async (): Promise<PushStatus> => {
  if (!pushSupported()) return 'unsupported';
  const permission = await Notification.requestPermission();
  if (permission === 'denied') return 'denied';
  if (permission !== 'granted') return 'off';
  const reg = await navigator.serviceWorker.ready;
  const { publicKey } = await call(endpoints.pushKey, { silent: true });
  const applicationServerKey = keyBytes(publicKey);
  let subscription = await reg.pushManager.getSubscription();
  // A subscription made for another server key (the server's keys were replaced) cannot receive our pushes.
  if (subscription && !sameKey(subscription.options.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  const device = await db.devices.get('current');
  const register = (current: PushSubscription) => {
    const keys = current.toJSON().keys ?? {};
    return call(endpoints.pushSubscribe, {
      body: { endpoint: current.endpoint, keys: { p256dh: keys.p256dh ?? '', auth: keys.auth ?? '' }, ...(device ? { deviceId: device.deviceId } : {}) },
      silent: true,
    });
  };
  try {
    await register(subscription);
  } catch (error) {
    // The browser's subscription is still registered to another account (someone used this browser before without
    // logging out): the server never moves it, so this account gets a subscription of its own (a new endpoint).
    if (!(error instanceof ApiError) || error.code !== 'pushEndpointTaken') throw error;
    await subscription.unsubscribe();
    await register(await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }));
  }
  return 'on';
};

/** Stop pushes to this device: the server forgets it, then the browser. */
export const disablePush = async (): Promise<PushStatus> => {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    await call(endpoints.pushUnsubscribe, { body: { endpoint: subscription.endpoint }, silent: true });
    await subscription.unsubscribe();
  }
  return 'off';
};

/** The server no longer knows this device's subscription: the browser's goes too, so enabling starts afresh. */
export const forgetLocalSubscription = async (): Promise<PushStatus> => {
  await (await (await registration())?.pushManager.getSubscription())?.unsubscribe();
  return 'off';
};

/** "Send me a test push": the server pushes to this device's subscription. */
export const sendTestPush = async (): Promise<void> => {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (!subscription) throw new Error('not subscribed');
  await call(endpoints.pushTest, { body: { endpoint: subscription.endpoint }, silent: true });
};
