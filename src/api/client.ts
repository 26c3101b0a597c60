import { FetchError, ofetch } from 'ofetch';
import type { z } from 'zod';
import { errorBodySchema } from '#contract/common';
import { endpointUrl, fillPath, isCachedRead, type Endpoint } from '#contract/endpoints';
import { CACHE_STATUS_HEADER, CACHED_READ_HEADER, FETCHED_AT_HEADER, IDEMPOTENCY_KEY_HEADER, QUEUED_HEADER } from '#contract/headers';
import { takeFirstAnswer } from '#lib/first-answers';
import { ApiError } from './api-error.ts';
import { advanceSessionGeneration, reportApiError, sessionGeneration, type FailureContext } from './api-failures.ts';
import { toFormData } from './multipart.ts';

export { ApiError } from './api-error.ts';

/*
 * The one HTTP client of the app (docs/architecture.md): base URLs from configuration, 60 s time-out online and 5 s
 * offline (docs/product/api.md "Time-outs and cancellation"), one abort signal cancelled on logout, every failure
 * mapped to ApiError. It never touches the UI or `window.location`: listeners registered with onApiError decide what
 * the user sees.
 */

export const apiBases = {
  api: import.meta.env.VITE_API_BASE ?? '/api',
  public: import.meta.env.VITE_PUBLIC_API_BASE ?? '/api/public',
};

export const onlineTimeoutMs = 60_000;
export const offlineTimeoutMs = 5_000;

let controller = new AbortController();

/**
 * Cancel every request in flight (logout, a dropped session, a redirect to renewal) and start a fresh signal for the
 * next ones. The calls in flight belong to a session that is over: a new session generation (api-failures.ts).
 */
export const abortAll = (): void => {
  controller.abort();
  controller = new AbortController();
  advanceSessionGeneration();
};

const isOnline = (): boolean => (typeof navigator === 'undefined' ? true : navigator.onLine);

const toApiError = (error: unknown, endpoint: string, signal: AbortSignal): ApiError => {
  if (error instanceof ApiError) return error;
  if (signal.aborted) return new ApiError({ status: 0, code: 'aborted', message: 'aborted', endpoint });
  if (error instanceof FetchError) {
    const status = error.response?.status ?? error.statusCode;
    if (status) {
      const parsed = errorBodySchema.safeParse(error.data);
      if (parsed.success) {
        return new ApiError({ ...parsed.data, status, endpoint });
      }
      return new ApiError({
        status,
        code: status >= 500 ? 'serverError' : 'invalidParameters',
        message: error.statusMessage ?? String(status),
        endpoint,
      });
    }
    const timedOut = error.cause instanceof DOMException && error.cause.name === 'TimeoutError';
    return new ApiError({
      status: 0,
      code: timedOut ? 'timeout' : 'network',
      message: error.message,
      endpoint,
      refused: !timedOut && isOnline(),
    });
  }
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return new ApiError({ status: 0, code: 'timeout', message: error.message, endpoint });
  }
  return new ApiError({ status: 0, code: 'network', message: error instanceof Error ? error.message : String(error), endpoint });
};

type ResponseOf<E extends Endpoint> = E extends { response: infer R extends z.ZodType } ? z.output<R> : unknown;

export type CallOptions = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * The caller shows its own message: no red notice. A 401, a 503 or a refused connection still reach the one global
   * handler (api-failures.ts), whatever the screen.
   */
  silent?: boolean;
  /** A call of the session itself (logout, PIN set-up): its 401 is the answer, not an expired session to renew. */
  sessionCall?: boolean;
  /** Queued changes: sent as the `Idempotency-Key` header so that a replay applies once (docs/architecture.md). */
  idempotencyKey?: string;
};

/*
 * Explicit refresh: calls started inside `explicitRefresh` carry `Cache-Control: no-cache`, which the service
 * worker answers from the network first instead of its 15-minute cache. A depth counter, because the headers
 * are computed synchronously when `call` starts, before its first await.
 */
let refreshDepth = 0;
export const explicitRefresh = async <T>(run: () => Promise<T>): Promise<T> => {
  refreshDepth += 1;
  try {
    const pending = run();
    return await pending;
  } finally {
    refreshDepth -= 1;
  }
};

// When the answer's data was fetched from the server: the service worker's stamp for a cached answer.
const servedAtByData = new WeakMap<object, number>();
// The URL of an answer the service worker served stale while it revalidates it in the background.
const revalidatingByData = new WeakMap<object, string>();

/** When the server produced this parsed answer (ms): the worker's cache stamp, else undefined (just fetched). */
export const servedAt = (data: unknown): number | undefined =>
  data !== null && typeof data === 'object' ? servedAtByData.get(data) : undefined;

/**
 * The URL of this parsed answer when the service worker served it stale and is fetching it again: the worker
 * reports that URL (API_UPDATED) if the new answer differs. Undefined for any other answer.
 */
export const revalidatingUrl = (data: unknown): string | undefined =>
  data !== null && typeof data === 'object' ? revalidatingByData.get(data) : undefined;

/** The service worker only sees same-origin requests (and a custom header would cost a CORS preflight elsewhere). */
const workerCaches = (endpoint: Endpoint): boolean => {
  const url = endpointUrl(endpoint, apiBases);
  return isCachedRead(endpoint) && url.startsWith('/') && !url.startsWith('//');
};

const headersOf = (endpoint: Endpoint, options: CallOptions): Record<string, string> => ({
  Accept: 'application/json',
  ...(workerCaches(endpoint) ? { [CACHED_READ_HEADER]: '1' } : {}),
  ...(refreshDepth > 0 ? { 'Cache-Control': 'no-cache' } : {}),
  ...(options.idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: options.idempotencyKey } : {}),
  ...options.headers,
});

/** The URL a call requests (path filled, query as ofetch appends it), as the service worker sees it. */
const requestUrl = (endpoint: Endpoint, options: CallOptions): string => {
  const url = new URL(fillPath(endpointUrl(endpoint, apiBases), options.params ?? {}), globalThis.location?.href ?? 'http://localhost/');
  for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, String(value));
  return url.href;
};

/** The request body: JSON, or multipart form data built now for the endpoints that take one. */
const bodyOf = (endpoint: Endpoint, body: unknown): Record<string, unknown> | FormData | undefined => {
  if (body === undefined) return undefined;
  return endpoint.multipart ? toFormData(body as Record<string, unknown>) : (body as Record<string, unknown>);
};

/** One request to an endpoint: URL, headers, credentials, time-out and the shared abort signal. */
const send = <E extends Endpoint>(endpoint: E, options: CallOptions, signal: AbortSignal) =>
  ofetch.raw(fillPath(endpointUrl(endpoint, apiBases), options.params ?? {}), {
    method: endpoint.method,
    body: bodyOf(endpoint, options.body),
    query: options.query,
    headers: headersOf(endpoint, options),
    credentials: 'include',
    timeout: isOnline() ? onlineTimeoutMs : offlineTimeoutMs,
    signal,
    retry: 0,
  });

/** Parse an answer with the endpoint's response schema; a drifted answer is a server error, never a crash. */
const parseAnswer = <E extends Endpoint>(endpoint: E, data: unknown): ResponseOf<E> => {
  if (!endpoint.response) return data as ResponseOf<E>;
  const parsed = endpoint.response.safeParse(data);
  if (!parsed.success) {
    throw new ApiError({ status: 200, code: 'serverError', message: `unexpected answer from ${endpoint.path}`, endpoint: endpoint.path });
  }
  return parsed.data as ResponseOf<E>;
};

/** What the global handler needs to know of a call besides its error: set when the call starts. */
const failureContext = (endpoint: Endpoint, options: CallOptions): FailureContext => ({
  silent: options.silent ?? false,
  sessionCall: options.sessionCall ?? false,
  authenticated: endpoint.base === 'api',
  startedIn: sessionGeneration(),
});

/** Call one endpoint of the contract and parse its answer with the contract's schema. */
export const call = async <E extends Endpoint>(endpoint: E, options: CallOptions = {}): Promise<ResponseOf<E>> => {
  const signal = controller.signal;
  const context = failureContext(endpoint, options);
  try {
    // A first visit's page carries the answers of home's first reads (lib/first-answers.ts): taken, not asked again.
    const first = endpoint.method === 'GET' ? takeFirstAnswer(requestUrl(endpoint, options)) : undefined;
    if (first !== undefined) return parseAnswer(endpoint, first);
    const raw = await send(endpoint, options, signal);
    const data = parseAnswer(endpoint, raw._data);
    if (data !== null && typeof data === 'object') {
      const fetchedAt = Number(raw.headers.get(FETCHED_AT_HEADER));
      if (Number.isFinite(fetchedAt) && fetchedAt > 0) servedAtByData.set(data, fetchedAt);
      if (raw.headers.get(CACHE_STATUS_HEADER) === 'stale') revalidatingByData.set(data, requestUrl(endpoint, options));
    }
    return data;
  } catch (error) {
    const apiError = toApiError(error, endpoint.path, signal);
    if (!apiError.isAborted) reportApiError(apiError, context);
    throw apiError;
  }
};

/**
 * A file of a `download` endpoint (an invoice PDF), as bytes: the same base URLs, session, time-outs and abort
 * signal as `call`, and the same ApiError on failure (an error answer is still the contract's JSON body). Files
 * are not cached reads: the service worker always sends them to the network.
 */
export const callFile = async (endpoint: Endpoint, options: CallOptions = {}): Promise<ArrayBuffer> => {
  const signal = controller.signal;
  const context = failureContext(endpoint, options);
  try {
    const raw = await ofetch.raw<ArrayBuffer, 'arrayBuffer'>(fillPath(endpointUrl(endpoint, apiBases), options.params ?? {}), {
      method: endpoint.method,
      query: options.query,
      headers: { Accept: endpoint.download?.join(', ') ?? '*/*', ...options.headers },
      credentials: 'include',
      timeout: isOnline() ? onlineTimeoutMs : offlineTimeoutMs,
      signal,
      retry: 0,
      responseType: 'arrayBuffer',
    });
    if (!(raw._data instanceof ArrayBuffer))
      throw new ApiError({ status: 200, code: 'serverError', message: 'empty file', endpoint: endpoint.path });
    return raw._data;
  } catch (error) {
    // An error answer arrives as bytes too: read its JSON body so the caller gets the server's code.
    if (error instanceof FetchError && error.data instanceof ArrayBuffer) {
      try {
        error.data = JSON.parse(new TextDecoder().decode(error.data)) as unknown;
      } catch {
        error.data = undefined;
      }
    }
    const apiError = toApiError(error, endpoint.path, signal);
    if (!apiError.isAborted) reportApiError(apiError, context);
    throw apiError;
  }
};

/**
 * The status convention of save calls (docs/product/api.md "Save-call results"): 200 on success, the HTTP status on a
 * server error, -1 when there is no answer or a precondition is missing, 500 for any other (non-HTTP) error.
 */
export const saveStatus = async (save: () => Promise<unknown>): Promise<number> => {
  try {
    await save();
    return 200;
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.status > 0) return error.status;
      return error.isNetwork || error.isAborted ? -1 : 500;
    }
    return 500;
  }
};

export type MutationAnswer<E extends Endpoint> = { queued: true } | { queued: false; data: ResponseOf<E> };

/**
 * Send a queued change (docs/architecture.md "Writing: queued mutations") with its Idempotency-Key. The service worker answers 202 with
 * its "queued" header when the network failed and it kept the change for background sync: that is not an
 * answer from the server, so it comes back as `{ queued: true }`. Failures throw ApiError like `call`, silently:
 * the outbox decides what the user sees.
 */
export const callMutation = async <E extends Endpoint>(
  endpoint: E,
  options: CallOptions & { idempotencyKey: string },
): Promise<MutationAnswer<E>> => {
  const signal = controller.signal;
  try {
    const raw = await send(endpoint, options, signal);
    if (raw.status === 202 && raw.headers.get(QUEUED_HEADER) === '1') return { queued: true };
    return { queued: false, data: parseAnswer(endpoint, raw._data) };
  } catch (error) {
    throw toApiError(error, endpoint.path, signal);
  }
};
