import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { Role } from '#contract/auth';
import { adoptServerSession, isSessionExpired, loginRouteTarget, peekSession } from '#features/auth/data/session-peek.ts';
import { preloadNamespaces } from '#i18n/i18n';
import { pageHasFirstAnswers } from '#lib/first-answers-mark';
import { loginPath } from '#lib/route-paths';

/*
 * Route guards (docs/product/navigation.md "Router rules"; docs/product/roles.md "Route guards"), run as loaders so
 * nothing of a guarded screen renders first. They read the session from IndexedDB without Dexie (the login route
 * ships only what a visitor needs), so they work offline; what writes (an expired session's wipe, a forced contract)
 * loads its module when it happens.
 */

const loginRedirect = (request: Request) => {
  const url = new URL(request.url);
  return redirect(loginPath({ redirect: url.pathname + url.search }));
};

const notFound = () => data(null, { status: 404 });

/** Login required; `roles` limits the route to those roles and shows not-found to the others. */
export const requireSession =
  (roles?: readonly Role[]) =>
  async ({ request }: LoaderFunctionArgs) => {
    try {
      await guardSession(request, roles);
    } finally {
      // Home's first frame waits for the answers of a first visit's page to be stored (or for this guard to fail).
      if (pageHasFirstAnswers()) (await import('#lib/first-answers')).firstAnswersStored();
    }
    return null;
  };

const guardSession = async (request: Request, roles?: readonly Role[]): Promise<void> => {
  // No local descriptor: the cookies may still hold a session (storage evicted, login outside the app).
  const session = (await peekSession()) ?? ((await adoptServerSession()) ? await peekSession() : null);
  if (!session) throw loginRedirect(request);
  if (isSessionExpired(session)) {
    const { dropLocalSession } = await import('#features/auth/data/session.ts');
    await dropLocalSession();
    throw loginRedirect(request);
  }
  if (roles && !roles.includes(session.role)) throw notFound();
  const contractId = Number(new URL(request.url).searchParams.get('contractId'));
  if (Number.isInteger(contractId) && contractId > 0) {
    const { setSelectedContract } = await import('#features/home/data/contract-preference.ts');
    await setSelectedContract(contractId);
  }
  // A first visit's page carries the answers of home's first reads (app/first-visit.tsx): stored before its
  // first frame reads them.
  if (pageHasFirstAnswers() && (await import('#lib/first-answers')).hasFirstAnswers()) {
    const { storeFirstVisit } = await import('#features/home/data/first-visit-store.ts');
    await storeFirstVisit();
  }
};

/**
 * The login page (a route with `access: 'visitor'`) sends an already logged-in user home (or to the redirect target),
 * and a phone with a PIN for its user to PIN entry (unless `?password`). A `?notice=` that another screen left for the
 * login view may be one of the shared failure messages (a PIN failure): the `errors` texts load with it.
 */
export const visitorOnly = async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  const [target] = await Promise.all([loginRouteTarget(url), url.searchParams.has('notice') ? preloadNamespaces(['errors']) : null]);
  if (target) throw redirect(target);
  return null;
};
