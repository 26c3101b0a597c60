import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/*
 * What the server benches start: compiled server processes (as production runs them), a PostgreSQL server, and nginx
 * in front of several instances. Everything listens on loopback and is stopped when the bench ends.
 */

const root = path.resolve(import.meta.dirname, '..');

export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export type ServerProcess = { url: string; port: number; child: ChildProcess; stop: () => Promise<void> };

/**
 * The compiled server (dist-server/main.js, built by bench-build.ts) without test mode, until it is ready (its
 * database answers). `env` adds DATA_DIR or DATABASE_URL. The demo (DEMO=on), on either engine: the bench logs in
 * as the demo customers. `port`: the port of an instance started again after it was killed.
 */
export const startServer = async (env: NodeJS.ProcessEnv, options: { staticDir?: string; port?: number } = {}): Promise<ServerProcess> => {
  const port = options.port ?? (await freePort());
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DEMO: 'on', ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' };
  delete childEnv.TEST_MODE;
  if (options.staticDir) childEnv.STATIC_DIR = options.staticDir;
  const child = spawn(process.execPath, [path.join(root, 'dist-server', 'main.js')], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const ready = await fetch(`${url}/api/public/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error('server did not start');
    await sleep(250);
  }
  return {
    url,
    port,
    child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
};

export type PostgresServer = { url: string; stop: () => Promise<void> };

/**
 * A PostgreSQL server for the bench: BENCH_DATABASE_URL (an administrative database of an existing server), else a
 * throwaway cluster in a temporary folder from Debian's binaries (as .ci/run starts one), with the durability of
 * SQLite's WAL mode at synchronous=NORMAL: a commit survives the server process (fsync on), not necessarily a power
 * cut (synchronous_commit off). Null when neither is available.
 */
export const startPostgres = async (): Promise<PostgresServer | null> => {
  if (process.env.BENCH_DATABASE_URL) return { url: process.env.BENCH_DATABASE_URL, stop: () => Promise.resolve() };
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
  const bin = versions.length > 0 ? path.join('/usr/lib/postgresql', versions[versions.length - 1] ?? '', 'bin') : null;
  if (!bin || !fs.existsSync(path.join(bin, 'initdb'))) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-pg-'));
  const asRoot = process.getuid?.() === 0;
  const run = (command: string, args: string[]) =>
    execFileSync(asRoot ? 'runuser' : command, asRoot ? ['-u', 'postgres', '--', command, ...args] : args, { stdio: 'ignore' });
  if (asRoot) execFileSync('chown', ['postgres', dir]);
  const port = await freePort();
  run(path.join(bin, 'initdb'), ['-D', path.join(dir, 'data'), '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C.UTF-8']);
  run(path.join(bin, 'pg_ctl'), [
    '-D',
    path.join(dir, 'data'),
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c synchronous_commit=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: async () => {
      run(path.join(bin, 'pg_ctl'), ['-D', path.join(dir, 'data'), '-m', 'fast', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
      await Promise.resolve();
    },
  };
};

/** A new empty database on the server; its URL. */
export const createDatabase = async (serverUrl: string, name: string): Promise<string> => {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};

export type Proxy = { url: string; stop: () => Promise<void> };

/**
 * nginx in front of the given instances, with compose's proxy settings (deploy/nginx.conf): passive health checks,
 * idempotent requests retried on the other instance. Null without an nginx binary.
 */
export const startProxy = async (upstreams: readonly ServerProcess[]): Promise<Proxy | null> => {
  const binary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((candidate) => fs.existsSync(candidate));
  if (!binary) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-nginx-'));
  const port = await freePort();
  const shipped = fs.readFileSync(path.join(root, 'deploy', 'nginx.conf'), 'utf8');
  // The shipped paths under /tmp/ move into this folder first: the pid line written next is in it already.
  const config = shipped
    .replaceAll('/tmp/', `${dir}/`)
    .replace(/^pid .*$/m, `pid ${dir}/nginx.pid;\ndaemon off;`)
    .replace(
      /server api-1:8080[^;]*;\s*server api-2:8080[^;]*;/,
      upstreams.map((u) => `server 127.0.0.1:${u.port} max_fails=1 fail_timeout=10s;`).join('\n    '),
    )
    .replace('listen 8080;', `listen 127.0.0.1:${port};`);
  // Started as root, nginx would hand its work to an unprivileged user that cannot reach this folder.
  const user = process.getuid?.() === 0 ? 'user root root;\n' : '';
  fs.writeFileSync(path.join(dir, 'nginx.conf'), user + config);
  const child = spawn(binary, ['-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  const stop = async (): Promise<void> => {
    // An nginx that already exited (a configuration it refused) has sent its 'exit' event: never wait for it.
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i += 1) {
    const up = await fetch(`${url}/api/public/ready`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return { url, stop };
    if (child.exitCode !== null) break;
    await sleep(100);
  }
  await stop();
  throw new Error(`nginx did not start (${binary} -c ${path.join(dir, 'nginx.conf')})`);
};
