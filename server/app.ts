import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyAutoload from '@fastify/autoload';
import Fastify, { type FastifyInstance } from 'fastify';
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
import { registerRetentionJobs } from './lib/retention.ts';
import { createScheduler, DEFAULT_SCHEDULER_INTERVAL_MS } from './lib/scheduler.ts';
import { mollieProvider, type PaymentProvider } from './lib/payment-provider.ts';
import { demoFill } from './demo/index.ts';
import { registerStandIns, STAND_IN_PATHS } from './stand-ins/index.ts';
import { DEFAULT_VAPID_SUBJECT } from './lib/push.ts';
import { STAND_IN_ENERGY_PORTAL } from './stand-ins/energy-portal.ts';
import { standInProvider } from './stand-ins/psp.ts';
import type { PaymentsOptions, RoutesOptions, SettingsOptions } from './lib/route-plugin.ts';

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

/** Trust the `hops` nearest proxies: the addresses they add to X-Forwarded-For, counted from the socket. */
const trustHops =
  (hops: number) =>
  (_address: string, hop: number): boolean =>
    hop < hops;

/**
 * Autoloads a folder beside this module, as fastify-cli's app-ts template does:
 * - plugins/: what every route needs (lib/route-plugin.ts `appPlugin`), not encapsulated, in the order their declared
 *   dependencies give;
 * - routes/: every file is an area's plugin (`routePlugin`), registered in file-name order; a new area is a new file.
 * Only a folder's own files: routes/'s sub-folders (routes/auth/, routes/settings/, routes/activation/) are the
 * helpers of the file of the same name (autoload's depth counts from 0, the folder itself). No route prefix: the paths
 * come from the contract. The folders are found next to this module, which is server/app.ts in development and tests,
 * and a file of dist-server/ once bundled (scripts/build-server.mjs writes both folders' files to dist-server/).
 * Loading .ts files: vitest.config.ts and scripts/dev.mjs say how.
 */
const registerFolder = async (app: FastifyInstance, folder: 'plugins' | 'routes', options: RoutesOptions): Promise<void> => {
  await app.register(fastifyAutoload, {
    dir: join(dirname(fileURLToPath(import.meta.url)), folder),
    maxDepth: 0,
    dirNameRoutePrefix: false,
    // The plugins of plugins/ must reach the whole app (fastify-plugin): autoload would otherwise encapsulate them.
    encapsulate: folder === 'routes',
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

  const shared: RoutesOptions = {
    ctx,
    settings: options.settings ?? {},
    payments,
    anonymousWritesPerMinute: options.anonymousWritesPerMinute,
    staticDir: options.staticDir ?? null,
    notAppPaths: STAND_IN_PATHS,
  };
  // What every route needs (plugins/, in the order their dependencies declare), then the product's routes.
  await registerFolder(app, 'plugins', shared);
  await registerFolder(app, 'routes', shared);
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
