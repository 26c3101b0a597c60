import { lazy, Suspense } from 'react';
import { isIos, useConsent } from '../data/consent.ts';

// The modal and its texts load only for a visitor who has not decided yet.
const ConsentModal = lazy(() => import('./consent-modal.tsx').then((module) => ({ default: module.ConsentModal })));

/** SPEC §2: the consent modal shows unless a decision was already made, and not on iOS. */
export const ConsentPrompt = () => {
  const consent = useConsent();
  if (consent !== null || isIos()) return null;
  return (
    <Suspense fallback={null}>
      <ConsentModal />
    </Suspense>
  );
};
