import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson, LEASE_MS } from '#server/plugins/idempotency';
import { sqlRows } from './test-database.ts';
import { bearer, createTestApp, login, type TestApp } from './test-app.ts';

/*
 * Idempotency store and conditional updates on PATCH /customer/{id}/contact (docs/architecture.md "Writing: queued mutations").
 * Sophie (customer 1) edits her contact.
 */

let t: TestApp;
let auth: { authorization: string };
let customerId: number;

const contactUrl = () => `/api/customer/${customerId}/contact`;
const patch = (key: string | undefined, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'PATCH',
    url: contactUrl(),
    payload,
    headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}), ...headers },
  });
const current = async () => {
  const res = await t.app.inject({ method: 'GET', url: `/api/customer/${customerId}/full?withContracts=0`, headers: auth });
  return res.json<{ contact: { firstName: string; lastUpdate: string } }>().contact;
};
const applied = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/test/applied' })).json<{ changes: { key: string }[] }>().changes;

beforeAll(async () => {
  t = await createTestApp();
  const session = await login(t.app, 'MT00000001');
  auth = bearer(session.token);
  const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: auth });
  customerId = me.json<{ user: { customer_id: number } }>().user.customer_id;
});
afterAll(async () => t.close());

describe('idempotency keys', () => {
  it('applies a key once and answers a replay with the stored answer', async () => {
    const base = await current();
    const first = await patch('key-same-twice-0001', { firstName: 'Sophia', lastUpdate: base.lastUpdate });
    expect(first.statusCode).toBe(200);
    const second = await patch('key-same-twice-0001', { firstName: 'Sophia', lastUpdate: base.lastUpdate });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((await applied()).filter((c) => c.key === 'key-same-twice-0001')).toHaveLength(1);
  });

  it("takes over a key whose instance died while applying it, once its lease runs out, not after the app's timeout", async () => {
    const base = await current();
    const first = await patch('key-dead-owner-0001', { firstName: 'Sofie', lastUpdate: base.lastUpdate });
    expect(first.statusCode).toBe(200);
    // As an instance leaves it when it dies between claiming the key and answering: a placeholder whose lease runs on.
    const leaseEnd = new Date(Date.now() + 1_000).toISOString();
    await sqlRows(
      t.db,
      'UPDATE idempotency_keys SET status_code = 0, response_body = NULL, locked_until = ? WHERE key = ?',
      leaseEnd,
      'key-dead-owner-0001',
    );
    const started = Date.now();
    const retry = await patch('key-dead-owner-0001', { firstName: 'Sofie', lastUpdate: base.lastUpdate });
    const waited = Date.now() - started;
    // Run again by the retry (here refused as stale: the dead instance's change had committed), not replayed.
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect([200, 412]).toContain(retry.statusCode);
    expect(waited).toBeGreaterThanOrEqual(900);
    expect(waited).toBeLessThan(10_000);
    // A live owner renews its lease as it runs; a dead one's lapses within LEASE_MS, far under the 60 s timeout.
    expect(LEASE_MS).toBeLessThanOrEqual(10_000);
  });

  it('refuses the same key with another body (422)', async () => {
    const base = await current();
    const first = await patch('key-other-body-0001', { firstName: 'Sophie', lastUpdate: base.lastUpdate });
    expect(first.statusCode).toBe(200);
    const other = await patch('key-other-body-0001', { firstName: 'Someone else', lastUpdate: base.lastUpdate });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'idempotencyMismatch', fields: [{ field: 'Idempotency-Key' }] });
    expect((await current()).firstName).toBe('Sophie');
  });

  it('applies concurrent replays of one key exactly once', async () => {
    const base = await current();
    const body = { firstName: 'Concurrent', lastUpdate: base.lastUpdate };
    const answers = await Promise.all(Array.from({ length: 8 }, () => patch('key-concurrent-0001', body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 8 }, () => 200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect((await applied()).filter((c) => c.key === 'key-concurrent-0001')).toHaveLength(1);
  });

  it('stores a rejection too: the replay of a stale change gets the same 412', async () => {
    const first = await patch('key-stale-00000001', { firstName: 'Late', lastUpdate: '2000-01-01T00:00:00.000Z' });
    expect(first.statusCode).toBe(412);
    const again = await patch('key-stale-00000001', { firstName: 'Late', lastUpdate: '2000-01-01T00:00:00.000Z' });
    expect(again.statusCode).toBe(412);
    expect(again.json()).toMatchObject({ code: 'staleData' });
  });

  it('refuses a malformed key with the field at fault', async () => {
    const res = await patch('short', { firstName: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ fields: [{ field: 'Idempotency-Key' }] });
  });

  it('keeps keys at least 7 days', async () => {
    const row = await t.db.selectFrom('idempotency_keys').select('created_at').where('key', '=', 'key-same-twice-0001').executeTakeFirst();
    expect(row).toBeDefined();
    const { retentionDays } = await import('#server/plugins/idempotency');
    expect(retentionDays).toBeGreaterThanOrEqual(7);
  });

  it('hashes bodies whatever their key order', () => {
    expect(canonicalJson({ b: 1, a: { d: 2, c: [3, { f: 4, e: 5 }] } })).toBe(canonicalJson({ a: { c: [3, { e: 5, f: 4 }], d: 2 }, b: 1 }));
  });
});

describe('conditional updates', () => {
  it('412 when If-Match names an old version, 200 with the current one', async () => {
    const base = await current();
    const stale = await patch(undefined, { firstName: 'Old' }, { 'if-match': '"2001-01-01T00:00:00.000Z"' });
    expect(stale.statusCode).toBe(412);
    const ok = await patch(undefined, { firstName: 'Current' }, { 'if-match': `"${base.lastUpdate}"` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json<{ lastUpdate: string }>().lastUpdate).not.toBe(base.lastUpdate);
  });

  it('412 when the body lastUpdate is stale; 422 noUpdate when nothing changes; 400 on bad input', async () => {
    const base = await current();
    expect((await patch(undefined, { lastName: 'X', lastUpdate: '1999-01-01T00:00:00.000Z' })).statusCode).toBe(412);
    const same = await patch(undefined, { firstName: base.firstName, lastUpdate: base.lastUpdate });
    expect(same.statusCode).toBe(422);
    expect(same.json()).toMatchObject({ code: 'noUpdate' });
    const bad = await patch(undefined, { mobile: '+32470' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: [{ field: 'mobile' }] });
  });

  it('refuses a plain user (403) and another customer (403)', async () => {
    const lucas = await login(t.app, '0470000003');
    const me = await t.app.inject({ method: 'GET', url: '/api/user/me', headers: bearer(lucas.token) });
    const lucasCustomer = me.json<{ user: { customer_id: number } }>().user.customer_id;
    const own = await t.app.inject({
      method: 'PATCH',
      url: `/api/customer/${lucasCustomer}/contact`,
      payload: { firstName: 'L' },
      headers: bearer(lucas.token),
    });
    expect(own.statusCode).toBe(403);
    const other = await t.app.inject({
      method: 'PATCH',
      url: `/api/customer/${customerId}/contact`,
      payload: { firstName: 'L' },
      headers: bearer(lucas.token),
    });
    expect(other.statusCode).toBe(403);
  });
});
