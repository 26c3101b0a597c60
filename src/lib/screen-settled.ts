import { useEffect, useSyncExternalStore } from 'react';

/*
 * A route's screen and the sections other features add below it (lib/feature-declaration.ts `sections`) render side
 * by side, each with its own data. A section drawn while the screen above it still loads is pushed down when the
 * screen's content arrives (a layout shift, issue 41). The screen says when its content is in place; a section
 * below it waits for that before it draws anything.
 */

let settledOn: string | null = null;
const listeners = new Set<() => void>();

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Called by a screen: its content is in place (its first answers arrived, or failed) on this address. */
export const useScreenSettled = (settled: boolean): void => {
  useEffect(() => {
    if (!settled || settledOn === window.location.pathname) return;
    settledOn = window.location.pathname;
    for (const listener of listeners) listener();
  }, [settled]);
};

/** Called by a section below a screen: whether the screen above it has its content in place. */
export const useScreenAboveSettled = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => settledOn === window.location.pathname,
    () => false,
  );
