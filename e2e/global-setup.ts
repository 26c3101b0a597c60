import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { runNow } from './fixtures/clock.ts';
import { eventTotals } from './fixtures/run-events.ts';
import { startOfflineServer } from './fixtures/server-process.ts';

/*
 * Once per run, before any test: compile the server (esbuild, about a second, so a change to server/ is never
 * tested against a stale dist-server/), seed the demo database once into the run's folder (E2E_SEED_FILE, made
 * by scripts/seed-database.ts), and start the run's main server on E2E_PORT with a copy of it. Every other server of
 * the run starts from a copy of the same file (e2e/fixtures/server-process.ts). The seed is made at the run's pinned
 * "now" (e2e/fixtures/clock.ts), and the servers' clocks run from there (TEST_CLOCK_OFFSET, inherited). At the end: the main server stops, and the run's counts are printed.
 */

const root = path.resolve(import.meta.dirname, '..');

export default async function globalSetup(config: FullConfig) {
  const runDir = process.env.E2E_RUN_DIR;
  const seedFile = process.env.E2E_SEED_FILE;
  if (!runDir || !seedFile) throw new Error('E2E_RUN_DIR and E2E_SEED_FILE are set by playwright.config.ts');
  const port = Number(new URL(config.projects[0]?.use.baseURL ?? '').port);

  execFileSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, stdio: 'inherit' });
  const started = Date.now();
  const seededAt = new Date(runNow()).toISOString();
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/seed-database.ts', seedFile, seededAt], { cwd: root, stdio: 'inherit' });
  console.log(`demo database seeded at ${seededAt} (the run's pinned clock) in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const server = await startOfflineServer({ port, seedFile });

  return async () => {
    await server.stop();
    const totals = eventTotals();
    console.log(
      `server starts: ${totals['server-start']} on a copy of the seeded database, ${totals['server-start-seeding']} seeding; ` +
        `sign-ins: ${totals['form-login']} through the form, ${totals['api-login']} through the API`,
    );
    fs.rmSync(runDir, { recursive: true, force: true });
  };
}
