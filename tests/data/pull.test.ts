import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '#api/client';
import type { CustomerFull } from '#contract/customer';
import { staleAfterMs } from '#contract/freshness';

const callMock = vi.hoisted(() => vi.fn());
vi.mock('#api/client', async (importOriginal) => ({ ...(await importOriginal<typeof ApiClient>()), call: callMock }));

const { db } = await import('#db/db');
const { pull, clearLocalData } = await import('#sync/pull');
const { pullCustomer, normalizeCustomerFull } = await import('#data/customer-pull');

const contract = (id: number, msisdn: string | null, status: 'ACTIVATED' | 'IN_DELIVERY') => ({
  id,
  contract_id: `C-00000${id}`,
  order_id: null,
  scenario: null,
  type: 'post_simple' as const,
  msisdn,
  status,
  sub_status: status === 'IN_DELIVERY' ? ('SIM_SENT' as const) : ('ACTIVATED' as const),
  id_card_number: null,
  national_register_number: null,
  sim_iccid: null,
  other_iccid: null,
  sim_sent_date: null,
  address: null,
  active_products: [{ id: 2, is_base: true, bill_cycle_id: 2 }],
  inactive_products: [],
  bill_cycle: { id: 2, startDay: 5, frequencyUnit: 'MONTH' as const, frequencyDuration: 1 },
  dunning_level_reached: false,
  fraudulent_behaviour: false,
  lead: null,
  linked_user: null,
  order_validation: { identification: { status: 'OK' as const }, port_in: { status: null }, fraud: { status: 'OK' } },
  created_at: `2024-0${id}-01T00:00:00.000Z`,
  updated_at: '2024-01-01T00:00:00.000Z',
  activated_at: null,
  port_in_type: null,
  other_account_number: null,
  partner_code: null,
});

const full = (energyId: string | null): CustomerFull => ({
  customer: {
    id: 1,
    guid: 'g-1',
    promo: null,
    parrain: null,
    identifiers: { mobileId: 'MT00000001', energyId },
    status: { isComplete: true, isConfirmed: true },
    legal: { optinMarketing: false, optinSales: true, acceptConditions: true, energyLinkConfirmed: true },
    lastUpdate: '2026-01-01T00:00:00.000Z',
  },
  contracts: [contract(1, '0470000001', 'ACTIVATED'), contract(2, '0470000002', 'IN_DELIVERY')],
  contact: {
    id: 1, guid: 'c-1', language: 'fr', civility: 'mrs', firstName: 'Sophie', lastName: 'Dubois', birthDate: null,
    nationality: 'BE', phone: null, mobile: '0470000001', email: 'sophie.dubois@example.be', isEmailConfirmed: true,
    residential: true, company: null, lastUpdate: '2026-01-01T00:00:00.000Z',
  },
  invoicing: {
    id: 1,
    address: { street: 'Rue Neuve', number: '1', box: null, city: 'Bruxelles', zipCode: '1000', country: 'BE' },
    payment: { iban: 'BE68539007547034', bic: 'GEBABEBB', mode: 'DD', mandateDate: null },
    holder: { firstName: 'Sophie', lastName: 'Dubois', email: null },
    lastUpdate: '2026-01-01T00:00:00.000Z',
  },
});

beforeEach(async () => {
  callMock.mockReset();
  await clearLocalData();
});

describe('pull', () => {
  it('writes the rows and meta.fetchedAt, then skips the network while fresh', async () => {
    let now = 1_000_000;
    const fetch = vi.fn(() => Promise.resolve(['a', 'b']));
    const run = () =>
      pull({ resource: 'prefs-test', fetch, tables: [db.prefs], now: () => now, write: async (data) => void (await db.prefs.put({ key: 'x', value: data })) });
    expect(await run()).toBe('updated');
    expect((await db.prefs.get('x'))?.value).toEqual(['a', 'b']);
    expect((await db.meta.get('prefs-test'))?.fetchedAt).toBe(now);
    now += staleAfterMs - 1;
    expect(await run()).toBe('fresh');
    now += 1;
    expect(await run()).toBe('updated');
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing of an answer that arrives after a logout wiped the data (no customer data left behind)', async () => {
    let answer: (value: CustomerFull) => void = () => undefined;
    callMock.mockImplementation(() => new Promise<CustomerFull>((resolve) => (answer = resolve)));
    const pulling = pullCustomer(1, { force: true });
    // The user logs out while the customer is still downloading …
    await clearLocalData();
    // … and the answer arrives afterwards.
    answer(full('ME00000001'));
    await pulling;
    for (const table of db.tables) expect(await table.count(), table.name).toBe(0);
  });

  it('keeps nothing of a write queued behind the wipe either', async () => {
    const pulling = pull({
      resource: 'prefs-race',
      fetch: () => Promise.resolve('x'),
      tables: [db.prefs],
      write: async (data) => void (await db.prefs.put({ key: 'race', value: data })),
    });
    const wiping = clearLocalData();
    await Promise.all([pulling, wiping]);
    expect(await db.prefs.count()).toBe(0);
    expect(await db.meta.count()).toBe(0);
  });

  it('shares one request between concurrent pulls of the same resource', async () => {
    const fetch = vi.fn(() => Promise.resolve(1));
    const write = () => Promise.resolve();
    await Promise.all([1, 2, 3].map(() => pull({ resource: 'same', fetch, tables: [], write })));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('writes nothing when the write fails half-way (one transaction)', async () => {
    const fetch = () => Promise.resolve(1);
    await expect(
      pull({
        resource: 'broken',
        fetch,
        tables: [db.prefs],
        write: async () => {
          await db.prefs.put({ key: 'half', value: 1 });
          throw new Error('boom');
        },
      }),
    ).rejects.toThrow('boom');
    expect(await db.prefs.get('half')).toBeUndefined();
    expect(await db.meta.get('broken')).toBeUndefined();
  });

  it('keeps the last copy when the network fails (offline)', async () => {
    callMock.mockResolvedValueOnce(full('ME00000001'));
    await pullCustomer(1);
    callMock.mockRejectedValueOnce(new Error('offline'));
    await expect(pullCustomer(1, { force: true })).rejects.toThrow('offline');
    expect(await db.contracts.count()).toBe(2);
  });
});

describe('customer normalization', () => {
  it('stores the customer, contact, invoicing and contracts in camelCase rows', async () => {
    callMock.mockResolvedValueOnce(full('ME00000001'));
    await pullCustomer(1);
    const contracts = await db.contracts.where('customerId').equals(1).sortBy('position');
    expect(contracts.map((c) => [c.msisdn, c.status, c.baseProductId, c.billCycle?.startDay])).toEqual([
      ['0470000001', 'ACTIVATED', 2, 5],
      ['0470000002', 'IN_DELIVERY', 2, 5],
    ]);
    expect((await db.contacts.get(1))?.firstName).toBe('Sophie');
    expect((await db.invoicing.get(1))?.payment.mode).toBe('DD');
    expect((await db.customers.get(1))?.energyLinkConfirmed).toBe(true);
    expect(callMock).toHaveBeenCalledTimes(1);
  });

  it('forces energyLinkConfirmed to false without an energy id (docs/product/offers.md "Energy link")', () => {
    expect(normalizeCustomerFull(full(null)).customerRow.energyLinkConfirmed).toBe(false);
  });
});
