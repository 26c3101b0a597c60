import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { Role } from '#contract/auth';
import { dropLocalSession, isSessionExpired, readSession, safeRedirect } from '#features/auth/data/session.ts';
import { setSelectedContract } from '#features/home/data/contract-preference.ts';

/*
 * Route guards (SPEC §2 "Router rules"), run as loaders so nothing of a guarded screen renders first. They read
 * the session from Dexie, so they work offline.
 */

const loginRedirect = (request: Request) => {
  const url = new URL(request.url);
  return redirect(`/login?redirect=${encodeURIComponent(url.pathname + url.search)}`);
};

const notFound = () => data(null, { status: 404 });

/** Login required; `roles` limits the route to those roles and shows not-found to the others. */
export const requireSession =
  (roles?: readonly Role[]) =>
  async ({ request }: LoaderFunctionArgs) => {
    const session = await readSession();
    if (!session) throw loginRedirect(request);
    if (isSessionExpired(session)) {
      await dropLocalSession();
      throw loginRedirect(request);
    }
    if (roles && !roles.includes(session.role)) throw notFound();
    const contractId = Number(new URL(request.url).searchParams.get('contractId'));
    if (Number.isInteger(contractId) && contractId > 0) await setSelectedContract(contractId);
    return null;
  };

/** Owners and admins, never plain users (order follow-up, SPEC §6). */
export const notPlainUser: readonly Role[] = ['owner', 'admin'];
export const ownerOnly: readonly Role[] = ['owner'];

/** The login page sends an already logged-in user home (or to the redirect target). */
export const redirectIfLoggedIn = async ({ request }: LoaderFunctionArgs) => {
  const session = await readSession();
  if (session && !isSessionExpired(session)) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect')));
  }
  return null;
};
