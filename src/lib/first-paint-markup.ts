import { ageMarker, staleMarker } from './first-paint.ts';

const fieldSelector = 'select, input, textarea';

/**
 * Writes what the fields under `root` show into the attributes of their copies under `copy` (same structure): the
 * markup keeps only attributes, and what a field shows is its state, which React sets as properties (a controlled
 * select's choice is no `selected` attribute). Without this, the painted language switcher shows its first option
 * whatever the page's language, and the hand-over (app/prerendered-handoff.ts) takes that for a choice the customer
 * made on the painted page and applies it to the app. A password is never written down.
 */
const keepFieldState = (root: Element, copy: Element): void => {
  const live = root.querySelectorAll(fieldSelector);
  const copies = copy.querySelectorAll(fieldSelector);
  live.forEach((field, index) => {
    const target = copies[index];
    if (!target) return;
    if (field instanceof HTMLSelectElement) {
      const options = target.querySelectorAll('option');
      Array.from(field.options).forEach((option, at) => options[at]?.toggleAttribute('selected', option.selected));
    } else if (field instanceof HTMLTextAreaElement) {
      target.textContent = field.value;
    } else if (field instanceof HTMLInputElement) {
      if (field.type === 'checkbox' || field.type === 'radio') target.toggleAttribute('checked', field.checked);
      else if (field.type === 'password') target.removeAttribute('value');
      else if (field.type !== 'file') target.setAttribute('value', field.value);
    }
  });
};

/**
 * The snapshot of what is on screen under `root` (the app's #root), as the service worker can serve it: a copy of
 * the markup with its fields as they are shown, without what belongs to the moment (dialogs, toasts, the offline
 * banner, error notices), without the attributes of a pointer or focus state, with no inline style (the
 * Content-Security-Policy would refuse it), and with the markers of `ageMarker` in each freshness note
 * (`[data-fetched-at]`, ui/freshness-note.tsx).
 */
export const snapshotMarkup = (root: Element): string => {
  const copy = root.cloneNode(true) as Element;
  keepFieldState(root, copy);
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
