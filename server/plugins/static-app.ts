import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { consentCookieValue, isIosUserAgent, parseConsent } from '#contract/consent';
import { acceptedLanguages, languageCookieValue, languages, pageFileIn, pageLanguage, type Language } from '#contract/language';
import { pathOf } from '../lib/request-path.ts';
import { appPlugin } from '../lib/route-plugin.ts';
import { registerNotFound, type SpaFallback } from './error-handler.ts';
import { namesSourceMap } from './path-rules.ts';

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

const registerStatic = async (app: FastifyInstance, staticDir: string): Promise<SpaFallback> => {
  await app.register(fastifyStatic, {
    root: resolve(staticDir),
    prefix: '/',
    cacheControl: false,
    dotfiles: 'ignore',
    // The build writes x.br and x.gz beside every text file: the best one the browser accepts is sent, with
    // Content-Encoding and `Vary: Accept-Encoding`; a file without copies (images) is sent as it is.
    preCompressed: true,
    // The second guard on source maps (the first is plugins/path-rules.ts): whatever spelling reached the file.
    allowedPath: (pathName) => !namesSourceMap(pathName),
    setHeaders: (reply, filePath) => {
      const normalized = filePath.replaceAll('\\', '/');
      void reply.header('Cache-Control', normalized.includes('/assets/') ? IMMUTABLE : REVALIDATE);
    },
  });
  // A build without login.html (an older one, a test folder) answers every route with index.html.
  const hasLoginPage = existsSync(join(resolve(staticDir), 'login.html'));
  const hasConsentPage = existsSync(join(resolve(staticDir), 'login-consent.html'));
  const loginPageIn = loginPagesOf(staticDir);
  return (request, reply) => {
    const path = pathOf(request);
    if (FILE_LIKE.test(path)) {
      void reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      return;
    }
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
};

export default appPlugin('static-app', ['openapi'], async (app, { staticDir, notAppPaths }) => {
  const spaFallback = staticDir ? await registerStatic(app, staticDir) : null;
  registerNotFound(app, spaFallback, notAppPaths ?? []);
});
