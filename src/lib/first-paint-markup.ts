import { ageMarker, staleMarker } from './first-paint.ts';

/**
 * The snapshot of what is on screen under `root` (the app's #root), as the service worker can serve it: a copy of
 * the markup without what belongs to the moment (dialogs, toasts, the offline banner, error notices), without the
 * attributes of a pointer or focus state, with no inline style (the Content-Security-Policy would refuse it), and
 * with the markers of `ageMarker` in each freshness note (`[data-fetched-at]`, ui/freshness-note.tsx).
 */
export const snapshotMarkup = (root: Element): string => {
  const copy = root.cloneNode(true) as Element;
  for (const element of copy.querySelectorAll(
    'dialog, .consent-backdrop, .app-toast, .offline-banner, .notices > *, [data-first-paint="skip"]',
  ))
    element.remove();
  for (const element of copy.querySelectorAll('*')) {
    for (const name of ['style', 'data-hovered', 'data-pressed', 'data-focused', 'data-focus-visible']) element.removeAttribute(name);
  }
  for (const note of copy.querySelectorAll<HTMLElement>('[data-fetched-at]')) {
    const fetchedAt = Number(note.dataset.fetchedAt);
    if (!Number.isFinite(fetchedAt)) continue;
    const text = note.querySelector('[data-testid="freshness"]');
    if (text) text.innerHTML = ageMarker(fetchedAt);
    const badge = note.querySelector('.badge');
    if (badge) badge.outerHTML = staleMarker(fetchedAt);
    else text?.insertAdjacentHTML('afterend', staleMarker(fetchedAt));
  }
  return copy.innerHTML;
};
