import { db } from '#db/db';
import { customerResource, productsResource, pullContractProducts, pullCustomer } from './customer-pull.ts';
import { onWorkerMessage } from './sw-bridge.ts';

/*
 * When the service worker's background revalidation brings changed data (API_UPDATED), the page pulls that
 * resource again. The pull is not forced: the resource is marked stale in Dexie, so the pull asks the worker,
 * which answers from the cache it has just refreshed, without a second network request.
 * Later issues register their resources with `registerRevalidation`.
 */

type Revalidation = { pattern: RegExp; resource: (match: RegExpExecArray) => string; pull: (match: RegExpExecArray) => Promise<unknown> };

const revalidations: Revalidation[] = [
  {
    pattern: /\/api\/customer\/(\d+)\/full(?:\?|$)/,
    resource: (m) => customerResource(Number(m[1])),
    pull: (m) => pullCustomer(Number(m[1])),
  },
  {
    pattern: /\/api\/customer\/(\d+)\/contract\/(\d+)\/products(?:\?|$)/,
    resource: (m) => productsResource(Number(m[1]), Number(m[2])),
    pull: (m) => pullContractProducts(Number(m[1]), Number(m[2])),
  },
];

export const registerRevalidation = (revalidation: Revalidation): void => {
  revalidations.push(revalidation);
};

/** Pull the resource behind a URL the worker reported as changed. Offline: nothing to do. */
export const revalidateUrl = async (url: string): Promise<void> => {
  for (const { pattern, resource, pull } of revalidations) {
    const match = pattern.exec(url);
    if (!match) continue;
    await db.meta.delete(resource(match));
    await pull(match);
  }
};

let started = false;
export const startRevalidation = (): void => {
  if (started) return;
  started = true;
  onWorkerMessage((message) => {
    if (message.type === 'API_UPDATED') void revalidateUrl(message.url).catch(() => undefined);
  });
};
