import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    // The run's seeded demo database (tests/global-setup.ts): each server test file opens a copy of its own, in memory
    // or, with TEST_DATABASE_URL, a PostgreSQL database copied from one template; files run in parallel on the 2 cores.
    globalSetup: ['tests/global-setup.ts'],
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
  },
});
