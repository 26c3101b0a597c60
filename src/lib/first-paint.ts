import { isStale } from '#contract/freshness';
import type { Language } from '#contract/language';
import { formatRelativeMinutes } from './format.ts';

/*
 * The last-seen screen (docs/architecture.md "Start-up"): when a logged-in customer opens the app again, offline or
 * online, the first paint already shows home as they last saw it, with the age of its figures, before any
 * JavaScript runs. Home keeps a snapshot of its screen on the device (the `prefs` row `firstPaintKey`, written
 * after each render of its data, wiped with every other table at logout and on a change of account); the service
 * worker answers the navigation to home with the app's page and that snapshot in it, when the stored session is
 * the snapshot's user's and has not expired. Nothing here is sent to the server.
 *
 * The snapshot is the screen's own markup (the app's DOM, serialized), so the app's first commit draws the same
 * boxes in the same places: no flash, no layout shift. Three things in it change between the write and the next
 * start, and are filled in when the page is composed: the age of each figure ("updated 5 minutes ago", and the
 * stale badge past 15 minutes), the page's language and layout mode (on <html>), and its title. The layout mode
 * written there is the snapshot's, a fallback only: the markup is the same for phone and desktop, and home's page
 * sets the mode of this start's window before its first paint (src/layout-first.ts). Painted in its own mode, a
 * snapshot kept at desktop width was drawn as a desktop page in a phone-sized window, then moved to the phone
 * layout by the app (CLS 0.23).
 *
 * This module is shared by the page (which writes) and the service worker (which composes): no DOM, no React, no
 * Dexie. The page's side, which reads the DOM, is first-paint-markup.ts.
 */

/** The `prefs` row that holds the snapshot of home. */
export const firstPaintKey = 'firstPaint:home';

/** The texts of a freshness note in the snapshot's language, as the app words them (common:freshness). */
export type FreshnessTexts = {
  justNow: string;
  /** With `{{when}}` where the relative time goes ("Mis à jour {{when}}"). */
  updated: string;
  stale: string;
};

export type FirstPaintSnapshot = {
  /** Whose screen it is: served only while the stored session is this user's. */
  userGuid: string;
  /** The route it shows (home). */
  path: string;
  /**
   * The line whose figures it shows (the selected contract), so that `/?contractId=` may be served it: absent in a
   * snapshot kept before it was written down, or when no line is selected.
   */
  contractId?: number;
  /** The markup of #root, free of inline styles and scripts, with the age markers of `ageMarker`. */
  html: string;
  lang: Language;
  /** The layout mode it was kept in: painted when the page's layout script does not run (see above). */
  layout: 'mobile' | 'desktop';
  title: string;
  texts: FreshnessTexts;
  savedAt: number;
};

/** "Updated 5 minutes ago" for data fetched at `fetchedAt` (the freshness note's words, ui/freshness-note.tsx). */
export const ageText = (fetchedAt: number, now: number, lang: string, texts: Pick<FreshnessTexts, 'justNow' | 'updated'>): string =>
  now - fetchedAt < 60_000 ? texts.justNow : texts.updated.replace('{{when}}', formatRelativeMinutes(fetchedAt, now, lang));

/** The stale badge of a freshness note (ui/badge.tsx's markup, tone warning). */
export const staleBadgeMarkup = (text: string): string => `<span class="badge" data-tone="warning">${escapeHtml(text)}</span>`;

/**
 * Where the snapshot's markup has a freshness note, the writer leaves markers instead of its age text and its
 * stale badge: `<!--fp-age:1732690000000-->` and `<!--fp-stale:1732690000000-->` (the fetch time in ms).
 */
export const ageMarker = (fetchedAt: number): string => `<!--fp-age:${fetchedAt}-->`;
export const staleMarker = (fetchedAt: number): string => `<!--fp-stale:${fetchedAt}-->`;

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

/** The snapshot's markup with each freshness note's age and badge as of `now`. */
export const snapshotMarkupAt = (snapshot: Pick<FirstPaintSnapshot, 'html' | 'lang' | 'texts'>, now: number): string =>
  snapshot.html
    .replace(/<!--fp-age:(\d+)-->/g, (_, at: string) => escapeHtml(ageText(Number(at), now, snapshot.lang, snapshot.texts)))
    .replace(/<!--fp-stale:(\d+)-->/g, (_, at: string) => (isStale(Number(at), now) ? staleBadgeMarkup(snapshot.texts.stale) : ''));

/** The attribute on #root while it holds a snapshot (the app removes it when it takes over). */
export const snapshotAttribute = 'data-snapshot';

/**
 * No frame before the whole snapshot is parsed (`<link rel="expect">`, Chromium 124+; other browsers ignore it and
 * paint as before). On a phone's processor the parser yields to the first paint after the header and greeting, and
 * the figures came one or more frames later (offline cold start at 4x CPU: first paint 1.0 s, figures 1.6 s). The
 * snapshot is a few kilobytes: parsing all of it costs the first paint a few milliseconds, and the figures are in it.
 *
 * The link names an empty element right after #root, not #root itself: Chromium lets the frame go as soon as the
 * element it names is in the document, and #root is in it from its opening tag. Pointed at #root, one offline cold
 * start in four (5 of 20 at 4x CPU, Chromium 156) still painted the header before the figures; pointed at the end
 * of the snapshot, none of 20 did.
 *
 * Only where the page comes whole (`'whole'`: the service worker composes it on the device). The server's first visit
 * of home (app/first-visit.tsx) comes over the network, a piece at a time: there the page paints as it arrives
 * (`'progressive'`), as it did with the link on #root. Held to its end, its first paint waited for the last byte
 * (Lighthouse's first visit of home: first contentful paint 1.1–1.6 s against 1.0 s).
 */
const snapshotEndId = 'snapshot-end';
const wholeSnapshotFirst = `<link rel="expect" href="#${snapshotEndId}" blocking="render">`;

/**
 * Home's page with the snapshot in it: the app's page (`page`, the built home.html) with the snapshot in #root as of
 * `now`, its language and layout mode on <html>, and its title. `'whole'` (the service worker's page, composed on the
 * device): no frame painted before #root is parsed to its end; `'progressive'` (the server's first visit): painted as
 * it arrives. Null when the page has not the expected shape (an older build): the worker then answers the page as it
 * is.
 */
export const composeFirstPaint = (
  page: string,
  snapshot: FirstPaintSnapshot,
  now: number,
  firstFrame: 'whole' | 'progressive',
): string | null => {
  const root = /<div id="root">[\s\S]*?<!--\/root--><\/div>/;
  if (!root.test(page) || !/<html lang="[a-z]+"/.test(page)) return null;
  const markup = snapshotMarkupAt(snapshot, now);
  const [waitForEnd, end] = firstFrame === 'whole' ? [wholeSnapshotFirst, `<span id="${snapshotEndId}" hidden></span>`] : ['', ''];
  return page
    .replace(/<html lang="[a-z]+"/, `<html lang="${snapshot.lang}" data-layout="${snapshot.layout}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(snapshot.title)}</title>`)
    .replace(/<\/head>/, () => `${waitForEnd}</head>`)
    .replace(root, () => `<div id="root" ${snapshotAttribute}="${snapshot.savedAt}">${markup}</div>${end}`);
};

/** A stored value that has the snapshot's shape (the service worker reads it from IndexedDB, untyped). */
export const isFirstPaintSnapshot = (value: unknown): value is FirstPaintSnapshot => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const texts = v.texts as Record<string, unknown> | null | undefined;
  return (
    typeof v.userGuid === 'string' &&
    typeof v.path === 'string' &&
    typeof v.html === 'string' &&
    (v.lang === 'fr' || v.lang === 'nl' || v.lang === 'en') &&
    (v.layout === 'mobile' || v.layout === 'desktop') &&
    typeof v.title === 'string' &&
    typeof v.savedAt === 'number' &&
    (v.contractId === undefined || typeof v.contractId === 'number') &&
    typeof texts === 'object' &&
    texts !== null &&
    typeof texts.justNow === 'string' &&
    typeof texts.updated === 'string' &&
    typeof texts.stale === 'string'
  );
};

/** Query parameters of home's address that select what its screen shows: the language and the line. */
const homeQuery = new Set(['lang', 'contractId']);

/**
 * Whether the snapshot shows what home's address `search` (`?lang=nl`, `?contractId=5`, both, or nothing) asks
 * for: the same language and the same line. Any other parameter, or a line or language the snapshot does not show,
 * is not (the worker then answers the shell, and the app draws what was asked).
 */
export const snapshotFitsQuery = (snapshot: Pick<FirstPaintSnapshot, 'lang' | 'contractId'>, search: string): boolean => {
  const query = new URLSearchParams(search);
  for (const name of query.keys()) if (!homeQuery.has(name)) return false;
  const lang = query.get('lang');
  if (lang !== null && lang !== snapshot.lang) return false;
  const contractId = query.get('contractId');
  if (contractId !== null && (snapshot.contractId === undefined || contractId !== String(snapshot.contractId))) return false;
  return true;
};
