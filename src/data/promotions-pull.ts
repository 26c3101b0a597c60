import { call } from '#api/client';
import { endpoints } from '#contract/endpoints';
import type { Promotion } from '#contract/products';
import { db } from '#db/db';
import { resourceKeys } from '#db/resource-keys';
import type { PromotionRow } from '#db/schema';
import { pull, type PullResult } from '#sync/pull';

/*
 * Promotions (docs/product/subscription.md "Promotions"): what a line gets now with its totals (GET
 * /promotions/by-contract) and what a product would bring (GET /products/{id}/promotions). The subscription, the
 * invoices and the offers read them, so the pulls live in the shared data/. Offline: the calls fail and the stored
 * rows stay on screen with their age.
 */

export const toPromotionRow = (p: Promotion): PromotionRow => ({
  id: p.id,
  productId: p.product_id,
  contractId: p.contract_id,
  discountType: p.discount_type,
  discountAmount: p.discount_amount,
  descriptions: p.descriptions,
});

/** One line's promotions and totals. */
export const pullContractPromotions = (customerId: number, contractId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.contractPromotions(customerId, contractId),
    force: options.force ?? false,
    tables: [db.promotions, db.contractPromotions],
    fetch: () => call(endpoints.promotionsByContract, { query: { contracts: String(contractId) }, silent: true }),
    write: async (data) => {
      const list = data.promotions[String(contractId)] ?? [];
      const totals = data.totals[String(contractId)] ?? { percentage: 0, amount: 0 };
      await db.promotions.bulkPut(list.map(toPromotionRow));
      await db.contractPromotions.put({ contractId, promotionIds: list.map((p) => p.id), percentage: totals.percentage, amount: totals.amount });
    },
  });

/** The promotions of a product (a plan the line may move to). */
export const pullProductPromotions = (productId: number, options: { force?: boolean } = {}): Promise<PullResult> =>
  pull({
    resource: resourceKeys.productPromotions(productId),
    force: options.force ?? false,
    tables: [db.promotions],
    fetch: () => call(endpoints.productPromotions, { params: { productId }, silent: true }),
    write: async (data) => {
      await db.promotions.where('productId').equals(productId).delete();
      await db.promotions.bulkPut(data.promotions.map(toPromotionRow));
    },
  });
