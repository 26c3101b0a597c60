import type { NavigateFunction } from 'react-router';
import { advanceSessionGeneration, sessionGeneration, type ApiFailure } from '#features/system/data/api-events.ts';
import { failureAction } from '#features/system/data/failure-rules.ts';
import { loginPath, paths, withRedirect } from '#lib/route-paths';
import type { FailureWhere, Notice } from './use-global-failures.ts';

/**
 * docs/product/errors.md "Global error handler": the one place where a failed call becomes a redirect (401 → PIN
 * renewal or login, 503 → maintenance) or a red notice, for every screen and every call (`silent` only keeps the red
 * notice away). The decision is features/system/data/failure-rules.ts; the handler returned acts on it.
 *
 * One redirect at a time: from its decision until the new screen is on display every failure is ignored, and the
 * session generation moves on at both ends, so that a call started before the redirect landed is never acted on
 * afterwards (a late 401 of the screen left behind would otherwise send a renewed customer back to renewal).
 */
export const createFailureHandler = (
  navigate: NavigateFunction,
  showNotice: (notice: Omit<Notice, 'id'>) => void,
): ((failure: ApiFailure, where: FailureWhere) => void) => {
  let redirecting = false;
  const redirect = (target: () => Promise<string>, options: { replace: boolean }) => {
    redirecting = true;
    advanceSessionGeneration();
    void target()
      .then((to) => navigate(to, options))
      .catch((error: unknown) => console.error('redirect after a failed call failed', error))
      .finally(() => {
        advanceSessionGeneration();
        redirecting = false;
      });
  };

  return (failure, { path, pathname, back }) => {
    const action = failureAction(failure, { generation: sessionGeneration(), redirecting, path });
    switch (action.kind) {
      case 'ignore':
        return;
      case 'maintenance':
        redirect(() => Promise.resolve(paths.maintenance), { replace: false });
        return;
      case 'unauthorized':
        // docs/product/auth.md "Session lifetime and renewal": PIN renewal on a touch device that has a refresh token
        // and the user guid, otherwise login. The session module loads here, not with the login route (which ships
        // only what a logged-out visitor needs).
        redirect(
          () =>
            import('#features/auth/data/session.ts')
              .then(({ afterUnauthorized }) => afterUnauthorized())
              .then((to) => (to === 'renew' ? withRedirect(paths.renewAccess, back) : loginPath({ expired: true, redirect: back }))),
          { replace: true },
        );
        return;
      case 'notice':
        showNotice({ code: action.code, status: action.status, path: pathname });
    }
  };
};
