import { registerMutationTypes } from './mutations.ts';
import { startOutbox } from './outbox.ts';
import { startRevalidation } from './revalidate.ts';
import { registerServiceWorker } from './sw-bridge.ts';

/**
 * App start (src/main.tsx): the service worker in production builds, the mutation types, the outbox (which
 * replays what is waiting: browsers without Background Sync rely on this) and the revalidation listener.
 */
export const startOfflineCore = (options: { serviceWorker: boolean }): void => {
  registerMutationTypes();
  startRevalidation();
  if (options.serviceWorker)
    void registerServiceWorker().catch((error: unknown) => console.error('service worker registration failed', error));
  startOutbox();
};
