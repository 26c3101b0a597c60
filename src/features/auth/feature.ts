import { chunk, type FeatureBudgets, type FeatureDeclaration, type Routes } from '#lib/feature-declaration';
import type auth from '../../../locales/fr/auth.json';
import type login from '../../../locales/fr/login.json';

/*
 * Logging in, the device PIN, account creation and password recovery (docs/product/auth.md). Each group of screens is
 * its own chunk, so a route loads its own code and no more (password recovery does not bring the session's storage).
 */

// The login view's own texts alone, so that the form shows in the first render after the route resolves; the shared
// messages of wrong input and failed calls load on its first wrong input.
const loginView = chunk(() => import('./components/login-page.tsx'), ['login'], false);
// The account screens share the login's password field and texts.
const account = chunk(() => import('./components/account-screens.tsx'), ['auth']);
const pin = chunk(() => import('./components/pin-screens.tsx'), ['auth', 'login']);
const recovery = chunk(() => import('./components/recovery-screens.tsx'), ['auth']);

const withoutLogin = { layout: 'empty', access: 'anyone' } as const;

const routes = {
  accountCreate: { path: '/account/create-account', screen: account.screen('CreateAccountPage') },
  // No login needed: the token is checked by the screen before anything else (docs/product/auth.md "E-mail
  // confirmation").
  confirmEmail: { path: '/account/confirm-email/:uuid/:token', screen: account.screen('ConfirmEmailPage'), access: 'anyone' },
  loginMain: {
    path: '/login',
    screen: loginView.screen('LoginPage'),
    layout: 'empty',
    // A signed-in user goes home (or to the redirect target), a phone with a PIN to PIN entry; a `?notice=` brings the
    // shared failure messages (app/guards.ts visitorOnly).
    access: 'visitor',
  },
  recoverPassword: { path: '/login/recover-password', screen: recovery.screen('RecoverPasswordPage'), ...withoutLogin },
  recoverPasswordPhone: { path: '/login/recover-password/sms', screen: recovery.screen('RecoverSmsPage'), ...withoutLogin },
  recoverPasswordEmail: { path: '/login/recover-password/:uuid/:token', screen: recovery.screen('RecoverTokenPage'), ...withoutLogin },
  createPassword: { path: '/login/create-password/:uuid/:token', screen: recovery.screen('CreatePasswordPage'), ...withoutLogin },
  createAccountMsisdn: { path: '/login/create-account', screen: account.screen('CreateAccountPage'), ...withoutLogin },
  renewAccess: { path: '/login/renew', screen: pin.screen('RenewAccessPage'), ...withoutLogin },
  pinLogin: { path: '/login/pin', screen: pin.screen('PinLoginPage'), ...withoutLogin },
  pinLost: { path: '/login/pin/lost', screen: pin.screen('PinLostPage'), ...withoutLogin },
  pinSetup: { path: '/login/pin/setup', screen: pin.screen('PinSetupPage'), layout: 'empty' },
  welcome: { path: '/login/welcome', screen: account.screen('WelcomePage'), ...withoutLogin },
  loginLink: { path: '/login/:uuid/:token', screen: account.screen('LoginLinkPage'), ...withoutLogin },
} as const satisfies Routes;

export const feature: FeatureDeclaration = {
  routes,
  // The password change, under the profile's account page.
  sections: { accountMain: account.screen('ChangePasswordSection') },
};

export const budgets: FeatureBudgets = {
  // The login form loads the session module with its storage (Dexie, the API client, zod) once submitted. 107, not
  // 106: the figure now counts the login view's own texts (0.9 KB), which the router loads with it (it counted `auth`).
  // 109 since issue 41 (108.0): the API client takes a first visit's answers from its page (lib/first-answers.ts).
  // 112 since issue 41 point 3 (110.5): the session's start brings the small modules home's start shares with other
  // screens as one chunk (scripts/build/home-start.ts `startSharedModules`: the date formats among them, 2.7 KB), where
  // it brought two of them; home, where a login goes, loads that chunk anyway.
  'components/login-page.tsx': { visitor: 112 },
  // The recovery forms validate with the contract (zod) and call the API. Since the login page runs on native
  // elements, the form library (react-hook-form, 12.5 KB) is no longer in the visitor's base: the recovery, account,
  // PIN and activation screens bring it themselves (53 → 68, 111 → 129, 116 → 134), while /login lost as much.
  'components/recovery-screens.tsx': { visitor: 68 },
  // These open a session: the session module with its storage (Dexie) comes with them. The account screens are also
  // the signed-in account page's password change; the PIN screens also the PIN setup after a login.
  'components/account-screens.tsx': { visitor: 129, customer: 23 },
  'components/pin-screens.tsx': { visitor: 129, customer: 23 },
};

declare module '#lib/feature-declaration' {
  interface Features {
    // `login`: the login view's texts alone (the password field's too); the other account screens' are in `auth`.
    auth: { routes: typeof routes; texts: { auth: typeof auth; login: typeof login } };
  }
}
