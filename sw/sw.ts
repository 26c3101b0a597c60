import { registerRoute } from 'workbox-routing';
import { handleApiGet } from './api-cache.ts';
import { registerMutationQueue } from './mutation-queue.ts';
import { registerPrecache } from './precache.ts';
import { registerUpdateFlow } from './update.ts';

declare const self: ServiceWorkerGlobalScope;

/*
 * The service worker (built by vite-plugin-pwa, injectManifest): a thin entry, one module per concern.
 * The mutation queue registers its fetch listener first so that it sees changes before any route does.
 */

registerMutationQueue();
registerPrecache();
// Customer data only: public calls (status, maintenance), test switches and file downloads always go to the network.
const isCachedApiGet = (url: URL, request: Request): boolean =>
  request.method === 'GET' &&
  url.origin === self.location.origin &&
  url.pathname.startsWith('/api/') &&
  !/^\/api\/(public|test)\//.test(url.pathname) &&
  !url.pathname.endsWith('/download');
registerRoute(
  ({ url, request }) => isCachedApiGet(url, request),
  ({ event }) => handleApiGet(event as FetchEvent),
);
registerUpdateFlow();
