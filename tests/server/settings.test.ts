import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '#server/demo/data/ids';
import { appContext } from '#server/app';
import { bearer, createTestAppAt, login, type TestApp } from './test-app.ts';

/*
 * The settings area's routes against the app as `npm start` builds it: line settings and their order lines applied
 * by the scheduler, refusals, privacy and page views. Alerts and push are in alerts.test.ts.
 */

let t: TestApp;
let sophie: string;
let marc: string;
let emma: string;
let lucas: string;

const K = DEMO_IDS.contracts;
const start = new Date('2026-11-20T09:00:00.000Z');

beforeAll(async () => {
  // Seeded at the test's own now: the demo usage, events and cycles line up with the clock the routes see.
  t = await createTestAppAt(start);
  sophie = (await login(t.app, 'MT00000001')).token;
  marc = (await login(t.app, 'MT00000003')).token;
  emma = (await login(t.app, 'MT00000004')).token;
  lucas = (await login(t.app, '0470000003')).token;
  // A database seeded at the test's own now: on PostgreSQL, 200,000 usage records written anew.
}, 300_000);
afterAll(() => t.close());

const setClock = async (date: Date): Promise<void> => {
  appContext(t.app).clock.set(date);
  await appContext(t.app).scheduler.runDue();
};

type LineSettingsBody = {
  settings: { roamingType: string; internationalBarring: boolean; premiumBarring: string; throttling: string };
  codes: { pin: string | null; puk: string | null };
  safeguards: { type: string; current: number; alert: number | null; max: number; next: number | null }[];
  changes: { id: number; resource: string; status: string; oldValue: string | null; newValue: string; applyAt: string; orderRef: string }[];
};

const readSettings = async (token: string, customerId: number, contractId: number) =>
  t.app.inject({ method: 'GET', url: `/api/customer/${customerId}/contract/${contractId}/settings`, headers: bearer(token) });

const post = (token: string, url: string, payload: unknown, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });

const orderLines = (contractId: number) =>
  t.db
    .selectFrom('orders as o')
    .innerJoin('order_lines as l', 'l.order_id', 'o.id')
    .select([
      'o.order_ref',
      'o.status',
      'o.initiator_type',
      'l.item_kind',
      'l.resource_name',
      'l.old_value',
      'l.new_value',
      'l.status as line_status',
    ])
    .where('o.contract_id', '=', contractId)
    .where('l.apply_at', 'is not', null)
    .orderBy('l.id')
    .execute();

describe('line settings', () => {
  it('answers the line settings, codes, safeguards and no change yet', async () => {
    const response = await readSettings(sophie, 1, K.sophieMain);
    expect(response.statusCode).toBe(200);
    const body = response.json<LineSettingsBody>();
    expect(body.settings).toEqual({
      premiumBarring: 'none',
      internationalBarring: false,
      roamingType: 'EU_INCLUDE_SWISS',
      throttling: 'NONE',
    });
    expect(body.codes.pin).toMatch(/^\d{4}$/);
    expect(body.codes.puk).toMatch(/^\d{8}$/);
    expect(body.safeguards.map((s) => [s.type, s.current, s.alert, s.max])).toEqual([
      ['OSG', 3000, 2000, 15_000],
      ['PSG', 1000, 500, 5000],
      ['DSG', 2500, 2000, 10_000],
    ]);
    expect(body.changes).toEqual([]);
  });

  it('lets a plain user read its own line only, and another customer none', async () => {
    expect((await readSettings(lucas, 4, K.lucas)).statusCode).toBe(200);
    expect((await readSettings(lucas, 4, K.emmaOrders)).statusCode).toBe(403);
    expect((await readSettings(marc, 1, K.sophieMain)).statusCode).toBe(403);
    expect((await readSettings(sophie, 1, K.marc)).statusCode).toBe(404);
  });

  it('records a lower limit as a PENDING SAFEGUARD order line, applied by the scheduler after 2 minutes, once', async () => {
    const url = `/api/customer/1/contract/${K.sophieMain}/safeguard`;
    const first = await post(sophie, url, { type: 'OSG_LIMIT', amount: 2000 }, 'limit-key-0001');
    expect(first.statusCode).toBe(200);
    const change = first.json<LineSettingsBody['changes'][number]>();
    expect(change).toMatchObject({ resource: 'OSG_LIMIT', oldValue: '3000', newValue: '2000', status: 'PENDING' });
    expect(change.orderRef).toMatch(/^O-\d{10}$/);
    expect(Date.parse(change.applyAt) - start.getTime()).toBe(2 * 60_000);
    // The same key again (a replay) applies nothing more.
    const replay = await post(sophie, url, { type: 'OSG_LIMIT', amount: 2000 }, 'limit-key-0001');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await orderLines(K.sophieMain)).toEqual([
      {
        order_ref: change.orderRef,
        status: 'PENDING',
        initiator_type: 'O',
        item_kind: 'SAFEGUARD',
        resource_name: 'OSG_LIMIT',
        old_value: '3000',
        new_value: '2000',
        line_status: 'PENDING',
      },
    ]);

    await setClock(new Date(start.getTime() + 60_000));
    let body = (await readSettings(sophie, 1, K.sophieMain)).json<LineSettingsBody>();
    expect(body.safeguards[0]?.current).toBe(3000);
    expect(body.changes.map((c) => c.status)).toEqual(['PENDING']);

    await setClock(new Date(start.getTime() + 2 * 60_000));
    body = (await readSettings(sophie, 1, K.sophieMain)).json<LineSettingsBody>();
    expect(body.safeguards[0]).toMatchObject({ type: 'OSG', current: 2000, alert: 2000, next: null });
    expect(body.changes.map((c) => [c.resource, c.status])).toEqual([['OSG_LIMIT', 'SUCCESS']]);
    expect((await orderLines(K.sophieMain)).map((l) => [l.status, l.line_status])).toEqual([['SUCCESS', 'SUCCESS']]);
    // Sophie chose e-mail for "other" alerts: she hears of it once.
    const mails = await t.db
      .selectFrom('outbox')
      .select('subject')
      .where('recipient', '=', 'sophie.dubois@example.be')
      .where('subject', '=', 'Modification active')
      .execute();
    expect(mails).toHaveLength(1);
    await setClock(new Date(start.getTime() + 10 * 60_000));
    expect(await t.db.selectFrom('outbox').select('subject').where('subject', '=', 'Modification active').execute()).toHaveLength(1);
    await setClock(start);
  });

  it('asks before a limit goes below its alert (422 until the alert is changed), and never moves the alert itself', async () => {
    const url = `/api/customer/1/contract/${K.sophieMain}/safeguard`;
    // Sophie's limit is now 20 €, her alert 20 €.
    const below = await post(sophie, url, { type: 'OSG_LIMIT', amount: 1500 });
    expect(below.statusCode).toBe(422);
    expect(below.json()).toMatchObject({
      code: 'alertAboveNewLimit',
      fields: [{ field: 'amount', message: 'validation:limit.alertAboveNewLimit' }],
    });
    // Her decision: the alert lower first, then the limit.
    expect((await post(sophie, url, { type: 'OSG_ALERT', amount: 1000 })).statusCode).toBe(200);
    expect((await post(sophie, url, { type: 'OSG_LIMIT', amount: 1500 })).statusCode).toBe(200);
    await setClock(new Date(start.getTime() + 3 * 60_000));
    let body = (await readSettings(sophie, 1, K.sophieMain)).json<LineSettingsBody>();
    expect(body.safeguards[0]).toMatchObject({ type: 'OSG', current: 1500, alert: 1000 });
    // A lower limit still above the alert leaves the alert where it is.
    expect((await post(sophie, url, { type: 'OSG_LIMIT', amount: 1200 })).statusCode).toBe(200);
    await setClock(new Date(start.getTime() + 6 * 60_000));
    body = (await readSettings(sophie, 1, K.sophieMain)).json<LineSettingsBody>();
    expect(body.safeguards[0]).toMatchObject({ type: 'OSG', current: 1200, alert: 1000 });
    await setClock(start);
  });

  it('applies a roaming change after up to 4 hours, and the latest of two requests only', async () => {
    const url = `/api/customer/3/contract/${K.marc}/settings`;
    const first = await post(marc, url, { resource: 'ROAMING', value: 'CALLS_SMS_ONLY' });
    expect(first.statusCode).toBe(200);
    const second = await post(marc, url, { resource: 'ROAMING', value: 'EU_WITHOUT_SWISS' });
    expect(second.json()).toMatchObject({
      resource: 'ROAMING',
      oldValue: 'EU_INCLUDE_SWISS',
      newValue: 'EU_WITHOUT_SWISS',
      status: 'PENDING',
    });
    expect((await orderLines(K.marc)).map((l) => [l.new_value, l.line_status])).toEqual([
      ['CALLS_SMS_ONLY', 'CANCELED'],
      ['EU_WITHOUT_SWISS', 'PENDING'],
    ]);
    await setClock(new Date(start.getTime() + 3 * 3_600_000));
    expect((await readSettings(marc, 3, K.marc)).json<LineSettingsBody>().settings.roamingType).toBe('EU_INCLUDE_SWISS');
    await setClock(new Date(start.getTime() + 4 * 3_600_000));
    const body = (await readSettings(marc, 3, K.marc)).json<LineSettingsBody>();
    expect(body.settings.roamingType).toBe('EU_WITHOUT_SWISS');
    expect(body.changes.filter((c) => c.status === 'SUCCESS').map((c) => c.newValue)).toEqual(['EU_WITHOUT_SWISS']);
    await setClock(start);
  });

  it('sets throttling, premium blocking and international barring as SETTING lines', async () => {
    const url = `/api/customer/1/contract/${K.sophieMain}/settings`;
    for (const payload of [
      { resource: 'THROTTLING', value: '5M' },
      { resource: 'PREMIUM_BARRING', value: 'game' },
      { resource: 'INTERNATIONAL_BARRING', value: true },
    ]) {
      const response = await post(sophie, url, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(200);
    }
    expect(
      (await orderLines(K.sophieMain)).filter((l) => l.item_kind === 'SETTING').map((l) => [l.resource_name, l.old_value, l.new_value]),
    ).toEqual([
      ['THROTTLING', 'NONE', '5M'],
      ['PREMIUM_BARRING', 'none', 'game'],
      ['INTERNATIONAL_BARRING', '0', '1'],
    ]);
    await setClock(new Date(start.getTime() + 2 * 60_000));
    expect((await readSettings(sophie, 1, K.sophieMain)).json<LineSettingsBody>().settings).toEqual({
      premiumBarring: 'game',
      internationalBarring: true,
      roamingType: 'EU_INCLUDE_SWISS',
      throttling: '5M',
    });
    await setClock(start);
  });

  it.each([
    ['a plain user', () => lucas, 4, K.lucas, { type: 'OSG_LIMIT', amount: 1000 }, 403, 'settingsReadOnly'],
    ['a blocked line', () => emma, 4, K.emmaFraud, { type: 'OSG_LIMIT', amount: 1000 }, 409, 'contractBlocked'],
    ['a limit above the maximum', () => sophie, 1, K.sophieMain, { type: 'DSG_LIMIT', amount: 10_001 }, 422, 'limitAboveMax'],
    ['an alert above its limit', () => sophie, 1, K.sophieMain, { type: 'PSG_ALERT', amount: 1001 }, 422, 'alertAboveLimit'],
    ['a higher limit while in dunning', () => marc, 3, K.marc, { type: 'OSG_LIMIT', amount: 6000 }, 409, 'unpaidBalance'],
    ['an unchanged value', () => sophie, 1, K.sophieMain, { type: 'DSG_ALERT', amount: 2000 }, 422, 'noUpdate'],
    ['a negative amount', () => sophie, 1, K.sophieMain, { type: 'DSG_ALERT', amount: -1 }, 400, 'invalidParameters'],
    ['another customer', () => marc, 1, K.sophieMain, { type: 'OSG_LIMIT', amount: 1000 }, 403, 'forbidden'],
  ])('refuses %s', async (_name, token, customerId, contractId, payload, status, code) => {
    const response = await post(token(), `/api/customer/${customerId}/contract/${contractId}/safeguard`, payload);
    expect(response.statusCode).toBe(status);
    expect(response.json()).toMatchObject({ statusCode: status, code });
  });

  it('names the field at fault for an amount out of bounds', async () => {
    const response = await post(sophie, `/api/customer/1/contract/${K.sophieMain}/safeguard`, { type: 'OSG_LIMIT', amount: 15_001 });
    expect(response.json()).toMatchObject({ code: 'limitAboveMax', fields: [{ field: 'amount', message: 'validation:limit.max' }] });
  });

  it('lets a line in dunning lower what it may cost, not raise it', async () => {
    const url = `/api/customer/3/contract/${K.marc}/settings`;
    expect((await post(marc, url, { resource: 'PREMIUM_BARRING', value: 'none' })).json()).toMatchObject({ code: 'unpaidBalance' });
    expect((await post(marc, url, { resource: 'ROAMING', value: 'WORLD_COVERAGE' })).json()).toMatchObject({ code: 'unpaidBalance' });
    expect((await post(marc, url, { resource: 'INTERNATIONAL_BARRING', value: true })).statusCode).toBe(200);
  });

  it('refuses an unknown setting value with the field at fault', async () => {
    const response = await post(sophie, `/api/customer/1/contract/${K.sophieMain}/settings`, { resource: 'ROAMING', value: 'MARS' });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: { field: string }[] }>().fields.map((f) => f.field)).toEqual(['value']);
  });
});

describe('privacy', () => {
  it('answers and changes the holder’s consents', async () => {
    const url = '/api/customer/1/privacy';
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(sophie) })).json()).toEqual({
      sales: false,
      marketing: true,
      editable: true,
    });
    const changed = await t.app.inject({ method: 'PATCH', url, headers: bearer(sophie), payload: { sales: true, marketing: false } });
    expect(changed.json()).toEqual({ sales: true, marketing: false, editable: true });
    const again = await t.app.inject({ method: 'PATCH', url, headers: bearer(sophie), payload: { sales: true, marketing: false } });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ code: 'noUpdate' });
  });

  it('refuses where the change is forbidden, with the privacy message code of docs/product/settings.md "Privacy"', async () => {
    const url = '/api/customer/3/privacy';
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(marc) })).json()).toEqual({
      sales: false,
      marketing: false,
      editable: false,
    });
    const refused = await t.app.inject({ method: 'PATCH', url, headers: bearer(marc), payload: { sales: true, marketing: false } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'privacyForbidden' });
    expect((await t.app.inject({ method: 'GET', url: '/api/customer/4/privacy', headers: bearer(lucas) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/customer/1/privacy', headers: bearer(marc) })).statusCode).toBe(403);
  });
});

describe('page views', () => {
  const view = (cookie: string | undefined, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/public/page-view', headers: cookie ? { cookie } : {}, payload: payload as object });

  it('counts a view per day, route and language only with statistics consent', async () => {
    expect((await view(undefined, { route: 'settings-main', lang: 'fr' })).json()).toEqual({ counted: false });
    expect((await view('consent=v1.s0.m1', { route: 'settings-main', lang: 'fr' })).json()).toEqual({ counted: false });
    expect((await view('consent=v1.s1.m0', { route: 'settings-main', lang: 'fr' })).json()).toEqual({ counted: true });
    expect((await view('other=1; consent=v1.s1.m1', { route: 'settings-main', lang: 'fr' })).json()).toEqual({ counted: true });
    expect((await view('consent=v1.s1.m0', { route: 'home', lang: 'nl' })).json()).toEqual({ counted: true });
    const counts = (await t.app.inject({ method: 'GET', url: '/api/test/page-views' })).json<{ views: unknown[] }>();
    expect(counts.views).toEqual([
      { day: '2026-11-20', route: 'home', lang: 'nl', count: 1 },
      { day: '2026-11-20', route: 'settings-main', lang: 'fr', count: 2 },
    ]);
  });

  it('refuses anything but a route name and a language', async () => {
    const response = await view('consent=v1.s1.m0', { route: '/settings/main?contractId=1', lang: 'de' });
    expect(response.statusCode).toBe(400);
    expect(
      response
        .json<{ fields: { field: string }[] }>()
        .fields.map((f) => f.field)
        .sort(),
    ).toEqual(['lang', 'route']);
  });
});
