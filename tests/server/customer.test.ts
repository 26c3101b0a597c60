import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerFullSchema } from '#contract/customer';
import { demoUsers } from '#contract/fixtures/demo';
import { contractProductsResponseSchema } from '#contract/products';
import { bearer, createTestApp, login, type TestApp } from './test-app.ts';

let t: TestApp;
const tokens: Record<'sophie' | 'lucas' | 'marc' | 'emma' | 'jan', string> = { sophie: '', lucas: '', marc: '', emma: '', jan: '' };

beforeAll(async () => {
  t = await createTestApp();
  tokens.sophie = (await login(t.app, 'MT00000001')).token;
  tokens.lucas = (await login(t.app, '0470000003')).token;
  tokens.marc = (await login(t.app, 'MT00000003')).token;
  tokens.emma = (await login(t.app, 'MT00000004')).token;
  tokens.jan = (await login(t.app, 'jan.claes@martin-logistics.example.be')).token;
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const customerIdOf = async (token: string): Promise<number> =>
  (await get('/api/user/me', token)).json<{ user: { customer_id: number } }>().user.customer_id;
const contractIdOf = async (msisdn: string): Promise<number> =>
  (await t.db.selectFrom('contracts').select('id').where('msisdn', '=', msisdn).executeTakeFirstOrThrow()).id;

describe('GET /api/customer/:customerId/full', () => {
  it.each([
    { who: 'sophie', msisdns: demoUsers.sophie.msisdns },
    { who: 'marc', msisdns: demoUsers.marc.msisdns },
    { who: 'emma', msisdns: demoUsers.emma.msisdns },
  ] as const)('gives $who a payload that parses with customerFullSchema and holds all its lines', async ({ who, msisdns }) => {
    const customerId = await customerIdOf(tokens[who]);
    const response = await get(`/api/customer/${customerId}/full?withContracts=1&withLinkedUser=1`, tokens[who]);
    expect(response.statusCode).toBe(200);
    const full = customerFullSchema.parse(response.json());
    expect(full.customer.id).toBe(customerId);
    expect(full.contracts.map((contract) => contract.msisdn).sort()).toEqual([...msisdns].sort());
  });

  it('maps the SQL rows to the contract shapes', async () => {
    const full = customerFullSchema.parse((await get('/api/customer/1/full?withLinkedUser=1', tokens.sophie)).json());
    expect(full.customer).toMatchObject({
      identifiers: { mobileId: 'MT00000001', energyId: 'ME00000001' },
      status: { isComplete: true, isConfirmed: true },
      legal: { energyLinkConfirmed: true },
    });
    expect(full.contact).toMatchObject({
      civility: 'mrs',
      firstName: 'Sophie',
      lastName: 'Dubois',
      email: 'sophie.dubois@example.be',
      residential: true,
      company: null,
    });
    expect(full.invoicing?.payment).toMatchObject({ mode: 'DD', iban: 'BE68539007547034', bic: 'BBRUBEBB' });
    const main = full.contracts.find((contract) => contract.msisdn === '0470000001');
    expect(main).toMatchObject({ status: 'ACTIVATED', dunning_level_reached: false, bill_cycle: { startDay: 5, frequencyUnit: 'MONTH' } });
    // Sophie moved from S (1) to M (2): one active and one inactive base product.
    expect(main?.active_products).toEqual([{ id: 2, is_base: true, bill_cycle_id: 2 }]);
    expect(main?.inactive_products).toEqual([{ id: 1, is_base: true, bill_cycle_id: 2 }]);
  });

  it('includes the linked user only when asked', async () => {
    const withUser = customerFullSchema.parse((await get('/api/customer/4/full?withLinkedUser=1', tokens.emma)).json());
    expect(withUser.contracts.find((contract) => contract.msisdn === '0470000003')?.linked_user).toMatchObject({
      first_name: 'Lucas',
      last_name: 'Peeters',
    });
    const without = customerFullSchema.parse((await get('/api/customer/4/full', tokens.emma)).json());
    expect(without.contracts.every((contract) => contract.linked_user === null)).toBe(true);
    expect(without.contact.company).toMatchObject({ name: 'Martin Logistics BV' });
  });

  it('leaves the contracts out with withContracts=0', async () => {
    const full = customerFullSchema.parse((await get('/api/customer/1/full?withContracts=0', tokens.sophie)).json());
    expect(full.contracts).toEqual([]);
  });

  it('refuses another customer with 403 forbidden', async () => {
    const marcId = await customerIdOf(tokens.marc);
    const response = await get(`/api/customer/${marcId}/full`, tokens.sophie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, code: 'forbidden' });
  });

  it("gives a plain user only its own line, and none of the holder's private data", async () => {
    const customerId = await customerIdOf(tokens.lucas);
    const response = await get(`/api/customer/${customerId}/full?withLinkedUser=1`, tokens.lucas);
    const full = customerFullSchema.parse(response.json());
    expect(full.contracts.map((contract) => contract.msisdn)).toEqual(['0470000003']);
    // What the plain user's screens need is there: its line, the holder's name and company, the language.
    expect(full.contracts[0]).toMatchObject({ status: 'ACTIVATED', bill_cycle: { frequencyUnit: 'MONTH' } });
    expect(full.contact).toMatchObject({ firstName: 'Emma', lastName: 'Martin', company: { name: 'Martin Logistics BV' } });
    // The holder's private data is not.
    expect(full.invoicing).toBeNull();
    expect(full.contact).toMatchObject({ birthDate: null, nationality: null, email: null, mobile: null, phone: null });
    expect(full.customer.identifiers).toEqual({ mobileId: '', energyId: null });
    for (const contract of full.contracts) {
      expect(contract).toMatchObject({ id_card_number: null, national_register_number: null, other_account_number: null });
    }
    // Every private value the holder sees of the same customer is absent from the plain user's answer.
    const holder = customerFullSchema.parse((await get(`/api/customer/${customerId}/full?withLinkedUser=1`, tokens.emma)).json());
    const privateValues = [
      holder.contact.birthDate,
      holder.contact.email,
      holder.contact.mobile,
      holder.contact.phone,
      holder.contact.company?.number,
      holder.contact.company?.vat,
      holder.customer.identifiers.mobileId,
      holder.customer.identifiers.energyId,
      holder.invoicing?.payment.iban,
      holder.invoicing?.payment.bic,
      holder.invoicing?.holder.email,
      holder.invoicing?.address.street,
      ...holder.contracts.flatMap((contract) => [
        contract.id_card_number,
        contract.national_register_number,
        contract.other_account_number,
      ]),
    ].filter((value): value is string => typeof value === 'string' && value.length > 0);
    expect(privateValues.length).toBeGreaterThanOrEqual(6);
    for (const value of privateValues) expect(response.body, value).not.toContain(value);
  });

  it('gives an admin the whole customer', async () => {
    const full = customerFullSchema.parse((await get('/api/customer/4/full', tokens.jan)).json());
    expect(full.contracts).toHaveLength(demoUsers.emma.msisdns.length);
  });

  it('answers 400 for a customer id that is not a positive integer', async () => {
    const response = await get('/api/customer/abc/full', tokens.sophie);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'invalidParameters', fields: [{ field: 'customerId' }] });
    expect((await get('/api/customer/1/full?withContracts=yes', tokens.sophie)).json()).toMatchObject({
      fields: [{ field: 'withContracts' }],
    });
  });
});

describe('GET /api/customer/:customerId/contract/:contractId/products', () => {
  it('lists the products and options of the contract', async () => {
    const contractId = await contractIdOf('0470000001');
    const response = await get(`/api/customer/1/contract/${contractId}/products`, tokens.sophie);
    expect(response.statusCode).toBe(200);
    const body = contractProductsResponseSchema.parse(response.json());
    expect(body.products.map((product) => product.name)).toEqual(['Mega Mobile M', 'Mega Mobile S']);
    expect(body.products[0]).toMatchObject({ type: 'BASE', pricing: { price: 2000 }, data: { limit_amount: 20480, unit: 'MB' } });
    expect(body.options.length).toBeGreaterThan(0);
    // Options sorted by price, highest first (docs/product/subscription.md "Option order on the optimize screen").
    const prices = body.options.map((option) => option.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('filters the products by ids', async () => {
    const contractId = await contractIdOf('0470000001');
    const body = contractProductsResponseSchema.parse(
      (await get(`/api/customer/1/contract/${contractId}/products?ids=2`, tokens.sophie)).json(),
    );
    expect(body.products.map((product) => product.id)).toEqual([2]);
    const bad = await get(`/api/customer/1/contract/${contractId}/products?ids=2;drop`, tokens.sophie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ fields: [{ field: 'ids', message: 'validation:ids' }] });
  });

  it('reports combinable options with their count', async () => {
    const contractId = await contractIdOf('0470000003');
    const body = contractProductsResponseSchema.parse((await get(`/api/customer/4/contract/${contractId}/products`, tokens.lucas)).json());
    expect(body.options.find((option) => option.name === 'Extra 5 GB')?.active).toBe(2);
    expect(body.options.find((option) => option.name === 'International 60')?.active).toBe(false);
  });

  it('refuses a plain user the line of a colleague', async () => {
    const response = await get(`/api/customer/4/contract/${await contractIdOf('0470000005')}/products`, tokens.lucas);
    expect([403, 404]).toContain(response.statusCode);
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 for a contract of another customer, 403 for another customer', async () => {
    const marcContract = await contractIdOf('0470000004');
    const notMine = await get(`/api/customer/1/contract/${marcContract}/products`, tokens.sophie);
    expect(notMine.statusCode).toBe(404);
    expect(notMine.json()).toMatchObject({ code: 'notFound' });
    const otherCustomer = await get(`/api/customer/3/contract/${marcContract}/products`, tokens.sophie);
    expect(otherCustomer.statusCode).toBe(403);
    expect((await get('/api/customer/1/contract/9999/products', tokens.sophie)).statusCode).toBe(404);
  });
});
