import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { lockDataDir } from './lib/data-dir-lock.ts';

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? '0.0.0.0';
const dataDir = resolve(process.env.DATA_DIR ?? './data');
const testMode = process.env.TEST_MODE === '1';
mkdirSync(dataDir, { recursive: true });
// TRUST_PROXY: unset/false = no proxy; true = trust X-Forwarded-*; else addresses or CIDRs of the proxies (a,b).
const trustProxyEnv = process.env.TRUST_PROXY?.trim() ?? '';
const trustProxy =
  trustProxyEnv === '' || trustProxyEnv === 'false' || trustProxyEnv === '0'
    ? false
    : trustProxyEnv === 'true' || trustProxyEnv === '1'
      ? true
      : trustProxyEnv;
const releaseDataDir = lockDataDir(dataDir);
process.once('exit', releaseDataDir);

// dist/ next to server/, whatever the working directory; without a build the server runs API-only.
// STATIC_DIR overrides it (tests that build into their own folder).
const distDir = process.env.STATIC_DIR ?? fileURLToPath(new URL('../dist/', import.meta.url));
const staticDir = existsSync(join(distDir, 'index.html')) ? distDir : null;

const app = await buildApp({ dbFile: join(dataDir, 'app.sqlite'), testMode, staticDir, logger: true, trustProxy });

const shutdown = (signal: string): void => {
  app.log.info(`${signal} received, closing`);
  app.close().then(
    () => process.exit(0),
    (error: unknown) => {
      app.log.error({ err: error }, 'error while closing');
      process.exit(1);
    },
  );
};
process.once('SIGINT', () => shutdown('SIGINT'));
process.once('SIGTERM', () => shutdown('SIGTERM'));

await app.listen({ port, host });
if (testMode) app.log.warn('TEST_MODE=1: test switches under /api/test are enabled');
if (!staticDir) app.log.warn('dist/ not found: serving the API only (run npm run build)');
console.log(`Mobile self-service running on http://localhost:${port}`);
