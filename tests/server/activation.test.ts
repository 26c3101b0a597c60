import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { simOrderListSchema, simOrderSchema, type SimOrder } from '#contract/activation';
import { idCardNumber, nationalNumber } from '#contract/check-digits';
import { demoDonorLines, demoSimOrders } from '#contract/fixtures/demo';
import { formatBelgianPhone } from '#contract/phone';
import { appContext } from '#server/app';
import { DEMO_IDS } from '#server/demo/data/ids';
import { createSession } from '#server/lib/sessions';
import { outbox, resetLimits, setClock } from './auth-helpers.ts';
import { APP_ORIGIN, bearer, createTestApp, type TestApp } from './test-app.ts';

/*
 * SIM activation: the public path (order + code → activation session), the logged-in path, identification
 * uploads, new number and transfer, and the provisioning simulator on a moved clock. Every error is checked
 * against the app as `npm start` builds it (createTestApp serves a static folder).
 */

let t: TestApp;
const tokens = { sophie: '', lucas: '', marc: '', emma: '' };
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Sale = {
  orderRef: string;
  code: string;
  iccid: string;
  uuid: string;
  customerNumber: string;
  msisdn: string;
  email: string;
  birthDate: string;
};

beforeAll(async () => {
  t = await createTestApp();
  const U = DEMO_IDS.users;
  for (const who of ['sophie', 'lucas', 'marc', 'emma'] as const) tokens[who] = (await createSession(t.db, U[who], new Date())).accessToken;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await setClock(t.app, null);
  await resetLimits(t.app);
});

const newSale = async (state: 'ready' | 'identification' | 'returned' = 'ready', language = 'fr'): Promise<Sale> => {
  const response = await t.app.inject({ method: 'POST', url: '/api/test/activation/sim-sales', payload: { state, language } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Sale>();
};

const cookieHeader = (response: LightMyRequestResponse): string => {
  const cookie = response.cookies.find((c) => c.name === 'activation_session');
  if (!cookie) throw new Error('no activation cookie');
  return `activation_session=${cookie.value}`;
};

const activate = (identifier: string, code: string, remoteAddress?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/public/orders/activate',
    payload: { identifier, code },
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** Opens the activation session of a sale; returns the cookie and the order. */
const open = async (sale: Pick<Sale, 'orderRef' | 'code'>): Promise<{ cookie: string; order: SimOrder }> => {
  const response = await activate(sale.orderRef, sale.code);
  expect(response.statusCode, response.body).toBe(200);
  return { cookie: cookieHeader(response), order: simOrderSchema.parse(response.json()) };
};

const deliveryUrl = (order: Pick<SimOrder, 'customerId' | 'contractId'>, what: 'order-delivery/activate' | 'identify') =>
  `/api/public/subscription/${order.customerId}/contract/${order.contractId}/${what}`;

const choose = (cookie: string, order: SimOrder, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: deliveryUrl(order, 'order-delivery/activate'),
    headers: { cookie, origin: APP_ORIGIN },
    payload: payload as Record<string, unknown>,
  });

const followUp = async (cookie: string, uuid: string): Promise<SimOrder> => {
  const response = await t.app.inject({ method: 'GET', url: `/api/public/orders/${uuid}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return simOrderSchema.parse(response.json());
};

/** Moves the server's clock and runs the jobs that became due (the test-mode clock route does both). */
const moveClockTo = (at: Date) => setClock(t.app, at);

// Files whose content is what their name says (magic bytes), and one that lies.
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), Buffer.alloc(2000, 7)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]),
  Buffer.alloc(1000, 1),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const TEXT_AS_JPEG = Buffer.from('this is not a photo of an identity card, whatever its name says\n'.repeat(20));

type Part = { name: string; type: string; data: Buffer };

const multipart = async (fields: Record<string, string>, files: readonly Part[]) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
};

const validIdCard = idCardNumber('5912345678');
const identityFields = (birthDate: string) => ({
  documentType: 'belgianIdCard',
  cardNumber: validIdCard,
  nationalNumber: nationalNumber(birthDate, 37),
});

const upload = async (url: string, headers: Record<string, string>, fields: Record<string, string>, files: readonly Part[]) => {
  const body = await multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { origin: APP_ORIGIN, ...headers, 'content-type': body.contentType },
    payload: body.payload,
  });
};

const photos = (n: number): Part[] => Array.from({ length: n }, (_, i) => ({ name: `side-${i}.jpg`, type: 'image/jpeg', data: JPEG }));

/** The keys of the identity files kept for a contract (in the database, lib/file-store.ts). */
const filesIn = async (contractId: number): Promise<string[]> =>
  (await t.db.selectFrom('stored_files').select('key').where('key', 'like', `identity/${contractId}/%`).orderBy('key').execute()).map(
    (row) => row.key,
  );

describe('POST /public/orders/activate: the order and its code', () => {
  it('opens the seeded order O-0000000001 with 123456 and sets an HttpOnly, SameSite=Strict session cookie', async () => {
    const response = await activate(demoSimOrders.thomas.orderRef, demoSimOrders.thomas.code);
    expect(response.statusCode, response.body).toBe(200);
    const order = simOrderSchema.parse(response.json());
    expect(order).toMatchObject({
      uuid: demoSimOrders.thomas.uuid,
      orderRef: 'O-0000000001',
      msisdn: demoSimOrders.thomas.msisdn,
      status: 'IN_DELIVERY',
      subStatus: 'SIM_SENT',
      identificationStatus: 'OK',
      mode: null,
      nextStep: null,
    });
    expect(order.events.map((e) => e.step)).toEqual(['ORDER_VALIDATED', 'SIM_SENT']);
    const cookie = response.cookies.find((c) => c.name === 'activation_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/public' });
  });

  it.each([
    ['its order number in lower case', (s: Sale) => s.orderRef.toLowerCase()],
    ['the customer number', (s: Sale) => s.customerNumber],
    ["the line's number", (s: Sale) => s.msisdn],
  ])('finds the order with %s', async (_, identifier) => {
    const sale = await newSale();
    const response = await activate(identifier(sale), sale.code);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SimOrder>().uuid).toBe(sale.uuid);
  });

  it('refuses a wrong code twice, then blocks the order 30 minutes at the third (even the right code), then lets it in', async () => {
    const sale = await newSale();
    const wrong = sale.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 2; i++) {
      const response = await activate(sale.orderRef, wrong);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'activationCodeWrong' });
    }
    const third = await activate(sale.orderRef, wrong);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toMatchObject({ code: 'tooManyActivationRequests', retryAfter: 1800 });
    expect(third.headers['retry-after']).toBe('1800');
    const right = await activate(sale.orderRef, sale.code);
    expect(right.statusCode).toBe(429);
    // The same order named another way is blocked too.
    expect((await activate(sale.customerNumber, sale.code)).statusCode).toBe(429);
    await moveClockTo(new Date(Date.now() + 31 * MINUTE));
    expect((await activate(sale.orderRef, sale.code)).statusCode).toBe(200);
  });

  it('answers an unknown order like a wrong code (nothing tells which orders exist), and validates the fields', async () => {
    const unknown = await activate('O-9999999998', '123456');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ code: 'activationCodeWrong' });
    const invalid = await t.app.inject({ method: 'POST', url: '/api/public/orders/activate', payload: { identifier: 'O-12', code: '12' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json<{ fields: { field: string; message: string }[] }>().fields).toEqual([
      { field: 'identifier', message: 'validation:activationIdentifier' },
      { field: 'code', message: 'validation:code' },
    ]);
  });

  it('blocks one address that tries many orders', async () => {
    const address = '203.0.113.77';
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 30; i++) last = await activate(`O-80000000${String(i).padStart(2, '0')}`, '000000', address);
    expect(last?.statusCode).toBe(429);
    const sale = await newSale();
    const response = await activate(sale.orderRef, sale.code, address);
    expect(response.statusCode).toBe(429);
    expect(response.json()).toMatchObject({ code: 'tooManyActivationRequests' });
  });
});

describe('POST /public/orders/activate/resend: send me the code again', () => {
  it('e-mails a new code that replaces the old one, answers the same for unknown orders, and is throttled', async () => {
    const sale = await newSale('ready', 'nl');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/public/orders/activate/resend',
      payload: { identifier: sale.orderRef },
    });
    expect(response.statusCode).toBe(200);
    const [message] = await outbox(t.app, sale.email);
    expect(message?.subject).toBe('Uw activeringscode voor uw simkaart');
    expect(message?.body).toContain(sale.orderRef);
    const newCode = message?.code ?? '';
    expect(newCode).toMatch(/^\d{6}$/);
    if (newCode !== sale.code) expect((await activate(sale.orderRef, sale.code)).statusCode).toBe(422);
    expect((await activate(sale.orderRef, newCode)).statusCode).toBe(200);

    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/public/orders/activate/resend',
      payload: { identifier: 'O-9999999997' },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true });

    for (let i = 0; i < 2; i++) {
      await t.app.inject({ method: 'POST', url: '/api/public/orders/activate/resend', payload: { identifier: sale.orderRef } });
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: '/api/public/orders/activate/resend',
      payload: { identifier: sale.orderRef },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'tooManyCodeRequests' });
  });
});

describe('the activation session', () => {
  it('is needed to follow an order, and opens only its own order', async () => {
    const sale = await newSale();
    const other = await newSale();
    const none = await t.app.inject({ method: 'GET', url: `/api/public/orders/${sale.uuid}` });
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({ code: 'activationSessionExpired' });
    const { cookie, order } = await open(other);
    expect((await t.app.inject({ method: 'GET', url: `/api/public/orders/${sale.uuid}`, headers: { cookie } })).statusCode).toBe(404);
    const otherOrder = simOrderSchema.parse((await open(sale)).order);
    const forbidden = await choose(cookie, otherOrder, { mode: 'new_number', iccid: sale.iccid });
    expect(forbidden.statusCode).toBe(403);
    expect(order.uuid).toBe(other.uuid);
  });

  it('expires after 7 days', async () => {
    const sale = await newSale();
    const { cookie } = await open(sale);
    await moveClockTo(new Date(Date.now() + 7 * 24 * HOUR + MINUTE));
    const response = await t.app.inject({ method: 'GET', url: `/api/public/orders/${sale.uuid}`, headers: { cookie } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'activationSessionExpired' });
  });
});

describe('a new number, moved on by the provisioning simulator', () => {
  it('checks the SIM card number, then runs requested → executed → active on the clock, and e-mails the customer', async () => {
    const sale = await newSale();
    const { cookie, order } = await open(sale);
    const luhn = await choose(cookie, order, { mode: 'new_number', iccid: '8932010000000000001' });
    expect(luhn.statusCode).toBe(400);
    expect(luhn.json()).toMatchObject({ fields: [{ field: 'iccid', message: 'validation:iccid' }] });
    const otherCard = await choose(cookie, order, { mode: 'new_number', iccid: demoSimOrders.returned.iccid });
    expect(otherCard.statusCode).toBe(400);
    expect(otherCard.json()).toMatchObject({
      code: 'invalidParameters',
      fields: [{ field: 'iccid', message: 'validation:iccidMismatch' }],
    });

    const start = Date.now();
    await moveClockTo(new Date(start));
    const requested = await choose(cookie, order, { mode: 'new_number', iccid: sale.iccid.replace(/(\d{4})/g, '$1 ') });
    expect(requested.statusCode, requested.body).toBe(200);
    const afterRequest = simOrderSchema.parse(requested.json());
    expect(afterRequest).toMatchObject({ mode: 'new_number', subStatus: 'ACTIVATION_REQUESTED' });
    expect(afterRequest.nextStep).toEqual({
      step: 'ACTIVATION_EXECUTED',
      expectedAt: new Date(start + 4 * MINUTE).toISOString(),
      latestAt: new Date(start + 2 * HOUR).toISOString(),
    });
    const again = await choose(cookie, order, { mode: 'new_number', iccid: sale.iccid });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'activationNotPossible' });

    await moveClockTo(new Date(start + 3 * MINUTE));
    expect((await followUp(cookie, sale.uuid)).subStatus).toBe('ACTIVATION_REQUESTED');
    await moveClockTo(new Date(start + 4 * MINUTE));
    expect((await followUp(cookie, sale.uuid)).subStatus).toBe('ACTIVATION_EXECUTED');
    await moveClockTo(new Date(start + 2 * HOUR));
    const active = await followUp(cookie, sale.uuid);
    expect(active).toMatchObject({
      status: 'ACTIVATED',
      subStatus: 'ACTIVATED',
      activatedAt: new Date(start + 5 * MINUTE).toISOString(),
      nextStep: null,
    });
    expect(active.events.slice(-3)).toEqual([
      { step: 'ACTIVATION_REQUESTED', at: new Date(start).toISOString() },
      { step: 'ACTIVATION_EXECUTED', at: new Date(start + 4 * MINUTE).toISOString() },
      { step: 'ACTIVATED', at: new Date(start + 5 * MINUTE).toISOString() },
    ]);
    const [mail] = await outbox(t.app, sale.email);
    expect(mail?.subject).toBe('Votre ligne est active');
    // As the app shows numbers (server/lib/messages.ts).
    expect(mail?.body).toContain(formatBelgianPhone(sale.msisdn));
    const line = await t.db
      .selectFrom('order_lines as l')
      .innerJoin('orders as o', 'o.id', 'l.order_id')
      .select(['l.status', 'l.executed_at'])
      .where('o.order_ref', '=', sale.orderRef)
      .where('l.resource_name', '=', 'ACTIVATE')
      .executeTakeFirst();
    expect(line).toEqual({ status: 'SUCCESS', executed_at: new Date(start + 5 * MINUTE).toISOString() });
  });

  it('a clock moved far ahead runs every due step at once, each stamped when it was due', async () => {
    const sale = await newSale();
    const { cookie, order } = await open(sale);
    const start = Date.now();
    await moveClockTo(new Date(start));
    expect((await choose(cookie, order, { mode: 'new_number', iccid: sale.iccid })).statusCode).toBe(200);
    await moveClockTo(new Date(start + 3 * 24 * HOUR));
    const active = await followUp(cookie, sale.uuid);
    expect(active.activatedAt).toBe(new Date(start + 5 * MINUTE).toISOString());
    // Running the jobs again changes nothing.
    await appContext(t.app).scheduler.runDue();
    expect((await followUp(cookie, sale.uuid)).events).toEqual(active.events);
  });
});

describe('a number transfer', () => {
  const portIn = (iccid: string, data: Record<string, string>) => ({ mode: 'port_in', portIn: { iccid, ...data } });

  it('checks the number and the proof for its type before anything starts', async () => {
    const sale = await newSale();
    const { cookie, order } = await open(sale);
    const missing = await choose(cookie, order, portIn(sale.iccid, { msisdn: demoDonorLines.subscription.msisdn, type: 'postpaid' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ fields: [{ field: 'portIn.otherAccountNumber', message: 'validation:required' }] });
    const badSim = await choose(
      cookie,
      order,
      portIn(sale.iccid, { msisdn: demoDonorLines.prepaid.msisdn, type: 'prepaid', otherIccid: '8932' }),
    );
    expect(badSim.json()).toMatchObject({ fields: [{ field: 'portIn.otherIccid', message: 'validation:iccid' }] });
    const ours = await choose(
      cookie,
      order,
      portIn(sale.iccid, { msisdn: '0470000001', type: 'postpaid', otherAccountNumber: 'AC123456' }),
    );
    expect(ours.statusCode).toBe(409);
    expect(ours.json()).toMatchObject({ code: 'msisdnInUse', fields: [{ field: 'portIn.msisdn', message: 'validation:msisdnInUse' }] });
    const wrongCard = await choose(
      cookie,
      order,
      portIn(demoSimOrders.thomas.iccid, { msisdn: '0485112233', type: 'postpaid', otherAccountNumber: 'ZX998877' }),
    );
    expect(wrongCard.json()).toMatchObject({ fields: [{ field: 'portIn.iccid', message: 'validation:iccidMismatch' }] });
  });

  it('fails when the other operator knows the number with other data, says why, and lets the customer try again', async () => {
    const sale = await newSale();
    const { cookie, order } = await open(sale);
    const start = Date.now();
    await moveClockTo(new Date(start));
    const requested = await choose(
      cookie,
      order,
      portIn(sale.iccid, { msisdn: demoDonorLines.subscription.msisdn, type: 'postpaid', otherAccountNumber: 'AC 999 999' }),
    );
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json()).toMatchObject({
      mode: 'port_in',
      subStatus: 'PORT_IN_REQUESTED',
      portIn: { msisdn: demoDonorLines.subscription.msisdn, type: 'postpaid' },
      nextStep: { step: 'PORT_IN_ACCEPTED', latestAt: new Date(start + 48 * HOUR).toISOString() },
    });
    await moveClockTo(new Date(start + HOUR));
    const failed = await followUp(cookie, sale.uuid);
    expect(failed).toMatchObject({
      subStatus: 'PORT_IN_FAILED',
      failure: { step: 'PORT_IN_FAILED', reason: 'dataMismatch', at: new Date(start + HOUR).toISOString() },
      nextStep: null,
      msisdn: sale.msisdn,
    });
    const [mail] = await outbox(t.app, sale.email);
    expect(mail?.subject).toBe('Le transfert de votre numéro n’a pas abouti');
    // Corrected, it goes through: accepted after an hour, executed the next day (the line takes the number), active 5 minutes later.
    const retry = await choose(
      cookie,
      order,
      portIn(sale.iccid, {
        msisdn: demoDonorLines.subscription.msisdn,
        type: 'postpaid',
        otherAccountNumber: demoDonorLines.subscription.accountNumber,
      }),
    );
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ subStatus: 'PORT_IN_REQUESTED', failure: null });
    await moveClockTo(new Date(start + 2 * HOUR));
    expect((await followUp(cookie, sale.uuid)).subStatus).toBe('PORT_IN_ACCEPTED');
    await moveClockTo(new Date(start + HOUR + 24 * HOUR));
    const executed = await followUp(cookie, sale.uuid);
    expect(executed).toMatchObject({ subStatus: 'PORT_IN_EXECUTED', msisdn: demoDonorLines.subscription.msisdn });
    await moveClockTo(new Date(start + HOUR + 24 * HOUR + 5 * MINUTE));
    expect(await followUp(cookie, sale.uuid)).toMatchObject({ status: 'ACTIVATED', msisdn: demoDonorLines.subscription.msisdn });
  });

  it('fails a number no other operator knows, and accepts a prepaid card proven by its SIM number', async () => {
    const unknown = await newSale();
    const first = await open(unknown);
    const start = Date.now();
    await moveClockTo(new Date(start));
    await choose(
      first.cookie,
      first.order,
      portIn(unknown.iccid, { msisdn: '0477000111', type: 'postpaid', otherAccountNumber: 'AB1234' }),
    );
    const prepaid = await newSale();
    const second = await open(prepaid);
    const accepted = await choose(
      second.cookie,
      second.order,
      portIn(prepaid.iccid, { msisdn: demoDonorLines.prepaid.msisdn, type: 'prepaid', otherIccid: demoDonorLines.prepaid.iccid }),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    await moveClockTo(new Date(start + HOUR));
    expect((await followUp(first.cookie, unknown.uuid)).failure).toMatchObject({ reason: 'numberUnknown' });
    expect((await followUp(second.cookie, prepaid.uuid)).subStatus).toBe('PORT_IN_ACCEPTED');
  });

  it('shows the seeded failed transfer with its reason', async () => {
    const { order } = await open(demoSimOrders.failedPortIn);
    expect(order).toMatchObject({
      subStatus: 'PORT_IN_FAILED',
      failure: { reason: 'dataMismatch' },
      portIn: { msisdn: demoDonorLines.subscription.msisdn },
    });
    expect(order.events.map((e) => e.step)).toEqual(['ORDER_VALIDATED', 'SIM_SENT', 'PORT_IN_REQUESTED', 'PORT_IN_FAILED']);
  });

  it('refuses any activation of a returned SIM', async () => {
    const { cookie, order } = await open(demoSimOrders.returned);
    expect(order.events.map((e) => e.step)).toEqual(['ORDER_VALIDATED', 'SIM_SENT', 'SIM_DELIVERY_FAILED']);
    const response = await choose(cookie, order, { mode: 'new_number', iccid: demoSimOrders.returned.iccid });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'activationNotPossible' });
  });
});

describe('identification uploads', () => {
  it('takes two photos of an ID card, stores them in the database (never served), then the order waits for our check', async () => {
    const sale = await newSale('identification');
    const { cookie, order } = await open(sale);
    expect(order.identificationStatus).toBe('NEED_IDENTIFICATION');
    expect((await choose(cookie, order, { mode: 'new_number', iccid: sale.iccid })).statusCode).toBe(409);
    const start = Date.now();
    await moveClockTo(new Date(start));
    const response = await upload(deliveryUrl(order, 'identify'), { cookie }, identityFields(sale.birthDate), photos(2));
    expect(response.statusCode, response.body).toBe(200);
    const waiting = simOrderSchema.parse(response.json());
    expect(waiting).toMatchObject({
      identificationStatus: 'NEED_VALIDATION',
      identification: { documentType: 'belgianIdCard', files: 2 },
      nextStep: { step: 'IDENTIFICATION_OK', expectedAt: new Date(start + 30 * MINUTE).toISOString() },
    });
    const stored = await filesIn(order.contractId);
    expect(stored).toHaveLength(2);
    expect(stored.every((name) => name.startsWith(`identity/${order.contractId}/`) && name.endsWith('.jpg'))).toBe(true);
    for (const name of stored) {
      const served = await t.app.inject({ method: 'GET', url: `/${name}` });
      expect(served.statusCode).toBe(404);
    }
    const row = await t.db
      .selectFrom('contracts')
      .select(['id_card_number', 'national_register_number'])
      .where('id', '=', order.contractId)
      .executeTakeFirst();
    expect(row).toEqual({ id_card_number: validIdCard, national_register_number: nationalNumber(sale.birthDate, 37) });
    await moveClockTo(new Date(start + 15 * MINUTE));
    const checked = await followUp(cookie, sale.uuid);
    expect(checked.identificationStatus).toBe('OK');
    expect(checked.events.map((e) => e.step)).toEqual([
      'ORDER_VALIDATED',
      'IDENTIFICATION_NEEDED',
      'SIM_SENT',
      'IDENTIFICATION_SENT',
      'IDENTIFICATION_OK',
    ]);
    expect((await choose(cookie, checked, { mode: 'new_number', iccid: sale.iccid })).statusCode).toBe(200);
  });

  it('accepts one PDF scan (both sides), and a PNG with a passport number', async () => {
    const pdfSale = await newSale('identification');
    const pdf = await open(pdfSale);
    const one = await upload(deliveryUrl(pdf.order, 'identify'), { cookie: pdf.cookie }, identityFields(pdfSale.birthDate), [
      { name: 'scan.pdf', type: 'application/pdf', data: PDF },
    ]);
    expect(one.statusCode, one.body).toBe(200);
    const passportSale = await newSale('identification');
    const passport = await open(passportSale);
    const png = await upload(
      deliveryUrl(passport.order, 'identify'),
      { cookie: passport.cookie },
      { documentType: 'otherId', cardNumber: 'EM 123456' },
      [{ name: 'passport.png', type: 'image/png', data: PNG }],
    );
    expect(png.statusCode, png.body).toBe(200);
    expect(await filesIn(passport.order.contractId)).toEqual([expect.stringMatching(/\.png$/)]);
  });

  it.each([
    [
      'a file whose declared type lies about its content',
      photos(1).concat({ name: 'back.jpg', type: 'image/jpeg', data: TEXT_AS_JPEG }),
      400,
      'validation:identity.fileType',
    ],
    ['one photo of a card (both sides are needed)', photos(1), 400, 'validation:identity.bothSides'],
    ['five files', photos(5), 400, 'validation:identity.filesTooMany'],
    [
      'a file over 5 MB',
      [{ name: 'big.jpg', type: 'image/jpeg', data: Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)]) }, ...photos(1)],
      413,
      'validation:identity.fileSize',
    ],
    ['no file', [], 400, 'validation:identity.filesRequired'],
  ] as const)('refuses %s, with the field at fault, and keeps no file', async (_, files, status, message) => {
    const sale = await newSale('identification');
    const { cookie, order } = await open(sale);
    const response = await upload(deliveryUrl(order, 'identify'), { cookie }, identityFields(sale.birthDate), files);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toMatchObject({ code: 'uploadError', fields: [{ field: 'files', message }] });
    expect(await filesIn(order.contractId)).toEqual([]);
    expect((await followUp(cookie, sale.uuid)).identificationStatus).toBe('NEED_IDENTIFICATION');
  });

  it.each([
    ['a card number with wrong check digits', { cardNumber: '591234567800' }, 'cardNumber', 'validation:idCard'],
    ['a national number with wrong check digits', { nationalNumber: '98010803700' }, 'nationalNumber', 'validation:nationalNumber'],
    [
      'a national number of another birth date',
      { nationalNumber: nationalNumber('1990-05-05', 37) },
      'nationalNumber',
      'validation:nationalNumberBirthDate',
    ],
    ['a resident card number as an ID card', { documentType: 'belgianResidentCard' }, 'cardNumber', 'validation:residentCard'],
  ])('refuses %s (400, field %s)', async (_, change, field, message) => {
    const sale = await newSale('identification');
    const { cookie, order } = await open(sale);
    const response = await upload(deliveryUrl(order, 'identify'), { cookie }, { ...identityFields(sale.birthDate), ...change }, photos(2));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ fields: unknown[] }>().fields).toEqual([{ field, message }]);
    expect(await filesIn(order.contractId)).toEqual([]);
  });

  it('refuses a JSON body on the upload, a multipart body anywhere else, and documents an order that needs none', async () => {
    const sale = await newSale('identification');
    const { cookie, order } = await open(sale);
    const json = await t.app.inject({
      method: 'POST',
      url: deliveryUrl(order, 'identify'),
      headers: { cookie, origin: APP_ORIGIN },
      payload: identityFields(sale.birthDate),
    });
    expect(json.statusCode).toBe(415);
    const body = await multipart({ identifier: sale.orderRef, code: sale.code }, []);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/public/orders/activate',
      headers: { 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(elsewhere.statusCode).toBe(415);
    expect(elsewhere.json()).toMatchObject({ fields: [{ field: 'body', message: 'validation:contentType' }] });
    const ready = await newSale();
    const readyOpen = await open(ready);
    const notNeeded = await upload(
      deliveryUrl(readyOpen.order, 'identify'),
      { cookie: readyOpen.cookie },
      identityFields(ready.birthDate),
      photos(2),
    );
    expect(notNeeded.statusCode).toBe(409);
    expect(await filesIn(readyOpen.order.contractId)).toEqual([]);
  });
});

describe('the logged-in holder', () => {
  const sophie = () => bearer(tokens.sophie);
  const C = DEMO_IDS.customers;
  const K = DEMO_IDS.contracts;

  it("lists the customer's SIM orders; a plain user and another customer are refused", async () => {
    const list = await t.app.inject({ method: 'GET', url: `/api/customer/${C.sophie}/sim-orders`, headers: sophie() });
    expect(list.statusCode).toBe(200);
    const { orders } = simOrderListSchema.parse(list.json());
    expect(orders.map((o) => o.uuid)).toEqual([demoSimOrders.sophie.uuid]);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/customer/${C.martinLogistics}/sim-orders`, headers: bearer(tokens.lucas) }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/customer/${C.sophie}/sim-orders`, headers: bearer(tokens.marc) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/customer/${C.sophie}/sim-orders` })).statusCode).toBe(401);
  });

  it('activates her second line with its SIM number (the same Idempotency-Key twice starts it once), and refuses others', async () => {
    const url = `/api/customer/${C.sophie}/contract/${K.sophieNew}/activate-sim`;
    const wrong = await t.app.inject({ method: 'POST', url, headers: sophie(), payload: { iccid: demoSimOrders.thomas.iccid } });
    expect(wrong.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url, headers: bearer(tokens.marc), payload: { iccid: demoSimOrders.sophie.iccid } }))
        .statusCode,
    ).toBe(403);
    const noOrder = await t.app.inject({
      method: 'POST',
      url: `/api/customer/${C.sophie}/contract/${K.sophieMain}/activate-sim`,
      headers: sophie(),
      payload: { iccid: demoSimOrders.sophie.iccid },
    });
    expect(noOrder.statusCode).toBe(404);
    const headers = { ...sophie(), 'idempotency-key': 'activate-sophie-0470000002' };
    const first = await t.app.inject({ method: 'POST', url, headers, payload: { iccid: demoSimOrders.sophie.iccid } });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ uuid: demoSimOrders.sophie.uuid, subStatus: 'ACTIVATION_REQUESTED' });
    const replay = await t.app.inject({ method: 'POST', url, headers, payload: { iccid: demoSimOrders.sophie.iccid } });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const events = await t.db
      .selectFrom('sim_order_events as e')
      .innerJoin('sim_orders as s', 's.id', 'e.sim_order_id')
      .select('e.id')
      .where('s.uuid', '=', demoSimOrders.sophie.uuid)
      .where('e.step', '=', 'ACTIVATION_REQUESTED')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('refuses a transfer and an identification on a line that has no SIM order, and a plain user', async () => {
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/customer/${C.sophie}/contract/`,
      headers: sophie(),
      payload: {
        contractId: K.sophieMain,
        portIn: { iccid: demoSimOrders.sophie.iccid, msisdn: '0485112233', type: 'postpaid', otherAccountNumber: 'ZX998877' },
      },
    });
    expect(patch.statusCode).toBe(404);
    const plain = await upload(
      `/api/customer/${C.martinLogistics}/contract/${K.lucas}/identify`,
      bearer(tokens.lucas),
      identityFields('1990-02-17'),
      photos(2),
    );
    expect(plain.statusCode).toBe(403);
    const otherCustomer = await upload(
      `/api/customer/${C.newCustomer}/contract/${K.newCustomer}/identify`,
      sophie(),
      identityFields('1998-01-08'),
      photos(2),
    );
    expect(otherCustomer.statusCode).toBe(403);
  });
});
