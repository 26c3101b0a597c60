import { call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import type { ContractProducts } from '#contract/products';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { ContractOptionRow, ProductRow } from '#db/schema';
import { pull, type PullResult } from '#sync/pull';

/*
 * The products and options of a contract (GET …/contract/{id}/products): the subscription screens' catalogue.
 * Offline: the call fails and the last stored rows stay on screen with their age.
 */

export const normalizeProducts = (contractId: number, data: ContractProducts) => {
  const products: ProductRow[] = data.products.map((p) => ({
    id: p.id,
    guid: p.guid,
    name: p.name,
    type: p.type,
    descriptions: p.descriptions,
    priceCents: p.pricing.price,
    forResidential: p.for_residential,
    forProfessional: p.for_professional,
    sortedOptionIds: p.sortedOptionIds,
    dataMb: p.data.limit_amount,
    voiceMinutes: p.voice.limit_amount,
    smsCount: p.sms.limit_amount,
    lastUpdate: p.lastUpdate,
  }));
  const options: ContractOptionRow[] = data.options.map((o) => ({
    contractId,
    optionId: o.id,
    guid: o.guid,
    name: o.name,
    maxCombinations: o.max_combinations,
    priceCents: o.price,
    dataMb: o.data.limit_amount,
    descriptions: o.descriptions,
    active: o.active,
  }));
  return { products, options };
};

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
