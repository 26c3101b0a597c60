import { lazy, Suspense } from 'react';
import { preloadNamespaces } from '#i18n/i18n';
import { consentDecided, isIos, useConsent } from '../data/consent.ts';
import type * as ModalModuleType from './consent-dialog.tsx';

type ModalModule = typeof ModalModuleType;

// The modal and its texts load only for a visitor who has not decided yet.
let loaded: ModalModule | null = null;
const loadModal = async (): Promise<ModalModule> => {
  const [module] = await Promise.all([import('./consent-dialog.tsx'), preloadNamespaces(['consent'])]);
  loaded = module;
  return module;
};
const LazyConsentModal = lazy(async () => ({ default: (await loadModal()).ConsentModal }));

/**
 * Loads the modal before the app's first render when it will show: the app's first commit then has it in place of
 * the prerendered one (the login page of a first visitor), with no frame between them.
 */
export const preloadConsentPrompt = async (): Promise<void> => {
  if (consentDecided() || isIos()) return;
  await loadModal();
};

/**
 * docs/product/settings.md "Cookies and consent": the consent modal shows unless a decision was already made, and not
 * on iOS.
 */
export const ConsentPrompt = () => {
  const consent = useConsent();
  if (consent !== null || isIos()) return null;
  const ConsentModal = loaded?.ConsentModal ?? LazyConsentModal;
  return (
    <Suspense fallback={null}>
      <ConsentModal />
    </Suspense>
  );
};
