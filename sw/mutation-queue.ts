import { Queue, type QueueOptions } from 'workbox-background-sync';
import { IDEMPOTENCY_KEY_HEADER, QUEUED_HEADER } from '#contract/headers';
import { clearApiCache, notifyPages } from './api-cache.ts';
import { type MutationResult, type ToWorker, type WorkerReport } from './messages.ts';
import { classifyReplay } from './replay-rules.ts';

/*
 * Queued mutations (docs/architecture.md "Writing: queued mutations"). A change carries an Idempotency-Key; when the network fails the
 * worker keeps the request in Workbox's background-sync queue and answers 202 with QUEUED_HEADER. Replay uses a
 * custom onSync because Workbox's default treats any HTTP answer as success:
 *   2xx → applied; 401/419 → kept, pages asked to renew the session, replay stops; 4xx → rejected, the page gets
 *   the server's message; 5xx or no answer → kept, and the sync is retried later (Chromium backs off).
 * Each result goes to the open pages (MUTATION_RESULT) and is also kept (Cache API) until a page acknowledges it
 * (ACK): a result that no page heard is not lost. A page asks (REPLAY with a port) at start, when it comes back
 * online and on its own back-off; the worker replays, then reports the keys it still holds and the outcomes not
 * yet acknowledged (REPORT). The page is the one source of truth for the order of changes: it re-sends a change
 * the worker neither holds nor answered with the same key and body, which the server answers with the stored
 * result, so a duplicate never applies twice. Replay also runs when the worker starts, for browsers without
 * Background Sync.
 */

declare const self: ServiceWorkerGlobalScope;

type Metadata = { key: string };

let replaying: Promise<void> = Promise.resolve();
/** The key the last replay stopped on for re-authentication (reported to the pages until a replay gets past it). */
let waitingForAuth: string | null = null;

const OUTCOMES_CACHE = 'mutation-outcomes-v1';
const outcomeUrl = (key: string): string => `${self.location.origin}/__mutation-outcome/${encodeURIComponent(key)}`;

const keepOutcome = async (result: MutationResult): Promise<void> => {
  const cache = await caches.open(OUTCOMES_CACHE);
  await cache.put(outcomeUrl(result.key), new Response(JSON.stringify(result), { headers: { 'Content-Type': 'application/json' } }));
};

const keptOutcomes = async (): Promise<MutationResult[]> => {
  const cache = await caches.open(OUTCOMES_CACHE);
  const results: MutationResult[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (response) results.push((await response.json()) as MutationResult);
  }
  return results;
};

const forgetOutcomes = async (keys: string[]): Promise<void> => {
  const cache = await caches.open(OUTCOMES_CACHE);
  await Promise.all(keys.map((key) => cache.delete(outcomeUrl(key))));
};

const keyOf = (entry: { request: Request; metadata?: object }): string =>
  (entry.metadata as Metadata | undefined)?.key ?? entry.request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? '';

const reportTo = async (queue: Queue): Promise<WorkerReport> => ({
  type: 'REPORT',
  held: (await queue.getAll()).map(keyOf),
  outcomes: await keptOutcomes(),
  needsAuth: waitingForAuth === null ? [] : [waitingForAuth],
});

const jsonOf = async (response: Response): Promise<unknown> => {
  try {
    return (await response.clone().json()) as unknown;
  } catch {
    return null;
  }
};

const errorCodeOf = (body: unknown): string | undefined =>
  body !== null && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string'
    ? (body as { code: string }).code
    : undefined;

const replayQueue = async (queue: Queue): Promise<void> => {
  for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
    const key = keyOf(entry);
    let response: Response;
    try {
      response = await fetch(entry.request.clone());
    } catch (error) {
      await queue.unshiftRequest(entry);
      // Throwing tells Workbox (and the browser's sync manager) to try again later.
      throw error;
    }
    const body = await jsonOf(response);
    const outcome = classifyReplay(response.status, errorCodeOf(body));
    if (outcome === 'retry') {
      await queue.unshiftRequest(entry);
      throw new Error(`replay of ${key} answered ${response.status}`);
    }
    if (outcome === 'needs-auth') {
      // Kept as it is; replay resumes on REPLAY after the user logged in again.
      await queue.unshiftRequest(entry);
      waitingForAuth = key;
      await notifyPages({ type: 'NEEDS_AUTH', key });
      return;
    }
    if (waitingForAuth === key) waitingForAuth = null;
    const result: MutationResult = { type: 'MUTATION_RESULT', key, status: response.status, body };
    // Kept first: the page may not be listening (loading, closed); it acknowledges what it settled.
    await keepOutcome(result);
    await notifyPages(result);
  }
};

/** One replay at a time (sync event, worker start and REPLAY messages may overlap). */
const replaySerially = (queue: Queue): Promise<void> => {
  const run = replaying.then(() => replayQueue(queue));
  replaying = run.catch(() => undefined);
  return run;
};

const isQueuable = (request: Request): boolean =>
  request.method !== 'GET' &&
  request.method !== 'HEAD' &&
  request.headers.has(IDEMPOTENCY_KEY_HEADER) &&
  new URL(request.url).pathname.startsWith('/api/');

const queuedAnswer = (key: string): Response =>
  new Response(JSON.stringify({ queued: true, key }), {
    status: 202,
    headers: { 'Content-Type': 'application/json', [QUEUED_HEADER]: '1' },
  });

/**
 * `?sync=fallback` on the worker's URL forces Workbox's fallback (no Background Sync API: replay on worker start),
 * which is how the tests exercise what Firefox and Safari do.
 */
export const registerMutationQueue = (): Queue => {
  const forceSyncFallback = new URL(self.location.href).searchParams.get('sync') === 'fallback';
  const options: QueueOptions = {
    forceSyncFallback,
    // Minutes: as long as the server keeps idempotency keys, so a replay never applies a change twice.
    maxRetentionTime: 7 * 24 * 60,
    onSync: ({ queue }) => replaySerially(queue),
  };
  const queue = new Queue('mutations', options);

  self.addEventListener('fetch', (event: FetchEvent) => {
    const { request } = event;
    if (!isQueuable(request)) return;
    event.respondWith(
      (async () => {
        const copy = request.clone();
        try {
          return await fetch(request);
        } catch {
          const key = copy.headers.get(IDEMPOTENCY_KEY_HEADER) ?? '';
          // The app re-sends rows it still sees as queued: keep one copy per key.
          const held = await queue.getAll();
          if (!held.some((entry) => keyOf(entry) === key)) {
            await queue.pushRequest({ request: copy, metadata: { key } satisfies Metadata });
          }
          return queuedAnswer(key);
        }
      })(),
    );
  });

  self.addEventListener('message', (event: ExtendableMessageEvent) => {
    const data = event.data as ToWorker | undefined;
    if (data?.type === 'REPLAY') {
      const port = event.ports[0];
      event.waitUntil(
        (async () => {
          // A failed attempt (still offline, 5xx) is reported too: the page backs off and asks again.
          await replaySerially(queue).catch(() => undefined);
          port?.postMessage(await reportTo(queue));
        })(),
      );
    }
    if (data?.type === 'ACK') {
      event.waitUntil(forgetOutcomes(data.keys));
    }
    if (data?.type === 'CLEAR') {
      event.waitUntil(
        (async () => {
          for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
            // Dropped on purpose: the user confirmed the logout.
          }
          await clearApiCache();
          await caches.delete(OUTCOMES_CACHE);
          waitingForAuth = null;
          event.ports[0]?.postMessage({ type: 'CLEARED' });
        })(),
      );
    }
  });

  // Worker start: replay what an earlier run kept (the fallback mode does this inside Queue itself).
  if (!forceSyncFallback) void replaySerially(queue).catch(() => undefined);
  return queue;
};
