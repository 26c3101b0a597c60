import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['tests/**/*.test.{ts,tsx}'],
    environment: 'node',
    // Server tests open their own in-memory databases (or, with TEST_DATABASE_URL, PostgreSQL databases copied from one
    // template made here); files run in parallel on the 2 cores.
    globalSetup: ['tests/server/pg-global-setup.ts'],
    pool: 'forks',
    testTimeout: 20_000,
    hookTimeout: 60_000,
    restoreMocks: true,
  },
});
