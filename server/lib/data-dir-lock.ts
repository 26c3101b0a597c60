import fs from 'node:fs';
import path from 'node:path';

/*
 * One server process per DATA_DIR (ARCHITECTURE.md "Serving and scale"): the database, the rate limits and the
 * renewal grace window all assume a single writer process. The lock is a file holding the owner's PID, created
 * exclusively; a lock whose process is gone (a crash, a kill -9) is stale and taken over.
 */

export const LOCK_FILE = 'server.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`Another server (PID ${pid}) is already running on DATA_DIR ${dataDir}. Stop it, or start this one with another DATA_DIR.`);
    this.name = 'DataDirLockedError';
  }
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Takes the lock of `dataDir` for this process; throws DataDirLockedError when a live process holds it. Returns the release. */
export const lockDataDir = (dataDir: string, pid: number = process.pid): (() => void) => {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(file, `${pid}\n`, { flag: 'wx' });
      return () => {
        try {
          if (fs.readFileSync(file, 'utf8').trim() === String(pid)) fs.unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt(fs.readFileSync(file, 'utf8').trim(), 10);
    if (Number.isInteger(owner) && owner > 0 && owner !== pid && alive(owner)) throw new DataDirLockedError(dataDir, owner);
    // Stale (its process is gone) or unreadable: take it over.
    fs.rmSync(file, { force: true });
  }
  throw new Error(`could not take the lock of DATA_DIR ${dataDir}`);
};
