import net from 'node:net';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { closeDatabase, openDatabase } from '#server/db/database';
import { connect } from '#server/db/engine';
import { closeTestDatabase, openEmptyDatabase, testEngine, testPostgresUrl, urlOfTestDatabase } from './test-database.ts';
import { freePort } from './free-port.ts';

/*
 * How an instance uses PostgreSQL (docs/product/operations.md "Start-up", "Several instances"): it starts once the
 * database answers, retrying meanwhile with one log line; it never opens more connections than its pool allows; a
 * statement that runs too long is cancelled.
 */

/** A TCP relay to the test server on a port of its own, switched on later: PostgreSQL "coming up". */
const relayTo = (target: URL, port: number) => {
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
  });
  return {
    start: () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve())),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

describe.skipIf(testEngine() !== 'postgres')('an instance on PostgreSQL', () => {
  it('waits for a database that is not up yet, says so once, and starts when it answers', async () => {
    const database = await openEmptyDatabase();
    const target = new URL(urlOfTestDatabase(database));
    const port = await freePort();
    const relay = relayTo(target, port);
    const via = new URL(target);
    via.hostname = '127.0.0.1';
    via.port = String(port);
    const lines: string[] = [];
    const log = { warn: (line: string) => lines.push(`warn ${line}`), info: (line: string) => lines.push(`info ${line}`) };
    const started = openDatabase(via.toString(), { log, connectTimeoutMs: 30_000 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await relay.start();
    try {
      const db = await started;
      await closeDatabase(db);
      expect(lines).toEqual([
        expect.stringMatching(/^warn database not reachable \(ECONNREFUSED.*retrying for up to 30 s$/),
        'info database reachable: starting',
      ]);
    } finally {
      await relay.stop();
      await closeTestDatabase(database);
    }
  }, 60_000);

  it('gives up with the error after its wait, having said so once', async () => {
    const port = await freePort();
    const url = new URL(testPostgresUrl() ?? '');
    url.hostname = '127.0.0.1';
    url.port = String(port);
    const lines: string[] = [];
    const log = { warn: (line: string) => lines.push(line), info: (line: string) => lines.push(line) };
    await expect(openDatabase(url.toString(), { log, connectTimeoutMs: 1_500 })).rejects.toThrow(/ECONNREFUSED/);
    expect(lines).toHaveLength(1);
  });

  it('opens at most its pool size of connections, and cancels a statement past the timeout', async () => {
    const database = await openEmptyDatabase();
    const url = urlOfTestDatabase(database);
    const db = connect(url, { poolSize: 3, statementTimeoutMs: 1_500, applicationName: 'pool-bound' });
    try {
      // Twelve queries at once, each holding its connection a moment: three connections serve them all.
      const counts = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const { rows } = await sql<{
            n: number;
          }>`SELECT COUNT(*) AS n FROM pg_stat_activity WHERE application_name = 'pool-bound' AND pg_sleep(0.05) IS NOT NULL`.execute(db);
          return Number(rows[0]?.n ?? 0);
        }),
      );
      expect(Math.max(...counts)).toBeLessThanOrEqual(3);
      await expect(sql`SELECT pg_sleep(6)`.execute(db)).rejects.toMatchObject({ code: '57014' });
      // The pool is still usable afterwards.
      expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(db)).rows).toEqual([{ one: 1 }]);
    } finally {
      await closeDatabase(db);
      await closeTestDatabase(database);
    }
  });
});
