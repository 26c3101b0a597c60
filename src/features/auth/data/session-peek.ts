import { peekStartRows } from '#db/peek';
import type { DeviceRow, SessionRow } from '#db/schema';
import { pageHasFirstAnswers } from '#lib/first-answers-mark';
import { paths } from '#lib/route-paths';
import { detectTouch, hasUsablePin } from './auth-rules.ts';

/*
 * What the start of the app needs to know of the session, without Dexie, the API client or the contract's schemas
 * (the login route ships only what a logged-out visitor needs): the route guards, the login route and the language menu read here;
 * session.ts (loaded on the first login call, by logged-in screens and by the background start) does the rest and
 * re-exports these functions. Offline: local reads only, always work.
 */

/** The stored session, read without loading Dexie. */
export const peekSession = async (): Promise<SessionRow | null> => (await peekStartRows()).session;

const apiBase = import.meta.env.VITE_API_BASE ?? '/api';
// Set once the server said "no session" in this page load: later guards do not ask again.
let serverSaidNoSession = false;
let asking: Promise<boolean> | null = null;

/**
 * With no local session descriptor (the browser evicted script-written storage, as Safari does after 7 days
 * unused, or the login happened outside the app), the HttpOnly cookies may still hold a valid session: ask the
 * server (GET /user/me) before sending anyone to login, and adopt what it answers (writes the descriptor). Asked
 * once per page load while the answer is "no session"; concurrent guards share one request. A plain fetch here
 * (no API client, no zod): only a successful answer loads the modules that parse and store it. Offline or on any
 * failure: false (the login screen decides what comes next).
 */
export const adoptServerSession = (): Promise<boolean> => {
  if (serverSaidNoSession) return Promise.resolve(false);
  asking ??= (async () => {
    try {
      // A first visit's page may carry the server's answer (lib/first-answers.ts).
      const first = pageHasFirstAnswers() ? (await import('#lib/first-answers')).takeFirstAnswer(`${apiBase}/user/me`) : undefined;
      if (first !== undefined) {
        // Without the API client when the device holds no one else's (first-visit-adoption.ts).
        const { adoptFirstVisitSession } = await import('./first-visit-adoption.ts');
        if (await adoptFirstVisitSession(first)) return true;
        const { adoptSession } = await import('./session.ts');
        return await adoptSession(first);
      }
      const response = await fetch(`${apiBase}/user/me`, {
        credentials: 'include',
        // Past the service worker's API cache: only the server knows whether the cookie is still good.
        headers: { Accept: 'application/json', 'Cache-Control': 'no-cache' },
      });
      if (!response.ok) {
        if (response.status === 401) serverSaidNoSession = true;
        return false;
      }
      const answer: unknown = await response.json();
      const { adoptSession } = await import('./session.ts');
      return await adoptSession(answer);
    } catch {
      return false;
    } finally {
      asking = null;
    }
  })();
  return asking;
};

export const isSessionExpired = (session: Pick<SessionRow, 'expiresAt'>, now = Date.now()): boolean => session.expiresAt <= now;

/** A redirect target must stay inside the app: a path, never another origin (`//evil`, `https:`). */
export const safeRedirect = (target: string | null): string => {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return paths.home;
  return target;
};

/** Touch screen (phone, tablet), the only kind of device that gets a PIN. */
export const isTouchDevice = (): boolean => {
  if (typeof navigator === 'undefined') return false;
  const coarse = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  return detectTouch({ maxTouchPoints: navigator.maxTouchPoints ?? 0, coarsePointer: coarse });
};

/** The PIN entry screen applies: touch device, a PIN for a known user, not expired. */
export const pinLoginAvailable = (device: DeviceRow | null, now = Date.now()): boolean => isTouchDevice() && hasUsablePin(device, now);

/**
 * Where `/login` sends the user instead of showing the form, or null: a live session goes to the redirect target
 * (inside the app only); a touch device with a PIN for its user goes to PIN entry, unless the user asked for the
 * password (`?password`). The PIN screen keeps the other parameters but `expired`.
 */
export const loginRouteTarget = async (url: URL, now = Date.now()): Promise<string | null> => {
  const { session, device } = await peekStartRows();
  if (session && !isSessionExpired(session, now)) return safeRedirect(url.searchParams.get('redirect'));
  if (url.searchParams.has('password') || !pinLoginAvailable(device, now)) return null;
  const query = new URLSearchParams(url.search);
  query.delete('expired');
  const rest = query.toString();
  return `${paths.pinLogin}${rest ? `?${rest}` : ''}`;
};
