import { CACHE_STATUS_HEADER, FETCHED_AT_HEADER } from '#contract/headers';
import { decideFreshness, wantsNoCache } from './freshness-rule.ts';
import { API_CACHE, type FromWorker } from './messages.ts';

/*
 * API GETs with the 15-minute freshness rule (docs/architecture.md "Freshness (reload data older than 15 minutes)"). Every stored answer is stamped with
 * the time it was fetched in FETCHED_AT_HEADER; the rule reads that stamp, never the Date header. Only 200
 * answers are stored. A revalidation that brings a different body is announced to the open pages.
 */

declare const self: ServiceWorkerGlobalScope;

const stamp = async (response: Response, fetchedAt: number): Promise<Response> => {
  const headers = new Headers(response.headers);
  headers.set(FETCHED_AT_HEADER, String(fetchedAt));
  return new Response(await response.arrayBuffer(), { status: response.status, statusText: response.statusText, headers });
};

const withStatus = (response: Response, status: 'fresh' | 'stale' | 'network'): Response => {
  const headers = new Headers(response.headers);
  headers.set(CACHE_STATUS_HEADER, status);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
};

const fetchedAtOf = (response: Response | undefined): number | undefined => {
  const raw = response?.headers.get(FETCHED_AT_HEADER);
  const value = raw ? Number(raw) : Number.NaN;
  return Number.isFinite(value) ? value : undefined;
};

/** Requests the cache key ignores: the same URL is the same resource whatever the headers. */
const cacheKey = (request: Request): string => request.url;

export const notifyPages = async (message: FromWorker): Promise<void> => {
  const pages = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  for (const page of pages) page.postMessage(message);
};

/** Network, then store a 200 with its stamp. Returns the stamped answer (or the network's error answer). */
const fetchAndStore = async (request: Request, cache: Cache, now: () => number): Promise<{ response: Response; changed: boolean }> => {
  const response = await fetch(request);
  if (response.status !== 200) return { response, changed: false };
  const stamped = await stamp(response, now());
  const previous = await cache.match(cacheKey(request));
  const [before, after] = await Promise.all([previous ? previous.clone().text() : Promise.resolve(null), stamped.clone().text()]);
  await cache.put(cacheKey(request), stamped.clone());
  return { response: stamped, changed: before !== null && before !== after };
};

export const handleApiGet = async (event: FetchEvent, now: () => number = Date.now): Promise<Response> => {
  const { request } = event;
  const cache = await caches.open(API_CACHE);
  const cached = await cache.match(cacheKey(request));
  const decision = decideFreshness({ fetchedAt: fetchedAtOf(cached), now: now(), noCache: wantsNoCache(request.headers) });

  if (cached && decision === 'cache') return withStatus(cached, 'fresh');

  if (cached && decision === 'cache-and-revalidate') {
    event.waitUntil(
      fetchAndStore(request.clone(), cache, now).then(
        async ({ changed }) => {
          if (changed) await notifyPages({ type: 'API_UPDATED', url: request.url });
        },
        () => undefined, // Offline: the stale answer stays, with its old stamp.
      ),
    );
    return withStatus(cached, 'stale');
  }

  try {
    const { response } = await fetchAndStore(request, cache, now);
    return withStatus(response, 'network');
  } catch (error) {
    // Explicit refresh offline: the last answer, honestly stamped with its age.
    if (cached) return withStatus(cached, 'stale');
    throw error;
  }
};

/** Logout: the cached answers hold personal data. */
export const clearApiCache = async (): Promise<void> => {
  await caches.delete(API_CACHE);
};
