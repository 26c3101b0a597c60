import { wrap, type Remote } from 'comlink';
import { usageWorkerUrl } from 'virtual:usage-worker-url';
import type { UsageWorkerApi } from '#workers/usage.worker';

/*
 * The one usage worker of the page, started on first use (the login route never pays for it). Its script is a
 * chunk of the app's build that shares Dexie with the page (vite.config.ts `usageWorkerChunk`). Offline: the
 * worker reads IndexedDB only.
 */

let remote: Remote<UsageWorkerApi> | null = null;

export const usageWorker = (): Remote<UsageWorkerApi> => {
  if (!remote) {
    const worker = new Worker(usageWorkerUrl, { type: 'module', name: 'usage' });
    remote = wrap<UsageWorkerApi>(worker);
  }
  return remote;
};
