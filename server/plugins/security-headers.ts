import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { isApiPath, pathOf } from '../lib/request-path.ts';
import { appPlugin } from '../lib/route-plugin.ts';

/*
 * Security headers on every answer (HTML, assets, API answers and errors), set by @fastify/helmet, plus the three
 * rules helmet has no option for: Permissions-Policy, HSTS only over HTTPS, and no-store on the API.
 */

/** docs/architecture.md: strict CSP, no 'unsafe-inline' or 'unsafe-eval'; the app may not be framed. */
export const contentSecurityPolicyDirectives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'connect-src': ["'self'"],
  'worker-src': ["'self'", 'blob:'],
  'manifest-src': ["'self'"],
  'font-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
} as const;

/**
 * The header as helmet writes it.
 * @internal Exported for its tests (knip --production).
 */
export const contentSecurityPolicy = Object.entries(contentSecurityPolicyDirectives)
  .map(([name, values]) => `${name} ${values.join(' ')}`)
  .join(';');

// Nothing in the app uses these; denying them limits what injected script could do.
const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';
/** Two years, subdomains included: sent only over HTTPS (behind a TLS proxy, with TRUST_PROXY set). */
export const strictTransportSecurity = 'max-age=63072000; includeSubDomains';

export const registerSecurityHeaders = async (app: FastifyInstance): Promise<void> => {
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicyDirectives },
    // Only over HTTPS (below): a plain-HTTP localhost answer must not pin the browser to HTTPS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'same-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Permissions-Policy', permissionsPolicy);
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', strictTransportSecurity);
    // Personal data must not stay in the browser's HTTP cache (shared computers). The service worker keeps its
    // own cache with its own freshness rule and is not affected by this header.
    if (isApiPath(pathOf(request)) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
};

export default appPlugin('security-headers', ['compression'], (app) => registerSecurityHeaders(app));
