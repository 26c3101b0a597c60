import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/database';

/*
 * Once per `vitest run`: the folder where tests/server/seeded-db.ts keeps the seeded demo databases, and the seed
 * at the run's "now" in it, made here before any test file starts: a test that opens a copy then never waits for a
 * seed inside its own time-out. Seeds at a fixed date (a test file's own clock) are made by the first file that asks.
 * The folder is removed at the end of the run, so a seed never outlives the code and the day it was made with.
 */

/** The file of the seed at `now` (undefined: the run's "now") in the run's folder. */
export const seedFile = (dir: string, now: Date | undefined): string =>
  path.join(dir, `${now ? `seed-${now.toISOString().replace(/[:.]/g, '-')}` : 'seed-now'}.sqlite`);

export function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitest-seeds-'));
  const db = openDatabase(':memory:');
  try {
    fs.writeFileSync(seedFile(dir, undefined), db.serialize());
  } finally {
    db.close();
  }
  project.provide('seedCacheDir', dir);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
