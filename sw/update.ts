import { clientsClaim } from 'workbox-core';
import type { ToWorker } from './messages.ts';

/*
 * Update flow (docs/product/navigation.md "App updates"): a new version installs and waits; the app shows
 * "a new version is available" and, on the user's word, sends SKIP_WAITING; the page reloads on `controllerchange`.
 * The very first install claims the open pages at once, so that the first visit is already served offline-ready.
 */

declare const self: ServiceWorkerGlobalScope;

export const registerUpdateFlow = (): void => {
  clientsClaim();
  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data = event.data as ToWorker | undefined;
    if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  });
};
