import { useSyncExternalStore } from 'react';
import { acceptUpdate, isUpdateWaiting, subscribeUpdate } from '#sync/update-state';

/**
 * Whether a new version of the app waits (docs/product/navigation.md "App updates"). Offline: the waiting version is
 * already installed.
 */
export const useUpdateAvailable = (): boolean => useSyncExternalStore(subscribeUpdate, isUpdateWaiting, () => false);

/** Activate the waiting version; the page reloads into it. */
export const installUpdate = (): void => acceptUpdate();
