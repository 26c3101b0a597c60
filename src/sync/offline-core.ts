import { startOutbox } from './outbox.ts';
import { startRevalidation } from './revalidate.ts';
import { registerServiceWorker } from './sw-bridge.ts';

/**
 * App start (src/main.tsx): the service worker in production builds, the outbox (which replays what is waiting:
 * browsers without Background Sync rely on this) and the revalidation listener. No feature loads here: the
 * outbox loads a type of change when a change of that type has to be settled (outbox/registry.ts).
 */
export const startOfflineCore = (options: { serviceWorker: boolean }): void => {
  startRevalidation();
  if (options.serviceWorker)
    void registerServiceWorker().catch((error: unknown) => console.error('service worker registration failed', error));
  startOutbox();
};
