/*
 * Whether a new version of the app waits (docs/product/navigation.md "App updates"), apart from the rest of the
 * service worker's bridge (sw-bridge.ts): the update prompt is on every screen from the first frame, and reading this
 * state must not bring the bridge's registration and messaging code into the start-up (the login page ships only what
 * a visitor needs). sw-bridge.ts announces a waiting version with the action that installs it.
 */

type Listener = (waiting: boolean) => void;

let install: (() => void) | null = null;
const listeners = new Set<Listener>();

export const isUpdateWaiting = (): boolean => install !== null;

export const subscribeUpdate = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** A new version is installed and waits; `accept` activates it. */
export const announceUpdate = (accept: () => void): void => {
  install = accept;
  for (const listener of listeners) listener(true);
};

/** The user's word: activate the waiting version; the page then reloads into it. Nothing waits: nothing happens. */
export const acceptUpdate = (): void => install?.();
