import type { FastifyServerOptions } from 'fastify';

/*
 * What the request log must never hold: the single-use tokens of login, recovery, account-creation and e-mail
 * confirmation links (in the app's paths and in the API's), session cookies and Authorization headers. A log is
 * read by more people, and kept longer, than the secrets it would otherwise carry live.
 */

export const REDACTED = '[redacted]';

// The token is the segment after the user's or customer's guid; the guid itself is not a secret.
const TOKEN_PATHS: readonly RegExp[] = [
  // App links: /login/{uuid}/{token}, /login/recover-password/{uuid}/{token}, /login/create-password/{uuid}/{token},
  // /account/confirm-email/{uuid}/{token}
  /^(\/login(?:\/recover-password|\/create-password)?\/[^/?#]+\/)[^/?#]+/,
  /^(\/account\/confirm-email\/[^/?#]+\/)[^/?#]+/,
  // API: /api/public/users/login/{uuid}/{token}, …/recover-password/{uuid}/{token}, …/create-password/{uuid}/{token}
  /^(\/api\/public\/users\/(?:login|recover-password|create-password)\/[^/?#]+\/)[^/?#]+/,
  // API: /api/public/customer/{id}/{token}
  /^(\/api\/public\/customer\/[^/?#]+\/)[^/?#]+/,
];

// Paths of the same shape that hold no token (their last segment is a word of the app, not a secret).
const NOT_A_TOKEN = /^\/login\/(?:recover-password|create-password|create-account|pin|renew)(?:\/(?:sms|setup))?\/?(?:[?#]|$)/;
const SECRET_QUERY = /([?&](?:token|refresh_token|code)=)[^&#]*/gi;

/** The URL with the tokens of its path and query replaced by "[redacted]". */
export const redactUrl = (url: string): string => {
  let result = url.replace(SECRET_QUERY, `$1${REDACTED}`);
  if (NOT_A_TOKEN.test(result)) return result;
  for (const pattern of TOKEN_PATHS) result = result.replace(pattern, `$1${REDACTED}`);
  return result;
};

type LoggedRequest = { method: string; url: string; hostname?: string; ip?: string; socket?: { remotePort?: number } };

/** The server's logger: pino at info, request URLs redacted, and secret headers censored wherever they are logged. */
export const loggerOptions = (stream?: NodeJS.WritableStream, level = 'info'): NonNullable<FastifyServerOptions['logger']> => ({
  level,
  ...(stream ? { stream } : {}),
  redact: {
    paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', 'headers.authorization', 'headers.cookie'],
    censor: REDACTED,
  },
  serializers: {
    req: (request: LoggedRequest) => ({
      method: request.method,
      url: redactUrl(request.url),
      host: request.hostname,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    }),
  },
});
