import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { runClockOffset } from './contract/fixtures/clock.ts';

// The run's clock (contract/fixtures/clock.ts): fixed here, in the main process, before any worker starts, so the
// global setup's seed and every worker share one offset from the real time (TEST_CLOCK_OFFSET, inherited).
runClockOffset(process.env);

const testFiles = /\.test\.tsx?$/;

/** Every test file under `dir`, as a path from the project's root. */
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => testFiles.test(file))
    .map((file) => path.join(dir, file).split(path.sep).join('/'));

const source = (file: string): string => fs.readFileSync(file, 'utf8');

/** A file that changes modules or globals for itself: a module mocked, a global or variable stubbed, modules reset. */
const changesModules = (file: string): boolean => /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|resetModules)\(/.test(source(file));

/**
 * What a test file must not share with the files run before it in the same worker: modules or globals it
 * changes, an IndexedDB (fake-indexeddb keeps its databases, and Dexie's `db` module its connection, for as long as
 * the module graph lives), or a test app of the server (tests/server/test-app.ts: the run's seeded database, given by
 * the global setup of the isolated project).
 */
const needsIsolation = (file: string): boolean => changesModules(file) || /fake-indexeddb|#db\/db|test-app\.ts/.test(source(file));

const allTests = filesUnder('tests');
// The server's tests share their worker's modules, but for one that changes them, or one that also runs the app's
// IndexedDB side (fake-indexeddb's globals and Dexie's connection live as long as the module graph: under another
// order of files, one such server test found no IndexedDB at all).
const serverTests = allTests.filter(
  (file) => file.startsWith('tests/server/') && !changesModules(file) && !/fake-indexeddb/.test(source(file)),
);
const otherTests = allTests.filter((file) => !serverTests.includes(file));
const isolatedTests = otherTests.filter(needsIsolation);
const sharedTests = otherTests.filter((file) => !needsIsolation(file));

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'node',
    // Worker threads rather than child processes: the same files used about a sixth less CPU in threads (user + sys,
    // measured back to back on this 2-core machine). Nothing here needs a process of its own: no test changes the
    // working directory or exits, and better-sqlite3 loads in a worker thread.
    pool: 'threads',
    // A worker per core: vitest's default for `run` is one less than the cores, which is one worker on a 2-core
    // machine, while its main process only hands out files and collects results.
    maxWorkers: os.availableParallelism(),
    // Time-outs catch a hang, not slowness: on a shared 2-core machine a heavy server test (30 scrypt checks, a
    // month of export) can take over 20 s. Speed is measured by `npm run bench`.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    restoreMocks: true,
    setupFiles: ['tests/setup/pinned-clock.ts'],
    // server/app.ts loads the route files with @fastify/autoload, whose `import()` would otherwise be Node's own: Node 20
    // cannot load .ts, and a second copy of server/ would be loaded beside the tests' (two module graphs, two sets of
    // module state). Inlined, autoload is transformed by Vite like our code, so its `import()` goes through the same
    // module graph as the tests'. (Autoload accepts .ts files by itself under vitest: it reads VITEST.)
    server: { deps: { inline: ['@fastify/autoload'] } },
    projects: [
      {
        extends: true,
        test: {
          // Pure rules, formatting, i18n, workers' cores and screens without mocks: a worker keeps the modules it has
          // imported from one file to the next (importing them again for every file was about half of the suite's
          // time). Each file still gets its own environment (node or jsdom) and its mocks restored.
          name: 'shared',
          include: sharedTests,
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          // Each file in a module graph of its own (see `needsIsolation`).
          name: 'isolated',
          include: isolatedTests,
          // The run's seeded demo database, for the tests against the server here (made once for both projects).
          globalSetup: ['tests/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The reference server's tests: each file builds its own app (buildApp) on its own database, with its own
          // clock and configuration; rate limits live in that database. Nothing of a test's server is module state, so
          // a worker keeps the server's modules from one file to the next instead of importing them for each (a file
          // that mocks a module runs in the isolated project).
          name: 'server',
          include: serverTests,
          isolate: false,
          // The run's seeded demo database (tests/global-setup.ts): each server test file opens a copy of its own, in
          // memory or, with TEST_DATABASE_URL, a PostgreSQL database copied from one template; files run in parallel on
          // the 2 cores.
          globalSetup: ['tests/global-setup.ts'],
        },
      },
    ],
  },
});
