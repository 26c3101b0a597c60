import { iso } from '../demo/calendar.ts';
import { BILL_CYCLES, PRODUCTS, PROMOTIONS } from '../demo/catalogue.ts';
import type { SeedContext } from './context.ts';

/** Bill cycles, products with their allowed options, and promotions (demo/catalogue.ts). */
export const seedCatalogue = ({ db, rng, rngFor, daysAgo }: SeedContext): void => {
  const insertCycle = db.prepare("INSERT INTO bill_cycles (id, start_day, frequency_unit, frequency_duration) VALUES (?, ?, 'MONTH', 1)");
  for (const cycle of BILL_CYCLES) insertCycle.run(cycle.id, cycle.startDay);

  const insertProduct = db.prepare(`INSERT INTO products (id, guid, name, type, descriptions_json, technical_descriptions_json,
    price_cents, for_residential, for_professional, data_limit_mb, voice_limit_min, sms_limit, max_combinations,
    sorted_option_ids_json, last_update, oob_data_cents_per_mb, oob_call_cents_per_min, oob_sms_cents, allowance_zone)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // Products added after the first catalogue draw from a stream of their own (see DemoProduct.addedLater).
  const laterRng = rngFor('catalogue');
  const insertProductOption = db.prepare('INSERT INTO product_options (product_id, option_id) VALUES (?, ?)');
  for (const product of PRODUCTS) {
    insertProduct.run(
      product.id,
      product.addedLater ? laterRng.uuid() : rng.uuid(),
      product.name,
      product.type,
      JSON.stringify(product.descriptions),
      JSON.stringify(product.technical),
      product.price,
      product.residential ? 1 : 0,
      product.professional ? 1 : 0,
      product.dataMb,
      product.voiceMin,
      product.sms,
      product.maxCombinations,
      JSON.stringify(product.options),
      iso(daysAgo(90)),
      product.oob?.dataPerMb ?? 0,
      product.oob?.callPerMinute ?? 0,
      product.oob?.sms ?? 0,
      product.zone ?? 'domestic',
    );
  }
  for (const product of PRODUCTS) for (const optionId of product.options) insertProductOption.run(product.id, optionId);
};

/** Promotions refer to contracts, so they are written after them. */
export const seedPromotions = ({ db }: SeedContext): void => {
  const insertPromotion = db.prepare(
    'INSERT INTO promotions (product_id, contract_id, discount_type, discount_amount, descriptions_json) VALUES (?, ?, ?, ?, ?)',
  );
  for (const promotion of PROMOTIONS) {
    insertPromotion.run(
      promotion.productId,
      promotion.contractId,
      promotion.discountType,
      promotion.amount,
      JSON.stringify(promotion.descriptions),
    );
  }
};
