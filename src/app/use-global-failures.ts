import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/** A red notice of a failed call, on the screen (path without query) where it happened. */
export type Notice = { id: number; code: string; status: number; path: string };

/**
 * The global error handler (./global-failures.ts) listens from the root of every route. Its module loads after the
 * first render, not with the entry: the login page's first visit ships only what a visitor needs (its 130 KB budget,
 * issue 41). Nothing is lost meanwhile: failures wait in api/api-failures.ts until a listener subscribes.
 */
export const useGlobalFailures = (showNotice: (notice: Omit<Notice, 'id'>) => void): void => {
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    let stop: (() => void) | undefined;
    void import('./global-failures.ts').then(({ listenToFailures }) => {
      if (live) stop = listenToFailures(navigate, showNotice);
    });
    return () => {
      live = false;
      stop?.();
    };
  }, [navigate, showNotice]);
};
