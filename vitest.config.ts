import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const testFiles = /\.test\.tsx?$/;

/** Every test file under `dir`, as a path from the project's root. */
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => testFiles.test(file))
    .map((file) => path.join(dir, file).split(path.sep).join('/'));

/**
 * What a client test file must not share with the files run before it in the same worker: a module mocked (`vi.mock`),
 * a global stubbed, the modules reset, an IndexedDB (fake-indexeddb keeps its databases, and Dexie's `db` module its
 * connection, for as long as the module graph lives), or a test app of the server (tests/server/test-app.ts: the
 * run's seeded database, given by the global setup of the isolated project).
 */
const needsIsolation = (file: string): boolean =>
  /\bvi\.(mock|doMock|unmock|stubGlobal|stubEnv|resetModules)\(|fake-indexeddb|#db\/db|test-app\.ts/.test(fs.readFileSync(file, 'utf8'));

const isServerTest = (file: string): boolean => file.startsWith('tests/server/');
const allTests = filesUnder('tests');
const serverTests = allTests.filter(isServerTest);
const clientTests = allTests.filter((file) => !isServerTest(file));
const isolatedTests = clientTests.filter(needsIsolation);
const sharedTests = clientTests.filter((file) => !needsIsolation(file));

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'node',
    pool: 'forks',
    // A worker per core: vitest's default for `run` is one less than the cores, which is one worker on a 2-core
    // machine, while its main process only hands out files and collects results.
    maxWorkers: os.availableParallelism(),
    // Time-outs catch a hang, not slowness: on a shared 2-core machine a heavy server test (30 scrypt checks, a
    // month of export) can take over 20 s. Speed is measured by `npm run bench`.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    restoreMocks: true,
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
          // The run's seeded demo database, for the client's tests against the server (made once for both projects).
          globalSetup: ['tests/global-setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          // The reference server's tests: each file builds its own app (buildApp) on its own database, with its own
          // clock and configuration; rate limits live in that database. Nothing of a test's server is module state, so
          // a worker keeps the server's modules from one file to the next instead of importing them for each.
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
