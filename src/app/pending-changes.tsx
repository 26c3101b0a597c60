import { lazy, Suspense } from 'react';
import { loadChunk } from '#lib/chunk-load';
import { usePendingChanges } from '#features/offline/data/use-pending-changes.ts';

const PendingChangesPopover = lazy(async () => ({
  default: (await loadChunk(() => import('./pending-changes-popover.tsx'))).PendingChangesPopover,
}));

/**
 * The pending-changes indicator: how many changes wait, and each one with its state and name. Nothing while none
 * waits; the popover's code loads with the first change.
 */
export const PendingChangesIndicator = () => {
  const result = usePendingChanges();
  if (result.status === 'loading' || result.data.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <PendingChangesPopover changes={result.data} />
    </Suspense>
  );
};
