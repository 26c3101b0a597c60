import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { demoPassword } from '#contract/fixtures/demo';
import { benchBuildDir } from './bench-build.ts';
import { createDatabase, startPostgres, startProxy, startServer, type ServerProcess } from './servers.ts';

/*
 * The API on its two engines, side by side in one run, against compiled servers in production mode on loopback
 * (docs/product/operations.md "Database engines", "Several instances"):
 *
 * - The same mixed load on 1 instance on SQLite, 1 instance on PostgreSQL, and 2 instances on one PostgreSQL database
 *   behind nginx (deploy/nginx.conf): autocannon, LOAD_CONNECTIONS (16) connections for LOAD_DURATION_S (10) s; of
 *   every 5 requests 4 reads (the customer's full record, a line's usage summary, the open invoices, a line's settings)
 *   and 1 write (a line setting change with its Idempotency-Key: an order, its line, the previous change cancelled, in
 *   one write transaction). Figures: requests/s, p50, p99, errors (non-2xx and failed requests).
 * - Failover: FAILOVER_WRITERS (8) clients send FAILOVER_WRITES (600) setting changes of another customer's lines (not
 *   the mixed load's) through nginx, each with its own Idempotency-Key, re-sent with the same key after a failure (as
 *   the app's queue does); one instance is killed with SIGKILL after a third of them. Figures: acknowledged writes lost (in the database there is no order for a key
 *   answered 200), duplicates (more orders than keys), and the requests that failed before nginx stopped sending to the
 *   dead instance.
 *
 * Without PostgreSQL (no BENCH_DATABASE_URL, no Debian binaries) only the SQLite figures are made; without nginx, no
 * two-instance figures.
 */

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 16);
const DURATION_S = Number(process.env.LOAD_DURATION_S ?? 10);
const WRITERS = Number(process.env.FAILOVER_WRITERS ?? 8);
const WRITES = Number(process.env.FAILOVER_WRITES ?? 600);

type Session = { token: string; customerId: number; contractIds: number[] };

const logIn = async (base: string, login: string): Promise<Session> => {
  const response = await fetch(`${base}/api/public/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-auth-mode': 'bearer' },
    body: JSON.stringify({ login, password: demoPassword }),
  });
  if (!response.ok) throw new Error(`login ${login}: ${response.status}`);
  const session = (await response.json()) as { token: string; user: { customer_id: number } };
  const full = (await (
    await fetch(`${base}/api/customer/${session.user.customer_id}/full?withContracts=1`, {
      headers: { authorization: `Bearer ${session.token}` },
    })
  ).json()) as {
    contracts: { id: number; status: string; sub_status: string | null; dunning_level_reached: boolean; fraudulent_behaviour: boolean }[];
  };
  // The lines whose settings may change (a blocked line refuses them).
  const contractIds = full.contracts
    .filter((c) => c.status === 'ACTIVATED' && !c.sub_status?.startsWith('BLOCKED') && !c.dunning_level_reached && !c.fraudulent_behaviour)
    .map((contract) => contract.id);
  return { token: session.token, customerId: session.user.customer_id, contractIds };
};

const THROTTLING = ['512K', '2M', '5M', '100M', 'NONE'] as const;
let counter = 0;
const nextKey = (prefix: string): string => `${prefix}-${process.pid}-${(counter += 1)}`;

/**
 * A setting change of a line, each unlike the line's previous one: the line's value, or the change still waiting,
 * always differs from it, so no change is refused as changing nothing.
 */
const changes = new Map<number, number>();
const nextChange = (contractId: number): string => {
  const n = (changes.get(contractId) ?? 0) + 1;
  changes.set(contractId, n);
  return JSON.stringify({ resource: 'THROTTLING', value: THROTTLING[n % THROTTLING.length] });
};

type LoadFigures = { rps: number; p50: number; p99: number; errors: number };

/** The mixed load on one address (an instance, or nginx in front of two). */
const mixedLoad = async (base: string, session: Session, label: string): Promise<LoadFigures> => {
  const c = session.contractIds[0] ?? 1;
  const reads = [
    `/api/customer/${session.customerId}/full?withContracts=1`,
    `/api/customer/${session.customerId}/contract/${c}/usage`,
    `/api/customer/${session.customerId}/invoices/open`,
    `/api/customer/${session.customerId}/contract/${c}/settings`,
  ];
  let i = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: DURATION_S,
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (request) => {
          i += 1;
          if (i % 5 !== 0) return { ...request, method: 'GET', path: reads[i % reads.length] ?? reads[0], body: undefined };
          const contractId = session.contractIds[i % session.contractIds.length] ?? c;
          return {
            ...request,
            method: 'POST',
            path: `/api/customer/${session.customerId}/contract/${contractId}/settings`,
            headers: { ...request.headers, 'idempotency-key': nextKey('load') },
            body: nextChange(contractId),
          };
        },
      },
    ],
  });
  const errors = result.non2xx + result.errors + result.timeouts;
  console.log(
    `  ${label}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ` +
      `${errors} errors of ${result.requests.total}`,
  );
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors };
};

const figuresOf = (prefix: string, load: LoadFigures): Record<string, number> => ({
  [`${prefix}_req_per_s`]: load.rps,
  [`${prefix}_p50_ms`]: load.p50,
  [`${prefix}_p99_ms`]: load.p99,
  [`${prefix}_errors`]: load.errors,
});

/** The write burst through nginx; one instance dies on the way. */
const failover = async (
  proxyUrl: string,
  session: Session,
  victim: ServerProcess,
  databaseUrl: string,
): Promise<Record<string, number>> => {
  const since = new Date().toISOString();
  const acknowledged = new Set<string>();
  // The order each acknowledged write answered with (its orderRef): what the database must hold, once.
  const acknowledgedOrders = new Set<string>();
  // Writes answered 422 noUpdate: with eight writers, a line's changes may be applied in another order than sent, and
  // one can find the line already at its value with nothing pending. The app counts that answer as applied (the
  // line is as asked; no order), and so does the bench: re-sending it would get the same answer for ever.
  let unchanged = 0;
  let failedRequests = 0;
  let sent = 0;
  let killed = false;
  const writer = async (): Promise<void> => {
    for (;;) {
      const n = sent;
      if (n >= WRITES) return;
      sent += 1;
      if (!killed && n >= WRITES / 3) {
        killed = true;
        victim.child.kill('SIGKILL');
      }
      const key = nextKey('failover');
      const contractId = session.contractIds[n % session.contractIds.length] ?? 0;
      const body = nextChange(contractId);
      // Until the write is acknowledged: the same request with the same key, as the app's queue re-sends it.
      for (;;) {
        // A timer of our own: with AbortSignal.timeout, a request through the proxy at the moment the instance died
        // never came back in an earlier run (the writers waited for ever). The body is read to its end, so that the
        // connection goes back to the pool.
        const abort = new AbortController();
        const timer = setTimeout(() => abort.abort(), 10_000);
        const answer = await fetch(`${proxyUrl}/api/customer/${session.customerId}/contract/${contractId}/settings`, {
          method: 'POST',
          headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json', 'idempotency-key': key },
          body,
          signal: abort.signal,
        })
          .then(
            async (response) => {
              const text = await response.text();
              if (response.status === 200) acknowledgedOrders.add((JSON.parse(text) as { orderRef: string }).orderRef);
              if (response.status === 422 && (JSON.parse(text) as { code?: string }).code === 'noUpdate') return 'unchanged';
              return response.status;
            },
            () => 0,
          )
          .catch(() => 0)
          .finally(() => clearTimeout(timer));
        if (answer === 200) {
          acknowledged.add(key);
          break;
        }
        if (answer === 'unchanged') {
          unchanged += 1;
          break;
        }
        failedRequests += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  };
  // Where the burst stands, every 5 s: a writer stuck on one key shows here, not as a silent wait.
  const progress = setInterval(() => {
    console.log(`  failover: ${acknowledged.size} of ${WRITES} acknowledged, ${failedRequests} requests failed so far`);
  }, 5_000);
  try {
    await Promise.all(Array.from({ length: WRITERS }, writer));
  } finally {
    clearInterval(progress);
  }
  console.log(`  failover: the ${WRITERS} writers are done`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Every acknowledged change made exactly one order (one line, THROTTLING) after the burst began.
    // Counted on the writers' own customer: a write of the mixed load still running when autocannon stopped (a
    // transaction on its retries) may commit during the burst, and was counted as a duplicate when every customer was.
    const { rows } = await client.query<{ order_ref: string }>(
      `SELECT o.order_ref FROM orders o JOIN order_lines l ON l.order_id = o.id
       WHERE l.resource_name = 'THROTTLING' AND o.created_at >= $1 AND o.contract_id = ANY($2::int[])`,
      [since, session.contractIds],
    );
    const orders = rows.length;
    const stored = new Set(rows.map((row) => row.order_ref));
    // Lost: an answered order the database does not hold. Duplicate: an order no answer names (a key applied twice
    // answers the first order's reference, and its second order is named by nobody).
    const lost = [...acknowledgedOrders].filter((ref) => !stored.has(ref)).length;
    const duplicates = rows.filter((row) => !acknowledgedOrders.has(row.order_ref)).length;
    console.log(
      `  failover: ${acknowledged.size} writes acknowledged with an order, ${unchanged} answered noUpdate, ${orders} orders stored; ` +
        `lost ${lost}, duplicates ${duplicates}; ` +
        `${failedRequests} requests failed while nginx noticed the dead instance`,
    );
    return {
      failover_writes_acknowledged: acknowledged.size,
      failover_writes_unchanged: unchanged,
      failover_acknowledged_lost: lost,
      failover_duplicates: duplicates,
      failover_failed_requests: failedRequests,
    };
  } finally {
    await client.end();
  }
};

export const run = async (): Promise<Record<string, number>> => {
  const staticDir = benchBuildDir();
  const figures: Record<string, number> = {};
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-instances-'));
  const stops: (() => Promise<void>)[] = [];
  try {
    const sqlite = await startServer({ DATA_DIR: dataDir }, { staticDir });
    stops.push(sqlite.stop);
    Object.assign(
      figures,
      figuresOf('load_sqlite_1', await mixedLoad(sqlite.url, await logIn(sqlite.url, 'MT00000004'), 'SQLite, 1 instance')),
    );
    await sqlite.stop();

    const postgres = await startPostgres();
    if (!postgres) {
      console.log('  no PostgreSQL (BENCH_DATABASE_URL, or Debian postgresql): PostgreSQL figures skipped');
      return figures;
    }
    stops.push(postgres.stop);
    const databaseUrl = await createDatabase(postgres.url, 'bench_instances');
    const first = await startServer({ DATABASE_URL: databaseUrl }, { staticDir });
    stops.push(first.stop);
    Object.assign(
      figures,
      figuresOf('load_pg_1', await mixedLoad(first.url, await logIn(first.url, 'MT00000004'), 'PostgreSQL, 1 instance')),
    );

    const second = await startServer({ DATABASE_URL: databaseUrl }, { staticDir });
    stops.push(second.stop);
    const proxy = await startProxy([first, second]);
    if (!proxy) {
      console.log('  no nginx: two-instance figures skipped');
      return figures;
    }
    stops.push(proxy.stop);
    const session = await logIn(proxy.url, 'MT00000004');
    Object.assign(figures, figuresOf('load_pg_2', await mixedLoad(proxy.url, session, 'PostgreSQL, 2 instances behind nginx')));
    // The burst writes as another customer than the mixed load's, whose lines nothing else changes meanwhile.
    const writers = await logIn(proxy.url, 'MT00000001');
    if (writers.contractIds.length === 0) throw new Error('MT00000001 has no line whose settings may change');
    Object.assign(figures, await failover(proxy.url, writers, second, databaseUrl));
    return figures;
  } finally {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};
