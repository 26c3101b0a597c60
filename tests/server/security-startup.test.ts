import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, STALE_AFTER_MS, lockDataDir, processStartTime } from '#server/lib/data-dir-lock';
import { freePort } from './free-port.ts';

/*
 * Start-up (docs/product/operations.md "Start-up"): a second server on the same DATA_DIR is refused with one clear
 * line and no stack trace; a stale lock is taken over, also when its PID now belongs to a live but unrelated
 * process (after a crash and a reboot, or in a fresh container, PIDs are reused).
 */

const root = path.resolve(import.meta.dirname, '../..');
const tempDirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mss-startup-'));
  tempDirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of tempDirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A live process that is no server: `sleep`. */
const unrelatedProcess = async (): Promise<number> => {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid ?? 0;
};

/** Another process that holds the lock of `dir` as a running server does (through the same module). */
const holdingServer = async (dir: string): Promise<ChildProcess> => {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `const { lockDataDir } = await import('./server/lib/data-dir-lock.ts'); lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
  return child;
};

/** Runs the server's entry point (server/main.ts) and collects how it ended. */
const startServer = async (env: Record<string, string>) => {
  const port = await freePort();
  return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      // FASTIFY_AUTOLOAD_TYPESCRIPT: app.ts loads the route files with @fastify/autoload, which imports .ts files only
      // when told (tsx given by --import is not a loader it detects; scripts/dev.mjs does the same).
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        FASTIFY_AUTOLOAD_TYPESCRIPT: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let stderr = '';
    let stdout = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.once('exit', (code) => resolve({ code, stderr, stdout }));
  });
};

const expectOneLineNoStack = (stderr: string) => {
  const lines = stderr.trim().split('\n');
  expect(lines, stderr).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
};

describe('the DATA_DIR lock', () => {
  it('takes over a lock that names a live but unrelated process (bare PID, as an older server wrote it)', async () => {
    const dir = tempDir();
    const pid = await unrelatedProcess();
    fs.writeFileSync(path.join(dir, LOCK_FILE), `${pid}\n`);
    const release = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    release();
  });

  it('takes over a lock whose PID was reused by another process (its start time differs)', async () => {
    const dir = tempDir();
    const pid = await unrelatedProcess();
    fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify({ pid, startedAt: '1', host: os.hostname() }));
    lockDataDir(dir)();
  });

  it('refuses while a live server holds it, and takes it over once that server is gone', async () => {
    const dir = tempDir();
    const holder = await holdingServer(dir);
    const record = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')) as { pid: number; startedAt?: string };
    expect(record.pid).toBe(holder.pid);
    expect(record.startedAt).toBe(processStartTime(holder.pid ?? 0) ?? undefined);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`Another server (PID ${holder.pid}) is already running on DATA_DIR ${dir}`);
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    lockDataDir(dir)();
  });

  it('a lock written on another host (shared volume) holds while it is touched, and is stale after', () => {
    const dir = tempDir();
    const file = path.join(dir, LOCK_FILE);
    fs.writeFileSync(file, JSON.stringify({ pid: 4242, host: 'another-host' }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    const old = new Date(Date.now() - STALE_AFTER_MS - 1000);
    fs.utimesSync(file, old, old);
    lockDataDir(dir)();
  });
});

describe('a start that cannot go on prints one clear line, never a stack trace', () => {
  it('a second server on the same DATA_DIR', async () => {
    const dir = tempDir();
    await holdingServer(dir);
    const result = await startServer({ DATA_DIR: dir });
    expect(result.code).toBe(1);
    expectOneLineNoStack(result.stderr);
    expect(result.stderr).toMatch(/^Cannot start: Another server \(PID \d+\) is already running on DATA_DIR /);
  }, 60_000);

  it('a database file that is not a database', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'app.sqlite'), 'this is not a database, it is a text file long enough to have a header'.repeat(20));
    const result = await startServer({ DATA_DIR: dir });
    expect(result.code).toBe(1);
    expectOneLineNoStack(result.stderr);
    expect(result.stderr).toMatch(/^Cannot start: .*app\.sqlite is not a readable database/);
  }, 60_000);

  it('a VAPID key file that holds no key pair', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'vapid-keys.json'), '{"publicKey": 1}');
    const result = await startServer({ DATA_DIR: dir });
    expect(result.code).toBe(1);
    expectOneLineNoStack(result.stderr);
    expect(result.stderr).toMatch(/^Cannot start: .*vapid-keys\.json does not hold a VAPID key pair/);
  }, 180_000);
});
