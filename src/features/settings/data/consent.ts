import { useSyncExternalStore } from 'react';
import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  consentCookieValue,
  isIosUserAgent,
  parseConsent,
  serializeConsent,
  type ConsentFlags,
} from '#contract/consent';

/*
 * The cookie consent (docs/product/settings.md "Cookies and consent": 365 days), kept in a first-party cookie that
 * the server also reads before counting a page view. Loaded with the root of the app (it decides whether the consent
 * modal shows), so it holds nothing but the cookie: no zod, no Dexie. Offline: a local read and write.
 */

export type { ConsentFlags };

const listeners = new Set<() => void>();

const rawConsent = (): string | null => (typeof document === 'undefined' ? null : consentCookieValue(document.cookie));

/** Store the decision for 365 days (the necessary cookies are always on). */
export const saveConsent = (choice: Pick<ConsentFlags, 'statistic' | 'marketing'>): void => {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${serializeConsent(choice)}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  for (const listener of listeners) listener();
};

const subscribe = (listener: () => void): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** A decision is stored on this device. */
export const consentDecided = (): boolean => parseConsent(rawConsent()) !== null;

/** The decision, re-rendering when this page changes it. */
export const useConsent = (): ConsentFlags | null => parseConsent(useSyncExternalStore(subscribe, rawConsent, () => null));

/**
 * docs/product/settings.md "Cookies and consent": the consent modal is not shown on iOS. iPadOS presents itself as a
 * Mac: a Mac with a touch screen is an iPad.
 */
export const isIos = (): boolean =>
  typeof navigator !== 'undefined' &&
  (isIosUserAgent(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1));
