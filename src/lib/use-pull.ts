import { useCallback, useEffect, useState } from 'react';

/**
 * Ask for a resource when its key is known (the pull itself decides whether the local copy is still fresh),
 * and offer an explicit refresh. The last failure is kept for the screen to show; offline, the stored rows stay
 * on screen and the error says why they were not refreshed.
 */
export const usePull = <K extends number | string>(
  key: K | null,
  pull: (key: K, options: { force?: boolean }) => Promise<unknown>,
): { refresh: () => Promise<void>; refreshError: unknown } => {
  const [refreshError, setRefreshError] = useState<unknown>(null);

  useEffect(() => {
    if (key === null) return;
    pull(key, {}).then(
      () => setRefreshError(null),
      (error: unknown) => setRefreshError(error),
    );
  }, [key, pull]);

  const refresh = useCallback(async () => {
    if (key === null) return;
    try {
      await pull(key, { force: true });
      setRefreshError(null);
    } catch (error) {
      setRefreshError(error);
    }
  }, [key, pull]);

  return { refresh, refreshError };
};
