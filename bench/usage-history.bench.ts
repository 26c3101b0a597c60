import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { demoPassword } from '#contract/fixtures/demo';
import { createDatabase, freePort, startPostgres } from './servers.ts';

/*
 * The usage history of the heavy demo customer (Yasmine, MT00000005: 200,000+ records) under load, against the
 * server as `npm start` runs it: production mode (no TEST_MODE), its own DATA_DIR, the built app when dist/ exists.
 * autocannon, 20 connections for 10 s, each request a page of 25 records; the pages walk the whole history
 * (first to last page with a stride), so deep OFFSETs are in the mix, not just the first page.
 *
 * Figures: usage_history_pages_per_s (mean requests per second) and usage_history_p99_ms on SQLite, and
 * usage_history_pg_pages_per_s and usage_history_pg_p99_ms, the same on PostgreSQL (bench/servers.ts startPostgres:
 * BENCH_DATABASE_URL or a throwaway local cluster), when one is at hand.
 */

const root = path.resolve(import.meta.dirname, '..');
const CONNECTIONS = Number(process.env.HISTORY_CONNECTIONS ?? 20);
const DURATION_S = Number(process.env.HISTORY_DURATION_S ?? 10);

type Figures = { pagesPerS: number; p99: number };

/** The server from its sources (as this bench always ran it) on `env`'s database, measured, then stopped. */
const measure = async (env: NodeJS.ProcessEnv, label: string): Promise<Figures> => {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' };
  delete childEnv.TEST_MODE;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      const up = await fetch(`${base}/api/public/ready`).then(
        (response) => response.ok,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error('server did not start');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const login = await fetch(`${base}/api/public/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-mode': 'bearer' },
      body: JSON.stringify({ login: 'MT00000005', password: demoPassword }),
    });
    const session = (await login.json()) as { token: string; user: { customer_id: number } };
    const full = (await (
      await fetch(`${base}/api/customer/${session.user.customer_id}/full?withContracts=1`, {
        headers: { authorization: `Bearer ${session.token}` },
      })
    ).json()) as { contracts: { id: number; msisdn: string | null }[] };
    const contract = full.contracts.find((c) => c.msisdn === '0470000007') ?? full.contracts[0];
    if (!contract) throw new Error('no contract for the heavy customer');
    const path0 = `/api/customer/${session.user.customer_id}/contract/${contract.id}/usage/history`;
    const first = (await (await fetch(`${base}${path0}`, { headers: { authorization: `Bearer ${session.token}` } })).json()) as {
      pagination: { last_page: number; total: number };
    };
    const lastPage = first.pagination.last_page;
    let next = 0;
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION_S,
      headers: { authorization: `Bearer ${session.token}` },
      requests: [
        {
          method: 'GET',
          setupRequest: (request) => {
            // A stride through the whole history: every depth of OFFSET gets its share.
            next = (next + 97) % lastPage;
            return { ...request, path: `${path0}?megalist-page=${next + 1}` };
          },
        },
      ],
    });
    if (result.non2xx > 0) throw new Error(`${result.non2xx} answers were not 2xx`);
    console.log(
      `  ${label}: history of ${first.pagination.total} records, ${lastPage} pages; ${result.requests.total} requests in ${DURATION_S} s, ` +
        `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
    );
    return { pagesPerS: Math.round(result.requests.average), p99: result.latency.p99 };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
};

export const run = async (): Promise<Record<string, number>> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-history-'));
  const figures: Record<string, number> = {};
  try {
    const sqlite = await measure({ DATA_DIR: dataDir }, 'SQLite');
    figures.usage_history_pages_per_s = sqlite.pagesPerS;
    figures.usage_history_p99_ms = sqlite.p99;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  // The same on PostgreSQL (bench/servers.ts startPostgres), when one is at hand.
  const postgres = await startPostgres();
  if (!postgres) {
    console.log('  no PostgreSQL (BENCH_DATABASE_URL, or Debian postgresql): PostgreSQL figures skipped');
    return figures;
  }
  try {
    const databaseUrl = await createDatabase(postgres.url, 'bench_history');
    const measured = await measure({ DATABASE_URL: databaseUrl }, 'PostgreSQL');
    figures.usage_history_pg_pages_per_s = measured.pagesPerS;
    figures.usage_history_pg_p99_ms = measured.p99;
  } finally {
    await postgres.stop();
  }
  return figures;
};
