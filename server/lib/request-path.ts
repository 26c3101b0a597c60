import { posix } from 'node:path';
import type { FastifyRequest } from 'fastify';

/*
 * The one spelling of a request's path that every rule of the server reads (docs/product/security.md "Request
 * hygiene"). A rule that compared the raw URL could be walked around: `/sw.js.ma%70` and `/sw.js%2emap` reached a
 * source map the `.map` rule refused, because the static file plugin decodes the path after the rule had looked at it.
 * Here the path is decoded until it no longer changes (double and triple encoding), backslashes count as slashes, dot
 * segments are resolved and repeated slashes collapsed: what the file system and the router would end up with. Case is
 * kept (the router is case-sensitive); rules that must hold in any case compare lower-cased.
 */

/** More layers of percent-encoding than this is no path a browser or the app sends. */
const MAX_DECODE_ROUNDS = 4;

/**
 * The normalized path of a URL (without its query), or null for a path no file or route can have: an invalid
 * percent escape, a NUL or another control character once decoded, or encoding nested deeper than MAX_DECODE_ROUNDS.
 */
export const normalizePath = (url: string): string | null => {
  const raw = url.split('?')[0]?.split('#')[0] ?? '';
  let path = raw;
  for (let round = 0; ; round += 1) {
    if (!path.includes('%')) break;
    if (round === MAX_DECODE_ROUNDS) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded === path) break;
    path = decoded;
  }
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\u0000-\u001f\u007f]/.test(path)) return null;
  const slashed = path.replaceAll('\\', '/');
  const normalized = posix.normalize(slashed.startsWith('/') ? slashed : `/${slashed}`);
  // posix.normalize keeps a trailing slash ("/api/") and turns "/.." into "/": both are what a server would serve.
  return normalized;
};

const paths = new WeakMap<FastifyRequest, string>();

/** Remembers a request's normalized path (plugins/path-rules.ts, first hook of every request). */
export const rememberPath = (request: FastifyRequest, path: string): void => {
  paths.set(request, path);
};

/**
 * The normalized path of a request. Every request has one once the first hook ran; a request refused before that
 * (a malformed URL Fastify itself answers) falls back to normalizing here, or to the raw path when that fails.
 */
export const pathOf = (request: FastifyRequest): string =>
  paths.get(request) ?? normalizePath(request.url) ?? request.url.split('?')[0] ?? '';

/** The API (JSON answers, no SPA fallback), in any spelling the router accepts. */
export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');
