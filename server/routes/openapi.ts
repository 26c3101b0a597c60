import { createReadStream, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../lib/app-context.ts';
import { buildOpenApiDocument, type OpenApiDocument } from '../lib/openapi.ts';
import type { Router } from '../lib/router.ts';

/*
 * The API described for integrators: GET /api/openapi.json (OpenAPI 3.1, generated from the contract endpoints
 * the router registered) and GET /api/docs, an interactive reference (Swagger UI). Swagger UI is served from the
 * swagger-ui-dist package, never a CDN, and its start-up is a file (/api/docs/docs.js), not an inline script, so
 * the strict Content-Security-Policy (plugins/security-headers.ts) holds on the page. These routes are not part
 * of the contract: they describe it.
 */

const OPENAPI_URL = '/api/openapi.json';
const DOCS_URL = '/api/docs';

const require = createRequire(import.meta.url);
const swaggerUiDir = dirname(require.resolve('swagger-ui-dist/package.json'));
const swaggerUiVersion = (JSON.parse(readFileSync(join(swaggerUiDir, 'package.json'), 'utf8')) as { version: string }).version;

/** Swagger UI's files, under a versioned path so that browsers may keep them for a year. */
const ASSETS_PREFIX = `${DOCS_URL}/assets/${swaggerUiVersion}`;
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
};

const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Mon espace mobile — API reference</title>
    <link rel="stylesheet" href="${ASSETS_PREFIX}/swagger-ui.css" />
    <link rel="icon" type="image/png" href="${ASSETS_PREFIX}/favicon-32x32.png" />
  </head>
  <body>
    <main id="swagger-ui"></main>
    <script src="${ASSETS_PREFIX}/swagger-ui-bundle.js"></script>
    <script src="${DOCS_URL}/docs.js"></script>
  </body>
</html>
`;

// validatorUrl null: Swagger UI would otherwise load a badge from an external validator (and break the CSP).
const start = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(OPENAPI_URL)},
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  validatorUrl: null,
  defaultModelsExpandDepth: 0,
});
`;

const IMMUTABLE = 'public, max-age=31536000, immutable';

export const registerOpenApiRoutes = (app: FastifyInstance, router: Router, ctx: AppContext): void => {
  // Built on first request, when every route module has registered its endpoints.
  let document: OpenApiDocument | null = null;
  app.get(OPENAPI_URL, (_request, reply) => {
    document ??= buildOpenApiDocument(router.registered(), ctx.version);
    return reply.header('Cache-Control', 'no-cache').send(document);
  });

  app.get(DOCS_URL, (_request, reply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(page));
  app.get(`${DOCS_URL}/docs.js`, (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(start),
  );
  for (const [file, type] of Object.entries(ASSETS)) {
    app.get(`${ASSETS_PREFIX}/${file}`, (_request, reply) =>
      reply
        .header('Cache-Control', IMMUTABLE)
        .type(type)
        .send(createReadStream(join(swaggerUiDir, file))),
    );
  }
};
