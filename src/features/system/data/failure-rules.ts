import { paths, staticPrefix } from '#lib/route-paths';
import type { ApiFailure } from './api-events.ts';

/*
 * docs/product/errors.md "Global error handler": what one failed call leads to, whatever the screen. Pure, so that it
 * is tested as a table; src/app/use-global-failures.ts acts on it. Where a 401 leads (PIN renewal or login) is the
 * session's rule, `unauthorizedTarget` in features/auth/data/auth-rules.ts, asked once the 401 is acted on.
 */

export type FailureAction =
  | { kind: 'ignore' }
  | { kind: 'maintenance' }
  | { kind: 'unauthorized' }
  | { kind: 'notice'; code: string; status: number };

/** What the handler knows when a failure reaches it. */
export type HandlerState = {
  /** The current session generation (src/api/api-failures.ts). */
  generation: number;
  /** One of the handler's redirects is under way (from its decision until the new screen is on display). */
  redirecting: boolean;
  /** The path (and query) of the screen on display. */
  path: string;
};

const under = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}?`);

/** Screens whose own calls are about signing in: a 401 there is their answer, never an expired session. */
const onLoginScreens = (path: string): boolean => under(path, paths.loginMain);

/**
 * Screens that show their own messages, where the red notice stays quiet: login, recovery and account creation, the
 * maintenance page, SIM activation, the e-mail confirmation.
 */
const onQuietScreens = (path: string): boolean =>
  onLoginScreens(path) ||
  under(path, paths.accountCreate) ||
  under(path, paths.maintenance) ||
  under(path, paths.activateSim) ||
  path.startsWith(staticPrefix(paths.confirmEmail));

const ignore: FailureAction = { kind: 'ignore' };

export const failureAction = (failure: ApiFailure, state: HandlerState): FailureAction => {
  // One redirect at a time; and a call started before the last login, renewal, logout or redirect is about a session
  // or a screen that is gone.
  if (state.redirecting || failure.startedIn < state.generation) return ignore;
  if (failure.status === 503) return under(state.path, paths.maintenance) ? ignore : { kind: 'maintenance' };
  if (failure.status === 401) {
    // A public call's 401 (wrong credentials, wrong PIN) or a session call's is the caller's answer.
    if (!failure.authenticated || failure.sessionCall || onLoginScreens(state.path)) return ignore;
    return { kind: 'unauthorized' };
  }
  if (onQuietScreens(state.path)) return ignore;
  if (failure.refused) return { kind: 'notice', code: 'connectionRefused', status: 0 };
  if (failure.isNetwork || failure.silent) return ignore;
  return { kind: 'notice', code: failure.code, status: failure.status };
};
