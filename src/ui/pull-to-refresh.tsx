import { useEffect, useRef, useState } from 'react';

/** How far (CSS px of finger travel) a pull has to go before letting go refreshes. */
export const pullThreshold = 72;

/**
 * Where a pull of `distance` px of finger travel stands: the indicator follows the finger at half its speed (a
 * rubber band, at most `threshold` px down), and letting go past the threshold refreshes. Pure, for its table of cases.
 */
export const pullState = (distance: number, threshold = pullThreshold): { offset: number; armed: boolean } => {
  const travel = Math.max(0, distance);
  return { offset: Math.round(Math.min(threshold, travel / 2)), armed: travel >= threshold };
};

/** A touch screen (a coarse pointer): a mouse or a keyboard never pulls, they have the refresh button. */
const isTouchDevice = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;

/**
 * Pull-to-refresh on touch devices (issue 43 point 1): a finger that pulls the page down from its very top and lets go
 * past `pullThreshold` calls `onRefresh`. The page itself never moves (no layout shift): only the indicator, a fixed
 * element moved with a transform, follows the finger. It is decoration for sighted touch users (`aria-hidden`); the
 * screen's refresh button stays the way for keyboards and screen readers. The browser's own pull (a reload) is held
 * back meanwhile (`overscroll-behavior-y` on the document while the screen is shown on a touch device).
 */
export const PullToRefresh = ({ onRefresh, busy }: { onRefresh: () => void; busy: boolean }) => {
  const [offset, setOffset] = useState<number | null>(null);
  const [armed, setArmed] = useState(false);
  const refresh = useRef(onRefresh);
  useEffect(() => {
    refresh.current = onRefresh;
  });
  useEffect(() => {
    if (!isTouchDevice()) return undefined;
    const root = document.documentElement;
    root.dataset.pullToRefresh = '';
    let startY: number | null = null;
    let lastArmed = false;
    const start = (event: TouchEvent) => {
      // Only from the very top of the page, with one finger.
      startY = window.scrollY <= 0 && event.touches.length === 1 ? (event.touches[0]?.clientY ?? null) : null;
      lastArmed = false;
    };
    const move = (event: TouchEvent) => {
      if (startY === null) return;
      const y = event.touches[0]?.clientY;
      if (y === undefined || window.scrollY > 0) {
        startY = null;
        setOffset(null);
        return;
      }
      const state = pullState(y - startY);
      lastArmed = state.armed;
      setOffset(state.offset > 0 ? state.offset : null);
      setArmed(state.armed);
    };
    const end = () => {
      if (startY !== null && lastArmed) refresh.current();
      startY = null;
      lastArmed = false;
      setOffset(null);
      setArmed(false);
    };
    window.addEventListener('touchstart', start, { passive: true });
    window.addEventListener('touchmove', move, { passive: true });
    window.addEventListener('touchend', end);
    window.addEventListener('touchcancel', end);
    return () => {
      delete root.dataset.pullToRefresh;
      window.removeEventListener('touchstart', start);
      window.removeEventListener('touchmove', move);
      window.removeEventListener('touchend', end);
      window.removeEventListener('touchcancel', end);
    };
  }, []);
  const shown = offset !== null || busy;
  return (
    <div
      className="pull-indicator"
      aria-hidden="true"
      data-first-paint="skip"
      data-shown={shown || undefined}
      data-armed={armed || undefined}
      data-busy={busy || undefined}
      // A transform, not a position: moving it lays nothing out again. (React sets it through the CSSOM, which the
      // Content-Security-Policy allows; home's snapshot leaves the indicator out, lib/first-paint-markup.ts.)
      style={offset === null ? undefined : { transform: `translate(-50%, ${offset}px)` }}
    >
      <svg viewBox="0 0 24 24" focusable="false">
        <path d="M12 4a8 8 0 1 0 8 8h-2.2A5.8 5.8 0 1 1 12 6.2V9l4-4-4-4z" />
      </svg>
    </div>
  );
};
