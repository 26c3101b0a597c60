import { useCallback, useEffect, useState } from 'react';

/** How far a long pull got (records downloaded of the total), for pulls that report it. */
export type PullProgress = { loaded: number; total: number };

/** What `usePull` passes to a pull after its arguments: an explicit refresh, and where to report progress. */
export type PullCallOptions = { force?: boolean; onProgress?: (progress: PullProgress) => void };

export type PullState = {
  /** The user's explicit refresh: past every cache, to the network first. */
  refresh: () => Promise<void>;
  /** The last failure of the pull for the current arguments (offline, server error), null once one succeeds. */
  refreshError: unknown;
  /** The pull for the current arguments has finished (succeeded or failed); true while there is nothing to pull. */
  settled: boolean;
  /** Progress of the running pull, when it reports any; null otherwise. */
  progress: PullProgress | null;
};

type Keyed<T> = { key: string; value: T };

/**
 * The one hook that keeps what a screen shows fresh: it calls `pull(...args, options)` whenever `args` change
 * (the pull itself decides whether the local copy is still fresh: 15 minutes), offers an explicit refresh, and
 * keeps the last failure for the screen to show. `args` is null while they are not known yet (no session, no
 * contract): nothing is pulled. `args` must be JSON (ids, dates, periods): they are compared by value; `pull` must
 * be a module-level function. The rows themselves come from a live query, never from here. Offline: the stored
 * rows stay on screen and `refreshError` says why they were not refreshed.
 */
export const usePull = <const A extends readonly unknown[]>(
  args: A | null,
  pull: (...params: [...A, PullCallOptions]) => Promise<unknown>,
): PullState => {
  const key = args === null ? null : JSON.stringify(args);
  const [failure, setFailure] = useState<Keyed<unknown> | null>(null);
  const [settledKey, setSettledKey] = useState<string | null>(null);
  const [progress, setProgress] = useState<Keyed<PullProgress> | null>(null);

  const run = useCallback(
    async (runKey: string, force: boolean, isCurrent: () => boolean): Promise<void> => {
      const params = JSON.parse(runKey) as A;
      const onProgress = (value: PullProgress) => {
        if (isCurrent()) setProgress({ key: runKey, value });
      };
      try {
        await pull(...params, { force, onProgress });
        if (isCurrent()) setFailure(null);
      } catch (error) {
        if (isCurrent()) setFailure({ key: runKey, value: error });
      } finally {
        if (isCurrent()) {
          setProgress(null);
          setSettledKey(runKey);
        }
      }
    },
    [pull],
  );

  useEffect(() => {
    if (key === null) return;
    let live = true;
    void run(key, false, () => live);
    return () => {
      live = false;
    };
  }, [key, run]);

  const refresh = useCallback(async () => {
    if (key !== null) await run(key, true, () => true);
  }, [key, run]);

  return {
    refresh,
    refreshError: failure !== null && failure.key === key ? failure.value : null,
    settled: key === null || settledKey === key,
    progress: progress !== null && progress.key === key ? progress.value : null,
  };
};
