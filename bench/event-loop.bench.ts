import type { AddressInfo } from 'node:net';
import { demoPassword } from '#contract/fixtures/demo';
import { buildApp } from '#server/app';
import { closeDatabase } from '#server/db/database';
import { openDemoDatabase } from '#server/demo/index';

/*
 * How long one heavy request holds everyone else: over real HTTP (the socket matters: a stream that never yields
 * would write the whole export in one go), GET status is polled while the heavy customer's six-month exports run
 * and while eight logins hash their passwords, against the app as `npm start` builds it (production mode, seeded
 * demo database in memory). The target is 200 ms; a figure, not a test: under a
 * shared machine's load it says more about the machine than the code. That the work is cut into turns of the
 * event loop is tested in tests/server/event-loop.test.ts.
 *
 * Figures: event_loop_status_slowest_ms_conso_export, _pdf_export, _logins (slowest status answer during each).
 */

const sixMonthsAgo = (): string => new Date(Date.now() - 190 * 86_400_000).toISOString().slice(0, 10);

export const run = async (): Promise<Record<string, number>> => {
  const db = await openDemoDatabase(':memory:');
  const app = await buildApp({ demo: true, db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const login = await fetch(`${base}/api/public/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-auth-mode': 'bearer' },
      body: JSON.stringify({ login: 'MT00000005', password: demoPassword }),
    });
    const { token } = (await login.json()) as { token: string };
    const contract = await db
      .selectFrom('contracts')
      .select(['id', 'customer_id'])
      .where('msisdn', '=', '0470000007')
      .executeTakeFirstOrThrow();
    const historyPath = `/api/customer/${contract.customer_id}/contract/${contract.id}/usage/download`;

    /** Polls GET status until `work` settles; the slowest answer and how many were taken. */
    const statusWhile = async (work: Promise<unknown>): Promise<{ slowest: number; samples: number }> => {
      let done = false;
      void work.finally(() => (done = true)).catch(() => undefined);
      const times: number[] = [];
      while (!done) {
        const start = performance.now();
        await (await fetch(`${base}/api/public/status`)).arrayBuffer();
        times.push(performance.now() - start);
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
      await work;
      return { slowest: Math.round(Math.max(0, ...times)), samples: times.length };
    };

    const figures: Record<string, number> = {};
    for (const type of ['CONSO', 'PDF'] as const) {
      const exported = fetch(`${base}${historyPath}?type=${type}&from=${sixMonthsAgo()}`, {
        headers: { authorization: `Bearer ${token}` },
      }).then(async (response) => {
        if (response.status !== 200) throw new Error(`${type} export answered ${response.status}`);
        return (await response.arrayBuffer()).byteLength;
      });
      const { slowest, samples } = await statusWhile(exported);
      console.log(`  ${type} export: ${await exported} bytes; status answered ${samples} times, slowest ${slowest} ms`);
      figures[`event_loop_status_slowest_ms_${type.toLowerCase()}_export`] = slowest;
    }
    const logins = Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        fetch(`${base}/api/public/users/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ login: i % 2 === 0 ? 'MT00000003' : 'MT00000004', password: demoPassword }),
        }).then((response) => {
          if (response.status !== 200) throw new Error(`login answered ${response.status}`);
        }),
      ),
    );
    const { slowest, samples } = await statusWhile(logins);
    console.log(`  eight logins: status answered ${samples} times, slowest ${slowest} ms`);
    figures.event_loop_status_slowest_ms_logins = slowest;
    return figures;
  } finally {
    await app.close();
    await closeDatabase(db);
  }
};
