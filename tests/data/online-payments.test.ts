import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { login } from '../server/test-app.ts';
import { clientThroughServer, network, startServer, stopServer } from '../sync/outbox/harness.ts';

vi.mock('#api/client', async (importOriginal) => clientThroughServer(await importOriginal()));

const { db } = await import('#db/db');
const { pullOnlinePayment, refreshAfterPayment, startOnlinePayment } = await import('#data/online-payments');

/*
 * The app's side of paying online (docs/product/payments.md) against the reference server and its stand-in
 * provider: starting a payment, reading it back into IndexedDB on return, offline, and what a paid one refreshes.
 */

const MARC = 3;

beforeAll(async () => {
  await startServer();
  network.token = (await login(network.server!.app, 'MT00000003')).token;
}, 120_000);
afterAll(async () => {
  await stopServer();
});
beforeEach(async () => {
  network.mode = 'online';
  await Promise.all(db.tables.map((table) => table.clear()));
});

const server = () => network.server!;

/** The customer's choice on the stand-in's checkout; answers the payment's reference from the return address. */
const checkout = async (checkoutUrl: string, status: string): Promise<string> => {
  const answer = await server().app.inject({
    method: 'POST',
    url: new URL(checkoutUrl).pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `method=bancontact&status=${status}`,
  });
  return new URL(answer.headers.location ?? '').searchParams.get('payment') ?? '';
};

describe('paying online from the app', () => {
  it('starts a payment, and stores what became of it on return', async () => {
    const started = await startOnlinePayment(MARC, 'openTotal', 'a-key-of-the-press-1', 'fr');
    if (!('checkoutUrl' in started)) throw new Error(`not started: ${started.error}`);
    expect(started.checkoutUrl).toMatch(/\/psp-stand-in\/checkout\/tr_/);
    const reference = await checkout(started.checkoutUrl, 'failed');

    await pullOnlinePayment(MARC, reference);
    expect(await db.onlinePayments.get(reference)).toMatchObject({ reference, customerId: MARC, status: 'failed', scope: 'open_total' });
  });

  it('offline: nothing starts, and a return keeps the stored row until the next pull settles it', async () => {
    const started = await startOnlinePayment(MARC, 'openTotal', 'a-key-of-the-press-2', 'fr');
    if (!('checkoutUrl' in started)) throw new Error(`not started: ${started.error}`);
    const id = new URL(started.checkoutUrl).pathname.split('/').pop() ?? '';
    const reference =
      (await server().db.selectFrom('online_payments').select('reference').where('provider_id', '=', id).executeTakeFirst())?.reference ?? '';
    await pullOnlinePayment(MARC, reference);
    expect((await db.onlinePayments.get(reference))?.status).toBe('open');

    network.mode = 'offline';
    expect(await startOnlinePayment(MARC, 'openTotal', 'a-key-of-the-press-3', 'fr')).toEqual({ error: 'network' });
    await checkout(started.checkoutUrl, 'paid');
    await expect(pullOnlinePayment(MARC, reference)).rejects.toMatchObject({ code: 'network' });
    // Back while offline: still shown as being confirmed.
    expect((await db.onlinePayments.get(reference))?.status).toBe('open');

    network.mode = 'online';
    await pullOnlinePayment(MARC, reference);
    expect((await db.onlinePayments.get(reference))?.status).toBe('paid');
    await refreshAfterPayment(MARC);
    expect(await db.invoiceSituations.get(MARC)).toMatchObject({ isInDebt: false, payUrgently: false });
    const lines = await db.contracts.where('customerId').equals(MARC).toArray();
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => !line.dunningLevelReached)).toBe(true);
  });

  it('says why a payment cannot start, in the error code the screen translates', async () => {
    expect(await startOnlinePayment(MARC, 'openTotal', 'a-key-of-the-press-4', 'fr')).toEqual({ error: 'nothingToPay' });
  });
});
