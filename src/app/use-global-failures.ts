import { useEffect, useRef } from 'react';
import { useNavigate, useNavigation, type Location } from 'react-router';
import { onApiFailure, type ApiFailure } from '#features/system/data/api-events.ts';
import { loadChunk } from '#lib/chunk-load';

/** A red notice of a failed call, on the screen (path without query) where it happened. */
export type Notice = { id: number; code: string; status: number; path: string };

/**
 * Where a call failed, read when the failure arrives (not when the handler gets to it, which may be after a
 * navigation). `path` (with its query) and `pathname`: the screen on display, from the address bar (React's state
 * follows a render late), which the decision and a notice go by. `back`: the way back after a login, the screen on
 * its way when a navigation is pending (the customer asked for it: a 401 while the bills screen loads comes back to
 * the bills), else the one on display.
 */
export type FailureWhere = { path: string; pathname: string; back: string };

/**
 * The root of every route listens to failed calls; the global error handler (./global-failures.ts) loads with the
 * first failure, not with the entry: a visitor's login page, where nothing fails, ships only what it needs (its
 * 130 KB budget, issue 41). The failures that arrive while it loads wait, in order, and go to it once it is in.
 */
export const useGlobalFailures = (showNotice: (notice: Omit<Notice, 'id'>) => void): void => {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const pending = useRef<Location | undefined>(undefined);
  pending.current = navigation.location;
  useEffect(() => {
    let live = true;
    let handle: ((failure: ApiFailure, where: FailureWhere) => void) | null = null;
    const waiting: [ApiFailure, FailureWhere][] = [];
    let loading = false;
    const load = () =>
      loadChunk(() => import('./global-failures.ts'))
        .then(({ createFailureHandler }) => {
          if (!live) return;
          const handler = createFailureHandler(navigate, showNotice);
          handle = handler;
          for (const [failure, where] of waiting.splice(0)) handler(failure, where);
        })
        // Its chunk could not be fetched (offline after a new version): the chunk-load notice offers the reload
        // (lib/chunk-load.ts), and the next failure tries again.
        .catch(() => undefined)
        .finally(() => {
          loading = false;
        });
    const stop = onApiFailure((failure) => {
      const going = pending.current;
      const { pathname, search } = window.location;
      const where = { path: pathname + search, pathname, back: going ? going.pathname + going.search : pathname + search };
      if (handle) {
        handle(failure, where);
        return;
      }
      waiting.push([failure, where]);
      if (loading) return;
      loading = true;
      void load();
    });
    return () => {
      live = false;
      stop();
    };
  }, [navigate, showNotice]);
};
