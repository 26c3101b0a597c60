import type { Translated } from '#contract/common';
import type { Option, Product, Promotion } from '#contract/products';
import type { Db } from '../db/engine.ts';
import type { Row } from '../db/rows.ts';
import { bool } from './sql.ts';

export type ProductRecord = Row<'products'>;

/**
 * Texts are JSON in a text column; a missing language falls back to French (docs/product/settings.md "Language": fr is
 * the fallback).
 */
const translated = (json: string): Translated => {
  const parsed: unknown = JSON.parse(json);
  const texts = typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  const text = (lang: string): string | undefined => (typeof texts[lang] === 'string' ? texts[lang] : undefined);
  const fr = text('fr') ?? text('en') ?? text('nl') ?? '';
  return { fr, nl: text('nl') ?? fr, en: text('en') ?? fr };
};

const numberList = (json: string): number[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((value): value is number => Number.isInteger(value)) : [];
};

// Units of the volumes (docs/product/consumption.md "Bundle sizes": 0 means unlimited; data in MB, converted with the
// factor 1024 by the app).
const volumes = (row: ProductRecord) => ({
  data: { limit_amount: row.data_limit_mb, unit: 'MB' },
  voice: { limit_amount: row.voice_limit_min, unit: 'min' },
  sms: { limit_amount: row.sms_limit, unit: 'sms' },
});

export const toProduct = (row: ProductRecord): Product => ({
  id: row.id,
  guid: row.guid,
  name: row.name,
  type: row.type,
  descriptions: translated(row.descriptions_json),
  technical_descriptions: translated(row.technical_descriptions_json),
  pricing: { price: row.price_cents },
  for_residential: bool(row.for_residential),
  for_professional: bool(row.for_professional),
  sortedOptionIds: numberList(row.sorted_option_ids_json),
  ...volumes(row),
  oob_rates: { data_per_mb: row.oob_data_cents_per_mb, call_per_minute: row.oob_call_cents_per_min, sms: row.oob_sms_cents },
  lastUpdate: row.last_update,
});

/**
 * An option as the contract sends it. `active` is the current count: a boolean for options taken at most
 * once, a number for combinable (data) options (docs/product/subscription.md "Products and options").
 */
export const toOption = (row: ProductRecord, count: number): Option => ({
  id: row.id,
  guid: row.guid,
  name: row.name,
  max_combinations: row.max_combinations,
  price: row.price_cents,
  ...volumes(row),
  zone: row.allowance_zone,
  descriptions: translated(row.descriptions_json),
  active: row.max_combinations > 1 ? count : count > 0,
});

/** Products held by a contract (active and inactive, base and option rows), optionally limited to `ids`. */
export const contractProducts = async (db: Db, contractId: number, ids: readonly number[] | null): Promise<Product[]> => {
  const rows = await db
    .selectFrom('contract_products as cp')
    .innerJoin('products as p', 'p.id', 'cp.product_id')
    .selectAll('p')
    .where('cp.contract_id', '=', contractId)
    .orderBy('cp.is_base', 'desc')
    .orderBy('cp.active', 'desc')
    .orderBy('p.id')
    .execute();
  const wanted = ids ? new Set(ids) : null;
  return rows.filter((row) => !wanted || wanted.has(row.id)).map(toProduct);
};

/**
 * Options a contract can hold: those offered with its current base product plus any it already holds (an
 * option kept after a plan change must stay visible), each with its current count.
 */
export const contractOptions = async (db: Db, contractId: number, baseProductId: number): Promise<Option[]> => {
  const rows = await db
    .selectFrom('products as p')
    .leftJoin('contract_options as co', (join) => join.onRef('co.option_id', '=', 'p.id').on('co.contract_id', '=', contractId))
    .selectAll('p')
    .select('co.count as active_count')
    .where((eb) =>
      eb.or([
        eb('p.id', 'in', eb.selectFrom('product_options').select('option_id').where('product_id', '=', baseProductId)),
        eb('p.id', 'in', eb.selectFrom('contract_options').select('option_id').where('contract_id', '=', contractId)),
      ]),
    )
    .orderBy('p.price_cents', 'desc')
    .orderBy('p.id')
    .execute();
  return rows.map((row) => toOption(row, row.active_count ?? 0));
};

export const findProduct = (db: Db, productId: number): Promise<ProductRecord | undefined> =>
  db.selectFrom('products').selectAll().where('id', '=', productId).executeTakeFirst();

export type Segment = 'residential' | 'professional';

/**
 * docs/product/roles.md "Professional restriction": the owner or admin of a non-residential contact is offered the
 * professional catalogue, everyone else the residential one. The podium is that segment's base products, cheapest
 * first.
 */
export const podiumProducts = async (db: Db, segment: Segment): Promise<Product[]> =>
  (
    await db
      .selectFrom('products')
      .selectAll()
      .where('type', '=', 'BASE')
      .where(segment === 'professional' ? 'for_professional' : 'for_residential', '=', 1)
      .orderBy('price_cents')
      .orderBy('id')
      .execute()
  ).map(toProduct);

/** The option rows that can be added to a base product. */
export const optionRowsOfProduct = (db: Db, productId: number): Promise<ProductRecord[]> =>
  db
    .selectFrom('product_options as po')
    .innerJoin('products as p', 'p.id', 'po.option_id')
    .selectAll('p')
    .where('po.product_id', '=', productId)
    .where('p.type', '=', 'OPTION')
    .orderBy('p.price_cents', 'desc')
    .orderBy('p.id')
    .execute();

/** GET /products/{id}/options: no contract here, so every option is inactive (false, or 0 for counted options). */
export const productOptions = async (db: Db, productId: number): Promise<Option[]> =>
  (await optionRowsOfProduct(db, productId)).map((row) => toOption(row, 0));

type PromotionRow = Row<'promotions'>;

const toPromotion = (row: PromotionRow): Promotion => ({
  id: row.id,
  product_id: row.product_id,
  contract_id: row.contract_id,
  discount_type: row.discount_type,
  discount_amount: row.discount_amount,
  descriptions: translated(row.descriptions_json),
});

/** The promotions of a product: what anyone taking it gets. */
export const productPromotions = async (db: Db, productId: number): Promise<Promotion[]> =>
  (await db.selectFrom('promotions').selectAll().where('product_id', '=', productId).orderBy('id').execute()).map(toPromotion);

/** What a contract gets now: its own promotions and those of its current base product. */
export const contractPromotions = async (db: Db, contractId: number, baseProductId: number): Promise<Promotion[]> =>
  (
    await db
      .selectFrom('promotions')
      .selectAll()
      .where((eb) => eb.or([eb('contract_id', '=', contractId), eb('product_id', '=', baseProductId)]))
      .orderBy('id')
      .execute()
  ).map(toPromotion);

/**
 * docs/product/subscription.md "Promotions": totals hold a percentage factor and an amount quantity, the sum of each
 * kind.
 */
export const promotionTotals = (promotions: readonly Promotion[]): { percentage: number; amount: number } => ({
  percentage: promotions.filter((p) => p.discount_type === 'percentage').reduce((sum, p) => sum + p.discount_amount, 0),
  amount: promotions.filter((p) => p.discount_type === 'amount').reduce((sum, p) => sum + p.discount_amount, 0),
});
