import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { Role } from '#contract/auth';
import { adoptServerSession, isSessionExpired, loginRouteTarget, peekSession } from '#features/auth/data/session-peek.ts';
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
    return null;
  };

/** Owners and admins, never plain users (order follow-up, docs/product/roles.md "Route guards"). */
export const notPlainUser: readonly Role[] = ['owner', 'admin'];
export const ownerOnly: readonly Role[] = ['owner'];

/**
 * The login page sends an already logged-in user home (or to the redirect target), and a phone with a PIN for
 * its user to PIN entry (unless `?password`).
 */
export const redirectIfLoggedIn = async ({ request }: LoaderFunctionArgs) => {
  const target = await loginRouteTarget(new URL(request.url));
  if (target) throw redirect(target);
  return null;
};
