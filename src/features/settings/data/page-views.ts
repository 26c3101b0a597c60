import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import { PAGE_VIEW_ROUTE } from '#contract/consent';
import { useConsent } from './consent.ts';

/*
 * docs/product/settings.md "Cookies and consent": a page-view event is tracked only if cookies and consent allow.
 * With the statistics consent, each navigation sends the route's name (its id in the route table) and the language to
 * the reference API's first-party endpoint; nothing else (no path, no query, no user). Without it, nothing is sent.
 * Offline: the event is dropped.
 */
export const usePageViews = (language: string): void => {
  const location = useLocation();
  const matches = useMatches();
  const consent = useConsent();
  const route = matches.at(-1)?.id ?? '';
  const allowed = consent?.statistic === true;
  useEffect(() => {
    if (!allowed || !PAGE_VIEW_ROUTE.test(route)) return;
    // The sender (API client and contract) loads only once statistics are allowed: a visitor who refused pays nothing.
    void import('./page-view-sender.ts').then(({ sendPageView }) => sendPageView(route, language));
    // A language switch is not a new page: only a navigation (location.key) or the consent being given sends.
  }, [location.key, route, allowed]);
};
