import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    // The seeded demo databases of the run (tests/server/seeded-db.ts).
    globalSetup: ['tests/global-setup.ts'],
    environment: 'node',
    // Server tests open their own in-memory databases; files run in parallel on the 2 cores.
    pool: 'forks',
    // Time-outs catch a hang, not slowness: on a shared 2-core machine a heavy server test (30 scrypt checks, a
    // month of export) can take over 20 s. Speed is measured by `npm run bench`.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    restoreMocks: true,
  },
});
