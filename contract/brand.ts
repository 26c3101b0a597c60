/*
 * The operator's brand as both the app and the server's documents draw it: its colours (the app's tokens,
 * src/ui/styles.css --color-brand and --color-brand-strong) and its mark (src/ui/brand-mark.tsx: an M on a rounded
 * tile with the signal dot, on a 32-unit square), so that an invoice printed on paper looks like the app.
 */

export const BRAND_COLOR = '#5b2a86';
export const BRAND_COLOR_STRONG = '#43196a';
/** The signal dot of the mark. */
export const BRAND_ACCENT = '#ffd166';

export const BRAND_MARK = {
  /** The side of the mark's square, in its own units. */
  size: 32,
  tile: { x: 1, y: 1, side: 30, radius: 9 },
  /** The M, stroked with round caps and joins. */
  letter: { d: 'M8.5 23V10.5l7.5 7 7.5-7V23', width: 3.2 },
  dot: { cx: 24.5, cy: 6.5, r: 2.4 },
} as const;
