import fs from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type Db } from '#server/db/database';
import { seedFile } from '../global-setup.ts';

/*
 * The demo database, seeded once per `vitest run` and opened as an in-memory copy by every test that needs it.
 * Seeding writes about 200,000 usage records and hashes the demo passwords (3–4 s on a quiet 2-core machine, over
 * 20 s on a busy one); opening a copy of its bytes takes well under a second. Each seed is kept in the run's cache
 * folder (tests/global-setup.ts makes it, with the seed at the run's "now", and removes it at the end) under its
 * clock: "now" or the fixed date a test file seeds at. The first file that asks for a fixed-date seed writes it; the
 * others wait for it (a lock file), so two files starting at once do not both seed.
 *
 * Every copy is a database of its own: a test's writes never reach another file. The seed itself is tested in
 * seed.test.ts, which seeds on its own.
 */

const LOCK_POLL_MS = 100;
/** A seed that takes longer than this on a loaded machine is taken over (its writer probably died). */
const LOCK_STALE_MS = 180_000;

const cacheDir = (): string | undefined => inject('seedCacheDir');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const seedBytes = (now: Date | undefined): Buffer => {
  const db = openDatabase(':memory:', now ? { now } : {});
  try {
    return db.serialize();
  } finally {
    db.close();
  }
};

const cachedSeed = async (dir: string, now: Date | undefined): Promise<Buffer> => {
  const file = seedFile(dir, now);
  const lock = `${file}.lock`;
  for (;;) {
    if (fs.existsSync(file)) return fs.readFileSync(file);
    let mine = false;
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      mine = true;
    } catch {
      // Another file is seeding: wait for its result, or take over a lock left behind.
      const age = Date.now() - (fs.statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > LOCK_STALE_MS) fs.rmSync(lock, { force: true });
      else await sleep(LOCK_POLL_MS);
    }
    if (mine) {
      try {
        const bytes = seedBytes(now);
        // Written under another name, then renamed: a reader never sees half a file.
        fs.writeFileSync(`${file}.tmp`, bytes);
        fs.renameSync(`${file}.tmp`, file);
        return bytes;
      } finally {
        fs.rmSync(lock, { force: true });
      }
    }
  }
};

/**
 * An in-memory copy of the demo database, seeded at `now` (default: the run's "now", shared by every file that
 * does not pass one). Close it when done.
 */
export const seededDatabase = async (now?: Date): Promise<Db> => {
  const dir = cacheDir();
  // Outside `vitest run` (no global setup): seed here.
  if (!dir) return openDatabase(':memory:', now ? { now } : {});
  return openDatabase(await cachedSeed(dir, now));
};

/** Writes the seeded demo database (the run's "now") to `file`, for a test that needs it on disk. */
export const writeSeededDatabase = async (file: string): Promise<void> => {
  const dir = cacheDir();
  if (!dir) {
    openDatabase(file).close();
    return;
  }
  fs.writeFileSync(file, await cachedSeed(dir, undefined));
};

declare module 'vitest' {
  // Declaration merging: only an interface extends Vitest's.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** Folder of the seeded databases of this run (tests/global-setup.ts). */
    seedCacheDir: string;
  }
}
