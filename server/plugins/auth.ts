import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { unauthenticated } from '../lib/api-error.ts';
import type { AppContext } from '../lib/app-context.ts';
import { resolveAccessToken, type IssuedSession, type ResolvedSession } from '../lib/sessions.ts';

export const ACCESS_COOKIE = 'access_token';
export const REFRESH_COOKIE = 'refresh_token';
/**
 * The access token goes with every API call and with the navigation to home, whose first answer the server draws
 * with the customer's figures on a device with nothing stored (plugins/static-app.ts, docs/product/security.md
 * "Cookies"); the refresh token only to the login/renew endpoints.
 */
export const ACCESS_COOKIE_PATH = '/';
/** Where the access token lived before it went to home's navigation too: cleared whenever the cookie is set. */
const FORMER_ACCESS_COOKIE_PATH = '/api';
export const REFRESH_COOKIE_PATH = '/api/public/users';

// Sessions resolved by the onRequest hook, per request. A WeakMap instead of a request decorator keeps the
// type exact without augmenting Fastify's global interfaces.
const sessions = new WeakMap<FastifyRequest, ResolvedSession>();

/** The session of an authenticated route. Throws 401 if called on a route without the auth hook (a bug). */
export const authOf = (request: FastifyRequest): ResolvedSession => {
  const session = sessions.get(request);
  if (!session) throw unauthenticated();
  return session;
};

/** The token of an `Authorization: Bearer` header (any other scheme, Basic included, is none). */
export const bearerTokenOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  return header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
};

/** `Authorization: Bearer` for non-browser clients wins over the cookie the browser sends. */
export const tokenFromRequest = (request: FastifyRequest): string | undefined => {
  const bearer = bearerTokenOf(request);
  if (bearer) return bearer;
  const cookie = request.cookies[ACCESS_COOKIE];
  return cookie && cookie.length > 0 ? cookie : undefined;
};

/** Refresh token from its cookie (browsers) or from the body (non-browser clients). */
export const refreshTokenFromRequest = (request: FastifyRequest, fromBody: string | undefined): string | undefined => {
  const cookie = request.cookies[REFRESH_COOKIE];
  return fromBody && fromBody.length > 0 ? fromBody : cookie && cookie.length > 0 ? cookie : undefined;
};

/** Runs on every authenticated route before the body is read: missing, expired or revoked token → 401. */
export const createAuthenticate =
  (ctx: AppContext): onRequestAsyncHookHandler =>
  async (request) => {
    const token = tokenFromRequest(request);
    const resolved = token ? await resolveAccessToken(ctx.db, token, ctx.clock.now()) : undefined;
    if (!resolved) throw unauthenticated();
    sessions.set(request, resolved);
  };

/**
 * `Secure` follows the scheme of PUBLIC_URL, the address customers use (docs/product/security.md "Cookies"): never the
 * request's Host header or protocol, which a client or a misconfigured proxy controls (a request naming a loopback
 * Host got cookies without `Secure` on a public server). A plain-HTTP PUBLIC_URL is local development: there a Secure
 * cookie would simply be dropped by the browser.
 */
export const secureCookies = (ctx: Pick<AppContext, 'mail'>): boolean => ctx.mail.publicUrl.toLowerCase().startsWith('https:');

const baseCookie = (ctx: Pick<AppContext, 'mail'>) => ({ httpOnly: true, sameSite: 'strict' as const, secure: secureCookies(ctx) });

export const setSessionCookies = (ctx: Pick<AppContext, 'mail'>, reply: FastifyReply, issued: IssuedSession, now: Date): void => {
  const seconds = (until: Date) => Math.max(0, Math.floor((until.getTime() - now.getTime()) / 1000));
  void reply.setCookie(ACCESS_COOKIE, issued.accessToken, {
    ...baseCookie(ctx),
    path: ACCESS_COOKIE_PATH,
    maxAge: seconds(issued.expiresAt),
  });
  // A browser that still holds the former cookie would send both to the API, the former one first.
  void reply.clearCookie(ACCESS_COOKIE, { ...baseCookie(ctx), path: FORMER_ACCESS_COOKIE_PATH });
  void reply.setCookie(REFRESH_COOKIE, issued.refreshToken, {
    ...baseCookie(ctx),
    path: REFRESH_COOKIE_PATH,
    maxAge: seconds(issued.refreshExpiresAt),
  });
};

export const clearSessionCookies = (ctx: Pick<AppContext, 'mail'>, reply: FastifyReply, options: { accessOnly: boolean }): void => {
  void reply.clearCookie(ACCESS_COOKIE, { ...baseCookie(ctx), path: ACCESS_COOKIE_PATH });
  void reply.clearCookie(ACCESS_COOKIE, { ...baseCookie(ctx), path: FORMER_ACCESS_COOKIE_PATH });
  if (!options.accessOnly) void reply.clearCookie(REFRESH_COOKIE, { ...baseCookie(ctx), path: REFRESH_COOKIE_PATH });
};
