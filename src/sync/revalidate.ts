import { onWorkerMessage } from './sw-bridge.ts';

/*
 * When the service worker serves a cached read stale, it fetches it again in the background and, if the answer
 * changed, reports the URL (API_UPDATED). The pull that received the stale answer asked to be run again for that
 * URL (`whenRevalidated`, see pull.ts): it then reads the worker's fresh copy, without a second network request.
 * No list of URLs: what is cached comes from the contract (contract/endpoints.ts `isCachedRead`), and which pull
 * to run again comes from the pull that got the stale answer. Offline: the worker's revalidation fails, nothing
 * is reported, and the stale copy stays on screen with its age.
 */

/** The same resource whatever the order or encoding of its query parameters. */
export const urlKey = (url: string): string => {
  const parsed = new URL(url, 'http://localhost/');
  const query = [...parsed.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${parsed.pathname}?${new URLSearchParams(query).toString()}`;
};

const waiting = new Map<string, () => Promise<unknown>>();

/** Run `again` once if the worker reports that the answer of `url` changed (the latest request for a URL wins). */
export const whenRevalidated = (url: string, again: () => Promise<unknown>): void => {
  waiting.set(urlKey(url), again);
};

/** The worker reported a changed answer: run the pull that is waiting for it, if any. */
export const revalidateUrl = async (url: string): Promise<void> => {
  const key = urlKey(url);
  const again = waiting.get(key);
  if (!again) return;
  waiting.delete(key);
  await again();
};

let started = false;
export const startRevalidation = (): void => {
  if (started) return;
  started = true;
  onWorkerMessage((message) => {
    if (message.type === 'API_UPDATED') void revalidateUrl(message.url).catch(() => undefined);
  });
};
