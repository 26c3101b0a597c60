import { wrap, type Remote } from 'comlink';
import type { UsageWorkerApi } from '#workers/usage.worker';

/*
 * The one usage worker of the page, started on first use (the login route never pays for it). Offline: the worker
 * reads IndexedDB only.
 */

let remote: Remote<UsageWorkerApi> | null = null;

export const usageWorker = (): Remote<UsageWorkerApi> => {
  if (!remote) {
    const worker = new Worker(new URL('../../../../workers/usage.worker.ts', import.meta.url), { type: 'module', name: 'usage' });
    remote = wrap<UsageWorkerApi>(worker);
  }
  return remote;
};
