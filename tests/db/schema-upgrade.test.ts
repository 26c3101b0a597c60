import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '#db/schema';

/*
 * src/db/schema.ts declares only the versions with an upgrade(). An install of any version the app shipped must
 * still open at the latest one, with its rows kept except those an upgrade drops on purpose. The versions as they
 * were shipped, each with the tables it added, changed (a string) or removed (null):
 */
const shipped: readonly [number, Record<string, string | null>][] = [
  [
    1,
    {
      session: 'id',
      customers: 'id',
      contacts: 'customerId',
      invoicing: 'customerId',
      contracts: 'id, customerId, msisdn',
      products: 'id',
      contractOptions: '[contractId+optionId], contractId',
      usageRecords: 'id, [contractId+eventTime]',
      meta: 'resource',
      prefs: 'key',
      pendingMutations: 'key, state, createdAt',
    },
  ],
  [2, { usageSummaries: '[contractId+period], contractId', invoiceSituations: 'customerId' }],
  [4, { devices: 'id' }],
  [5, { usageDaily: '[contractId+dayStart]' }],
  [6, { usageRecords: null, usageBlocks: '[contractId+blockStart]' }],
  [
    10,
    {
      productOptions: '[productId+optionId], productId',
      podiums: 'customerId',
      promotions: 'id, productId, contractId',
      contractPromotions: 'contractId',
      orderPages: '[contractId+page], contractId',
      openOrders: 'contractId',
    },
  ],
  [
    11,
    {
      invoiceLists: 'key, customerId',
      costCenters: 'id, customerId',
      invoiceEstimates: 'customerId',
      paymentCreditor: 'id',
      invoicePdfs: 'uuid, customerId, storedAt',
    },
  ],
  [
    12,
    {
      lineSettings: 'contractId, customerId',
      notificationSettings: 'id, customerId, contractId',
      privacySettings: 'customerId',
      sentNotifications: 'id, customerId',
    },
  ],
  [13, { simOrders: 'uuid, customerId, contractId' }],
  [14, { faqEntries: '[lang+slug], lang', supportTickets: 'id, customerId, createdAt', offers: 'customerId' }],
  [15, { onlinePayments: 'reference, customerId' }],
  [17, {}],
  [18, { invoiceDetails: 'uuid, customerId' }],
  [19, { usageCycles: 'contractId, customerId' }],
];

/** The schema an install of `version` has: every shipped step up to it, folded into one declaration. */
const schemaAt = (version: number): Record<string, string> => {
  const tables: Record<string, string | null> = {};
  for (const [step, changes] of shipped) if (step <= version) Object.assign(tables, changes);
  return Object.fromEntries(Object.entries(tables).filter((entry): entry is [string, string] => entry[1] !== null));
};

const tablesOf = (db: Dexie): Record<string, string> =>
  Object.fromEntries(
    db.tables
      .map((table) => [table.name, [table.schema.primKey.src, ...table.schema.indexes.map((index) => index.src)].join(', ')] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** The tables as IndexedDB really has them after the open: names and index names. */
const storedLayout = (db: Dexie): Record<string, string[]> => {
  const idb = db.backendDB();
  const stores = [...idb.objectStoreNames].sort();
  const transaction = idb.transaction(stores, 'readonly');
  return Object.fromEntries(stores.map((store) => [store, [...transaction.objectStore(store).indexNames].sort()]));
};

describe('the database schema', () => {
  it('declares the tables of the last shipped version, no more and no less', () => {
    const db = createDatabase('schema-latest');
    const latest = schemaAt(19);
    expect(tablesOf(db)).toEqual(Object.fromEntries(Object.entries(latest).sort(([a], [b]) => a.localeCompare(b))));
  });

  it('opens a new install with every table and index', async () => {
    const db = createDatabase('schema-new');
    await db.open();
    expect(db.verno).toBe(19);
    const reference = new Dexie('schema-reference');
    reference.version(19).stores(schemaAt(19));
    await reference.open();
    expect(storedLayout(db)).toEqual(storedLayout(reference));
    db.close();
    reference.close();
  });

  it.each(shipped.map(([version]) => version).filter((version) => version < 19))(
    'upgrades an install of version %i to the latest layout, keeping its rows but those an upgrade drops',
    async (version) => {
      const name = `schema-from-${version}`;
      const old = new Dexie(name);
      old.version(version).stores(schemaAt(version));
      await old.table('prefs').put({ key: 'selectedContract', value: 7 });
      await old.table('meta').bulkPut([
        { resource: 'customer:1', fetchedAt: 2 },
        { resource: 'products:1', fetchedAt: 3 },
      ]);
      await old.table('contracts').put({ id: 7, customerId: 1, msisdn: '+32470000001' });
      if (version >= 2) await old.table('usageSummaries').put({ contractId: 7, period: '2026-01', total: 1 });
      old.close();

      const db = createDatabase(name);
      await db.open();
      const reference = new Dexie(`schema-reference-${version}`);
      reference.version(19).stores(schemaAt(19));
      await reference.open();
      expect(storedLayout(db)).toEqual(storedLayout(reference));
      expect(await db.prefs.get('selectedContract')).toEqual({ key: 'selectedContract', value: 7 });
      expect(await db.contracts.count()).toBe(1);
      // The upgrades of versions 10 and 17 drop the products' fetch times, 17 the usage summaries (rated again by
      // the next pull); an install past them keeps both.
      const upgraded = version < 17;
      expect((await db.meta.toArray()).map((row) => row.resource)).toEqual(upgraded ? ['customer:1'] : ['customer:1', 'products:1']);
      expect(await db.usageSummaries.count()).toBe(upgraded || version < 2 ? 0 : 1);
      db.close();
      reference.close();
    },
  );
});
