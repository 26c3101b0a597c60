import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../lib/api-error.ts';
import type { AppContext } from '../lib/app-context.ts';
import { DEVICE_COOKIE } from '../lib/device-cookies.ts';
import { isApiPath, pathOf } from '../lib/request-path.ts';
import { resolveAccessToken } from '../lib/sessions.ts';
import { ACTIVATION_COOKIE } from '../routes/activation.ts';
import { ACCESS_COOKIE, bearerTokenOf, REFRESH_COOKIE } from './auth.ts';
import { appPlugin } from '../lib/route-plugin.ts';

/*
 * Cookie-authenticated writes come from the app's own origin (docs/product/security.md "Cross-site requests"):
 * SameSite=Strict keeps the cookies out of requests started by another site, but not out of those of a sibling site
 * (another subdomain of the same registrable domain is "same-site"), and a multipart form is a request any page may
 * send without asking. So a POST, PUT, PATCH or DELETE to the API that carries one of the server's credential
 * cookies must say where it comes from: its `Origin` is PUBLIC_URL's origin, or, from a browser that sends no Origin,
 * `Sec-Fetch-Site: same-origin`. Anything else is 403.
 *
 * Not concerned: requests without a credential cookie (nothing to forge), and requests that a valid bearer token
 * authenticates (a non-browser client: a page of another site cannot add the header without a CORS preflight, which
 * this server never grants, nor know a token). Only a VALID bearer token counts: any other Authorization header
 * (`Basic …`, which a browser may replay by itself for a site, or a made-up `Bearer x`) leaves the cookie doing the
 * authenticating, so the Origin is checked (issue 42: a multipart ticket with `Origin: http://evil.example` and
 * `Authorization: Basic dXNlcjpwYXNz` was accepted on the cookie). The app's own requests, and the service worker's
 * background-sync replays, are same-origin fetches: the browser adds the Origin.
 */

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CREDENTIAL_COOKIES = [ACCESS_COOKIE, REFRESH_COOKIE, DEVICE_COOKIE, ACTIVATION_COOKIE] as const;
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the app is served from: PUBLIC_URL's. On a loopback PUBLIC_URL (development, tests) its loopback
 * aliases too (http://127.0.0.1:8080 is the same machine and port as http://localhost:8080).
 */
export const allowedOrigins = (publicUrl: string): ReadonlySet<string> => {
  const url = new URL(publicUrl);
  const origins = new Set([url.origin]);
  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  }
  return origins;
};

const carriesCredentialCookie = (request: FastifyRequest): boolean =>
  CREDENTIAL_COOKIES.some((name) => {
    const value = request.cookies[name];
    return value !== undefined && value !== '';
  });

/** True when a cookie-carrying write shows it comes from one of `origins`. */
export const comesFrom = (request: FastifyRequest, origins: ReadonlySet<string>): boolean => {
  const origin = request.headers.origin;
  if (origin !== undefined) return origins.has(origin);
  return request.headers['sec-fetch-site'] === 'same-origin';
};

const crossOrigin = (): ApiError =>
  new ApiError(403, 'forbidden', 'Cross-origin request refused: it must come from the app (Origin)', {
    fields: [{ field: 'Origin', message: 'validation:invalid' }],
  });

/** True when the request carries a bearer token of a live session (asked only of a write that failed the Origin check). */
const bearerAuthenticates = async (request: FastifyRequest, ctx: Pick<AppContext, 'db' | 'clock'>): Promise<boolean> => {
  const token = bearerTokenOf(request);
  return token !== undefined && (await resolveAccessToken(ctx.db, token, ctx.clock.now())) !== undefined;
};

/** Registered after the cookie plugin (it reads the parsed cookies) and before any route. */
export const registerOriginCheck = (app: FastifyInstance, ctx: Pick<AppContext, 'mail' | 'db' | 'clock'>): void => {
  const origins = allowedOrigins(ctx.mail.publicUrl);
  app.addHook('onRequest', async (request) => {
    const concerned = UNSAFE_METHODS.has(request.method) && isApiPath(pathOf(request)) && carriesCredentialCookie(request);
    if (!concerned || comesFrom(request, origins)) return;
    if (await bearerAuthenticates(request, ctx)) return;
    throw crossOrigin();
  });
};

// Cookie-authenticated writes must come from the app's origin: needs the parsed cookies, runs before every route.
export default appPlugin('origin-check', ['cookie'], (app, { ctx }) => registerOriginCheck(app, ctx));
