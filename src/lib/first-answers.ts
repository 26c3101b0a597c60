/*
 * The answers of the API reads that the server made for a first visit's page (app/first-visit.tsx): home's page
 * for a device with nothing stored carries the answers its screen is drawn from, as JSON in
 * `<script type="application/json" id="first-answers">` (data, which the CSP lets through: it never runs). The app
 * takes each one instead of asking the server again (api/client.ts, the session's adoption), once, during its
 * start: the first render then draws the same screen as the server's, and the figures cost no second round trip.
 */

import { firstAnswersId } from './first-answers-mark.ts';

/** Where home-first.html (scripts/build/prerender.ts) takes the answers: right after #root. */
export const firstAnswersMarker = '<!--/first-answers-->';

/** The page's data block: the answers by URL (path and query), `<` escaped so that no `</script>` ends it early. */
export const firstAnswersMarkup = (answers: Record<string, unknown>): string =>
  `<script type="application/json" id="${firstAnswersId}">${JSON.stringify(answers).replace(/</g, '\\u003c')}</script>`;

/** The same URL however its query is ordered, with or without the origin. */
const keyOf = (url: string): string => {
  const parsed = new URL(url, 'http://localhost');
  parsed.searchParams.sort();
  return `${parsed.pathname}?${parsed.searchParams.toString()}`;
};

// The answers serve the start only: a tab left open gets nothing from them later.
const startWindowMs = 60_000;

let answers: Map<string, unknown> | null = null;
let hadAnswers = false;

const read = (): Map<string, unknown> => {
  if (answers) return answers;
  answers = new Map();
  if (typeof document === 'undefined') return answers;
  const element = document.getElementById(firstAnswersId);
  if (!element?.textContent) return answers;
  try {
    const parsed: unknown = JSON.parse(element.textContent);
    if (parsed !== null && typeof parsed === 'object') for (const [url, value] of Object.entries(parsed)) answers.set(keyOf(url), value);
  } catch {
    // A broken block: the app asks the server, as on any other start.
  }
  hadAnswers = answers.size > 0;
  return answers;
};

/** Whether this page carries answers that the start has not taken yet. */
export const hasFirstAnswers = (): boolean => read().size > 0;

/** The server's answer to a GET of `url` in this page, once; undefined when there is none (or the start is over). */
export const takeFirstAnswer = (url: string): unknown => {
  const all = read();
  if (all.size === 0 || performance.now() > startWindowMs) return undefined;
  const key = keyOf(url);
  const value = all.get(key);
  all.delete(key);
  return value;
};

let settle: (() => void) | null = null;
const settled = new Promise<void>((resolve) => {
  settle = resolve;
});

/** The route's guard has stored the answers (or given up): home's first frame reads its rows after that. */
export const firstAnswersStored = (): void => settle?.();

/** Resolves once the answers are stored, at once on a page without any (at most 5 s: a start never hangs on it). */
export const whenFirstAnswersStored = (): Promise<void> =>
  read() && hadAnswers ? Promise.race([settled, new Promise<void>((resolve) => setTimeout(resolve, 5000))]) : Promise.resolve();
