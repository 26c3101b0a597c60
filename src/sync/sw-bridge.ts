import type { Workbox } from 'workbox-window';
import { API_CACHE, type FromWorker, type ToWorker, type WorkerReport } from '#sw/messages';
import { announceUpdate } from './update-state.ts';

/*
 * The app's side of the service worker: registration, the update flow (docs/product/navigation.md "App updates":
 * skip-waiting), messages in both directions, and the wipe of the worker's storage on logout. No React: hooks in
 * features/offline/data read the update's state from update-state.ts, which this module informs. Without a service
 * worker (dev server, unit tests, old browsers) every function here is a no-op and the app simply uses the network.
 */

type Listener<T> = (value: T) => void;

let workbox: Workbox | null = null;
let acceptedUpdate = false;
const messageListeners = new Set<Listener<FromWorker>>();

const hasWorkerSupport = (): boolean => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** Every message the worker sends to the pages (API_UPDATED, MUTATION_RESULT, NEEDS_AUTH). */
export const onWorkerMessage = (listener: Listener<FromWorker>): (() => void) => {
  messageListeners.add(listener);
  return () => messageListeners.delete(listener);
};

export const postToWorker = (message: ToWorker): boolean => {
  const controller = hasWorkerSupport() ? navigator.serviceWorker.controller : null;
  if (!controller) return false;
  controller.postMessage(message);
  return true;
};

/**
 * Ask the worker to replay its queue now and report what it still holds and the outcomes it kept (a message
 * round trip). Null without a controlling worker or when it does not answer within `timeoutMs` (the replay of a
 * long queue on a slow network may take that long: the caller simply asks again later).
 */
export const requestWorkerReport = async (timeoutMs = 20_000): Promise<WorkerReport | null> => {
  const controller = hasWorkerSupport() ? navigator.serviceWorker.controller : null;
  if (!controller) return null;
  return new Promise<WorkerReport | null>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => {
      channel.port1.close();
      resolve(null);
    }, timeoutMs);
    channel.port1.onmessage = (event: MessageEvent<WorkerReport>) => {
      clearTimeout(timer);
      channel.port1.close();
      resolve(event.data);
    };
    controller.postMessage({ type: 'REPLAY' } satisfies ToWorker, [channel.port2]);
  });
};

/** Whether a service worker answers this page's requests (so changes are queued by it when the network fails). */
export const isControlled = (): boolean => hasWorkerSupport() && navigator.serviceWorker.controller !== null;

/**
 * Register /sw.js (production builds only: in dev the plugin builds no worker). An existing registration keeps
 * its script URL, so that `?sync=fallback` (set by the tests) survives reloads.
 */
export const registerServiceWorker = async (): Promise<void> => {
  if (!hasWorkerSupport() || workbox) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
    for (const listener of messageListeners) listener(event.data);
  });
  const existing = await navigator.serviceWorker.getRegistration('/');
  const current = existing?.active?.scriptURL ?? existing?.waiting?.scriptURL ?? existing?.installing?.scriptURL;
  const scriptUrl = current && new URL(current).pathname === '/sw.js' ? new URL(current).pathname + new URL(current).search : '/sw.js';
  // workbox-window loads with the registration, after the first screen (the login route ships only what a visitor needs).
  const { Workbox: WorkboxWindow } = await import('workbox-window');
  if (workbox) return;
  workbox = new WorkboxWindow(scriptUrl, { scope: '/', type: 'classic' });
  // The user's word activates the waiting version (SKIP_WAITING), then the page reloads into it.
  workbox.addEventListener('waiting', () =>
    announceUpdate(() => {
      acceptedUpdate = true;
      workbox?.messageSkipWaiting();
    }),
  );
  // Reload only when the user accepted the update: the first install also takes control of the page.
  workbox.addEventListener('controlling', () => {
    if (acceptedUpdate) window.location.reload();
  });
  await workbox.register();
  // Browsers check for a new worker on navigation; a long-lived tab asks every hour and when it comes back online.
  window.setInterval(() => void workbox?.update().catch(() => undefined), 60 * 60 * 1000);
  window.addEventListener('online', () => void workbox?.update().catch(() => undefined));
};

/** Logout: the worker's API cache holds personal data. Works without the worker (the Cache API is the page's too). */
export const clearApiCache = async (): Promise<void> => {
  if (typeof caches === 'undefined') return;
  await caches.delete(API_CACHE);
};

/** Logout: drop the changes the worker keeps for background sync. Waits at most 2 s for its answer. */
export const clearWorkerQueue = async (): Promise<void> => {
  const controller = hasWorkerSupport() ? navigator.serviceWorker.controller : null;
  if (!controller) return;
  await new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, 2000);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    controller.postMessage({ type: 'CLEAR' } satisfies ToWorker, [channel.port2]);
  });
};
