import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { saveLanguagePreference } from '#features/auth/data/language.ts';
import { loadChunk } from '#lib/chunk-load';
import { NotFoundPage } from '#features/system/components/not-found-page.tsx';
import { RouteError } from '#features/system/components/route-error.tsx';
import { preloadNamespaces, type Namespace } from '#i18n/i18n';
import { paths, type RoutePattern } from '#lib/route-paths';
import { BootScreen } from './boot-screen.tsx';
import { notPlainUser, ownerOnly, redirectIfLoggedIn, requireSession } from './guards.ts';
import { EmptyLayout } from './layouts/empty-layout.tsx';
import { RootShell } from './root-shell.tsx';

/*
 * The one route table (docs/product/navigation.md "Routes under the main layout", "Routes under the empty layout").
 * Screens load lazily so the login route only ships what it needs; guards run as loaders before a screen renders.
 * Every lazy import goes through loadChunk: a failure or a 120 s time-out raises the chunk-load error of
 * docs/product/navigation.md "When part of the app cannot load" with its reload action.
 */

/**
 * A feature's screens and the texts they read, loaded in parallel: the route's waterfall is one chunk deep and the
 * screen renders without suspending on its texts. Each group of screens is its own chunk, so a route loads its
 * own code and no more (password recovery does not bring the session's storage, for example). Every feature's
 * forms and calls speak with the shared messages of wrong input and failed calls (`validation`, `errors`): they
 * load with the screens, not at start (the login page needs them only on its first wrong input).
 */
const screens =
  <T,>(load: () => Promise<T>, ns: readonly Namespace[]) =>
  async (): Promise<T> =>
    (await Promise.all([loadChunk(load), preloadNamespaces([...ns, 'validation', 'errors'])]))[0];

// The account screens share the login's password field and texts.
const accountScreens = screens(() => import('#features/auth/components/account-screens.tsx'), ['auth']);
const pinScreens = screens(() => import('#features/auth/components/pin-screens.tsx'), ['auth', 'login']);
const recoveryScreens = screens(() => import('#features/auth/components/recovery-screens.tsx'), ['auth']);
const home = screens(() => import('#features/home/components/home-page.tsx'), ['home']);
const invoices = screens(() => import('#features/invoices/components/invoice-screens.tsx'), ['invoices']);
// The profile's cookie section reads the consent texts.
const settings = screens(() => import('#features/settings/components/settings-screens.tsx'), ['settings', 'consent']);
const consumption = screens(() => import('#features/consumption/components/consumption-screens.tsx'), ['consumption']);
const subscription = screens(() => import('#features/subscription/components/subscription-screens.tsx'), ['subscription']);
const orders = screens(() => import('#features/orders/components/order-screens.tsx'), ['orders']);
const support = screens(() => import('#features/support/components/support-screens.tsx'), ['support']);
const offers = screens(() => import('#features/offers/components/offer-screens.tsx'), ['offers']);
const activation = screens(() => import('#features/activation/components/activation-screens.tsx'), ['activation']);
const maintenance = screens(() => import('#features/system/components/maintenance-page.tsx'), ['system']);

/**
 * The login route's guard. A `?notice=` that another screen left for the login view may be one of the shared
 * failure messages (a PIN failure): the `errors` texts load with it.
 */
const loginLoader = async (args: LoaderFunctionArgs) => {
  const notice = new URL(args.request.url).searchParams.has('notice');
  await Promise.all([redirectIfLoggedIn(args), notice ? preloadNamespaces(['errors']) : null]);
  return null;
};

const guarded = (path: RoutePattern, id: string, lazy: RouteObject['lazy'], roles?: Parameters<typeof requireSession>[0]): RouteObject => ({
  path,
  id,
  loader: requireSession(roles),
  lazy,
});

export const routes: RouteObject[] = [
  {
    element: <RootShell />,
    errorElement: <RouteError />,
    // The shell while the first route's guard reads the session from IndexedDB (src/main.tsx renders once the first
    // route is ready, so this shows only if the router renders earlier).
    hydrateFallbackElement: <BootScreen />,
    children: [
      {
        // Lazy: the login route never pays for the navigation, its menus and dialogs, nor their texts (the energy
        // entry's failure is one of the shared `errors`).
        lazy: async () => {
          const [{ MainLayout }] = await Promise.all([
            loadChunk(() => import('./layouts/main-layout.tsx')),
            preloadNamespaces(['nav', 'errors', 'customer']),
          ]);
          return { Component: MainLayout };
        },
        errorElement: <RouteError />,
        children: [
          {
            errorElement: <RouteError />,
            children: [
              guarded(paths.home, 'home', async () => {
                // Home's stored rows are read while the route resolves: its first frame shows them (offline too).
                const { HomePage, readHomeFirstFrame } = await home();
                await readHomeFirstFrame();
                return { Component: HomePage };
              }),
              guarded(paths.accountMain, 'account-main', async () => {
                // The profile's account page, with the password change of the auth feature under it.
                const [{ AccountPage }, { ChangePasswordSection }] = await Promise.all([settings(), accountScreens()]);
                return {
                  Component: () => (
                    <>
                      <AccountPage />
                      <ChangePasswordSection />
                    </>
                  ),
                };
              }),
              guarded(paths.accountCreate, 'account-create', async () => ({ Component: (await accountScreens()).CreateAccountPage })),
              // No login needed: the token is checked by the screen before anything else (docs/product/auth.md
              // "E-mail confirmation").
              {
                path: paths.confirmEmail,
                id: 'confirm-email',
                lazy: async () => ({ Component: (await accountScreens()).ConfirmEmailPage }),
              },
              guarded(paths.bills, 'bills', async () => ({ Component: (await invoices()).BillsPage })),
              guarded(paths.consumptionMain, 'consumption-main', async () => ({ Component: (await consumption()).ConsumptionPage })),
              guarded(paths.consumptionDetails, 'consumption-details', async () => ({
                Component: (await consumption()).ConsumptionDetailsPage,
              })),
              guarded(paths.consumptionOverspent, 'consumption-overspent', async () => ({
                Component: (await consumption()).OverspentPage,
              })),
              guarded(paths.settingsMain, 'settings-main', async () => {
                // The profile overview saves the language with the auth feature's queued change, and offers the
                // layout's logout with its confirmation.
                const [{ SettingsPage }, { LogoutButton }] = await Promise.all([
                  settings(),
                  loadChunk(() => import('./layouts/logout-entry.tsx')),
                ]);
                return { Component: () => <SettingsPage saveLanguage={saveLanguagePreference} logout={<LogoutButton />} /> };
              }),
              guarded(paths.settingsAlerts, 'settings-alerts', async () => ({ Component: (await settings()).AlertsPage })),
              // The payment details belong to the invoices area (the creditor, the mandate and the payment rules).
              guarded(paths.settingsPayment, 'settings-payment', async () => ({ Component: (await invoices()).PaymentPage })),
              guarded(paths.settingsContact, 'settings-contact', async () => ({ Component: (await settings()).ContactPage })),
              // The profile's sections, each on its own page (the profile itself stays one short page).
              guarded(paths.settingsLimits, 'settings-limits', async () => ({ Component: (await settings()).LimitsPage })),
              guarded(paths.settingsNetwork, 'settings-network', async () => ({ Component: (await settings()).NetworkPage })),
              guarded(paths.settingsCodes, 'settings-codes', async () => ({ Component: (await settings()).SimCodesPage })),
              guarded(paths.settingsPrivacy, 'settings-privacy', async () => ({ Component: (await settings()).PrivacyPage })),
              guarded(paths.offersMain, 'offers-main', async () => ({ Component: (await offers()).OffersPage })),
              guarded(paths.linkAccounts, 'link-accounts', async () => ({ Component: (await offers()).LinkAccountsPage }), ownerOnly),
              guarded(
                paths.orders,
                'orders',
                async () => {
                  // The order history, with the SIM activations under way below it.
                  const [{ OrdersPage }, { ActivationOrdersSection }] = await Promise.all([orders(), activation()]);
                  return {
                    Component: () => (
                      <>
                        <OrdersPage />
                        <ActivationOrdersSection />
                      </>
                    ),
                  };
                },
                notPlainUser,
              ),
              guarded(paths.orderFollow, 'order-follow', async () => ({ Component: (await activation()).OrderFollowPage }), notPlainUser),
              guarded(paths.subscriptionMain, 'subscription-main', async () => ({ Component: (await subscription()).SubscriptionPage })),
              guarded(paths.subscriptionOptimize, 'subscription-optimize', async () => ({
                Component: (await subscription()).OptimizePage,
              })),
              guarded(paths.orderSummary, 'order-summary', async () => ({ Component: (await subscription()).OrderSummaryPage })),
              guarded(paths.supportMain, 'support-main', async () => ({ Component: (await support()).SupportPage })),
              guarded(paths.supportContact, 'support-contact', async () => ({ Component: (await support()).SupportContactPage })),
            ],
          },
        ],
      },
      {
        element: <EmptyLayout />,
        errorElement: <RouteError />,
        children: [
          {
            path: paths.loginMain,
            id: 'login-main',
            loader: loginLoader,
            // Its texts load with its chunk, so the form shows in the first render after the route resolves.
            lazy: async () => {
              const [{ LoginPage }] = await Promise.all([
                loadChunk(() => import('#features/auth/components/login-page.tsx')),
                preloadNamespaces(['login']),
              ]);
              return { Component: LoginPage };
            },
          },
          {
            path: paths.recoverPassword,
            id: 'recover-password',
            lazy: async () => ({ Component: (await recoveryScreens()).RecoverPasswordPage }),
          },
          {
            path: paths.recoverPasswordPhone,
            id: 'recover-password-phone',
            lazy: async () => ({ Component: (await recoveryScreens()).RecoverSmsPage }),
          },
          {
            path: paths.recoverPasswordEmail,
            id: 'recover-password-email',
            lazy: async () => ({ Component: (await recoveryScreens()).RecoverTokenPage }),
          },
          {
            path: paths.createPassword,
            id: 'create-password',
            lazy: async () => ({ Component: (await recoveryScreens()).CreatePasswordPage }),
          },
          {
            path: paths.createAccountMsisdn,
            id: 'create-account-msisdn',
            lazy: async () => ({ Component: (await accountScreens()).CreateAccountPage }),
          },
          { path: paths.renewAccess, id: 'renew-access', lazy: async () => ({ Component: (await pinScreens()).RenewAccessPage }) },
          { path: paths.pinLogin, id: 'pin-login', lazy: async () => ({ Component: (await pinScreens()).PinLoginPage }) },
          { path: paths.pinLost, id: 'pin-lost', lazy: async () => ({ Component: (await pinScreens()).PinLostPage }) },
          {
            path: paths.pinSetup,
            id: 'pin-setup',
            loader: requireSession(),
            lazy: async () => ({ Component: (await pinScreens()).PinSetupPage }),
          },
          { path: paths.welcome, id: 'welcome', lazy: async () => ({ Component: (await accountScreens()).WelcomePage }) },
          { path: paths.loginLink, id: 'login-link', lazy: async () => ({ Component: (await accountScreens()).LoginLinkPage }) },
          {
            path: paths.maintenance,
            id: 'maintenance',
            lazy: async () => ({ Component: (await maintenance()).MaintenancePage }),
          },
          {
            path: paths.activateSim,
            id: 'activate-sim',
            lazy: async () => ({ Component: (await activation()).ActivateSimPage }),
          },
          {
            path: paths.notFound,
            id: 'not-found',
            lazy: async () => {
              await preloadNamespaces(['system']);
              return { Component: NotFoundPage };
            },
          },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
