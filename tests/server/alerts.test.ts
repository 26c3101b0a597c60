import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPayloadSchema } from '#contract/settings';
import { usageSummarySchema } from '#contract/usage';
import { DEMO_IDS } from '#server/demo/data/ids';
import { appContext, buildApp } from '#server/app';
import { startTestPushService, type TestPushService, type TestSubscription } from '../../e2e/fixtures/test-push-service.ts';
import { bearer, createTestAppAt, login, staticFixtureDir, type TestApp } from './test-app.ts';

/*
 * Alerts end to end on the server: usage arriving through the test-mode route crosses a threshold, the engine sends
 * the e-mail and SMS (development outbox) and the Web Push (to a local push service that decrypts it), once per event
 * and channel; a new cycle re-arms; invoices are announced; gone subscriptions are forgotten; logout removes a
 * device's subscriptions. Plus the alert grid and the list of the last notifications.
 */

let t: TestApp;
let push: TestPushService;
let sophie: string;
let emma: string;
let lucas: string;
let sophieSubscription: TestSubscription;
/** The title of the premium alert the test makes Sophie cross (its amount is what she had spent, plus 5 €). */
let premiumAlert = '';

const K = DEMO_IDS.contracts;
const start = new Date('2026-11-20T09:00:00.000Z');

beforeAll(async () => {
  t = await createTestAppAt(start);
  push = await startTestPushService();
  sophie = (await login(t.app, 'MT00000001')).token;
  emma = (await login(t.app, 'MT00000004')).token;
  lucas = (await login(t.app, '0470000003')).token;
  // A database seeded at the test's own now: on PostgreSQL, 200,000 usage records written anew.
}, 300_000);
afterAll(async () => {
  await t.close();
  await push.close();
});

type Setting = { id: number; contractId: number; type: string; channel: string; active: boolean };

const grid = async (token: string, customerId: number): Promise<Setting[]> =>
  (await t.app.inject({ method: 'GET', url: `/api/customer/${customerId}/notifications`, headers: bearer(token) })).json<{
    settings: Setting[];
  }>().settings;

const toggle = (token: string, customerId: number, settings: { id: number; active: boolean }[]) =>
  t.app.inject({ method: 'PATCH', url: `/api/customer/${customerId}/notifications`, headers: bearer(token), payload: { settings } });

const idOf = (settings: Setting[], contractId: number, type: string, channel: string): number => {
  const found = settings.find((s) => s.contractId === contractId && s.type === type && s.channel === channel);
  if (!found) throw new Error(`no setting ${contractId} ${type} ${channel}`);
  return found.id;
};

const addUsage = async (contractId: number, records: object[]) => {
  const response = await t.app.inject({ method: 'POST', url: '/api/test/usage', payload: { contractId, records } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ deliveries: { eventKey: string; type: string; channel: string; status: string }[] }>().deliveries;
};

/** What Sophie's main line has used this cycle, as the API tells her: the alerts count the same figures. */
const sophieSpent = async (): Promise<{ callSeconds: number; callBundle: number; premiumCents: number; creditCents: number }> => {
  const response = await t.app.inject({ method: 'GET', url: `/api/customer/1/contract/${K.sophieMain}/usage`, headers: bearer(sophie) });
  const summary = usageSummarySchema.parse(response.json());
  const call = summary.balances.find((b) => b.type === 'CALL');
  if (!call) throw new Error('no call balance');
  return {
    callSeconds: call.value,
    callBundle: call.balanceValue,
    premiumCents: summary.cdrOverspent.premium,
    creditCents: summary.cdrOverspent.credit,
  };
};

const euros = (cents: number): string => `${(cents / 100).toFixed(2).replace('.', ',')}\u00a0€`;

const outbox = (recipient: string) =>
  t.db.selectFrom('outbox').select(['channel', 'subject', 'body']).where('recipient', '=', recipient).orderBy('id').execute();

const subscriptionCount = async (endpoint: string): Promise<number> =>
  (await t.db.selectFrom('push_subscriptions').select('id').where('endpoint', '=', endpoint).execute()).length;

const subscribe = async (token: string, subscription: TestSubscription, deviceId: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/push-subscriptions',
    headers: bearer(token),
    payload: { endpoint: subscription.endpoint, keys: subscription.keys, deviceId },
  });

const setClock = async (date: Date): Promise<void> => {
  appContext(t.app).clock.set(date);
  await appContext(t.app).scheduler.runDue();
};

describe('the alert grid', () => {
  it('lists every type × channel of each visible line; a plain user sees its own line only', async () => {
    const sophieGrid = await grid(sophie, 1);
    expect(sophieGrid).toHaveLength(30);
    expect(new Set(sophieGrid.map((s) => s.contractId))).toEqual(new Set([K.sophieMain, K.sophieNew]));
    expect(sophieGrid.filter((s) => s.contractId === K.sophieMain && s.active).map((s) => `${s.type}/${s.channel}`)).toEqual([
      '80PC/SMS',
      '100PC/SMS',
      '100PC/EMAIL',
      'OOB/SMS',
      'OOB/EMAIL',
      'INV/EMAIL',
      'OTHER/EMAIL',
    ]);
    expect(new Set((await grid(lucas, 4)).map((s) => s.contractId))).toEqual(new Set([K.lucas]));
  });

  it('toggles for the holder; a plain user is told to ask the holder; another customer’s ids do not exist', async () => {
    const settings = await grid(sophie, 1);
    const id = idOf(settings, K.sophieMain, '80PC', 'EMAIL');
    const response = await toggle(sophie, 1, [{ id, active: true }]);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ settings: Setting[] }>().settings.find((s) => s.id === id)?.active).toBe(true);
    expect((await toggle(sophie, 1, [{ id, active: true }])).json()).toMatchObject({ code: 'noUpdate' });

    const lucasId = idOf(await grid(lucas, 4), K.lucas, 'OOB', 'SMS');
    expect((await toggle(lucas, 4, [{ id: lucasId, active: false }])).json()).toMatchObject({ statusCode: 403, code: 'settingsReadOnly' });
    const foreign = await toggle(sophie, 1, [{ id: lucasId, active: false }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ fields: [{ field: 'settings.0.id' }] });
  });
});

describe('alerts', () => {
  it('sends the 80 % alert once by SMS, e-mail and push when usage crosses it', async () => {
    sophieSubscription = push.subscribe();
    expect((await subscribe(sophie, sophieSubscription, 'device-sophie-1')).statusCode).toBe(200);
    const settings = await grid(sophie, 1);
    expect((await toggle(sophie, 1, [{ id: idOf(settings, K.sophieMain, '80PC', 'PUSH'), active: true }])).statusCode).toBe(200);

    // Sophie's outgoing calls, below 80 % of her 500 minutes (incoming calls never count): what takes her just past 80 %.
    // Received calls, however long, change nothing.
    const before = await sophieSpent();
    expect(before.callBundle).toBe(30_000);
    expect(before.callSeconds).toBeLessThan(0.8 * before.callBundle - 1000);
    expect(await addUsage(K.sophieMain, [{ type: 'call', used: 20_000, incoming: true }])).toEqual([]);
    const deliveries = await addUsage(K.sophieMain, [{ type: 'call', used: 0.8 * before.callBundle - before.callSeconds + 100 }]);
    expect(deliveries).toEqual([
      { eventKey: '80PC:CALL:2026-11-05', type: '80PC', channel: 'SMS', status: 'sent' },
      { eventKey: '80PC:CALL:2026-11-05', type: '80PC', channel: 'EMAIL', status: 'sent' },
      { eventKey: '80PC:CALL:2026-11-05', type: '80PC', channel: 'PUSH', status: 'sent' },
    ]);
    expect((await outbox('sophie.dubois@example.be')).at(-1)).toMatchObject({
      channel: 'EMAIL',
      subject: '80 % de vos minutes d’appel utilisées',
    });
    expect((await outbox('sophie.dubois@example.be')).at(-1)?.body).toContain('/consumption/main?contractId=1');
    expect((await outbox('0470000001')).at(-1)).toMatchObject({ channel: 'SMS', subject: '80 % de vos minutes d’appel utilisées' });

    const received = await push.waitFor((p) => p.subscriptionId === sophieSubscription.id);
    expect(received.problems).toEqual([]);
    const key = (await t.app.inject({ method: 'GET', url: '/api/push/key', headers: bearer(sophie) })).json<{ publicKey: string }>()
      .publicKey;
    expect(received.vapidKey).toBe(key);
    expect(pushPayloadSchema.parse(JSON.parse(received.payload ?? ''))).toEqual({
      title: '80 % de vos minutes d’appel utilisées',
      body: 'Vous avez utilisé 80 % du volume de minutes d’appel de votre forfait sur le 0470 00 00 01.',
      lang: 'fr',
      url: '/consumption/main?contractId=1',
      tag: '80PC:CALL:2026-11-05',
      type: '80PC',
    });
  });

  it('does not send it again in the same cycle, and sends 100 % on the channels chosen for it', async () => {
    const pushesBefore = push.received.length;
    expect(await addUsage(K.sophieMain, [{ type: 'call', used: 1000 }])).toEqual([]);
    // 80 % + 1,100 s, and what takes her past 100 %.
    const { callSeconds, callBundle } = await sophieSpent();
    expect(await addUsage(K.sophieMain, [{ type: 'call', used: callBundle - callSeconds + 100 }])).toEqual([
      { eventKey: '100PC:CALL:2026-11-05', type: '100PC', channel: 'SMS', status: 'sent' },
      { eventKey: '100PC:CALL:2026-11-05', type: '100PC', channel: 'EMAIL', status: 'sent' },
    ]);
    expect(push.received).toHaveLength(pushesBefore);
    // The job evaluating every line later finds nothing new either.
    await setClock(new Date(start.getTime() + 5 * 60_000));
    expect((await outbox('sophie.dubois@example.be')).filter((m) => (m.subject ?? '').includes('minutes d’appel'))).toHaveLength(2);
  });

  it('re-arms the alerts in a new bill cycle', async () => {
    await setClock(new Date('2026-12-06T09:00:00.000Z'));
    const deliveries = await addUsage(K.sophieMain, [{ type: 'call', used: 25_000 }]);
    expect(deliveries.map((d) => `${d.eventKey}/${d.channel}`)).toEqual([
      '80PC:CALL:2026-12-05/SMS',
      '80PC:CALL:2026-12-05/EMAIL',
      '80PC:CALL:2026-12-05/PUSH',
    ]);
    await setClock(start);
  });

  it('announces the out-of-bundle alert threshold once, and out-of-bundle use starting on a line that had none', async () => {
    // Sophie has spent less than her alert thresholds out of bundle (20 €; premium services 5 €): a 5 € premium text
    // crosses the premium one.
    const before = await sophieSpent();
    expect(before.premiumCents).toBeLessThan(500);
    expect(before.creditCents + 500).toBeLessThan(2000);
    premiumAlert = `Alerte services premium : ${euros(before.premiumCents + 500)}`;
    expect(await addUsage(K.sophieMain, [{ type: 'sms', used: 1, oob: true, costCents: 500, destination: 'premium' }])).toEqual([
      { eventKey: 'OOB:PSG:2026-11-05', type: 'OOB', channel: 'SMS', status: 'sent' },
      { eventKey: 'OOB:PSG:2026-11-05', type: 'OOB', channel: 'EMAIL', status: 'sent' },
    ]);
    expect((await outbox('0470000001')).at(-1)?.subject).toBe(premiumAlert);
    // Lucas's line never went out of bundle; he reads Dutch, the holder (Emma) English.
    const deliveries = await addUsage(K.lucas, [{ type: 'call', used: 60, oob: true, costCents: 150, destination: 'international' }]);
    expect(deliveries.map((d) => `${d.eventKey}/${d.channel}`)).toEqual(['OOB:START:2026-11-01/SMS', 'OOB:START:2026-11-01/EMAIL']);
    expect((await outbox('0470000003')).at(-1)?.subject).toBe('Verbruik buiten de bundel');
    expect((await outbox('emma@martin-logistics.example.be')).at(-1)?.subject).toBe('Out-of-bundle use');
  });

  it('announces an invoice once, to the holder’s devices only', async () => {
    const emmaSubscription = push.subscribe();
    const lucasSubscription = push.subscribe();
    expect((await subscribe(emma, emmaSubscription, 'device-emma-1')).statusCode).toBe(200);
    expect((await subscribe(lucas, lucasSubscription, 'device-lucas-1')).statusCode).toBe(200);
    // (The billing run announced the invoices it issued when the clock went past a close: this one is told by its amount.)
    const invPush = idOf(await grid(emma, 4), K.lucas, 'INV', 'PUSH');
    expect((await toggle(emma, 4, [{ id: invPush, active: true }])).statusCode).toBe(200);
    await t.db
      .insertInto('invoices')
      .values({
        uuid: '7d9c1f43-8f5e-4a4f-9d51-6a0d6c3f1a21',
        customer_id: 4,
        contract_id: 3,
        generated_at: new Date(start.getTime() + 60 * 60_000).toISOString(),
        due_date: '2026-12-05',
        total_incl_vat_cents: 4599,
        structured_communication: '+++090/9337/55493+++',
        piece_id: 'INV-TEST-1',
        payment_mode: 'BT',
      })
      .execute();
    await setClock(new Date(start.getTime() + 2 * 3_600_000));
    const received = await push.waitFor((p) => p.subscriptionId === emmaSubscription.id);
    expect(JSON.parse(received.payload ?? '')).toMatchObject({ title: 'New invoice', lang: 'en', url: '/bills/main', type: 'INV' });
    expect(push.received.some((p) => p.subscriptionId === lucasSubscription.id)).toBe(false);
    const invoiceMails = async () =>
      (await outbox('emma@martin-logistics.example.be')).filter((m) => m.subject === 'New invoice' && m.body.includes('€45.99'));
    expect(await invoiceMails()).toHaveLength(1);
    await setClock(new Date(start.getTime() + 3 * 3_600_000));
    expect(await invoiceMails()).toHaveLength(1);
    await setClock(start);
  });

  it('lists the last notifications: the holder all lines, a plain user its own', async () => {
    type Sent = {
      notifications: { msisdn: string | null; type: string; channel: string; title: string; status: string; sentAt: string }[];
    };
    const mine = (await t.app.inject({ method: 'GET', url: '/api/customer/1/notifications/sent', headers: bearer(sophie) })).json<Sent>();
    expect(mine.notifications.length).toBeGreaterThanOrEqual(10);
    const sentAts = mine.notifications.map((n) => n.sentAt);
    expect(sentAts).toEqual(sentAts.toSorted().reverse());
    expect(
      mine.notifications.filter((n) => n.type === 'OOB').map((n) => [n.channel, n.status, n.msisdn, n.title.replace(/\s/g, ' ')]),
    ).toEqual([
      ['EMAIL', 'sent', '0470000001', premiumAlert.replace(/\s/g, ' ')],
      ['SMS', 'sent', '0470000001', premiumAlert.replace(/\s/g, ' ')],
    ]);
    // The seeded one is there too: her last invoice by e-mail. Her data alert is not: on the 20th she has used about
    // 65 % of her data (the seed's 80 % SMS comes with the day she passes it, tests/server/seed.test.ts).
    expect(mine.notifications.map((n) => n.title)).toContain('Nouvelle facture');
    expect(mine.notifications.map((n) => n.title)).not.toContain('80 % de vos données mobiles utilisées');
    const his = (await t.app.inject({ method: 'GET', url: '/api/customer/4/notifications/sent', headers: bearer(lucas) })).json<Sent>();
    expect(new Set(his.notifications.map((n) => n.msisdn))).toEqual(new Set(['0470000003']));
  });
});

describe('push subscriptions', () => {
  it('sends a test push to this device, decrypted with its keys', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/push-test',
      headers: bearer(sophie),
      payload: { endpoint: sophieSubscription.endpoint },
    });
    expect(response.json()).toEqual({ delivered: true });
    const received = await push.waitFor((p) => p.subscriptionId === sophieSubscription.id && JSON.parse(p.payload ?? '{}').tag === 'test');
    expect(JSON.parse(received.payload ?? '')).toMatchObject({ title: 'Notification de test', url: '/settings/alerts' });
  });

  it('forgets a subscription the push service answers 410 or 404 for', async () => {
    const gone = push.subscribe();
    await subscribe(sophie, gone, 'device-sophie-2');
    push.answerWith(gone.id, 410);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/push-test',
      headers: bearer(sophie),
      payload: { endpoint: gone.endpoint },
    });
    expect(response.statusCode).toBe(410);
    expect(response.json()).toMatchObject({ code: 'pushNotSubscribed' });
    expect(await subscriptionCount(gone.endpoint)).toBe(0);

    // A 404 met while announcing an alert removes the subscription too, and the other device still gets it.
    const forgotten = push.subscribe();
    await subscribe(sophie, forgotten, 'device-sophie-3');
    push.answerWith(forgotten.id, 404);
    const settings = await grid(sophie, 1);
    await toggle(sophie, 1, [{ id: idOf(settings, K.sophieMain, 'OOB', 'PUSH'), active: true }]);
    // Data outside the EU, at 1 cent a MB, takes her past her 20 € alert.
    const { creditCents } = await sophieSpent();
    const megabytes = 2000 - creditCents + 10;
    const deliveries = await addUsage(K.sophieMain, [{ type: 'data', used: megabytes * 1024 * 1024, oob: true, destination: 'roaming' }]);
    expect(deliveries.find((d) => d.channel === 'PUSH')).toMatchObject({ eventKey: 'OOB:OSG:2026-11-05', status: 'sent' });
    expect(await subscriptionCount(forgotten.endpoint)).toBe(0);
    expect(await subscriptionCount(sophieSubscription.endpoint)).toBe(1);
  });

  it('refuses an endpoint that is not a push service, and a test push to a device that is not subscribed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/push-subscriptions',
      headers: bearer(sophie),
      payload: { endpoint: 'http://intranet.example.be/admin', keys: push.subscribe().keys },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'pushEndpointRefused', fields: [{ field: 'endpoint' }] });
    const test = await t.app.inject({
      method: 'POST',
      url: '/api/user/push-test',
      headers: bearer(sophie),
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/none' },
    });
    expect(test.statusCode).toBe(404);
    expect(test.json()).toMatchObject({ code: 'pushNotSubscribed' });
  });

  it('refuses a loopback endpoint outside test mode', async () => {
    const production = await buildApp({ demo: true, db: t.db, testMode: false, staticDir: staticFixtureDir, now: () => start });
    await production.ready();
    const { token } = await login(production, 'MT00000005');
    const response = await production.inject({
      method: 'POST',
      url: '/api/user/push-subscriptions',
      headers: bearer(token),
      payload: { endpoint: push.subscribe().endpoint, keys: push.subscribe().keys },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'pushEndpointRefused' });
    await production.close();
  });

  it('removes this device’s subscriptions at logout, not the other devices’', async () => {
    const other = push.subscribe();
    await subscribe(sophie, other, 'device-sophie-4');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: bearer(sophie),
      payload: { deviceId: 'device-sophie-1' },
    });
    expect(response.statusCode).toBe(200);
    const endpoints = (await t.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', 1).execute()).map(
      (r) => r.endpoint,
    );
    expect(endpoints).toEqual([other.endpoint]);
  });

  it('unsubscribes on request', async () => {
    sophie = (await login(t.app, 'MT00000001')).token;
    const endpoint =
      (await t.db.selectFrom('push_subscriptions').select('endpoint').where('user_id', '=', 1).executeTakeFirst())?.endpoint ?? '';
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/user/push-subscriptions/remove',
      headers: bearer(sophie),
      payload: { endpoint },
    });
    expect(response.json()).toEqual({ success: true });
    expect(await t.db.selectFrom('push_subscriptions').select('id').where('user_id', '=', 1).execute()).toHaveLength(0);
  });
});
