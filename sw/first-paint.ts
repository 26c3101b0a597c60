import { matchPrecache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { peekSessionAndPref } from '#db/peek';
import { composeFirstPaint, firstPaintKey, isFirstPaintSnapshot, snapshotFitsQuery } from '#lib/first-paint';

/*
 * The navigation to home (docs/architecture.md "Start-up", lib/first-paint.ts): the worker knows from IndexedDB
 * whether a customer is logged in on this device, so it answers with the page built for home (home.html: the shell,
 * and home's chunks started right after the first paint, all discovered from this first answer) and, when home's
 * snapshot is the logged-in user's, that snapshot in it: the customer's own figures with their age are in the
 * first paint, before any JavaScript runs, offline as online. The answer is composed here on the device; the
 * snapshot never leaves it. Without a live session (logged out, expired, another user's snapshot) nothing of it is
 * served: the shell answers, and the app sends the visitor to login.
 */

const answer = async (url: string): Promise<Response> => (await matchPrecache(url)) ?? Response.error();

/** The precached page's headers (the security headers the server sent with it), for a body of our own. */
const headersOf = (page: Response): Headers => {
  const headers = new Headers(page.headers);
  for (const name of ['content-length', 'content-encoding', 'etag', 'last-modified']) headers.delete(name);
  return headers;
};

const answerHome = async (url: URL): Promise<Response> => {
  const now = Date.now();
  const { session, value } = await peekSessionAndPref(firstPaintKey);
  // No live session: the app sends the visitor to login; home's chunks would be fetched for nothing.
  if (!session || session.expiresAt <= now) return answer('/index.html');
  const page = await matchPrecache('/home.html');
  if (!page) return answer('/index.html');
  if (!isFirstPaintSnapshot(value) || value.userGuid !== session.userGuid || value.path !== '/') return page;
  // A query that selects another language or line than the snapshot's (or anything else) gets the page without it.
  if (!snapshotFitsQuery(value, url.search)) return page;
  const composed = composeFirstPaint(await page.clone().text(), value, now, 'whole');
  if (composed === null) return page;
  return new Response(composed, { status: 200, headers: headersOf(page) });
};

/** Registered before the shell's route: the first matching route answers. `/` and `/?…`: a query (`?lang=`,
 * `?contractId=`) may change what home shows, so the snapshot is served only when it shows what the query selects
 * (lib/first-paint.ts snapshotFitsQuery); otherwise home's page comes without it. */
export const registerFirstPaint = (): void => {
  registerRoute(new NavigationRoute(({ url }) => answerHome(url), { allowlist: [/^\/(\?.*)?$/] }));
};
