import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';
import pg from 'pg';
import { demoPassword } from '#contract/fixtures/demo';
import { benchBuildDir } from './bench-build.ts';
import { createDatabase, startPostgres, startProxy, startServer, type ServerProcess } from './servers.ts';

/*
 * The API on its two engines, side by side in one run, against compiled servers in production mode on loopback
 * (docs/product/operations.md "Database engines", "Several instances"; issue 42):
 *
 * - The same mixed load on 1 instance on SQLite and on 2 instances on one PostgreSQL database behind nginx
 *   (deploy/nginx.conf), at 16 and at 64 connections for LOAD_DURATION_S (10) s each. It opens with one login per
 *   connection, all at once (three demo customers; a correct password is never refused). Then, of every 10 requests:
 *   2 usage summaries, 2 pages of the usage history, 2 open-invoice lists, 1 full customer record, 1 line's settings,
 *   and 2 settings changes (a line's throttling, with an Idempotency-Key: an order, its line, the previous change
 *   cancelled, in one write transaction). Figures: requests/s, p50, p99, and the answers that were not 2xx, by status.
 * - Crashes: KILL_WRITERS (16) clients change the settings of the demo lines, each change with its own
 *   Idempotency-Key, sent again with the same key after any failure (as the app's queue does), while an instance is
 *   killed with SIGKILL and started again, KILL_ROUNDS (20) times: the one SQLite instance on its DATA_DIR, or one of the
 *   two PostgreSQL instances in turn. Figures: keys acknowledged, acknowledged changes lost (no order in the database
 *   for an answer that named one), duplicates (an order no answer names: a key applied twice), failed sends.
 *
 * Without PostgreSQL (no BENCH_DATABASE_URL, no Debian binaries) only the SQLite figures are made; without nginx, no
 * PostgreSQL figures (two instances need the proxy).
 */

const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 10);
const LOAD_CONNECTIONS = [16, 64] as const;
const WRITERS = Number(process.env.KILL_WRITERS ?? 16);
const ROUNDS = Number(process.env.KILL_ROUNDS ?? 20);
/** The customers of the load and of the crash rounds: their lines whose settings may change. */
const CUSTOMERS = ['MT00000001', 'MT00000004', 'MT00000005'] as const;

type Session = { token: string; customerId: number; contractIds: number[] };

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A login in bearer mode: the token, or the status that refused it. */
const logIn = async (base: string, login: string): Promise<{ token: string; customerId: number } | number> => {
  const response = await fetch(`${base}/api/public/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-mode': 'bearer' },
    body: JSON.stringify({ login, password: demoPassword }),
  });
  if (!response.ok) return response.status;
  const session = (await response.json()) as { token: string; user: { customer_id: number } };
  return { token: session.token, customerId: session.user.customer_id };
};

/** The customer's lines whose settings may change (a blocked or closed line refuses them). */
const changeableLines = async (base: string, token: string, customerId: number): Promise<number[]> => {
  const response = await fetch(`${base}/api/customer/${customerId}/full?withContracts=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`customer ${customerId}: ${response.status}`);
  const full = (await response.json()) as {
    contracts: { id: number; status: string; sub_status: string | null; dunning_level_reached: boolean; fraudulent_behaviour: boolean }[];
  };
  return full.contracts
    .filter((c) => c.status === 'ACTIVATED' && !c.sub_status?.startsWith('BLOCKED') && !c.dunning_level_reached && !c.fraudulent_behaviour)
    .map((contract) => contract.id);
};

/**
 * The opening: one login per connection, all at once; the refused ones by status. The load then runs on a session per
 * customer opened afterwards (an account keeps its 20 newest sessions: the burst's oldest ones are ended by design).
 */
const openSessions = async (base: string, count: number): Promise<{ sessions: Session[]; refused: Record<string, number> }> => {
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => logIn(base, CUSTOMERS[i % CUSTOMERS.length] ?? 'MT00000001')));
  const refused: Record<string, number> = {};
  for (const answer of answers) if (typeof answer === 'number') refused[answer] = (refused[answer] ?? 0) + 1;
  const sessions: Session[] = [];
  for (const login of CUSTOMERS) {
    const session = await logIn(base, login);
    if (typeof session === 'number') throw new Error(`login ${login} refused (${session})`);
    sessions.push({ ...session, contractIds: await changeableLines(base, session.token, session.customerId) });
  }
  return { sessions, refused };
};

const THROTTLING = ['512K', '2M', '5M', '100M', 'NONE'] as const;
let counter = 0;
const nextKey = (prefix: string): string => `${prefix}-${process.pid}-${(counter += 1)}`;

/**
 * A setting change of a line, each unlike the line's previous one: the line's value, or the change still waiting,
 * differs from it, so few changes are refused as changing nothing (422 noUpdate, when two race).
 */
const changes = new Map<number, number>();
const nextChange = (contractId: number): string => {
  const n = (changes.get(contractId) ?? 0) + 1;
  changes.set(contractId, n);
  return JSON.stringify({ resource: 'THROTTLING', value: THROTTLING[n % THROTTLING.length] });
};

type LoadFigures = { rps: number; p50: number; p99: number; byStatus: Record<string, number>; refusedLogins: Record<string, number> };

/** The mixed load on one address (an instance, or nginx in front of two), at `connections` connections. */
const mixedLoad = async (base: string, connections: number, label: string): Promise<LoadFigures> => {
  const { sessions, refused } = await openSessions(base, connections);
  if (sessions.length === 0) throw new Error(`${label}: every login was refused`);
  let i = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          i += 1;
          const session = sessions[i % sessions.length] ?? sessions[0];
          if (!session) return request;
          const c = session.contractIds[0] ?? 1;
          const customer = `/api/customer/${session.customerId}`;
          const headers = { ...request.headers, authorization: `Bearer ${session.token}` };
          const read = (url: string) => ({ ...request, method: 'GET' as const, path: url, headers, body: undefined });
          switch (i % 10) {
            case 0:
            case 1:
              return read(`${customer}/contract/${c}/usage`);
            case 2:
            case 3:
              return read(`${customer}/contract/${c}/usage/history?megalist-page=${1 + (i % 4)}&megalist-batchSize=25`);
            case 4:
            case 5:
              return read(`${customer}/invoices/open`);
            case 6:
              return read(`${customer}/full?withContracts=1`);
            case 7:
              return read(`${customer}/contract/${c}/settings`);
            default: {
              const contractId = session.contractIds[i % Math.max(1, session.contractIds.length)] ?? c;
              return {
                ...request,
                method: 'POST' as const,
                path: `${customer}/contract/${contractId}/settings`,
                headers: { ...headers, 'idempotency-key': nextKey('load') },
                body: nextChange(contractId),
              };
            }
          }
        },
      },
    ],
  });
  const byStatus: Record<string, number> = {};
  for (const [status, { count }] of Object.entries(result.statusCodeStats ?? {})) {
    if (!status.startsWith('2')) byStatus[status] = Number(count);
  }
  if (result.errors + result.timeouts > 0) byStatus.failed = result.errors + result.timeouts;
  const rps = Math.round(result.requests.average);
  console.log(
    `  ${label}, ${connections} connections: ${rps} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms; ` +
      `not 2xx: ${JSON.stringify(byStatus)} of ${result.requests.total}; logins refused: ${JSON.stringify(refused)} of ${connections}`,
  );
  return { rps, p50: result.latency.p50, p99: result.latency.p99, byStatus, refusedLogins: refused };
};

const figuresOf = (prefix: string, load: LoadFigures): Record<string, number> => ({
  [`${prefix}_req_per_s`]: load.rps,
  [`${prefix}_p50_ms`]: load.p50,
  [`${prefix}_p99_ms`]: load.p99,
  [`${prefix}_non_2xx`]: Object.values(load.byStatus).reduce((a, b) => a + b, 0),
  ...Object.fromEntries(Object.entries(load.byStatus).map(([status, n]) => [`${prefix}_status_${status}`, n])),
  [`${prefix}_logins_refused`]: Object.values(load.refusedLogins).reduce((a, b) => a + b, 0),
});

/** How to count the orders the crash rounds made: in the SQLite file, or in the PostgreSQL database. */
type OrderCount = (since: string, contractIds: readonly number[]) => Promise<string[]>;

const sqliteOrders =
  (file: string): OrderCount =>
  (since, contractIds) => {
    const db = new Database(file, { readonly: true });
    try {
      return Promise.resolve(
        (
          db
            .prepare(
              `SELECT o.order_ref FROM orders o JOIN order_lines l ON l.order_id = o.id
               WHERE l.resource_name = 'THROTTLING' AND o.created_at >= ? AND o.contract_id IN (${contractIds.map(() => '?').join(',')})`,
            )
            .all(since, ...contractIds) as { order_ref: string }[]
        ).map((row) => row.order_ref),
      );
    } finally {
      db.close();
    }
  };

const postgresOrders =
  (databaseUrl: string): OrderCount =>
  async (since, contractIds) => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ order_ref: string }>(
        `SELECT o.order_ref FROM orders o JOIN order_lines l ON l.order_id = o.id
         WHERE l.resource_name = 'THROTTLING' AND o.created_at >= $1 AND o.contract_id = ANY($2::int[])`,
        [since, contractIds],
      );
      return rows.map((row) => row.order_ref);
    } finally {
      await client.end();
    }
  };

/**
 * KILL_WRITERS writers change settings through `address()` until the ROUNDS crashes are over; `crash(round)` kills an
 * instance with SIGKILL and starts it again. Every key is sent until it is acknowledged.
 */
const crashRounds = async (
  label: string,
  address: () => string,
  crash: (round: number) => Promise<void>,
  orders: OrderCount,
): Promise<{ keys: number; lost: number; duplicates: number; failed: number }> => {
  const base = address();
  const sessions: Session[] = [];
  for (const login of CUSTOMERS) {
    const session = await logIn(base, login);
    if (typeof session === 'number') throw new Error(`${label}: login ${login} refused (${session})`);
    sessions.push({ ...session, contractIds: await changeableLines(base, session.token, session.customerId) });
  }
  // After the mixed load's last writes (same customers): the orders counted are the rounds' own.
  await sleep(2_000);
  const since = new Date().toISOString();
  const acknowledgedOrders = new Set<string>();
  let keys = 0;
  let unchanged = 0;
  let failed = 0;
  let over = false;
  const writer = async (w: number): Promise<void> => {
    for (let n = 0; !over; n += 1) {
      const session = sessions[(w + n) % sessions.length];
      if (!session || session.contractIds.length === 0) continue;
      const contractId = session.contractIds[(w + n) % session.contractIds.length] ?? 0;
      const key = nextKey('crash');
      const body = nextChange(contractId);
      // Until the change is acknowledged: the same request with the same key, as the app's queue sends it again.
      for (;;) {
        const abort = new AbortController();
        const timer = setTimeout(() => abort.abort(), 15_000);
        const answer = await fetch(`${address()}/api/customer/${session.customerId}/contract/${contractId}/settings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json', 'idempotency-key': key },
          body,
          signal: abort.signal,
        })
          .then(async (response) => {
            const text = await response.text();
            if (response.status === 200) {
              acknowledgedOrders.add((JSON.parse(text) as { orderRef: string }).orderRef);
              return 'applied';
            }
            if (response.status === 422 && (JSON.parse(text) as { code?: string }).code === 'noUpdate') return 'unchanged';
            return 'failed';
          })
          .catch(() => 'failed')
          .finally(() => clearTimeout(timer));
        if (answer === 'applied' || answer === 'unchanged') {
          keys += 1;
          if (answer === 'unchanged') unchanged += 1;
          break;
        }
        failed += 1;
        await sleep(100);
      }
    }
  };
  const writers = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  for (let round = 1; round <= ROUNDS; round += 1) {
    // Some writing, then the crash at a moment nobody chose.
    await sleep(300 + Math.random() * 1_200);
    await crash(round);
    if (round % 5 === 0) console.log(`  ${label}: ${round} of ${ROUNDS} crashes, ${keys} keys acknowledged so far`);
  }
  await sleep(1_000);
  over = true;
  await writers;
  const contractIds = sessions.flatMap((session) => session.contractIds);
  const stored = await orders(since, contractIds);
  const storedSet = new Set(stored);
  const lost = [...acknowledgedOrders].filter((ref) => !storedSet.has(ref)).length;
  const duplicates = stored.filter((ref) => !acknowledgedOrders.has(ref)).length;
  console.log(
    `  ${label}: ${ROUNDS} kill -9 rounds, ${WRITERS} writers: ${keys} keys acknowledged (${unchanged} as noUpdate), ` +
      `${stored.length} orders stored; lost ${lost}, duplicated ${duplicates}; ${failed} sends failed and were sent again`,
  );
  return { keys, lost, duplicates, failed };
};

const crashFigures = (prefix: string, figures: { keys: number; lost: number; duplicates: number; failed: number }) => ({
  [`${prefix}_keys`]: figures.keys,
  [`${prefix}_lost`]: figures.lost,
  [`${prefix}_duplicates`]: figures.duplicates,
  [`${prefix}_failed_sends`]: figures.failed,
});

/** Kills an instance with SIGKILL (as a lost machine) and waits until the process is gone. */
const killHard = async (instance: ServerProcess): Promise<void> => {
  if (instance.child.exitCode !== null || instance.child.signalCode !== null) return;
  const gone = new Promise((resolve) => instance.child.once('exit', resolve));
  instance.child.kill('SIGKILL');
  await gone;
};

export const run = async (): Promise<Record<string, number>> => {
  const staticDir = benchBuildDir();
  const figures: Record<string, number> = {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-instances-'));
  const stops: (() => Promise<void>)[] = [];
  try {
    let sqlite = await startServer({ DATA_DIR: dataDir }, { staticDir });
    stops.push(() => sqlite.stop());
    const sqliteLoad: LoadFigures[] = [];
    for (const connections of LOAD_CONNECTIONS) {
      const load = await mixedLoad(sqlite.url, connections, 'SQLite, 1 instance');
      sqliteLoad.push(load);
      Object.assign(figures, figuresOf(`load_sqlite_1_c${connections}`, load));
    }
    const sqliteCrash = await crashRounds(
      'SQLite',
      () => sqlite.url,
      async () => {
        await killHard(sqlite);
        sqlite = await startServer({ DATA_DIR: dataDir }, { staticDir, port: sqlite.port });
      },
      sqliteOrders(path.join(dataDir, 'app.sqlite')),
    );
    Object.assign(figures, crashFigures('kill9_sqlite', sqliteCrash));
    await sqlite.stop();

    const postgres = await startPostgres();
    if (!postgres) {
      console.log('  no PostgreSQL (BENCH_DATABASE_URL, or Debian postgresql): PostgreSQL figures skipped');
      return figures;
    }
    stops.push(postgres.stop);
    const databaseUrl = await createDatabase(postgres.url, 'bench_instances');
    const instances = [await startServer({ DATABASE_URL: databaseUrl }, { staticDir })];
    instances.push(await startServer({ DATABASE_URL: databaseUrl }, { staticDir }));
    stops.push(async () => {
      for (const instance of instances) await instance.stop();
    });
    const proxy = await startProxy(instances);
    if (!proxy) {
      console.log('  no nginx: the PostgreSQL figures (two instances) skipped');
      return figures;
    }
    stops.push(proxy.stop);
    for (const [n, connections] of LOAD_CONNECTIONS.entries()) {
      const load = await mixedLoad(proxy.url, connections, 'PostgreSQL, 2 instances behind nginx');
      Object.assign(figures, figuresOf(`load_pg_2_c${connections}`, load));
      const sqliteFigures = sqliteLoad[n];
      if (sqliteFigures) {
        const throughput = Math.round((100 * load.rps) / sqliteFigures.rps);
        const p99 = Math.round((10 * load.p99) / Math.max(1, sqliteFigures.p99)) / 10;
        console.log(
          `  ${connections} connections: PostgreSQL (2 instances) at ${throughput} % of SQLite's throughput, p99 ${p99} × SQLite's`,
        );
        figures[`load_pg_2_c${connections}_throughput_pct_of_sqlite`] = throughput;
        figures[`load_pg_2_c${connections}_p99_times_sqlite`] = p99;
      }
    }
    const pgCrash = await crashRounds(
      'PostgreSQL, 2 instances',
      () => proxy.url,
      async (round) => {
        // One instance dies in turn; nginx sends to the other until it is back.
        const victim = round % 2;
        const dead = instances[victim];
        if (!dead) return;
        await killHard(dead);
        instances[victim] = await startServer({ DATABASE_URL: databaseUrl }, { staticDir, port: dead.port });
      },
      postgresOrders(databaseUrl),
    );
    Object.assign(figures, crashFigures('kill9_pg_2', pgCrash));
    return figures;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};
