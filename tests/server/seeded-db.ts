import fs from 'node:fs';
import { inject } from 'vitest';
import { closeDatabase, type Db } from '#server/db/database';
import { openDemoDatabase } from '#server/demo/index';
import { cachedSqliteSeed, openTestDatabase } from './test-database.ts';

/*
 * The demo database seeded once per `vitest run` (tests/global-setup.ts), as a copy of a test's own: SQLite in memory,
 * or a PostgreSQL database copied from the run's template with TEST_DATABASE_URL (tests/server/test-database.ts).
 */

/**
 * A copy of the demo database seeded at `now` (default: the run's "now", shared by every file that does not pass
 * one). Close it with `closeTestDatabase` (a PostgreSQL copy is dropped then).
 */
export const seededDatabase = (now?: Date): Promise<Db> => openTestDatabase(now ? { now } : {});

/** Writes the seeded SQLite demo database (the run's "now") to `file`, for a test that needs it on disk. */
export const writeSeededDatabase = async (file: string): Promise<void> => {
  const dir = inject('seedCacheDir');
  if (!dir) {
    await closeDatabase(await openDemoDatabase(file));
    return;
  }
  fs.writeFileSync(file, await cachedSqliteSeed(dir, undefined));
};
