import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type ServerConfig } from './config.ts';
import { mailConfigOf } from './lib/mailer.ts';
import { createShutdown } from './lib/shutdown.ts';
import { lockDataDir } from './lib/data-dir-lock.ts';

// The one place that reads the environment: a wrong value stops here with one message naming the variable.
let config: ServerConfig;
try {
  config = loadConfig(process.env);
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// SQLite under DATA_DIR (the default): one server per folder, since a second one would race the first on the database
// and its scheduler. PostgreSQL (DATABASE_URL): any number of instances on one database, and nothing on their disks.
const onPostgres = config.databaseUrl !== null;
if (!onPostgres) {
  mkdirSync(config.dataDir, { recursive: true });
  const releaseDataDir = lockDataDir(config.dataDir);
  process.once('exit', releaseDataDir);
}

let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp({
    database: config.databaseUrl ?? join(config.dataDir, 'app.sqlite'),
    postgres: { poolSize: config.databasePoolSize, statementTimeoutMs: config.databaseStatementTimeoutMs },
    testMode: config.testMode,
    staticDir: config.staticDir,
    logger: { level: config.logLevel },
    mail: mailConfigOf(config),
    trustProxy: config.trustProxy,
    energyPortalUrl: config.energyPortalUrl,
    settings: {
      // A server of before kept its VAPID key pair beside the SQLite file: the database takes it over once.
      vapidKeysImportFile: onPostgres ? null : join(config.dataDir, 'vapid-keys.json'),
      vapidSubject: config.vapidSubject,
      usageFeed: config.devUsageFeed,
    },
    creditor: config.creditor,
  });
} catch (error) {
  // PostgreSQL still unreachable after the retries (server/db/engine.ts waitForDatabase), a failed migration …
  console.error(`The server could not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

const shutdown = createShutdown(app, { timeoutMs: config.shutdownTimeoutMs, exit: (code) => process.exit(code) });
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
if (config.testMode) app.log.warn('TEST_MODE=1: test switches under /api/test are enabled');
if (!config.staticDir) app.log.warn('dist/ not found: serving the API only (run npm run build)');
console.log(`Mobile self-service running on http://localhost:${config.port}`);
