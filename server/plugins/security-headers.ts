import type { FastifyInstance } from 'fastify';

/** ARCHITECTURE.md: strict CSP, no 'unsafe-inline' or 'unsafe-eval'; the app may not be framed. */
export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "worker-src 'self' blob:",
  "manifest-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

// Nothing in the app uses these; denying them limits what injected script could do.
const permissionsPolicy = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

/**
 * Security headers on every answer (API, static files, errors). Written by hand because the set is small and
 * fixed; a dependency would bring options we do not want to maintain.
 */
export const registerSecurityHeaders = (app: FastifyInstance): void => {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('Content-Security-Policy', contentSecurityPolicy);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('Permissions-Policy', permissionsPolicy);
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    // Personal data must not stay in the browser's HTTP cache (shared computers). The service worker keeps its
    // own cache with its own freshness rule and is not affected by this header.
    const path = request.url.split('?')[0] ?? '';
    if ((path === '/api' || path.startsWith('/api/')) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    return payload;
  });
};
