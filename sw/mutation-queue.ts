import { Queue, type QueueOptions } from 'workbox-background-sync';
import { clearApiCache, notifyPages } from './api-cache.ts';
import { IDEMPOTENCY_KEY_HEADER, QUEUED_HEADER, type ToWorker } from './messages.ts';
import { classifyReplay } from './replay-rules.ts';

/*
 * Queued mutations (ARCHITECTURE.md "Write"). A change carries an Idempotency-Key; when the network fails the
 * worker keeps the request in Workbox's background-sync queue and answers 202 with QUEUED_HEADER. Replay uses a
 * custom onSync because Workbox's default treats any HTTP answer as success:
 *   2xx → applied; 401/419 → kept, pages asked to renew the session, replay stops; 4xx → rejected, the page gets
 *   the server's message; 5xx or no answer → kept, and the sync is retried later (Chromium backs off).
 * Each result goes to the open pages (MUTATION_RESULT), which update their pending-changes rows; a page opened
 * later re-sends its still-queued rows with the same key and gets the stored answer, so nothing is lost.
 * Replay also runs when the worker starts and when a page asks (REPLAY), for browsers without Background Sync.
 */

declare const self: ServiceWorkerGlobalScope;

type Metadata = { key: string };

let replaying: Promise<void> = Promise.resolve();

const jsonOf = async (response: Response): Promise<unknown> => {
  try {
    return (await response.clone().json()) as unknown;
  } catch {
    return null;
  }
};

const errorCodeOf = (body: unknown): string | undefined =>
  body !== null && typeof body === 'object' && typeof (body as { code?: unknown }).code === 'string' ? (body as { code: string }).code : undefined;

const replayQueue = async (queue: Queue): Promise<void> => {
  for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
    const key = (entry.metadata as Metadata | undefined)?.key ?? entry.request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? '';
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
      await notifyPages({ type: 'NEEDS_AUTH', key });
      return;
    }
    await notifyPages({ type: 'MUTATION_RESULT', key, status: response.status, body });
  }
};

/** One replay at a time (sync event, worker start and REPLAY messages may overlap). */
const replaySerially = (queue: Queue): Promise<void> => {
  const run = replaying.then(() => replayQueue(queue));
  replaying = run.catch(() => undefined);
  return run;
};

const isQueuable = (request: Request): boolean =>
  request.method !== 'GET' && request.method !== 'HEAD' && request.headers.has(IDEMPOTENCY_KEY_HEADER) && new URL(request.url).pathname.startsWith('/api/');

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
          if (!held.some((entry) => (entry.metadata as Metadata | undefined)?.key === key)) {
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
      event.waitUntil(replaySerially(queue).catch(() => undefined));
    }
    if (data?.type === 'CLEAR') {
      event.waitUntil(
        (async () => {
          for (let entry = await queue.shiftRequest(); entry; entry = await queue.shiftRequest()) {
            // Dropped on purpose: the user confirmed the logout.
          }
          await clearApiCache();
          event.ports[0]?.postMessage({ type: 'CLEARED' });
        })(),
      );
    }
  });

  // Worker start: replay what an earlier run kept (the fallback mode does this inside Queue itself).
  if (!forceSyncFallback) void replaySerially(queue).catch(() => undefined);
  return queue;
};
