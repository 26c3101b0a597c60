import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { runNow } from '#contract/fixtures/clock';
import { closeDatabase, serializeSqlite } from '#server/db/database';
import { openDemoDatabase } from '#server/demo/index';
import { adminQuery, databaseUrl, dropTemplates } from './server/test-database.ts';

/*
 * Once per `vitest run`, before any test file starts, the seeded demo database every server test copies
 * (tests/server/test-database.ts): seeding writes about 200,000 usage records and hashes the demo passwords (seconds,
 * over 20 s on a busy machine); a copy takes well under a second. Made here, a test that opens a copy never waits for
 * a seed inside its own time-out.
 *
 * - SQLite (TEST_DATABASE_URL unset): the seed's bytes in the run's cache folder, opened in memory by each test.
 * - PostgreSQL (TEST_DATABASE_URL=postgres://…): a database migrated and seeded here, the template each test file
 *   copies with CREATE DATABASE … TEMPLATE (a file copy, far faster than seeding).
 *
 * Seeds at a fixed date (a test file's own clock) are made by the first file that asks, in the same cache folder. The
 * folder and the templates are removed at the end of the run, so a seed never outlives the code and the day it was
 * made with.
 */

declare module 'vitest' {
  // Declaration merging: only an interface extends Vitest's.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** Folder of the seeded databases (SQLite bytes, PostgreSQL template names) of this run. */
    seedCacheDir: string;
    /** PostgreSQL only: the run's seeded template database ('' on SQLite). */
    pgTemplate: string;
  }
}

/** The file of the seed at `now` (undefined: the run's "now") in the run's folder. */
export const seedFile = (dir: string, now: Date | undefined): string =>
  path.join(dir, `${now ? `seed-${now.toISOString().replace(/[:.]/g, '-')}` : 'seed-now'}.sqlite`);

type RunSeed = { dir: string; template: string };

/** The run's "now" (contract/fixtures/clock.ts): this main process keeps the real `Date`, its workers the moved one. */
const runNowDate = (): Date => new Date(runNow(process.env));

/**
 * The run's seed, made once for the projects that ask for it (vitest.config.ts: the server's tests and the client's
 * tests against the server). Vitest runs a project's global setup for each project, in its main process: the seed is
 * kept on `globalThis` there, and removed when the last of them tears down.
 */
const shared = Symbol.for('mobile-self-service.run-seed');
type SharedSeed = { seed: Promise<RunSeed>; users: number };
const holder = globalThis as { [shared]?: SharedSeed };

const makeSeed = async (): Promise<RunSeed> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitest-seeds-'));
  const serverUrl = process.env.TEST_DATABASE_URL;
  let template = '';
  if (serverUrl) {
    template = `mobile_template_${process.pid}_${Date.now()}`;
    await adminQuery(serverUrl, `CREATE DATABASE "${template}"`);
    // Seeded at the run's pinned "now", as a SQLite test's copy is.
    await closeDatabase(await openDemoDatabase(databaseUrl(serverUrl, template), { now: runNowDate() }));
  } else {
    const db = await openDemoDatabase(':memory:', { now: runNowDate() });
    try {
      fs.writeFileSync(seedFile(dir, undefined), serializeSqlite(db));
    } finally {
      await closeDatabase(db);
    }
  }
  return { dir, template };
};

const removeSeed = async ({ dir, template }: RunSeed): Promise<void> => {
  fs.rmSync(dir, { recursive: true, force: true });
  const serverUrl = process.env.TEST_DATABASE_URL;
  // The run's template and the fixed-date ones made from test files (named after it).
  if (serverUrl && template) await dropTemplates(serverUrl, template);
};

export async function setup(project: TestProject) {
  if (!holder[shared])
    console.log(`The run's clock is pinned: it started at ${runNowDate().toISOString()} (TEST_NOW, contract/fixtures/clock.ts).`);
  const run = (holder[shared] ??= { seed: makeSeed(), users: 0 });
  run.users += 1;
  const seed = await run.seed;
  project.provide('seedCacheDir', seed.dir);
  project.provide('pgTemplate', seed.template);
  return async () => {
    run.users -= 1;
    if (run.users > 0) return;
    delete holder[shared];
    await removeSeed(seed);
  };
}
