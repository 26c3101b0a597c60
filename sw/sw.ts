import { registerRoute } from 'workbox-routing';
import { CACHED_READ_HEADER } from '#contract/headers';
import { handleApiGet } from './api-cache.ts';
import { registerMutationQueue } from './mutation-queue.ts';
import { registerPrecache } from './precache.ts';
import { registerPush } from './push.ts';
import { registerUpdateFlow } from './update.ts';

declare const self: ServiceWorkerGlobalScope;

/*
 * The service worker (built by vite-plugin-pwa, injectManifest): a thin entry, one module per concern.
 * The mutation queue registers its fetch listener first so that it sees changes before any route does.
 */

registerMutationQueue();
registerPrecache();
// The contract decides what is cached (contract/endpoints.ts `isCachedRead`: customer data, not public calls nor
// files): the app's client marks those requests, so this worker ships no list of paths and no schemas.
const isCachedRead = (url: URL, request: Request): boolean =>
  request.method === 'GET' && url.origin === self.location.origin && request.headers.has(CACHED_READ_HEADER);
registerRoute(
  ({ url, request }) => isCachedRead(url, request),
  ({ event }) => handleApiGet(event as FetchEvent),
);
registerUpdateFlow();
registerPush();
