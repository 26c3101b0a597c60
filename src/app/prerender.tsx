import { StrictMode, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { PrerenderedConsent } from '#features/settings/components/consent-dialog.tsx';
import i18next from 'i18next';
import { defaultLanguage, languages, type Language } from '#contract/language';
import { initI18n, preloadNamespaces } from '#i18n/i18n';
import { homePageNamespaces, startNamespaces } from '#i18n/namespaces';
import { PrerenderingContext } from '#ui/prerendering';
import { BootScreen } from './boot-screen.tsx';
import { routes } from './router.tsx';

/*
 * The pages the build writes as static HTML (scripts/build/prerender.ts loads this module with Vite's SSR loader and
 * calls prerenderPages): the login screen in each language (the server and the service worker send the visitor's:
 * contract/language.ts `pageLanguage`), and the app shell, in French (docs/product/settings.md "Language": the
 * default language; it shows only the brand and a spinner). The app renders over them when its first route is ready
 * (src/main.tsx). No hydration: the markup carries no state to match.
 */

export type PrerenderedPage = {
  /** The markup that goes inside <div id="root">. */
  html: string;
  /** Source files (relative to the project root) whose built chunks the page preloads from its <head>. */
  preload: string[];
  /**
   * Texts the page's screen reads, per language (locale files): preloaded with the chunks in the language the page
   * is painted in (its <html lang>; the service worker sets it for home's snapshot).
   */
  texts?: Record<Language, string[]>;
  /**
   * The page is complete without JavaScript (not a placeholder): its scripts start after the first paint, so the
   * browser spends the first bytes of a slow connection on the HTML and CSS that paint it.
   */
  paintFirst: boolean;
  /** The language the page is painted in (its <html lang>); absent: the default one, as index.html says. */
  language?: Language;
};

/**
 * `loginConsent`: the login page of a visitor who has not answered the cookie question yet (no consent cookie),
 * with the consent modal in its first paint; the server sends it instead of `login` then (server/app.ts).
 * `home`: the shell for a logged-in customer's home, with home's chunks and texts started right after the first
 * paint; only the service worker answers with it (it knows from IndexedDB that a session is stored, and puts the
 * customer's last-seen screen in it: sw/first-paint.ts).
 * `homeFirstVisit`: the same for the server's answer to home's first visit on a device (app/first-visit.tsx).
 */
export type PrerenderedPages = {
  login: Record<Language, PrerenderedPage>;
  loginConsent: Record<Language, PrerenderedPage>;
  shell: PrerenderedPage;
  home: PrerenderedPage;
  homeFirstVisit: PrerenderedPage;
};

const render = (node: ReactNode): string =>
  renderToString(
    <StrictMode>
      <PrerenderingContext value={true}>{node}</PrerenderingContext>
    </StrictMode>,
  );

/** The login route's screen, with its chunk and the texts it reads in the page's language. */
const loginPreload = (language: Language) => [
  'src/features/auth/components/login-page.tsx',
  `src/i18n/texts-${language}.ts`,
  ...[...startNamespaces, 'login'].map((namespace) => `locales/${language}/${namespace}.json`),
];

/** Home's route as a cold start opens it: the main layout and home's screen, and their texts. */
const homePreload = ['src/app/layouts/main-layout.tsx', 'src/features/home/components/home-page.tsx'];
/**
 * Home's first visit on a device (app/first-visit.tsx): the server draws the screen from its answers and the app
 * stores them before its first render: the session's adoption and what stores them start with the rest.
 */
const firstVisitPreload = [
  ...homePreload,
  'src/features/home/data/first-visit-store.ts',
  'src/features/auth/data/first-visit-adoption.ts',
  'src/lib/first-answers.ts',
  // Home's due alert: the server paints it, the app's modal takes its place.
  'src/ui/alert-modal.tsx',
];
const homeTexts = Object.fromEntries(
  languages.map((language) => [
    language,
    [`src/i18n/texts-${language}.ts`, ...homePageNamespaces().map((namespace) => `locales/${language}/${namespace}.json`)],
  ]),
) as Record<Language, string[]>;

/** The consent modal's chunk (its script and its styles) and its texts in the page's language. */
const consentPreload = (language: Language) => ['src/features/settings/components/consent-dialog.tsx', `locales/${language}/consent.json`];

type LoginPages = { login: PrerenderedPage; loginConsent: PrerenderedPage };

/** The login page, with and without the consent modal, in the language i18n is set to. */
const renderLogin = async (language: Language): Promise<LoginPages> => {
  await i18next.changeLanguage(language);
  await preloadNamespaces(['consent', 'login']);
  // The route table itself: the login route's guard (no session at build time) and its lazy screen, as in the app.
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request('http://localhost/login'));
  if (context instanceof Response) throw new Error(`/login answered ${context.status} at build time`);
  if (context.errors) throw new Error(`/login failed at build time: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const loginScreen = <StaticRouterProvider router={router} context={context} hydrate={false} />;
  return {
    login: { html: render(loginScreen), preload: loginPreload(language), paintFirst: true, language },
    loginConsent: {
      html: render(
        <>
          {loginScreen}
          <PrerenderedConsent />
        </>,
      ),
      preload: [...loginPreload(language), ...consentPreload(language)],
      paintFirst: true,
      language,
    },
  };
};

export const prerenderPages = async (): Promise<PrerenderedPages> => {
  await initI18n(defaultLanguage);
  const login = {} as Record<Language, PrerenderedPage>;
  const loginConsent = {} as Record<Language, PrerenderedPage>;
  // One language at a time: i18n is one instance.
  for (const language of languages) {
    const pages = await renderLogin(language);
    login[language] = pages.login;
    loginConsent[language] = pages.loginConsent;
  }
  await i18next.changeLanguage(defaultLanguage);
  return {
    login,
    loginConsent,
    // The shell is a placeholder: the screen itself needs the app's JavaScript as soon as possible.
    shell: { html: render(<BootScreen />), preload: [], paintFirst: false },
    // Painted first: with the customer's snapshot in it, that paint is the screen.
    home: { html: render(<BootScreen />), preload: homePreload, texts: homeTexts, paintFirst: true },
    // The page the server draws home's first visit in (server/plugins/static-app.ts): never the service worker's.
    homeFirstVisit: { html: render(<BootScreen />), preload: firstVisitPreload, texts: homeTexts, paintFirst: true },
  };
};
