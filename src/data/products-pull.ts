import { call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import type { ContractProducts, Option, Product } from '#contract/products';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { ContractOptionRow, ProductOptionRow, ProductRow } from '#db/schema';
import { pull, type PullResult } from '#sync/pull';

/*
 * The catalogue: the products and options of a contract (GET …/contract/{id}/products), the podium of the
 * customer's segment (GET /products/podium) and the options of a base product (GET /products/{id}/options). The
 * subscription screens, the invoices' estimate and the offers read them, so the pulls live in the shared data/.
 * Offline: the calls fail and the last stored rows stay on screen with their age.
 */

export const toProductRow = (p: Product): ProductRow => ({
  id: p.id,
  guid: p.guid,
  name: p.name,
  type: p.type,
  descriptions: p.descriptions,
  technicalDescriptions: p.technical_descriptions,
  priceCents: p.pricing.price,
  forResidential: p.for_residential,
  forProfessional: p.for_professional,
  sortedOptionIds: p.sortedOptionIds,
  dataMb: p.data.limit_amount,
  voiceMinutes: p.voice.limit_amount,
  smsCount: p.sms.limit_amount,
  oobRates: { dataPerMb: p.oob_rates.data_per_mb, callPerMinute: p.oob_rates.call_per_minute, sms: p.oob_rates.sms },
  lastUpdate: p.lastUpdate,
});

const toOptionFields = (o: Option) => ({
  optionId: o.id,
  guid: o.guid,
  name: o.name,
  maxCombinations: o.max_combinations,
  priceCents: o.price,
  dataMb: o.data.limit_amount,
  voiceMinutes: o.voice.limit_amount,
  smsCount: o.sms.limit_amount,
  zone: o.zone,
  descriptions: o.descriptions,
});

export const normalizeProducts = (contractId: number, data: ContractProducts) => {
  const products: ProductRow[] = data.products.map(toProductRow);
  const options: ContractOptionRow[] = data.options.map((o) => ({ contractId, ...toOptionFields(o), active: o.active }));
  return { products, options };
};

export const toProductOptionRows = (productId: number, options: readonly Option[]): ProductOptionRow[] =>
  options.map((o) => ({ productId, ...toOptionFields(o) }));

export const pullContractProducts = (customerId: number, contractId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.products(customerId, contractId),
    force: options.force ?? false,
    tables: [db.products, db.contractOptions],
    fetch: () => call(endpoints.contractProducts, { params: { customerId, contractId } }),
    write: async (data) => {
      const rows = normalizeProducts(contractId, data);
      await db.products.bulkPut(rows.products);
      await db.contractOptions.where('contractId').equals(contractId).delete();
      await db.contractOptions.bulkPut(rows.options);
    },
  });

/**
 * The base products offered to the signed-in customer (its segment decides: docs/product/subscription.md
 * "The catalogue a customer is offered"), cheapest first.
 */
export const pullPodium = (customerId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.podium(customerId),
    force: options.force ?? false,
    tables: [db.products, db.podiums],
    fetch: () => call(endpoints.podium, { silent: true }),
    write: async (data) => {
      await db.products.bulkPut(data.products.map(toProductRow));
      await db.podiums.put({ customerId, segment: data.segment, productIds: data.products.map((p) => p.id) });
    },
  });

/** The options that can be added to a base product. */
export const pullProductOptions = (productId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.productOptions(productId),
    force: options.force ?? false,
    tables: [db.productOptions],
    fetch: () => call(endpoints.productOptions, { params: { productId }, silent: true }),
    write: async (data) => {
      await db.productOptions.where('productId').equals(productId).delete();
      await db.productOptions.bulkPut(toProductOptionRows(productId, data.options));
    },
  });
