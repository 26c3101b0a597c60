import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { consentCookieValue, isIosUserAgent, parseConsent } from '#contract/consent';
import { acceptedLanguages, languageCookieValue, languages, pageFileIn, pageLanguage, type Language } from '#contract/language';
import { pathOf } from '../lib/request-path.ts';
import { ACCESS_COOKIE } from './auth.ts';
import { appPlugin } from '../lib/route-plugin.ts';
import { registerNotFound, type SpaFallback } from './error-handler.ts';
import { namesSourceMap } from './path-rules.ts';
import type { FirstVisitModule } from '#contract/first-visit';

/*
 * The built app (dist/, STATIC_DIR) with its SPA fallback, and the answer to every path nothing else answers: the
 * app's shell for a screen, 404 for an API path, a file or a path of the stand-ins (which only a demo serves).
 */

// Built files under /assets carry a content hash in their name, so they can be cached for a year; the entry
// points (index.html, sw.js, the manifest) must always be revalidated or an update would never arrive.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
// Requests that look like a file: a missing one is a 404, not the app shell (the browser would choke on HTML).
const FILE_LIKE = /^\/assets\/|\.(?:js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|webmanifest|json|txt|woff2?)$/i;

// The login screen is prerendered on its own page (scripts/build/prerender.ts); the other routes get the shell.
const LOGIN_PAGE_PATH = /^\/login\/?$/;

/**
 * The login page's file in a language (contract/language.ts `pageFileIn`), or the French one when the build has no
 * page in that language (an older build).
 */
const loginPagesOf = (staticDir: string): ((page: 'login' | 'login-consent', language: Language) => string) => {
  const present = new Set(
    languages
      .flatMap((language) => ['login', 'login-consent'].map((page) => pageFileIn(page, language)))
      .filter((file) => existsSync(join(resolve(staticDir), file))),
  );
  return (page, language) => (present.has(pageFileIn(page, language)) ? pageFileIn(page, language) : `${page}.html`);
};

const FIRST_VISIT_MODULE = 'ssr/first-visit.js';
const FIRST_VISIT_PAGE = 'home-first.html';
// The customer's own page: no shared cache may keep it, and no browser cache either (a shared computer).
const PRIVATE = 'private, no-store';
// Home's navigation with a query the render understands (its language, its line); any other query gets the shell.
const HOME_QUERY = new Set(['lang', 'contractId']);

const loadFirstVisit = async (staticDir: string): Promise<{ module: FirstVisitModule; template: string } | null> => {
  const file = join(resolve(staticDir), FIRST_VISIT_MODULE);
  const page = join(resolve(staticDir), FIRST_VISIT_PAGE);
  if (!existsSync(file) || !existsSync(page)) return null;
  const module = (await import(pathToFileURL(file).href)) as FirstVisitModule;
  return { module, template: await readFile(page, 'utf8') };
};

/**
 * Home's first visit on a device (docs/architecture.md "Start-up"): a navigation to home that carries a live session's
 * cookie gets home drawn with the customer's own figures, and the answers they come from, in one round trip. The
 * answers are the API's own for this request's cookie (in-process requests), so the page shows exactly what the app
 * would fetch. Null (the shell answers) without a session, or when any of it fails.
 */
const firstVisitPage = async (
  app: FastifyInstance,
  firstVisit: { module: FirstVisitModule; template: string },
  request: FastifyRequest,
  now: number,
): Promise<string | null> => {
  const cookie = request.headers.cookie ?? '';
  const url = new URL(request.url, 'http://localhost');
  const readApi = async (apiUrl: string): Promise<unknown> => {
    const answer = await app.inject({ method: 'GET', url: apiUrl, headers: { cookie, accept: 'application/json' } });
    return answer.statusCode === 200 ? (JSON.parse(answer.body) as unknown) : null;
  };
  try {
    return await firstVisit.module.composeFirstVisit({
      url: url.pathname + url.search,
      acceptLanguage: String(request.headers['accept-language'] ?? ''),
      userAgent: String(request.headers['user-agent'] ?? ''),
      mobileHint: typeof request.headers['sec-ch-ua-mobile'] === 'string' ? request.headers['sec-ch-ua-mobile'] : undefined,
      template: firstVisit.template,
      now,
      readApi,
    });
  } catch (error) {
    request.log.error({ err: error }, 'first visit of home not drawn: the shell answers');
    return null;
  }
};

/** A GET of home (with at most its language and its line in the query) that carries an access token's cookie. */
const isHomeNavigation = (request: FastifyRequest): boolean => {
  if (request.method !== 'GET' || !request.headers.cookie?.includes(`${ACCESS_COOKIE}=`)) return false;
  const url = new URL(request.url, 'http://localhost');
  return url.pathname === '/' && [...url.searchParams.keys()].every((name) => HOME_QUERY.has(name));
};

const registerStatic = async (app: FastifyInstance, staticDir: string, now: () => number): Promise<SpaFallback> => {
  await app.register(fastifyStatic, {
    root: resolve(staticDir),
    prefix: '/',
    cacheControl: false,
    dotfiles: 'ignore',
    // The build writes x.br and x.gz beside every text file: the best one the browser accepts is sent, with
    // Content-Encoding and `Vary: Accept-Encoding`; a file without copies (images) is sent as it is.
    preCompressed: true,
    // The second guard on source maps (the first is plugins/path-rules.ts): whatever spelling reached the file.
    // The render of home's first visit (ssr/) is the server's own code, never a file of the app.
    allowedPath: (pathName) => !namesSourceMap(pathName) && !pathName.replaceAll('\\', '/').includes('/ssr/'),
    setHeaders: (reply, filePath) => {
      const normalized = filePath.replaceAll('\\', '/');
      void reply.header('Cache-Control', normalized.includes('/assets/') ? IMMUTABLE : REVALIDATE);
    },
  });
  // A build without login.html (an older one, a test folder) answers every route with index.html.
  const hasLoginPage = existsSync(join(resolve(staticDir), 'login.html'));
  const hasConsentPage = existsSync(join(resolve(staticDir), 'login-consent.html'));
  const loginPageIn = loginPagesOf(staticDir);
  const firstVisit = await loadFirstVisit(staticDir);
  // The fallback sends and returns nothing: Fastify waits for the send. (Returning the reply made Fastify await it,
  // adding listeners to the response on every page: tests/server/compression.test.ts.)
  const shellOrLogin = (request: FastifyRequest, reply: FastifyReply): void => {
    const path = pathOf(request);
    if (!hasLoginPage || !LOGIN_PAGE_PATH.test(path)) {
      void reply.header('Cache-Control', REVALIDATE).sendFile('index.html');
      return;
    }
    // A visitor who has not answered the cookie question gets the login page with the consent modal in its first
    // paint (docs/product/settings.md "Cookies and consent"), except on iOS, where it never shows. (An iPad that
    // presents itself as a Mac gets it, and the app takes it away at once.)
    const asksConsent =
      hasConsentPage &&
      parseConsent(consentCookieValue(request.headers.cookie)) === null &&
      !isIosUserAgent(request.headers['user-agent'] ?? '');
    // In the visitor's language from the first paint: ?lang=, the saved choice, the browser's languages.
    const language = pageLanguage({
      query: new URL(request.url, 'http://localhost').searchParams.get('lang'),
      saved: languageCookieValue(request.headers.cookie),
      browser: acceptedLanguages(request.headers['accept-language']),
    });
    void reply
      .header('Cache-Control', REVALIDATE)
      .header('Vary', 'Accept-Encoding, Accept-Language, Cookie, User-Agent')
      .sendFile(loginPageIn(asksConsent ? 'login-consent' : 'login', language));
  };
  const fallback: SpaFallback = (request, reply) => {
    if (FILE_LIKE.test(pathOf(request))) {
      void reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      return;
    }
    if (!firstVisit || !isHomeNavigation(request)) {
      shellOrLogin(request, reply);
      return;
    }
    void firstVisitPage(app, firstVisit, request, now()).then((composed) => {
      if (composed === null) shellOrLogin(request, reply);
      else void reply.header('Cache-Control', PRIVATE).header('Vary', 'Cookie').type('text/html; charset=utf-8').send(composed);
    });
  };
  // `/` is home: answered like every other screen (the shell, or home's first visit drawn for a live session),
  // not as the folder's index.html.
  app.get('/', fallback);
  return fallback;
};

export default appPlugin('static-app', ['openapi'], async (app, { staticDir, notAppPaths, ctx }) => {
  const spaFallback = staticDir ? await registerStatic(app, staticDir, () => ctx.clock.now().getTime()) : null;
  registerNotFound(app, spaFallback, notAppPaths ?? []);
});
