import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type ServerConfig } from './config.ts';
import { mailConfigOf } from './lib/mailer.ts';
import { createShutdown } from './lib/shutdown.ts';
import { lockDataDir } from './lib/data-dir-lock.ts';
import { startupFailure } from './lib/startup-errors.ts';
import { modeLine, offLines } from './lib/start-report.ts';

/**
 * A start that cannot go on prints what is wrong, in words, and exits 1: no stack trace (docs/product/operations.md
 * "Start-up"). The configuration error names every wrong variable, one per line; anything else is one line.
 */
const fail = (error: unknown, config?: ServerConfig): never => {
  console.error(error instanceof ConfigError ? error.message : startupFailure(error, config));
  process.exit(1);
};

// The one place that reads the environment: a wrong value stops here with one message naming the variable.
const readConfig = (): ServerConfig => {
  try {
    return loadConfig(process.env);
  } catch (error) {
    return fail(error);
  }
};
const config = readConfig();
// The first line says which server this is: the demo, or one for real customers.
console.log(modeLine(config));

try {
  // SQLite under DATA_DIR (the default): one server per folder, since a second one would race the first on the
  // database and its scheduler. PostgreSQL (DATABASE_URL): any number of instances on one database, and nothing on
  // their disks.
  const onPostgres = config.databaseUrl !== null;
  if (!onPostgres) {
    mkdirSync(config.dataDir, { recursive: true });
    const releaseDataDir = lockDataDir(config.dataDir);
    process.once('exit', releaseDataDir);
  }

  // PostgreSQL still unreachable after the retries (server/db/engine.ts waitForDatabase), a failed migration … end in
  // `fail` below, one line.
  const app = await buildApp({
    demo: config.demo,
    usageFeed: config.devUsageFeed,
    database: config.databaseUrl ?? join(config.dataDir, 'app.sqlite'),
    postgres: { poolSize: config.databasePoolSize, statementTimeoutMs: config.databaseStatementTimeoutMs },
    testMode: config.testMode,
    ...(config.clockOffsetMs !== 0 ? { now: () => new Date(Date.now() + config.clockOffsetMs) } : {}),
    staticDir: config.staticDir,
    logger: { level: config.logLevel },
    mail: mailConfigOf(config),
    trustProxy: config.trustProxy,
    energyPortalUrl: config.energyPortalUrl,
    settings: {
      // A server of before kept its VAPID key pair beside the SQLite file: the database takes it over once.
      vapidKeysImportFile: onPostgres ? null : join(config.dataDir, 'vapid-keys.json'),
      vapidSubject: config.vapidSubject,
    },
    creditor: config.creditor,
    anonymousWritesPerMinute: config.anonymousWritesPerMinute,
    payments: { mollieApiKey: config.mollieApiKey },
    supplier: config.supplier,
  });

  const shutdown = createShutdown(app, { timeoutMs: config.shutdownTimeoutMs, exit: (code) => process.exit(code) });
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.testMode) app.log.warn('TEST_MODE=1: test switches under /api/test are enabled');
  if (!config.staticDir) app.log.warn('dist/ not found: serving the API only (run npm run build)');
  // One line for each service that is off or played by a stand-in (lib/start-report.ts).
  for (const line of offLines(config)) app.log.warn(line);
  console.log(`Mobile self-service running on http://localhost:${config.port}`);
} catch (error) {
  fail(error, config);
}
