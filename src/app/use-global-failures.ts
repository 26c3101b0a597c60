import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { onApiFailure, type ApiFailure } from '#features/system/data/api-events.ts';

/** A red notice of a failed call, on the screen (path without query) where it happened. */
export type Notice = { id: number; code: string; status: number; path: string };

/**
 * The screen on display when a call failed, read from the address bar when the failure arrives (not React's state,
 * which an effect follows a render late; not when the handler gets to it, which may be after a navigation): `path`
 * with its query (the way back after a login), `pathname` the notice's screen.
 */
export type FailureWhere = { path: string; pathname: string };

/**
 * The root of every route listens to failed calls; the global error handler (./global-failures.ts) loads with the
 * first failure, not with the entry: a visitor's login page, where nothing fails, ships only what it needs (its
 * 130 KB budget, issue 41). The failures that arrive while it loads wait, in order, and go to it once it is in.
 */
export const useGlobalFailures = (showNotice: (notice: Omit<Notice, 'id'>) => void): void => {
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    let handle: ((failure: ApiFailure, where: FailureWhere) => void) | null = null;
    const waiting: [ApiFailure, FailureWhere][] = [];
    let loading = false;
    const load = () =>
      import('./global-failures.ts')
        .then(({ createFailureHandler }) => {
          if (!live) return;
          const handler = createFailureHandler(navigate, showNotice);
          handle = handler;
          for (const [failure, where] of waiting.splice(0)) handler(failure, where);
        })
        .catch((error: unknown) => {
          // Its chunk could not be fetched (offline after a new version): the next failure tries again.
          console.error('the global error handler did not load', error);
        })
        .finally(() => {
          loading = false;
        });
    const stop = onApiFailure((failure) => {
      const where = { path: window.location.pathname + window.location.search, pathname: window.location.pathname };
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
