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

mkdirSync(config.dataDir, { recursive: true });
// One server per DATA_DIR: a second one would race the first on the database and its scheduler.
const releaseDataDir = lockDataDir(config.dataDir);
process.once('exit', releaseDataDir);

const app = await buildApp({
  dbFile: join(config.dataDir, 'app.sqlite'),
  testMode: config.testMode,
  staticDir: config.staticDir,
  logger: { level: config.logLevel },
  mail: mailConfigOf(config),
  trustProxy: config.trustProxy,
  dataDir: config.dataDir,
  energyPortalUrl: config.energyPortalUrl,
  // The VAPID key pair lives with the data: push subscriptions are bound to it and must survive restarts.
  settings: { vapidKeysFile: join(config.dataDir, 'vapid-keys.json'), vapidSubject: config.vapidSubject, usageFeed: config.devUsageFeed },
  creditor: config.creditor,
  supplier: config.supplier,
});

const shutdown = createShutdown(app, { timeoutMs: config.shutdownTimeoutMs, exit: (code) => process.exit(code) });
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
if (config.testMode) app.log.warn('TEST_MODE=1: test switches under /api/test are enabled');
if (!config.staticDir) app.log.warn('dist/ not found: serving the API only (run npm run build)');
console.log(`Mobile self-service running on http://localhost:${config.port}`);
