import type { ApiError } from './api-error.ts';

/*
 * The listeners of failed API calls, apart from the error class: the app's root subscribes on every route, the
 * login page's included, and needs nothing else of the API's modules for it.
 */

type Listener = (error: ApiError) => void;
const listeners = new Set<Listener>();

/** Subscribe to every failed call (aborted ones excluded). Returns the unsubscribe function. */
export const onApiError = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Tell the listeners about a failed call (the client calls this; aborted and silent calls never come here). */
export const reportApiError = (error: ApiError): void => {
  for (const listener of listeners) listener(error);
};
