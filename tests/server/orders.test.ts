import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorBodySchema, paginationSchema } from '#contract/common';
import { newOrderLineSchema, orderLineSchema, type OrderLine } from '#contract/orders';
import { contractProductsResponseSchema, productSchema, promotionsByContractResponseSchema } from '#contract/products';
import { appContext } from '#server/app';
import { DEMO_IDS } from '#server/demo/data/ids';
import { isOpenPlanChangeConflict } from '#server/lib/order-changes';
import { EXECUTION_DELAY_MS } from '#server/lib/order-execution';
import { addDaysToDate, localDate, startOfLocalDay } from '#contract/calendar';
import { cyclePeriod } from '#server/lib/service-calendar';
import { monthlyCycle } from '#contract/bill-cycle';
import { createSession } from '#server/lib/sessions';
import { sqlRows } from './test-database.ts';
import { z } from 'zod';
import { bearer, createTestApp, type TestApp } from './test-app.ts';

/*
 * Products and orders on the server: the catalogue reads, the order history, the refusals of
 * docs/product/subscription.md "Who may change a subscription" and "Order rules"
 * (each with its own code), authorization, idempotent creation, modification and cancellation, and the order job
 * on a moved clock. Every call goes through the app as `npm start` builds it (a static folder is served).
 */

const C = DEMO_IDS.customers;
const K = DEMO_IDS.contracts;
const P = DEMO_IDS.products;
const U = DEMO_IDS.users;

let t: TestApp;
const tokens = { sophie: '', lucas: '', marc: '', emma: '', jan: '' };

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ['sophie', 'lucas', 'marc', 'emma', 'jan'] as const)
    tokens[who] = (await createSession(t.db, U[who], new Date())).accessToken;
  lastSeededOrder = (
    await t.db
      .selectFrom('orders')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload?: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });
const contractUrl = (customerId: number, contractId: number) => `/api/customer/${customerId}/contract/${contractId}`;
const sophieLine = contractUrl(C.sophie, K.sophieMain);
const emmaLine = contractUrl(C.martinLogistics, K.emmaOrders);

const historyPageSchema = z.object({ data: z.array(orderLineSchema), pagination: paginationSchema });
const historyOf = async (url: string, token: string, query = ''): Promise<z.infer<typeof historyPageSchema>> => {
  const response = await get(`${url}/orders${query}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return historyPageSchema.parse(response.json());
};
const errorOf = (response: { json: () => unknown }) => errorBodySchema.parse(response.json());
const countOrders = async (contractId: number): Promise<number> =>
  (await t.db.selectFrom('orders').select('id').where('contract_id', '=', contractId).execute()).length;
const contractRow = (contractId: number) =>
  t.db.selectFrom('contracts').select(['product_id', 'status', 'sub_status']).where('id', '=', contractId).executeTakeFirstOrThrow();
const optionCount = async (contractId: number, optionId: number): Promise<number> =>
  (
    await t.db
      .selectFrom('contract_options')
      .select('count')
      .where('contract_id', '=', contractId)
      .where('option_id', '=', optionId)
      .executeTakeFirst()
  )?.count ?? 0;

/** Withdraws every waiting line the tests left on a contract (orders after the seed's), so each test starts from the seed. */
let lastSeededOrder = 0;
const cancelOpenOrdersOf = async (contractId: number) => {
  await t.db
    .updateTable('order_lines')
    .set({ status: 'CANCELED' })
    .where('status', 'in', ['PENDING', 'QUEUED'])
    .where('order_id', 'in', (eb) =>
      eb.selectFrom('orders').select('id').where('contract_id', '=', contractId).where('id', '>', lastSeededOrder),
    )
    .execute();
  await t.db
    .updateTable('orders')
    .set({ status: 'CANCELED' })
    .where('contract_id', '=', contractId)
    .where('id', '>', lastSeededOrder)
    .where('status', 'in', ['PENDING', 'QUEUED'])
    .execute();
};

describe('catalogue', () => {
  it('offers the residential podium to Sophie and the professional one to Emma, cheapest first, with out-of-bundle rates', async () => {
    const sophie = await get('/api/products/podium', tokens.sophie);
    expect(sophie.statusCode).toBe(200);
    const residential = z.object({ segment: z.string(), products: z.array(productSchema) }).parse(sophie.json());
    expect(residential.segment).toBe('residential');
    expect(residential.products.map((p) => p.name)).toEqual(['Mega Mobile S', 'Mega Mobile M', 'Mega Mobile L']);
    expect(residential.products[0]?.oob_rates).toEqual({ data_per_mb: 1, call_per_minute: 15, sms: 10 });
    const emma = z
      .object({ segment: z.string(), products: z.array(productSchema) })
      .parse((await get('/api/products/podium', tokens.emma)).json());
    expect(emma.segment).toBe('professional');
    expect(emma.products.map((p) => p.name)).toEqual(['Mega Pro 10', 'Mega Pro 30', 'Mega Pro Unlimited']);
  });

  it.each([
    ['Emma, owner of a company', 'emma', 'professional'],
    ['Jan, admin of the same company', 'jan', 'professional'],
    ['Lucas, a plain user of the same company', 'lucas', 'residential'],
    ['Sophie, a residential owner', 'sophie', 'residential'],
  ] as const)(
    'the professional restriction applies to an owner or admin of a company only: %s gets the %s catalogue',
    async (_who, who, segment) => {
      const podium = z.object({ segment: z.string() }).parse((await get('/api/products/podium', tokens[who])).json());
      expect(podium.segment).toBe(segment);
    },
  );

  it('lists the options of a base product, inactive, and 404 for an option or an unknown id', async () => {
    const response = await get(`/api/products/${P.mobileS}/options`, tokens.sophie);
    expect(response.statusCode).toBe(200);
    const options = response.json<{ options: { name: string; active: boolean | number; max_combinations: number }[] }>().options;
    expect(options.map((o) => o.name)).toEqual(['Roaming World 1 GB', 'Extra 5 GB', 'International 60', 'Extra 1 GB']);
    expect(options.find((o) => o.name === 'Extra 1 GB')).toMatchObject({ active: 0, max_combinations: 10 });
    expect(options.find((o) => o.name === 'International 60')).toMatchObject({ active: false });
    expect((await get(`/api/products/${P.extra1Gb}/options`, tokens.sophie)).statusCode).toBe(404);
    expect(errorOf(await get('/api/products/999/options', tokens.sophie)).code).toBe('notFound');
  });

  it('gives the promotions of a product and of the customer’s lines with their totals', async () => {
    const m = await get(`/api/products/${P.mobileM}/promotions`, tokens.sophie);
    expect(m.json<{ promotions: { discount_amount: number }[] }>().promotions.map((p) => p.discount_amount)).toEqual([20]);
    const byContract = promotionsByContractResponseSchema.parse(
      (await get(`/api/promotions/by-contract?contracts=${K.sophieMain},${K.sophieNew}`, tokens.sophie)).json(),
    );
    // Sophie's main line: the referral (3 €) and the -20 % of Mega Mobile M; her new line (S) has none.
    expect(byContract.totals[String(K.sophieMain)]).toEqual({ percentage: 20, amount: 300 });
    expect(byContract.promotions[String(K.sophieNew)]).toEqual([]);
    expect(byContract.totals[String(K.sophieNew)]).toEqual({ percentage: 0, amount: 0 });
  });

  it('refuses the promotions of another customer’s line, or of a colleague’s line to a plain user', async () => {
    expect((await get(`/api/promotions/by-contract?contracts=${K.emmaOrders}`, tokens.sophie)).statusCode).toBe(403);
    expect((await get(`/api/promotions/by-contract?contracts=${K.lucas}`, tokens.lucas)).statusCode).toBe(200);
    expect((await get(`/api/promotions/by-contract?contracts=${K.lucas},${K.emmaOrders}`, tokens.lucas)).statusCode).toBe(403);
    const bad = await get('/api/promotions/by-contract?contracts=1;2', tokens.sophie);
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).fields).toEqual([{ field: 'contracts', message: 'validation:ids' }]);
  });

  it('answers a line’s products with their technical descriptions and rates', async () => {
    const response = await get(`${sophieLine}/products`, tokens.sophie);
    const body = contractProductsResponseSchema.parse(response.json());
    expect(body.products[0]).toMatchObject({ name: 'Mega Mobile M', oob_rates: { data_per_mb: 1 } });
    expect(body.products[0]?.technical_descriptions.nl).toBe('4G/5G, max. 1 Gbit/s');
  });
});

describe('order history', () => {
  it('pages Emma’s 0470000005 history, 25 by default, newest first, with every status', async () => {
    const page = await historyOf(emmaLine, tokens.emma);
    expect(page.pagination).toMatchObject({ current_page: 1, per_page: 25, from: 1 });
    expect(new Set(page.data.map((line) => line.status))).toEqual(new Set(['PENDING', 'QUEUED', 'SUCCESS', 'FAILED', 'CANCELED']));
    const dates = page.data.map((line) => line.order_date);
    expect(dates).toEqual([...dates].sort().reverse());
    const second = await historyOf(emmaLine, tokens.emma, '?megalist-batchSize=3&megalist-page=2');
    expect(second.data.map((line) => line.id)).toEqual(page.data.slice(3, 6).map((line) => line.id));
    expect(second.pagination.links.prev).toContain('megalist-page=1');
  });

  it('describes each line: kind, resource, values, error, cancellability and initiator', async () => {
    const lines = (await historyOf(emmaLine, tokens.emma)).data;
    const pending = lines.filter((line) => line.status === 'PENDING');
    expect(pending.map((line) => [line.resource_name, line.resource_id, line.old_value, line.new_value, line.isCancellable])).toEqual([
      ['Roaming World 1 GB', P.roamingWorld1Gb, '0', '2', true],
      ['Extra 1 GB', P.extra1Gb, '1', '0', true],
    ]);
    const debt = lines.find((line) => line.reason_error === 'CUSTOMER_DEBT');
    expect(debt).toMatchObject({
      item_kind: 'PRODUCT',
      status: 'FAILED',
      error: { type: 'CUSTOMER_DEBT', message: 'Open balance on the customer account.' },
    });
    expect(lines.find((line) => line.resource_name === 'THROTTLING')).toMatchObject({
      item_kind: 'SETTING',
      status: 'QUEUED',
      isCancellable: false,
    });
    expect(new Set(lines.map((line) => line.initiatorType))).toEqual(new Set(['S', 'O', 'C', 'A', 'U']));
    expect(lines.filter((line) => line.status !== 'PENDING').every((line) => !line.isCancellable)).toBe(true);
  });

  it('gives only the open lines with open=1', async () => {
    const open = await historyOf(emmaLine, tokens.emma, '?open=1');
    expect(open.data.map((line) => line.status).sort()).toEqual(['PENDING', 'PENDING', 'QUEUED']);
    expect(open.pagination.total).toBe(3);
  });

  it('refuses a plain user, another customer, and answers 404 for a contract of another customer’s id', async () => {
    expect(errorOf(await get(`${contractUrl(C.martinLogistics, K.lucas)}/orders`, tokens.lucas)).code).toBe('forbidden');
    expect((await get(`${emmaLine}/orders`, tokens.sophie)).statusCode).toBe(403);
    expect((await get(`${contractUrl(C.sophie, K.emmaOrders)}/orders`, tokens.sophie)).statusCode).toBe(404);
    const bad = await get(`${emmaLine}/orders?megalist-page=0`, tokens.emma);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/json');
  });
});

describe('refusals (docs/product/subscription.md "Who may change a subscription", "Order rules")', () => {
  const order = { product: P.mobileS, options: [{ id: P.extra1Gb, combinations: 1 }] };
  const refusal = async (url: string, token: string, payload: object = order) => {
    const response = await post(`${url}/orders/create`, token, payload);
    return { status: response.statusCode, code: errorOf(response).code, message: errorOf(response).message };
  };
  /** Runs `body` with the contract's state changed, then puts it back. */
  const withContract = async (contractId: number, set: string, body: () => Promise<void>) => {
    const before = await t.db
      .selectFrom('contracts')
      .select(['status', 'sub_status', 'dunning_level_reached', 'fraudulent_behaviour'])
      .where('id', '=', contractId)
      .executeTakeFirstOrThrow();
    await sqlRows(t.db, `UPDATE contracts SET ${set} WHERE id = ?`, contractId);
    try {
      await body();
    } finally {
      await t.db.updateTable('contracts').set(before).where('id', '=', contractId).execute();
    }
  };

  it('refuses Marc (dunning) with the unpaid balance, Emma’s 0470000006 for fraud, Lucas as a plain user', async () => {
    expect(await refusal(contractUrl(C.marc, K.marc), tokens.marc)).toMatchObject({ status: 409, code: 'orderBlockedUnpaid' });
    expect(await refusal(contractUrl(C.martinLogistics, K.emmaFraud), tokens.emma, { product: P.pro30, options: [] })).toMatchObject({
      status: 409,
      code: 'orderBlockedFraud',
    });
    expect(await refusal(contractUrl(C.martinLogistics, K.lucas), tokens.lucas, { product: P.pro10, options: [] })).toMatchObject({
      status: 403,
      code: 'orderPlainUser',
    });
  });

  it('refuses a line in delivery (restricted) and each other blockage with its own code', async () => {
    expect(await refusal(contractUrl(C.sophie, K.sophieNew), tokens.sophie)).toMatchObject({ status: 409, code: 'orderRestricted' });
    await withContract(K.sophieMain, "status = 'SUSPENDED'", async () => {
      expect((await refusal(sophieLine, tokens.sophie)).code).toBe('orderRestricted');
    });
    await withContract(K.sophieMain, "sub_status = 'BLOCKED'", async () => {
      expect((await refusal(sophieLine, tokens.sophie)).code).toBe('orderBlockedGeneral');
    });
    await withContract(K.sophieMain, 'fraudulent_behaviour = 1', async () => {
      expect((await refusal(sophieLine, tokens.sophie)).code).toBe('orderBlockedSuspectedFraud');
    });
    // A credit block is an unpaid balance when the customer owes money (Marc), a credit-check block otherwise (Sophie).
    await withContract(K.sophieMain, "sub_status = 'BLOCKED_CREDIT_CHECK'", async () => {
      expect((await refusal(sophieLine, tokens.sophie)).code).toBe('orderBlockedCredit');
    });
    await withContract(K.marc, "sub_status = 'BLOCKED_GRAYDON_DEPOSIT', dunning_level_reached = 0", async () => {
      expect((await refusal(contractUrl(C.marc, K.marc), tokens.marc)).code).toBe('orderBlockedUnpaid');
    });
  });

  it('refuses while a request about the line waits, and while an order is being executed', async () => {
    const insertOrder = async (kind: 'CONTRACT' | 'OPTION', resource: string, status: 'PENDING' | 'QUEUED') => {
      const { id: orderPk } = await t.db
        .insertInto('orders')
        .values({ order_ref: 'O-9999999001', contract_id: K.sophieMain, status, created_at: new Date().toISOString(), initiator_type: 'C' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.db
        .insertInto('order_lines')
        .values({
          order_id: orderPk,
          order_type: kind === 'CONTRACT' ? 'contract' : 'option',
          item_kind: kind,
          resource_name: resource,
          status,
          created_at: new Date().toISOString(),
        })
        .execute();
      return orderPk;
    };
    for (const [kind, resource, status, code] of [
      ['CONTRACT', 'SIM_SWAP', 'PENDING', 'orderWaitingRequest'],
      ['CONTRACT', 'SUSPEND', 'QUEUED', 'orderWaitingRequest'],
      ['OPTION', 'Extra 1 GB', 'QUEUED', 'orderPending'],
    ] as const) {
      const orderPk = await insertOrder(kind, resource, status);
      try {
        expect(await refusal(sophieLine, tokens.sophie)).toMatchObject({ status: 409, code });
      } finally {
        await t.db.deleteFrom('orders').where('id', '=', orderPk).execute();
      }
    }
  });

  it('refuses another customer’s line (403) and checks the request against the catalogue (400 with the field)', async () => {
    expect((await post(`${emmaLine}/orders/create`, tokens.sophie, order)).statusCode).toBe(403);
    const pro = await post(`${sophieLine}/orders/create`, tokens.sophie, { product: P.pro30, options: [] });
    expect(pro.statusCode).toBe(400);
    expect(errorOf(pro).fields).toEqual([{ field: 'product', message: 'validation:productNotOffered' }]);
    const tooMany = await post(`${sophieLine}/orders/create`, tokens.sophie, {
      product: P.mobileM,
      options: [{ id: P.extra5Gb, combinations: 5 }],
    });
    expect(errorOf(tooMany).fields).toEqual([{ field: 'options.0.combinations', message: 'validation:optionTooMany' }]);
    const notAnOption = await post(`${sophieLine}/orders/create`, tokens.sophie, {
      product: P.mobileM,
      options: [{ id: P.mobileL, combinations: 1 }],
    });
    expect(errorOf(notAnOption).fields).toEqual([{ field: 'options.0.id', message: 'validation:optionNotOffered' }]);
    const twice = await post(`${sophieLine}/orders/create`, tokens.sophie, {
      product: P.mobileM,
      options: [
        { id: P.extra1Gb, combinations: 1 },
        { id: P.extra1Gb, combinations: 2 },
      ],
    });
    expect(errorOf(twice).fields).toEqual([{ field: 'options', message: 'validation:duplicateOption' }]);
    const missing = await post(`${sophieLine}/orders/create`, tokens.sophie, {});
    expect(
      errorOf(missing)
        .fields?.map((f) => f.field)
        .sort(),
    ).toEqual(['options', 'product']);
  });

  it('answers 422 noUpdate for an order that changes nothing', async () => {
    const unchanged = await post(`${sophieLine}/orders/create`, tokens.sophie, {
      product: P.mobileM,
      options: [{ id: P.extra1Gb, combinations: 0 }],
    });
    expect(unchanged.statusCode).toBe(422);
    expect(errorOf(unchanged).code).toBe('noUpdate');
  });
});

describe('creating, modifying and cancelling', () => {
  beforeEach(() => cancelOpenOrdersOf(K.sophieMain));

  const nextCycle = () => addDaysToDate(cyclePeriod(new Date(), monthlyCycle(5)).end, 1);

  it('creates an option order for the next cycle, once per Idempotency-Key', async () => {
    const before = await countOrders(K.sophieMain);
    const payload = { product: P.mobileM, options: [{ id: P.extra1Gb, combinations: 2 }] };
    const first = await post(`${sophieLine}/orders/create`, tokens.sophie, payload, 'order-key-0001');
    expect(first.statusCode, first.body).toBe(200);
    const created = newOrderLineSchema.parse(first.json());
    expect(created).toMatchObject({ contract_id: K.sophieMain, status: 'PENDING', scheduled_date_exec: nextCycle() });
    expect(created.order_id).toMatch(/^O-\d{10}$/);
    const again = await post(`${sophieLine}/orders/create`, tokens.sophie, payload, 'order-key-0001');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(newOrderLineSchema.parse(again.json()).order_id).toBe(created.order_id);
    expect(await countOrders(K.sophieMain)).toBe(before + 1);
    const other = await post(
      `${sophieLine}/orders/create`,
      tokens.sophie,
      { ...payload, options: [{ id: P.extra1Gb, combinations: 3 }] },
      'order-key-0001',
    );
    expect(other.statusCode).toBe(422);
    expect(errorOf(other).code).toBe('idempotencyMismatch');

    const line = (await historyOf(sophieLine, tokens.sophie)).data[0];
    expect(line).toMatchObject({
      order_id: created.order_id,
      item_kind: 'OPTION',
      resource_name: 'Extra 1 GB',
      old_value: '0',
      new_value: '2',
      status: 'PENDING',
      isCancellable: true,
      initiatorType: 'O',
      scheduled_date: nextCycle(),
    });
  });

  it('cancels a pending order once; a plain user, an unknown or a done order are refused', async () => {
    const created = newOrderLineSchema.parse(
      (
        await post(`${sophieLine}/orders/create`, tokens.sophie, {
          product: P.mobileM,
          options: [{ id: P.international60, combinations: 1 }],
        })
      ).json(),
    );
    expect((await post(`${contractUrl(C.martinLogistics, K.lucas)}/orders/${created.order_id}/cancel`, tokens.lucas)).statusCode).toBe(403);
    expect((await post(`${sophieLine}/orders/O-0000099999/cancel`, tokens.sophie)).statusCode).toBe(404);
    const bad = await post(`${sophieLine}/orders/123/cancel`, tokens.sophie);
    expect(errorOf(bad).fields).toEqual([{ field: 'orderId', message: 'validation:orderNumber' }]);
    const cancel = await post(`${sophieLine}/orders/${created.order_id}/cancel`, tokens.sophie);
    expect(cancel.statusCode).toBe(200);
    const line = (await historyOf(sophieLine, tokens.sophie)).data.find((l: OrderLine) => l.order_id === created.order_id);
    expect(line).toMatchObject({ status: 'CANCELED', isCancellable: false });
    const twice = await post(`${sophieLine}/orders/${created.order_id}/cancel`, tokens.sophie);
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).code).toBe('orderNotCancellable');
    // The seeded plan change of 95 days ago is done: nothing left to cancel.
    expect(errorOf(await post(`${sophieLine}/orders/O-0000000003/cancel`, tokens.sophie)).code).toBe('orderNotCancellable');
  });

  it('modifies a pending plan change into another plan, and refuses to modify into the same plan or an option order', async () => {
    const created = newOrderLineSchema.parse(
      (await post(`${sophieLine}/orders/create`, tokens.sophie, { product: P.mobileL, options: [] })).json(),
    );
    const same = await post(`${sophieLine}/orders/${created.order_id}/modify`, tokens.sophie, { product: P.mobileL, options: [] });
    expect(same.statusCode).toBe(409);
    expect(errorOf(same).code).toBe('orderNotModifiable');
    const modified = await post(`${sophieLine}/orders/${created.order_id}/modify`, tokens.sophie, {
      product: P.mobileS,
      options: [{ id: P.extra5Gb, combinations: 1 }],
    });
    expect(modified.statusCode, modified.body).toBe(200);
    expect(newOrderLineSchema.parse(modified.json()).order_id).toBe(created.order_id);
    const lines = (await historyOf(sophieLine, tokens.sophie)).data.filter((l) => l.order_id === created.order_id);
    expect(lines.map((l) => [l.item_kind, l.resource_name, l.old_value, l.new_value, l.status])).toEqual([
      ['PRODUCT', 'Mega Mobile S', 'Mega Mobile M', 'Mega Mobile S', 'PENDING'],
      ['OPTION', 'Extra 5 GB', '0', '1', 'PENDING'],
    ]);
    const option = newOrderLineSchema.parse(
      (
        await post(`${sophieLine}/orders/create`, tokens.sophie, {
          product: P.mobileM,
          options: [{ id: P.international60, combinations: 1 }],
        })
      ).json(),
    );
    expect(
      errorOf(await post(`${sophieLine}/orders/${option.order_id}/modify`, tokens.sophie, { product: P.mobileL, options: [] })).code,
    ).toBe('orderNotModifiable');
  });

  it('makes an option change the current month’s only while another option order is pending (Emma’s 0470000005)', async () => {
    const response = await post(`${emmaLine}/orders/create`, tokens.emma, {
      product: P.proUnlimited,
      options: [{ id: P.international60, combinations: 0 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const created = newOrderLineSchema.parse(response.json());
    const today = localDate(Date.now());
    expect(created.scheduled_date_exec).toBe(today);
    const line = (await historyOf(emmaLine, tokens.emma)).data.find((l) => l.order_id === created.order_id);
    expect(line).toMatchObject({ scheduled_date: today, isCancellable: false, initiatorType: 'O' });
    await cancelOpenOrdersOf(K.emmaOrders);
  });
});

describe('order rules the server enforces (docs/product/subscription.md "Order rules")', () => {
  beforeEach(() => cancelOpenOrdersOf(K.sophieMain));
  const openPlanChanges = async (contractId: number): Promise<number> =>
    (
      await t.db
        .selectFrom('order_lines')
        .select('id')
        .where('contract_id', '=', contractId)
        .where('item_kind', '=', 'PRODUCT')
        .where('status', 'in', ['PENDING', 'QUEUED'])
        .execute()
    ).length;
  const mails = (after: number) =>
    t.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('id', '>', after)
      .where('recipient', '=', 'sophie.dubois@example.be')
      .orderBy('id')
      .execute();
  const lastMailId = async (): Promise<number> =>
    Number(
      (
        await t.db
          .selectFrom('outbox')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst()
      )?.id ?? 0,
    );
  const euro = (cents: number) =>
    new Intl.NumberFormat('fr-BE', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/[\u202F\u00A0]/g, ' ');

  it('accepts one of 30 plan changes sent at once; the 29 others get 409 naming the order waiting', async () => {
    const before = await countOrders(K.sophieMain);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        post(`${sophieLine}/orders/create`, tokens.sophie, { product: i % 2 ? P.mobileL : P.mobileS, options: [] }, `parallel-${i}`),
      ),
    );
    const placed = answers.filter((a) => a.statusCode === 200).map((a) => newOrderLineSchema.parse(a.json()));
    expect(placed).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 409).map(errorOf);
    expect(refused).toHaveLength(29);
    for (const error of refused) {
      expect(error).toMatchObject({ code: 'orderPlanChangePending', orderId: placed[0]?.order_id });
      expect(error.message).toContain(placed[0]?.order_id);
    }
    expect(await countOrders(K.sophieMain)).toBe(before + 1);
    expect(await openPlanChanges(K.sophieMain)).toBe(1);
  });

  it('keeps one plan change however it is written: the database refuses a second open one', async () => {
    const first = await post(`${sophieLine}/orders/create`, tokens.sophie, { product: P.mobileL, options: [] });
    expect(first.statusCode, first.body).toBe(200);
    const order = await t.db
      .selectFrom('order_lines')
      .select('order_id')
      .where('contract_id', '=', K.sophieMain)
      .where('item_kind', '=', 'PRODUCT')
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow();
    // Not a check before the insert: the unique index itself, whatever code writes the line (the contract filled in
    // by the database's trigger).
    const error = await t.db
      .insertInto('order_lines')
      .values({
        order_id: order.order_id,
        order_type: 'product',
        item_kind: 'PRODUCT',
        resource_name: 'Mega Mobile S',
        resource_id: P.mobileS,
        status: 'PENDING',
        created_at: '2026-01-01T00:00:00Z',
      })
      .execute()
      .then(
        () => null,
        (caught: unknown) => caught,
      );
    expect(isOpenPlanChangeConflict(error)).toBe(true);
    // The rule's way: the pending order is modified instead (docs/product/subscription.md "Order rules"), and an option
    // order may still be created.
    const created = newOrderLineSchema.parse(first.json());
    const modified = await post(`${sophieLine}/orders/${created.order_id}/modify`, tokens.sophie, { product: P.mobileS, options: [] });
    expect(modified.statusCode, modified.body).toBe(200);
    const options = await post(`${sophieLine}/orders/create`, tokens.sophie, {
      product: P.mobileM,
      options: [{ id: P.international60, combinations: 1 }],
    });
    expect(options.statusCode, options.body).toBe(200);
    expect(await openPlanChanges(K.sophieMain)).toBe(1);
  });

  it('prices the order line by line as the summary does, stores it, and e-mails the same figures', async () => {
    const mark = await lastMailId();
    const response = await post(`${sophieLine}/orders/create`, tokens.sophie, {
      product: P.mobileL,
      options: [{ id: P.international60, combinations: 1 }],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { pricing, order_id } = newOrderLineSchema.parse(response.json());
    // Sophie: M 20 € −20 % (M's) −3 € (her referral) = 13 €; L 35 € + International 60 5 € −5 € (L's) −3 € = 32 €.
    expect(pricing?.before.lines.map((l) => [l.kind, l.amount])).toEqual([
      ['plan', 2000],
      ['promotion', -400],
      ['promotion', -300],
    ]);
    expect(pricing?.after.lines.map((l) => [l.kind, l.label.en, l.amount])).toEqual([
      ['plan', 'Mega Mobile L', 3500],
      ['option', 'International 60', 500],
      ['promotion', '€5 off every month', -500],
      ['promotion', 'Referral: €3 a month', -300],
    ]);
    expect([pricing?.before.total, pricing?.after.total]).toEqual([1300, 3200]);
    expect(pricing?.from).toBe(addDaysToDate(cyclePeriod(new Date(), monthlyCycle(5)).end, 1));
    expect(pricing?.proRata).toBeNull();
    const stored = await t.db.selectFrom('orders').select('pricing_json').where('order_ref', '=', order_id).executeTakeFirstOrThrow();
    expect(JSON.parse(stored.pricing_json ?? 'null')).toEqual(pricing);
    const [mail] = await mails(mark);
    expect(mail?.subject).toBe(`Votre commande ${order_id} est enregistrée`);
    expect(mail?.body).toContain('- Mega Mobile M → Mega Mobile L');
    expect(mail?.body).toContain('- International 60 : 0 → 1');
    expect(mail?.body).toContain(`Votre prix mensuel aujourd’hui : ${euro(1300)}`);
    expect(mail?.body).toContain(`5 € de réduction par mois: ${euro(-500)}`);
    expect(mail?.body).toContain(`Total par mois: ${euro(3200)}`);
  });

  it('cancels one option of a pending order and only that: the plan change stays, repriced, and the e-mail says both', async () => {
    const created = newOrderLineSchema.parse(
      (
        await post(`${sophieLine}/orders/create`, tokens.sophie, {
          product: P.mobileL,
          options: [{ id: P.international60, combinations: 1 }],
        })
      ).json(),
    );
    const lines = (await historyOf(sophieLine, tokens.sophie, '?open=1')).data.filter((l) => l.order_id === created.order_id);
    const option = lines.find((l) => l.item_kind === 'OPTION');
    if (!option) throw new Error('no option line');
    const mark = await lastMailId();
    const cancel = await post(`${sophieLine}/orders/${created.order_id}/lines/${option.id}/cancel`, tokens.sophie);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const after = (await historyOf(sophieLine, tokens.sophie)).data.filter((l) => l.order_id === created.order_id);
    expect(after.map((l) => [l.item_kind, l.status])).toEqual([
      ['PRODUCT', 'PENDING'],
      ['OPTION', 'CANCELED'],
    ]);
    const stored = JSON.parse(
      (await t.db.selectFrom('orders').select('pricing_json').where('order_ref', '=', created.order_id).executeTakeFirstOrThrow())
        .pricing_json ?? 'null',
    ) as { after: { total: number } };
    expect(stored.after.total).toBe(2700);
    const [mail] = await mails(mark);
    expect(mail?.subject).toBe(`Votre commande ${created.order_id} : annulation`);
    expect(mail?.body).toMatch(/Ce qui ne sera pas fait :\n- International 60 : 0 → 1/);
    expect(mail?.body).toMatch(/Ce qui sera fait :\n- Mega Mobile M → Mega Mobile L/);
    // Again: nothing left to cancel on that line (409); an unknown line of the order: 404.
    expect((await post(`${sophieLine}/orders/${created.order_id}/lines/${option.id}/cancel`, tokens.sophie)).statusCode).toBe(409);
    expect((await post(`${sophieLine}/orders/${created.order_id}/lines/999999/cancel`, tokens.sophie)).statusCode).toBe(404);
  });

  it('e-mails a plan change modified and an order cancelled whole', async () => {
    const created = newOrderLineSchema.parse(
      (await post(`${sophieLine}/orders/create`, tokens.sophie, { product: P.mobileL, options: [] })).json(),
    );
    const mark = await lastMailId();
    expect(
      (await post(`${sophieLine}/orders/${created.order_id}/modify`, tokens.sophie, { product: P.mobileS, options: [] })).statusCode,
    ).toBe(200);
    expect((await post(`${sophieLine}/orders/${created.order_id}/cancel`, tokens.sophie)).statusCode).toBe(200);
    const [changed, canceled] = await mails(mark);
    expect(changed?.subject).toBe(`Votre commande ${created.order_id} est modifiée`);
    expect(changed?.body).toContain('- Mega Mobile M → Mega Mobile S');
    expect(canceled?.subject).toBe(`Votre commande ${created.order_id} : annulation`);
    expect(canceled?.body).toContain('Cette commande ne fera plus aucun changement.');
  });
});

describe('the order job on the server’s clock', () => {
  const clock = () => appContext(t.app).clock;
  const runAt = async (instant: Date) => {
    clock().set(instant);
    return appContext(t.app).scheduler.runDue();
  };
  afterAll(() => clock().set(null));

  it('moves a plan change PENDING → QUEUED on its date → SUCCESS a minute later, and applies it once', async () => {
    await cancelOpenOrdersOf(K.sophieMain);
    const created = newOrderLineSchema.parse(
      (
        await post(`${sophieLine}/orders/create`, tokens.sophie, { product: P.mobileL, options: [{ id: P.extra1Gb, combinations: 1 }] })
      ).json(),
    );
    const date = created.scheduled_date_exec ?? '';
    // The clock moves a month ahead, past the session's day: each read opens a session at the clock's time.
    const status = async () =>
      (await historyOf(sophieLine, (await createSession(t.db, U.sophie, clock().now())).accessToken)).data
        .filter((l) => l.order_id === created.order_id)
        .map((l) => l.status);

    // The day before: nothing moves.
    await runAt(new Date(startOfLocalDay(addDaysToDate(date, -1)) + 12 * 3_600_000));
    expect(await status()).toEqual(['PENDING', 'PENDING']);
    const due = new Date(startOfLocalDay(date) + 60_000);
    const outcomes = await runAt(due);
    expect(outcomes.find((o) => o.name === 'orders.execute-due')).toMatchObject({ ok: true });
    expect(await status()).toEqual(['QUEUED', 'QUEUED']);
    expect((await contractRow(K.sophieMain)).product_id).toBe(P.mobileM);
    // Queued less than the execution delay: still queued.
    await runAt(new Date(due.getTime() + EXECUTION_DELAY_MS - 1000));
    expect(await status()).toEqual(['QUEUED', 'QUEUED']);
    await runAt(new Date(due.getTime() + EXECUTION_DELAY_MS + 1000));
    expect(await status()).toEqual(['SUCCESS', 'SUCCESS']);
    expect((await contractRow(K.sophieMain)).product_id).toBe(P.mobileL);
    expect(await optionCount(K.sophieMain, P.extra1Gb)).toBe(1);
    const later = (await createSession(t.db, U.sophie, clock().now())).accessToken;
    const products = contractProductsResponseSchema.parse((await get(`${sophieLine}/products`, later)).json());
    expect(products.products[0]?.name).toBe('Mega Mobile L');
    expect(products.options.find((o) => o.id === P.extra1Gb)?.active).toBe(1);
    const order = await t.db
      .selectFrom('orders')
      .select(['status', 'executed_at'])
      .where('order_ref', '=', created.order_id)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('SUCCESS');
    // Running again at the same time changes nothing.
    await runAt(new Date(due.getTime() + EXECUTION_DELAY_MS + 2000));
    expect(await status()).toEqual(['SUCCESS', 'SUCCESS']);

    // Back to M without the option, straight through the job, so the other tests find Sophie's seeded line.
    const back = newOrderLineSchema.parse(
      (await post(`${sophieLine}/orders/create`, later, { product: P.mobileM, options: [{ id: P.extra1Gb, combinations: 0 }] })).json(),
    );
    const backDue = new Date(startOfLocalDay(back.scheduled_date_exec ?? '') + 60_000);
    await runAt(backDue);
    await runAt(new Date(backDue.getTime() + EXECUTION_DELAY_MS));
    expect((await contractRow(K.sophieMain)).product_id).toBe(P.mobileM);
    expect(await optionCount(K.sophieMain, P.extra1Gb)).toBe(0);
  });

  it('fails a change whose line got blocked meanwhile, with the reason (unpaid: CUSTOMER_DEBT)', async () => {
    await cancelOpenOrdersOf(K.sophieMain);
    const token = async () => (await createSession(t.db, U.sophie, clock().now())).accessToken;
    const created = newOrderLineSchema.parse(
      (
        await post(`${sophieLine}/orders/create`, await token(), { product: P.mobileM, options: [{ id: P.extra5Gb, combinations: 1 }] })
      ).json(),
    );
    await t.db.updateTable('contracts').set({ dunning_level_reached: 1 }).where('id', '=', K.sophieMain).execute();
    try {
      const due = new Date(startOfLocalDay(created.scheduled_date_exec ?? '') + 60_000);
      await runAt(due);
      await runAt(new Date(due.getTime() + EXECUTION_DELAY_MS));
      const line = (await historyOf(sophieLine, await token())).data.find((l) => l.order_id === created.order_id);
      expect(line).toMatchObject({ status: 'FAILED', reason_error: 'CUSTOMER_DEBT', error: { type: 'CUSTOMER_DEBT' } });
      expect(await optionCount(K.sophieMain, P.extra5Gb)).toBe(0);
    } finally {
      await t.db.updateTable('contracts').set({ dunning_level_reached: 0 }).where('id', '=', K.sophieMain).execute();
    }
  });

  it('executes a customer-service suspension and leaves other areas’ lines alone', async () => {
    const now = new Date();
    const { id: orderPk } = await t.db
      .insertInto('orders')
      .values({
        order_ref: 'O-9999999002',
        contract_id: K.yasmine,
        status: 'PENDING',
        created_at: now.toISOString(),
        scheduled_date: localDate(now.getTime()),
        initiator_type: 'C',
        initiator_ref: 'CS-0042',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('order_lines')
      .values({
        order_id: orderPk,
        order_type: 'contract',
        item_kind: 'CONTRACT',
        resource_name: 'SUSPEND',
        status: 'PENDING',
        scheduled_date: localDate(now.getTime()),
        created_at: now.toISOString(),
      })
      .execute();
    // The seeded throttling change (a SETTING line) and the SIM sales (ACTIVATE) belong to other jobs: whatever
    // state the seed gave them, the order job leaves it.
    const otherAreas = () =>
      t.db
        .selectFrom('order_lines')
        .select(['id', 'resource_name', 'status'])
        .where('resource_name', 'in', ['THROTTLING', 'ACTIVATE'])
        .orderBy('id')
        .execute();
    const before = await otherAreas();
    expect(before.map((line) => line.resource_name)).toEqual(expect.arrayContaining(['THROTTLING', 'ACTIVATE']));
    try {
      await runAt(now);
      await runAt(new Date(now.getTime() + EXECUTION_DELAY_MS));
      expect(await contractRow(K.yasmine)).toMatchObject({ status: 'SUSPENDED', sub_status: 'SUSPENDED' });
      expect(await otherAreas()).toEqual(before);
    } finally {
      await t.db.updateTable('contracts').set({ status: 'ACTIVATED', sub_status: 'ACTIVATED' }).where('id', '=', K.yasmine).execute();
      await t.db.deleteFrom('orders').where('id', '=', orderPk).execute();
    }
  });
});
