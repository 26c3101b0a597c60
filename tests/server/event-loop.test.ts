import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '#server/demo/data/ids';
import { EXPORT_SLICE_ROWS, PDF_ROW_LIMIT } from '#server/lib/consumption-export-format';
import { verifyPasswordAsync } from '#server/lib/password';
import { bearer, createTestApp, login, type TestApp } from './test-app.ts';

/*
 * One heavy request must not freeze everyone: the heavy customer's exports are written slice by slice,
 * each slice in a turn of the event loop of its own, and password hashing runs off the event loop. Counted in turns
 * of the loop (a setImmediate that re-arms itself), not in milliseconds: the count does not depend on the machine's
 * speed or load. How long GET status waits meanwhile is a figure of `npm run bench` (bench/event-loop.bench.ts).
 */

let t: TestApp;
let token = '';
let historyPath = '';

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app, 'MT00000005')).token;
  const contract = await t.db
    .selectFrom('contracts')
    .select(['id', 'customer_id'])
    .where('msisdn', '=', '0470000007')
    .executeTakeFirstOrThrow();
  historyPath = `/api/customer/${contract.customer_id}/contract/${contract.id}/usage/download`;
});

afterAll(() => t.close());

/** Runs `work` and counts the turns the event loop made meanwhile: none when the work holds the loop throughout. */
const turnsDuring = async <T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> => {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    const result = await work();
    return { result, turns };
  } finally {
    running = false;
  }
};

// A month of the heavy customer: over 20,000 records, enough slices to count and quick to build under load.
const monthAgo = (): string => new Date(Date.now() - 31 * 86_400_000).toISOString().slice(0, 10);

const download = (type: 'CONSO' | 'PDF') =>
  t.app.inject({ method: 'GET', url: `${historyPath}?type=${type}&from=${monthAgo()}`, headers: bearer(token) });

describe('heavy work leaves the event loop to other requests', () => {
  it('writes a month of CSV export in slices, one turn of the loop each', async () => {
    const { result, turns } = await turnsDuring(() => download('CONSO'));
    expect(result.statusCode).toBe(200);
    // Header line plus one line per record.
    const records = result.body.split('\r\n').filter(Boolean).length - 1;
    const slices = Math.ceil(records / EXPORT_SLICE_ROWS);
    expect(slices).toBeGreaterThan(20);
    expect(turns).toBeGreaterThanOrEqual(slices);
  });

  it('lays out a PDF statement in slices, returning to the loop between them', async () => {
    const { result, turns } = await turnsDuring(() => download('PDF'));
    expect(result.statusCode).toBe(200);
    expect(result.headers['content-type']).toContain('application/pdf');
    // The heavy customer has more records than the statement lists; it is laid out 25 rows a slice.
    expect(turns).toBeGreaterThanOrEqual(PDF_ROW_LIMIT / 25);
  });

  it('checks a password on the thread pool: the loop keeps turning while scrypt runs', async () => {
    const { password_hash: stored } = await t.db
      .selectFrom('users')
      .select('password_hash')
      .where('password_hash', 'is not', null)
      .limit(1)
      .$narrowType<{ password_hash: string }>()
      .executeTakeFirstOrThrow();
    const { result, turns } = await turnsDuring(() => verifyPasswordAsync(DEMO_PASSWORD, stored));
    expect(result).toBe(true);
    expect(turns).toBeGreaterThan(0);
  });

  it('answers eight logins at once, all of them', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => login(t.app, i % 2 === 0 ? 'MT00000003' : 'MT00000004').then((l) => l.response.statusCode)),
    );
    expect(answers).toEqual(Array.from({ length: 8 }, () => 200));
  });
});
