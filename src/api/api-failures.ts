import type { ApiError } from './api-error.ts';

/*
 * The listeners of failed API calls, apart from the error class: the app's root subscribes on every route, the
 * login page's included, and needs nothing else of the API's modules for it.
 *
 * Every failed call comes here, the callers' "silent" ones included: a caller that shows its own message keeps the
 * global notice away (`silent`), but a 401, a 503 or a refused connection is handled in one place for every screen
 * (docs/product/errors.md "Global error handler"). A failure reported before the root subscribed (a route's first
 * pulls start before its first render) waits for it.
 */

/** How the caller asked its failure to be handled. */
export type FailureContext = {
  /** The caller shows its own message: no red notice (401, 503 and a refused connection are still handled). */
  silent: boolean;
  /** A call of the session itself (login, renewal, logout, PIN set-up): its 401 is an answer, not an expired session. */
  sessionCall: boolean;
  /** The authenticated API (not the public one, whose 401 means wrong credentials). */
  authenticated: boolean;
};

type Listener = (error: ApiError, context: FailureContext) => void;
const listeners = new Set<Listener>();
const waiting: [ApiError, FailureContext][] = [];

/** Subscribe to every failed call (aborted ones excluded). Returns the unsubscribe function. */
export const onApiError = (listener: Listener): (() => void) => {
  listeners.add(listener);
  const early = waiting.splice(0);
  for (const [error, context] of early) listener(error, context);
  return () => listeners.delete(listener);
};

/** Tell the listeners about a failed call (the client calls this; aborted calls never come here). */
export const reportApiError = (error: ApiError, context: FailureContext): void => {
  if (listeners.size === 0) {
    // Only what the root must act on waits, and only the last few.
    if (error.status === 401 || error.status === 503 || error.refused) {
      waiting.push([error, context]);
      if (waiting.length > 5) waiting.shift();
    }
    return;
  }
  for (const listener of listeners) listener(error, context);
};
