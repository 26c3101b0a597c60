import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyAutoload from '@fastify/autoload';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { consentCookieValue, isIosUserAgent, parseConsent } from '#contract/consent';
import type { CreditorDto } from '#contract/invoices';
import { closeDatabase, openDatabase, type Db } from './db/database.ts';
import { claimJob, type PostgresOptions } from './db/engine.ts';
import type { AppContext } from './lib/app-context.ts';
import { createClock } from './lib/clock.ts';
import { loadConfig, type ServerConfig, type Supplier, type TrustProxy } from './config.ts';
import { loggerOptions } from './lib/log-redaction.ts';
import { createMailQueue } from './lib/mail-queue.ts';
import { defaultOperator } from '#contract/operator';
import { createMailer, mailConfigOf, type MailConfig } from './lib/mailer.ts';
import { pathOf } from './lib/request-path.ts';
import { registerRetentionJobs } from './lib/retention.ts';
import { createScheduler, DEFAULT_SCHEDULER_INTERVAL_MS } from './lib/scheduler.ts';
import { registerErrorHandler, registerNotFound, type SpaFallback } from './plugins/error-handler.ts';
import { registerAnonymousWriteLimit } from './plugins/anonymous-writes.ts';
import { registerMaintenance } from './plugins/maintenance.ts';
import { namesSourceMap, registerPathRules } from './plugins/path-rules.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerIdempotency } from './plugins/idempotency.ts';
import { registerJsonBodyParser } from './plugins/json-body.ts';
import { registerMultipart } from './plugins/multipart.ts';
import { registerFormBodyParser } from './plugins/form-body.ts';
import { registerOriginCheck } from './plugins/origin-check.ts';
import { mollieProvider, type PaymentProvider } from './lib/payment-provider.ts';
import { demoFill } from './demo/index.ts';
import { registerStandIns, STAND_IN_PATHS } from './stand-ins/index.ts';
import { DEFAULT_VAPID_SUBJECT } from './lib/push.ts';
import { STAND_IN_ENERGY_PORTAL } from './stand-ins/energy-portal.ts';
import { standInProvider } from './stand-ins/psp.ts';
import type { PaymentsOptions, RoutesOptions, SettingsOptions } from './lib/route-plugin.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerZodValidation } from './plugins/zod-validation.ts';

export type BuildAppOptions = {
  /**
   * The demo (DEMO=on): an empty database is filled with the demo customers, and stand-ins play the systems of other
   * companies that are not configured (payment provider, energy portal, provisioning). Off, the server is the
   * product alone: it creates no account, serves no stand-in, and what has no real service is off. Required: a
   * server is one or the other, never by default.
   */
  demo: boolean;
  /**
   * The database: a PostgreSQL URL (postgres://…, DATABASE_URL) or a SQLite file, ':memory:' (the default) for tests.
   * Ignored when `db` is given.
   */
  database?: string;
  /** PostgreSQL's pool and timeouts (DATABASE_POOL_SIZE, DATABASE_STATEMENT_TIMEOUT). */
  postgres?: Partial<PostgresOptions>;
  /**
   * An already opened (migrated and seeded) database. Lets a test file seed once and build several apps on it;
   * the app then does not close it.
   */
  db?: Db;
  now?: () => Date;
  /** Test-only switches under /api/test and response validation against the contract. */
  testMode?: boolean;
  /** Folder of the built app (dist/), served with an SPA fallback; null or absent = API only. */
  staticDir?: string | null;
  /** Request log (pino, URLs and secret headers redacted), at the level given (`info` for true). */
  logger?: boolean | { level: ServerConfig['logLevel'] };
  /** Where the log goes instead of stdout (tests read it); turns the log on. */
  logStream?: NodeJS.WritableStream;
  /** Largest accepted request body in bytes (413 above). */
  bodyLimit?: number;
  /** Mail settings (server/main.ts passes the configuration's); absent ones take the configuration's defaults. */
  mail?: Partial<MailConfig>;
  /** Which proxies' X-Forwarded-* headers to believe (Fastify's trustProxy; TRUST_PROXY). Default: none. */
  trustProxy?: TrustProxy;
  /** Period of the scheduler's runs once the server listens (lib/scheduler.ts). */
  schedulerIntervalMs?: number;
  /** The energy portal (ENERGY_PORTAL_URL); absent or null: the demo's stand-in portal, or none (one-click login off). */
  energyPortalUrl?: string | null;
  /** Demo only: a little usage on every line every 10 minutes (DEV_USAGE_FEED). */
  usageFeed?: boolean;
  /** Web Push keys and subject, the development usage feed (routes/settings.ts). */
  settings?: SettingsOptions;
  /** Who customers pay (server/main.ts passes the configuration's); absent: the configuration's defaults. */
  creditor?: CreditorDto;
  /**
   * Online payments (MOLLIE_API_KEY): through Mollie with a key; without one, through the demo's stand-in provider
   * (/psp-stand-in/), or off in production. `provider` replaces either (tests of a provider that fails).
   */
  payments?: { mollieApiKey?: string | null; provider?: PaymentProvider };
  /** Writes to the public API a minute per address from callers without a session (ANON_WRITES_PER_MINUTE). */
  anonymousWritesPerMinute?: number;
  /** Who issues the invoices (server/main.ts passes the configuration's); absent: the configuration's defaults. */
  supplier?: Supplier;
};

const DEFAULT_BODY_LIMIT = 1024 * 1024;
/**
 * A client gets this long to send its request headers, and its whole request (a slow-loris connection that trickles
 * bytes would otherwise hold a socket forever); an idle connection is closed after CONNECTION_IDLE_MS. The answer
 * itself (a long export) is not limited by these.
 */
export const HEADERS_TIMEOUT_MS = 15_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const CONNECTION_IDLE_MS = 120_000;

const readVersion = (): string => {
  const pkg: unknown = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  return typeof pkg === 'object' && pkg !== null && 'version' in pkg && typeof pkg.version === 'string' ? pkg.version : '0.0.0';
};

// Built files under /assets carry a content hash in their name, so they can be cached for a year; the entry
// points (index.html, sw.js, the manifest) must always be revalidated or an update would never arrive.
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
// Requests that look like a file: a missing one is a 404, not the app shell (the browser would choke on HTML).
const FILE_LIKE = /^\/assets\/|\.(?:js|mjs|css|map|png|jpe?g|gif|svg|ico|webp|avif|webmanifest|json|txt|woff2?)$/i;

// Answers smaller than this travel raw: compressing them saves less than the headers it adds.
const COMPRESS_THRESHOLD = 1024;

/**
 * Dynamic answers (API JSON, CSV exports) compressed on the fly, Brotli or gzip as the client accepts. Registered
 * before the routes: the plugin sets itself up on each route as it is added. Static files are compressed at build
 * time (scripts/build/compress-assets.ts) and already carry their Content-Encoding, which the plugin leaves alone;
 * it never touches Cache-Control (the API keeps `no-store`). Request bodies are not decompressed: the API reads
 * plain JSON only.
 */
const registerCompression = async (app: FastifyInstance): Promise<void> => {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
  });
};

// The login screen is prerendered on its own page (scripts/build/prerender.ts); the other routes get the shell.
const LOGIN_PAGE_PATH = /^\/login\/?$/;

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
    void reply
      .header('Cache-Control', REVALIDATE)
      .header('Vary', 'Accept-Encoding, Cookie, User-Agent')
      .sendFile(asksConsent ? 'login-consent.html' : 'login.html');
  };
};

/** Trust the `hops` nearest proxies: the addresses they add to X-Forwarded-For, counted from the socket. */
const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

/**
 * Every file of routes/ is an area's plugin (lib/route-plugin.ts), registered in file-name order; a new area is a new
 * file. Only the folder's own files: its sub-folders (routes/auth/, routes/settings/, routes/activation/) are the
 * helpers of the file of the same name, not plugins (autoload's depth counts from 0, the folder itself). No route
 * prefix: the paths come from the contract. The folder is found next to this module, which is server/app.ts in
 * development and tests, and a file of dist-server/ once bundled (scripts/build-server.mjs writes the route files
 * to dist-server/routes/). Loading .ts files: vitest.config.ts and scripts/dev.mjs say how.
 */
const registerRoutes = async (app: FastifyInstance, options: RoutesOptions): Promise<void> => {
  await app.register(fastifyAutoload, {
    dir: join(dirname(fileURLToPath(import.meta.url)), 'routes'),
    maxDepth: 0,
    dirNameRoutePrefix: false,
    options,
  });
};

const contexts = new WeakMap<FastifyInstance, AppContext>();

/**
 * The context an app was built with: tests reach the scheduler and the clock through it.
 * @internal Exported for its tests (knip --production).
 */
export const appContext = (app: FastifyInstance): AppContext => {
  const ctx = contexts.get(app);
  if (!ctx) throw new Error('not an app built by buildApp');
  return ctx;
};

/**
 * The reference API (and, with `staticDir`, the built app). Importable for `app.inject` tests; `server/main.ts`
 * only adds the listening socket.
 */
export const buildApp = async (options: BuildAppOptions): Promise<FastifyInstance> => {
  const clock = createClock(options.now);
  const db =
    options.db ??
    (await openDatabase(options.database ?? ':memory:', {
      ...(options.demo ? { fillEmpty: demoFill(() => clock.now()) } : {}),
      ...(options.postgres ? { postgres: options.postgres } : {}),
      // Before Fastify's logger exists: the one line a start that waits for PostgreSQL writes.
      log: { warn: (message) => console.warn(message), info: (message) => console.log(message) },
    }));
  const testMode = options.testMode === true;
  const app = Fastify({
    logger:
      options.logger || options.logStream
        ? loggerOptions(options.logStream, typeof options.logger === 'object' ? options.logger.level : undefined)
        : false,
    // A number of hops becomes Fastify's hop function (its types take no number). Never `true` (config.ts).
    trustProxy: typeof options.trustProxy === 'number' ? trustHops(options.trustProxy) : (options.trustProxy ?? false),
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    requestTimeout: REQUEST_TIMEOUT_MS,
    connectionTimeout: CONNECTION_IDLE_MS,
    // A JSON body with "__proto__" or "constructor.prototype" keys is cleaned instead of answered with an error.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // Autoload imports every route file as the plugins start: compiled, in milliseconds; from the sources through
    // Vite's transform (the server tests, on a busy 2-core machine), past Fastify's default of 10 s ("Plugin did not
    // start in time: 'autoload'"). A plugin that hangs still fails the start, a minute later.
    pluginTimeout: 60_000,
  });
  // The API speaks JSON only. Dropping text/plain also refuses the "simple" cross-site POSTs a browser sends
  // without a CORS preflight (defence in depth on top of SameSite=Strict cookies).
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  app.removeContentTypeParser('text/plain');
  registerJsonBodyParser(app);
  registerFormBodyParser(app);
  await registerMultipart(app);

  // Mollie with a key; in the demo without one, the stand-in provider; otherwise none: online payment is off.
  const mollieApiKey = options.payments?.mollieApiKey ?? null;
  const payments: PaymentsOptions = {
    provider:
      options.payments?.provider ?? (mollieApiKey ? mollieProvider({ apiKey: mollieApiKey }) : options.demo ? standInProvider(app) : null),
  };

  // Without mail settings, the configuration's defaults (messages to the log): buildApp never reads process.env.
  const mail: MailConfig = { ...mailConfigOf(loadConfig({})), ...options.mail };
  const mailer = createMailer(db, clock, mail, { testMode, log: app.log });
  const mailQueue = createMailQueue(db, clock, mailer, app.log);
  const ctx: AppContext = {
    db,
    clock,
    testMode,
    version: readVersion(),
    mailer,
    mailQueue,
    mail,
    creditor: options.creditor ?? loadConfig({}).creditor,
    supplier: options.supplier ?? loadConfig({}).supplier,
    operator: mail.operator ?? defaultOperator,
    scheduler: createScheduler(clock, { error: (details, message) => app.log.error(details, message) }, (name, isDue, run, nowMs) =>
      claimJob(db, name, isDue, run, nowMs),
    ),
    state: { maintenance: false },
    onlinePayment: payments.provider !== null,
    energyPortalUrl: options.energyPortalUrl ?? (options.demo ? STAND_IN_ENERGY_PORTAL : null),
  };
  contexts.set(app, ctx);
  registerRetentionJobs(ctx, app.log);

  // First, so that every route below (and the static plugin's) answers errors with the contract's body.
  registerErrorHandler(app);
  // Then the one spelling of the path that every later rule reads.
  registerPathRules(app);
  await app.register(fastifyCookie);
  // Cookie-authenticated writes must come from the app's origin (needs the parsed cookies, runs before every route).
  registerOriginCheck(app, ctx);
  await registerCompression(app);
  await registerSecurityHeaders(app);
  registerMaintenance(app, ctx);

  // Before the routes: the limiter adds its hook to each route as it is declared.
  await registerAnonymousWriteLimit(app, ctx, options.anonymousWritesPerMinute);
  registerIdempotency(app, ctx);
  registerZodValidation(app, { validateResponse: testMode });
  // A message queued while answering goes out once the answer is sent (lib/mail-queue.ts): its time and its fate
  // never show in the answer. What fails is retried by the clean-up job.
  // Before the routes: each route plugin takes a copy of the hooks its parent has when it is registered.
  app.addHook('onResponse', (_request, _reply, done) => {
    if (mailQueue.pending()) mailQueue.flush().catch((error: unknown) => app.log.error({ err: error }, 'mail queue flush failed'));
    done();
  });

  // Before the routes: @fastify/swagger collects them as they are declared.
  await registerOpenApi(app, ctx.version);
  await registerRoutes(app, { ctx, settings: options.settings ?? {}, payments });
  // Only by configuration, and never in a server for real customers (DEMO=off without TEST_MODE).
  if (options.demo || testMode) {
    await registerStandIns(app, ctx, {
      paymentProvider: options.demo && !mollieApiKey,
      energyPortal: ctx.energyPortalUrl === STAND_IN_ENERGY_PORTAL,
      provisioning: options.demo,
      outbox: mailer.kind === 'outbox',
      usageFeed: options.demo && options.usageFeed === true,
      testRoutes: testMode,
      vapidSubject: options.settings?.vapidSubject ?? DEFAULT_VAPID_SUBJECT,
    });
  }

  const spaFallback = options.staticDir ? await registerStatic(app, options.staticDir) : null;
  registerNotFound(app, spaFallback, STAND_IN_PATHS);

  // Periodic jobs only in a listening server: inject-based tests drive the scheduler themselves.
  app.addHook('onListen', (done) => {
    ctx.scheduler.start(options.schedulerIntervalMs ?? DEFAULT_SCHEDULER_INTERVAL_MS);
    done();
  });
  // Before the database closes: a run in progress finishes, no new one starts.
  app.addHook('preClose', async () => {
    await ctx.scheduler.stop();
    await mailQueue.settled();
  });
  if (!options.db) {
    app.addHook('onClose', async () => {
      await closeDatabase(db);
    });
  }
  return app;
};
