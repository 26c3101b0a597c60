import type { ApiError } from './api-error.ts';

/*
 * The listeners of failed API calls, apart from the error class: the app's root subscribes on every route, the
 * login page's included, and needs nothing else of the API's modules for it.
 *
 * Every failed call comes here, the callers' "silent" ones included (aborted ones never do): `silent` keeps the red
 * notice away, but a 401, a 503 or a refused connection is handled in one place for every screen
 * (docs/product/errors.md "Global error handler").
 *
 * Two things make that handling free of races by construction, not by timing:
 * - **Session generations.** A number that moves on at every login, renewal, adoption, logout, local drop and
 *   redirect of the handler. Each failure carries the generation in which its call *started*; a failure of a call
 *   started in an earlier generation is about a session (or a screen) that is gone, and the handler ignores it. So a
 *   401 from a call sent before a renewal completed never sends the renewed customer back to renewal.
 * - **Armed after the start's decision.** Failures wait here until the start has decided about the stored session
 *   (main.tsx: the expiry check, or nothing to check) and the root listens. The check decides first: when it drops
 *   an expired session, the generation moves on, and the first pulls' 401s that waited are then ignored, instead of
 *   racing the check into a silent renewal.
 */

/** How the caller asked its failure to be handled, and when it started. */
export type FailureContext = {
  /** The caller shows its own message: no red notice (401, 503 and a refused connection are still handled). */
  silent: boolean;
  /** A call of the session itself (logout, PIN set-up): its 401 is an answer, not an expired session. */
  sessionCall: boolean;
  /** The authenticated API (not the public one, whose 401 means wrong credentials or PIN). */
  authenticated: boolean;
  /** The session generation when the call started. */
  startedIn: number;
};

type Listener = (error: ApiError, context: FailureContext) => void;
const listeners = new Set<Listener>();

/** Failures reported before the handler was armed, oldest first (bounded: only the last ones matter). */
const waiting: [ApiError, FailureContext][] = [];
const maxWaiting = 50;
let armed = false;

let generation = 0;

/** The current session generation: a call records it when it starts. */
export const sessionGeneration = (): number => generation;

/**
 * A new session generation: calls started before now belong to a session or a screen that is gone (a login, a
 * renewal, an adopted session, a logout, a dropped session, a redirect of the global handler).
 */
export const advanceSessionGeneration = (): void => {
  generation += 1;
};

const deliver = (error: ApiError, context: FailureContext) => {
  for (const listener of listeners) listener(error, context);
};

/*
 * The waiting failures go out in a microtask, not inside `onApiError`: React's strict mode subscribes, unsubscribes
 * and subscribes again in one go, and the failures must reach the listener that stays.
 */
let flushing = false;
const flush = () => {
  if (flushing) return;
  flushing = true;
  queueMicrotask(() => {
    flushing = false;
    if (!armed || listeners.size === 0) return;
    for (const [error, context] of waiting.splice(0)) deliver(error, context);
  });
};

/** Subscribe to every failed call (aborted ones excluded). Returns the unsubscribe function. */
export const onApiError = (listener: Listener): (() => void) => {
  listeners.add(listener);
  if (waiting.length > 0) flush();
  return () => listeners.delete(listener);
};

/** The start has decided about the stored session: failures reach the listeners from now on, the waiting ones first. */
export const armApiFailures = (): void => {
  armed = true;
  flush();
};

/** Tell the listeners about a failed call (the client calls this; aborted calls never come here). */
export const reportApiError = (error: ApiError, context: FailureContext): void => {
  if (!armed || listeners.size === 0 || waiting.length > 0) {
    waiting.push([error, context]);
    if (waiting.length > maxWaiting) waiting.shift();
    flush();
    return;
  }
  deliver(error, context);
};
