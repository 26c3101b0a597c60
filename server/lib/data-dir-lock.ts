import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * One server process per DATA_DIR (docs/product/operations.md "Several instances"): the SQLite database and its scheduler
 * assume a single writer process. The lock is a file created exclusively, naming its holder: the PID, the holder's
 * start time as the kernel counts it (Linux /proc; so that a PID reused by another program after a crash or a
 * reboot is not taken for the server) and the host; the holder touches the file every HEARTBEAT_MS.
 *
 * A lock is stale, and taken over, when its holder is gone: the PID names no process; or a process whose start time
 * differs from the recorded one (a live but unrelated process that got the PID); or, for a lock without a start time
 * (written by an older server, or by hand), a process that is not a server (its command line runs no main.js or
 * main.ts); or, where the start time cannot be read (another host on a shared volume, a system without /proc), a
 * file not touched for STALE_AFTER_MS.
 */

export const LOCK_FILE = 'server.lock';
/** How often the holder touches the lock file, and after how long without a touch another host may take it. */
export const HEARTBEAT_MS = 10_000;
export const STALE_AFTER_MS = 3 * HEARTBEAT_MS;

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`Another server (PID ${pid}) is already running on DATA_DIR ${dataDir}. Stop it, or start this one with another DATA_DIR.`);
    this.name = 'DataDirLockedError';
  }
}

export type LockRecord = { pid: number; startedAt?: string; host?: string };

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The kernel's start time of a process (clock ticks since boot, /proc/PID/stat field 22), or null where unreadable. */
export const processStartTime = (pid: number): string | null => {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2 (the command name, in parentheses) may hold spaces: count the fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
};

const commandLine = (pid: number): string | null => {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\u0000', ' ');
  } catch {
    return null;
  }
};

/** The holder written in a lock file: the JSON record, or the bare PID of an older server. */
export const parseLockRecord = (text: string): LockRecord | null => {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (typeof parsed !== 'object' || parsed === null || !('pid' in parsed) || typeof parsed.pid !== 'number') return null;
    const record: LockRecord = { pid: parsed.pid };
    if ('startedAt' in parsed && typeof parsed.startedAt === 'string') record.startedAt = parsed.startedAt;
    if ('host' in parsed && typeof parsed.host === 'string') record.host = parsed.host;
    return record;
  } catch {
    return null;
  }
};

/** True while the recorded holder is a live server (see the rules at the top). */
export const holderIsLive = (record: LockRecord, touchedAt: number, now: number = Date.now()): boolean => {
  const heartbeatFresh = now - touchedAt < STALE_AFTER_MS;
  if (record.host !== undefined && record.host !== os.hostname()) return heartbeatFresh;
  if (!Number.isInteger(record.pid) || record.pid <= 0 || record.pid === process.pid) return false;
  if (!alive(record.pid)) return false;
  const startedAt = processStartTime(record.pid);
  if (startedAt === null) return heartbeatFresh;
  if (record.startedAt !== undefined) return record.startedAt === startedAt;
  const command = commandLine(record.pid);
  return command === null || /\bmain\.[cm]?[jt]s\b/.test(command);
};

/** Takes the lock of `dataDir` for this process; throws DataDirLockedError when a live server holds it. Returns the release. */
export const lockDataDir = (dataDir: string): (() => void) => {
  const file = path.join(dataDir, LOCK_FILE);
  const record: LockRecord = { pid: process.pid, host: os.hostname() };
  const startedAt = processStartTime(process.pid);
  if (startedAt !== null) record.startedAt = startedAt;
  const content = `${JSON.stringify(record)}\n`;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(file, content, { flag: 'wx' });
      const heartbeat = setInterval(() => {
        try {
          const now = new Date();
          fs.utimesSync(file, now, now);
        } catch {
          // Removed under us: the release below has nothing to do either.
        }
      }, HEARTBEAT_MS);
      heartbeat.unref();
      return () => {
        clearInterval(heartbeat);
        try {
          if (fs.readFileSync(file, 'utf8') === content) fs.unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: LockRecord | null = null;
    let touchedAt = 0;
    try {
      holder = parseLockRecord(fs.readFileSync(file, 'utf8'));
      touchedAt = fs.statSync(file).mtimeMs;
    } catch {
      // Gone meanwhile, or unreadable: taken over below.
    }
    if (holder && holderIsLive(holder, touchedAt)) throw new DataDirLockedError(dataDir, holder.pid);
    fs.rmSync(file, { force: true });
  }
  throw new Error(`could not take the lock of DATA_DIR ${dataDir}`);
};
