import { iso } from '../data/calendar.ts';
import { BILL_CYCLES, PRODUCTS, PROMOTIONS } from '../data/catalogue.ts';
import type { SeedContext } from './context.ts';

/** Bill cycles, products with their allowed options, and promotions (demo/catalogue.ts). */
export const seedCatalogue = async ({ db, rng, rngFor, daysAgo }: SeedContext): Promise<void> => {
  for (const cycle of BILL_CYCLES) {
    await db
      .insertInto('bill_cycles')
      .values({ id: cycle.id, start_day: cycle.startDay, frequency_unit: 'MONTH', frequency_duration: 1 })
      .execute();
  }
  // Products added after the first catalogue draw from a stream of their own (see DemoProduct.addedLater).
  const laterRng = rngFor('catalogue');
  for (const product of PRODUCTS) {
    await db
      .insertInto('products')
      .values({
        id: product.id,
        guid: product.addedLater ? laterRng.uuid() : rng.uuid(),
        name: product.name,
        type: product.type,
        descriptions_json: JSON.stringify(product.descriptions),
        technical_descriptions_json: JSON.stringify(product.technical),
        price_cents: product.price,
        for_residential: product.residential ? 1 : 0,
        for_professional: product.professional ? 1 : 0,
        data_limit_mb: product.dataMb,
        voice_limit_min: product.voiceMin,
        sms_limit: product.sms,
        max_combinations: product.maxCombinations,
        sorted_option_ids_json: JSON.stringify(product.options),
        last_update: iso(daysAgo(90)),
        oob_data_cents_per_mb: product.oob?.dataPerMb ?? 0,
        oob_call_cents_per_min: product.oob?.callPerMinute ?? 0,
        oob_sms_cents: product.oob?.sms ?? 0,
        allowance_zone: product.zone ?? 'domestic',
      })
      .execute();
  }
  for (const product of PRODUCTS) {
    for (const optionId of product.options)
      await db.insertInto('product_options').values({ product_id: product.id, option_id: optionId }).execute();
  }
};

/** Promotions refer to contracts, so they are written after them. */
export const seedPromotions = async ({ db }: SeedContext): Promise<void> => {
  for (const promotion of PROMOTIONS) {
    await db
      .insertInto('promotions')
      .values({
        product_id: promotion.productId,
        contract_id: promotion.contractId,
        discount_type: promotion.discountType,
        discount_amount: promotion.amount,
        descriptions_json: JSON.stringify(promotion.descriptions),
        ends_on: promotion.endsOn ?? null,
      })
      .execute();
  }
};
